"""A stage's draw and its tables' games: the draw (seeded, with its options), each table's
card from it, the roll-off as thrown, a table's game started from its card or attached from a
file of its own, and copied to the hub holding the tournament."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from app.games import folder as games
from app.games.folder import default_label, roll_off_contenders, utc_now
from app.hub.errors import HubError
from app.ledger.errors import LedgerError
from app.tournament.editions import editions_here
from app.tournament.hub_store import TournamentWriteRefused
from app.tournament.keeping import Now, load, update
from app.tournament.store import HUB_GAME, HUB_SOURCE, on_hub, started_on_hub
from models.errors import BadInput
from models.tournament.changes import attach_game as _attach_game
from models.tournament.changes import draw as _draw
from models.tournament.changes import drawn_table
from models.tournament.records import DrawOptions, Tournament, TournamentError


def draw(tid: str, stage: str, seed: int | None = None, now: Now = utc_now,
         options: DrawOptions | None = None) -> Tournament:
    """Seat the stage with `options` (default: at random): a seeded snake, rematches avoided,
    groups kept apart; the seed (a fresh random one unless given) and the options are
    recorded with the draw (its `words` say them)."""
    chosen = secrets.randbits(63) if seed is None else seed
    return update(tid, lambda t: _draw(t, stage, chosen, now(), options), f"{stage} drawn")



def table_card(t: Tournament, stage: str, table: int) -> dict[str, Any]:
    """What the new-game form needs for a table, from the draw: the new_game command (players
    in seat order, profile, labels) without the roll-off, which is thrown at the table."""
    name = t.stage(stage).name
    seats = [t.seat_name(p) for p in drawn_table(t, name, table).players]
    card = {"type": "new_game", "profile": t.profile, "players": seats,
            "label": default_label(t.name, name, str(table)), "tournament": t.name,
            "round": name, "table": str(table)}
    # The tournament's board, when it has one, is every table's (else the profile's).
    return card | ({"board": t.board} if t.board else {})


def table_cards(tid: str, stage: str) -> list[dict[str, Any]]:
    """Every table's card of the stage's current draw, with the game length and whether the
    table's game is made. A tournament on the hub brings its own editions this laptop lacks
    (editions_here), so the cards' board is one the new-game form lists."""
    t = load(tid)
    editions_here(t)
    cards = cards_of(t, stage)
    waiting = started_on_hub(t, stage)
    # A game the hub holds but the tournament does not record yet: its source as the desk's
    # take-in will record it, marked as waiting for that.
    return [entry | {"game": HUB_SOURCE + waiting[entry["card"]["table"]], "waiting": True}
            if entry["game"] is None and entry["card"]["table"] in waiting else entry
            for entry in cards]


def cards_of(t: Tournament, stage: str) -> list[dict[str, Any]]:
    """`table_cards` of a tournament already read (the window's, read off its thread)."""
    made = t.draw(stage)
    if made is None:
        raise TournamentError(f"the {t.stage(stage).name} is not drawn yet")
    games_of = {g.table: g.source for g in t.games if g.stage == made.stage}
    return [{"card": table_card(t, made.stage, n.number), "minutes": t.minutes,
             "game": games_of.get(n.number)} for n in made.tables]


def roll_off_from_throws(players: Sequence[str], throws: str) -> list[dict[str, list[int]]]:
    """The roll-off as thrown, typed in seat order: "6+5 4+3 2+2 5+1", a "/" before each
    further round, which only those tied for the highest total throw ("... / 3+1 4+4")."""
    rounds: list[dict[str, list[int]]] = []
    for typed in throws.split("/"):
        contenders = roll_off_contenders(players, rounds) if rounds else list(players)
        dice = typed.split()
        if not contenders:
            raise BadInput(f"the roll-off was decided after round {len(rounds)}; "
                           f"round {len(rounds) + 1} is one too many")
        if len(dice) != len(contenders):
            raise BadInput(f"roll-off round {len(rounds) + 1}: {len(contenders)} throws "
                           f"({', '.join(contenders)}), not {len(dice)}")
        try:
            rounds.append({who: [int(x) for x in pair.split("+")]
                           for who, pair in zip(contenders, dice, strict=True)})
        except ValueError as e:
            raise BadInput(f"roll-off round {len(rounds) + 1}: a throw is typed as 6+5") from e
    return rounds


def start_table(tid: str, stage: str, table: int, roll_off: list[dict[str, list[int]]],
                banker: str, judge: tuple[str, str] | None = None, now: Now = utc_now,
                folder: Path | None = None, *, copy: bool = True) -> Path:
    """Make the table's game from its card and the roll-off (the banker confirms and starts):
    a new ledger file in the games folder, recorded as the table's game (with a table's own
    role on the hub, which may not change the tournament, the desk records it: from_hub.py),
    and, unless `copy` is False (the caller copies it and says how that went), copied to the
    hub holding the tournament (copy_to_hub)."""
    t = load(tid)
    card = table_card(t, stage, table)
    _attach_game(t, stage, table, "check")  # refused here, before any file is made
    waiting = started_on_hub(t, stage).get(str(table))
    if waiting is not None:
        raise TournamentError(f"{t.stage(stage).name} table {table} is started already: "
                              f"{HUB_GAME.format(game=waiting)}")
    editions_here(t)
    path = games.create_game(card | {"roll_off": roll_off}, banker, judge, t.minutes, now, folder)
    # The game's id is kept too, so its copy on the hub can be read without this file.
    game_id = game_id_of(str(path))
    # A table's own role may not change the tournament: the desk takes its game in from the
    # hub (from_hub.py), so the game is copied there at once (the table's window copies the
    # entries that follow), and a second start of the table is refused meanwhile.
    with suppress(TournamentWriteRefused):
        update(tid, lambda current: _attach_game(current, stage, table, str(path), game_id),
                f"{stage} table {table} started")
    if copy:
        copy_to_hub(t, path)
    return path


def copy_to_hub(t: Tournament, path: Path) -> str | None:
    """Copy the table's game at `path` to the hub holding `t` (a tournament only in its file:
    nothing). Returns None when the hub holds it now, else why not (the hub out of reach, the
    game refused): the game stands in its file, and its window or `banker hub push --db`
    copies it once the hub answers."""
    from app.hub import push_file  # noqa: PLC0415 (the hub loads only when needed)

    try:
        with on_hub() as held:
            if held is None or held.version(t.id) == 0:
                return None
            push_file(held.hub, path)
    except (HubError, LedgerError) as e:
        return str(e)
    return None


def current_stage(t: Tournament) -> str | None:
    """The stage the hall is playing: the last one with a draw (None before the first draw)."""
    drawn = [s.name for s in t.stages if t.draw(s.name) is not None]
    return drawn[-1] if drawn else None


def game_id_of(source: str) -> str | None:
    """The id of the game in the ledger file at `source` (None: it holds none)."""
    from app.ledger import open_ledger  # noqa: PLC0415

    with open_ledger(source, create=False, readonly=True) as ledger:
        return ledger.latest_game_id()


def attach(tid: str, stage: str, table: int, path: Path) -> Tournament:
    """Take in a table's game played on a file of its own (handed in from a table with no
    network): its opening must be the table's card (players in seat order, round, table)."""
    from app.table.service import TableGame  # noqa: PLC0415 (the ledger loads only when needed)

    t = load(tid)
    card = table_card(t, stage, table)
    game = TableGame.open(str(path), create=False, readonly=True)
    try:
        if game.game_id is None:
            raise TournamentError(f"{path}: holds no game")
        opening = game.ledger.commands(game.game_id)[0].payload
        game_id = game.game_id
    finally:
        game.close()
    differ = [k for k in ("players", "round", "table", "profile", *(("board",) if t.board else ()))
              if opening.get(k) != card.get(k)]
    if differ:
        raise TournamentError(f"{path}: not {card['label']}'s game: its {', '.join(differ)} "
                              "differ from the draw")
    return update(tid, lambda current: _attach_game(current, stage, table, str(path), game_id),
                   f"{stage} table {table}: game attached")
