"""What opening a table checks of its ledger: the head before writing, the chain for a warning."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import orjson
from pydantic import ValidationError

from app.editions import rulebook
from app.ledger import GameInfo, Ledger, LedgerCorrupt, StoredEvent
from app.ledger.history import History
from app.table import voids
from models.engine import Table
from models.errors import BankerError
from models.state import GameState


def stored_table(info: GameInfo) -> Table:
    """The rules the game was started with; raises LedgerCorrupt if the stored copy is damaged."""
    try:
        return rulebook.table_from_json(info.board_json, info.profile_json, info.decks_json)
    except (ValidationError, BankerError, ValueError) as e:
        first = str(e).splitlines()[0]
        raise LedgerCorrupt(f"the game's rule data (board, profile or decks) is damaged: {first}; "
                            "run banker verify") from None


def check_head(ledger: Ledger, game_id: str) -> None:
    """Raise LedgerCorrupt unless the last event matches its hash: nothing is appended to a
    chain whose head was changed."""
    problem = ledger.head_problem(game_id)
    if problem:
        raise LedgerCorrupt(f"{problem}: run banker verify")


def fold(table: Table, stored: list[StoredEvent]) -> GameState | None:
    """The state folded from the stored events; raises LedgerCorrupt if it cannot be."""
    try:
        return voids.fold(table, stored)
    except LedgerCorrupt:
        raise
    # Folding reads the file's data: a damaged or doctored entry may break the engine in any
    # way, and the user needs the entry, not a traceback. Engine errors stay visible in the text.
    except Exception as e:
        raise LedgerCorrupt(f"the state cannot be folded from this ledger ({type(e).__name__}: "
                            f"{e}); run banker verify") from e


def problems(ledger: Ledger, game_id: str) -> list[str]:
    """The cheap check on opening (no replay): the whole chain, the game's row against its first
    command and event, and rows of no game; [] when it all holds together."""
    return first_plainest(header_problems(ledger, game_id), ledger.verify_chain(game_id),
                          ledger.stray_rows())


def first_plainest(*found: list[str]) -> list[str]:
    """The problems in the order given (the one naming a column before the hash it breaks),
    each once."""
    return list(dict.fromkeys(problem for problems in found for problem in problems))


def header_problems_of(ledger: Ledger, game_id: str, history: History) -> list[str]:
    """header_problems for a game whose rows are read already and whose chain is sound (every
    row's types checked): its first command and event taken from the rows as read, not read
    again as records; anything unexpected in them goes the long way, to be named as there."""
    if not history.commands or not history.events:
        return header_problems(ledger, game_id)
    command, event = history.commands[0], history.events[0]
    try:
        said, started = orjson.loads(command[2]), orjson.loads(event[4])
        recorded_at = datetime.fromisoformat(command[5])
    except (orjson.JSONDecodeError, TypeError, ValueError):
        return header_problems(ledger, game_id)
    if (not isinstance(said, dict) or not isinstance(started, dict) or command[1] != 1
            or event[1] != 1 or recorded_at.tzinfo is None):
        return header_problems(ledger, game_id)
    try:
        info = ledger.game(game_id)
    except LedgerCorrupt as e:
        return [str(e)]
    return _compared(info, said, recorded_at, event[3], started)


def header_problems(ledger: Ledger, game_id: str) -> list[str]:
    """The games and players rows against the new_game command and the game_started event.

    Chain version 2 hashes these rows into the first event; this check names the column that
    changed (and is the only check of them in version 1 games)."""
    try:
        info = ledger.game(game_id)
        first_commands = ledger.commands(game_id, upto=1)
        first_events = ledger.events(game_id, upto_seq=1)
    except LedgerCorrupt as e:
        return [str(e)]
    if not first_commands or not first_events:
        return ["the game has no first command and event"]
    command, event = first_commands[0], first_events[0]
    return _compared(info, command.payload, command.recorded_at, event.type, event.payload)


def _compared(info: GameInfo, said: dict[str, Any], recorded_at: datetime, kind: str,
              started: dict[str, Any]) -> list[str]:
    """The game's row against its new_game command (`said`, recorded at `recorded_at`) and its
    first event (of type `kind`, payload `started`)."""
    found: list[str] = []
    if said.get("type") != "new_game" or kind != "game_started":
        return ["command 1 is not new_game, or event 1 is not game_started"]
    if info.label != said.get("label"):
        found.append("the game's label does not match command 1 (new_game)")
    if info.created_at != recorded_at:
        found.append("the game's start time does not match command 1 (new_game)")
    if list(info.players) != said.get("players"):
        found.append("the game's players do not match command 1 (new_game)")
    if info.profile_id != started.get("profile"):
        found.append("the game's profile_id does not match event 1 (game_started)")
    if info.board_id != started.get("board"):
        found.append("the game's board_id does not match event 1 (game_started)")
    return found
