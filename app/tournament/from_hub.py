"""The desk takes in the tables' games from the hub's copies: each game whose opening is a drawn
table's card (tournament, round, table, players in seat order, profile, board) is recorded as that
table's, so a table need never change the tournament itself (its role may not)."""

from __future__ import annotations

from functools import reduce

from app.hub.errors import HubError
from app.hub.hub import hub_url
from app.tournament import service
from models.tournament.changes import attach_game
from models.tournament.records import Tournament, TournamentError

HUB_SOURCE = "hub:"
"""A game taken in from the hub has no file at the desk: its source names the hub's copy."""


def take_in(tid: str, stage: str, hub: str | None = None) -> tuple[Tournament, list[str]]:
    """Record each drawn table of `stage` that has no game yet with the game the hub (`hub`,
    else BANKER_HUB_URL) holds for it; returns the tournament and a line for each table taken
    in or passed over (a game whose opening differs from its card, a second game of a table).

    Raises HubError without a hub; TournamentError for a stage not drawn."""
    from app.ledger import open_ledger  # noqa: PLC0415 (the ledger loads only when needed)

    url = hub_url(hub)
    if url is None:
        raise HubError("no hub is set to take the tables' games from: give --hub or set "
                       "BANKER_HUB_URL")
    t = service.load(tid, hub)
    name = t.stage(stage).name
    made = t.draw(name)
    if made is None:
        raise TournamentError(f"the {name} is not drawn yet")
    cards = {n.number: service.table_card(t, name, n.number) for n in made.tables}
    started = {g.table for g in t.games if g.stage == name}
    known = {g.game_id for g in t.games if g.game_id}
    found: dict[int, str] = {}
    notes: list[str] = []
    with open_ledger(url, create=False, readonly=True) as ledger:
        for game_id in ledger.game_ids():
            if game_id in known:
                continue
            opening = ledger.commands(game_id, upto=1)[0].payload
            if opening.get("tournament") != t.name or opening.get("round") != name:
                continue
            number = str(opening.get("table", ""))
            table = int(number) if number.isdigit() else 0
            card = cards.get(table)
            if card is None or table in started:
                continue
            differ = [k for k in ("players", "profile", "board") if opening.get(k) != card.get(k)]
            if differ:
                notes.append(f"table {table}: game {game_id} passed over: its "
                             f"{', '.join(differ)} differ from the draw")
            elif table in found:
                notes.append(f"table {table}: a second game {game_id} passed over (kept "
                             f"{found[table]}); the head judge decides which is the table's")
            else:
                found[table] = game_id
    notes = [f"table {n}: game {g} taken in from the hub" for n, g in sorted(found.items())
             ] + notes
    if not found:
        return t, notes
    def attached(current: Tournament) -> Tournament:
        return reduce(lambda done, item: attach_game(done, name, item[0], HUB_SOURCE + item[1],
                                                     item[1]), sorted(found.items()), current)
    t = service.change(tid, attached, f"{name}: {len(found)} tables' games taken in from the hub")
    return t, notes
