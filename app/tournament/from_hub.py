"""The desk takes in the tables' games from the hub's copies: each game whose opening is a drawn
table's card (tournament, round, table, players in seat order, profile, board) is recorded as that
table's, so a table need never change the tournament itself (its role may not)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

from sqlalchemy import text

from app.hub.errors import HubError
from app.hub.hub import hub_url
from app.hub.roles import CLAIMS, TABLE, table_login
from app.ledger.database import Database
from app.tournament import service
from app.tournament.store import HUB_SOURCE
from models.plural import counted
from models.tournament.changes import attach_game, record_results
from models.tournament.moves import moved
from models.tournament.records import TableGameRef, Tournament, TournamentError


def take_in(tid: str, stage: str, hub: str | None = None) -> tuple[Tournament, list[str]]:
    """Record each drawn table of `stage` that has no game yet with the game the hub (`hub`,
    else BANKER_HUB_URL) holds for it; returns the tournament and a line for each table taken
    in or passed over (a game whose opening differs from its card, a second game of a table).

    Raises HubError without a hub; TournamentError for a stage not drawn."""
    url = _hub(hub)
    t = service.load(tid, hub)
    name = t.stage(stage).name
    found, passed = _on_hub(t, name, url)
    notes = [f"table {n}: game {g} taken in from the hub" for n, g in sorted(found.items())
             ] + passed
    if not found:
        return t, notes
    t = service.change(tid, lambda current: _attached(current, name, found),
                       f"{name}: {_games(len(found))} taken in from the hub")
    return t, notes


@dataclass(frozen=True)
class TakenIn:
    """What one take-in did: the tournament after it, the tables whose games were taken in
    (table: game id), the tables whose results are in, and a line for each game that waits or
    was passed over (DIVERGED until the head judge's ruling, not collected, not on the hub) or
    counts on a ruling."""

    tournament: Tournament
    games: dict[int, str]
    results: tuple[int, ...]
    notes: tuple[str, ...]


def take_in_results(tid: str, stage: str, hub: str | None = None) -> TakenIn:
    """The desk's one step for a stage on the hub (the tournament window's Take in): the
    tables' games as `take_in` finds them, then every table's collected scoresheet read from
    the hub's copy (`results --hub`), recorded together in one change, so a refusal (the hub
    down, TournamentChangedMeanwhile) records nothing of either.

    Raises HubError without a hub or when it cannot be read; TournamentError for a stage not
    drawn or a sheet that is not its table's."""
    url = _hub(hub)
    t = service.load(tid, hub)
    name = t.stage(stage).name
    found, notes = _on_hub(t, name, url)
    games = [g for g in t.games if g.stage == name] + [
        TableGameRef(stage=name, table=n, source=HUB_SOURCE + g, game_id=g)
        for n, g in sorted(found.items())]
    sheets = service.read_sheets(games, url, notes)

    def taken(current: Tournament) -> Tournament:
        return record_results(_attached(current, name, found), name, sheets)

    what = (f"{name}: {_games(len(found))} and {counted(len(sheets), 'result')} taken in "
            "from the hub")
    t = service.change(tid, taken, what)
    return TakenIn(tournament=t, games=found, results=tuple(sorted(sheets)),
                   notes=tuple(notes))


def _games(n: int) -> str:
    return counted(n, "table's game", "tables' games")


def _hub(hub: str | None) -> str:
    url = hub_url(hub)
    if url is None:
        raise HubError("no hub is set to take the tables' games from: give --hub or set "
                       "BANKER_HUB_URL")
    return url


def _on_hub(t: Tournament, name: str, url: str) -> tuple[dict[int, str], list[str]]:
    """The games on the hub to take in as drawn tables of stage `name` (table: game id), and a
    line for each passed over."""
    from app.ledger import open_ledger  # noqa: PLC0415 (the ledger loads only when needed)

    made = t.draw(name)
    if made is None:
        raise TournamentError(f"the {name} is not drawn yet")
    cards = {n.number: service.table_card(t, name, n.number) for n in made.tables}
    started = {g.table for g in t.games if g.stage == name}
    known = {g.game_id for g in t.games if g.game_id}
    found: dict[int, str] = {}
    notes: list[str] = []
    moves = moved(t, name)
    with open_ledger(url, create=False, readonly=True) as ledger:
        senders = _senders(ledger.database)
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
            sender = senders.get(game_id)
            if differ:
                notes.append(f"table {table}: game {game_id} passed over: its "
                             f"{', '.join(differ)} differ from the draw")
            elif sender is not None and sender != table_login(str(table)) \
                    and moves.get(game_id) != table:  # unless a judge moved it to its table
                # A table's login sends its own table's game only: another table's laptop (or
                # a player's, holding its URL) cannot hand in this table's result.
                notes.append(f"table {table}: game {game_id} passed over: sent by {sender}, "
                             f"not {table_login(str(table))}; the table's own file can be "
                             "attached (banker tournament attach), or a judge moves the game "
                             "to its table (banker tournament move-game)")
            elif table in found:
                notes.append(f"table {table}: a second game {game_id} passed over (kept "
                             f"{found[table]}); the head judge decides which is the table's")
            else:
                found[table] = game_id
    return found, notes


def _senders(database: Database) -> dict[str, str]:
    """On a hub with roles (`banker hub init`), the table login that first sent each game a
    table's login sent (game id: login role); a game the desk's or the owner's login sent, and
    every game on a hub without roles, has none."""
    if database.dialect != "postgresql":
        return {}
    with database.read() as connection:
        if connection.execute(text("SELECT to_regclass(:claims)"),
                              {"claims": CLAIMS}).scalar() is None:
            return {}
        rows = connection.execute(text(
            f"SELECT c.game_id, c.role FROM {CLAIMS} c WHERE EXISTS (SELECT 1 FROM "
            "pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON "
            "u.oid = m.member WHERE g.rolname = :group AND u.rolname = c.role)"),
            {"group": TABLE}).all()
    return {str(game_id): str(role) for game_id, role in rows}


def _attached(t: Tournament, name: str, found: dict[int, str]) -> Tournament:
    return reduce(lambda done, item: attach_game(done, name, item[0], HUB_SOURCE + item[1],
                                                 item[1]), sorted(found.items()), t)
