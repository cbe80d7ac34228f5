"""What a table sends the hub: its game's header and whole commands with their entries, as stored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from app.ledger.database import Database
from app.ledger.errors import GameNotFound
from app.ledger.hashing import GENESIS
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

Row = tuple[Any, ...]


@dataclass(frozen=True)
class Batch:
    """One game's rows as the table stores them (tuples in the ledger's column orders): the
    header, then whole commands with every entry they recorded after entry `after`, and the
    table's own head (seq, hash) when it was read, so the hub can tell a shortened file, and
    `anchor`: the table's own hash of the entry before the batch's first (GENESIS before entry
    1), so the hub checks the batch's chain as the file has it ("broken" only when the file's
    own chain does not hold) and compares the anchor with its own copy ("diverged")."""

    game: dict[str, Any]
    players: tuple[tuple[int, str], ...]
    commands: tuple[Row, ...]
    events: tuple[Row, ...]
    transfers: tuple[Row, ...]
    head: tuple[int, str]
    anchor: str = GENESIS

    @property
    def game_id(self) -> str:
        """The game's id."""
        return str(self.game["id"])

    @property
    def label(self) -> str | None:
        """The game's label (the table's name in the hall), if it has one."""
        label = self.game.get("label")
        return label if isinstance(label, str) else None

    @property
    def first(self) -> int:
        """The seq of the batch's first entry (one past its head when it holds none)."""
        return int(self.events[0][1]) if self.events else self.head[0] + 1

    @property
    def last(self) -> int:
        """The seq of the batch's last entry (its head's when it holds none)."""
        return int(self.events[-1][1]) if self.events else self.head[0]


def read_batch(database: Database, game_id: str, after: int, commands: int) -> Batch:
    """The game's header and up to `commands` whole commands whose entries come after entry
    `after`, in one read transaction (on a SQLite file, on its kept driver connection: the
    copier reads the file at every push); raises GameNotFound."""
    if database.dialect == "sqlite":
        with database.driver_read() as driver:
            return _batch(lambda sql, params: [tuple(row) for row in driver.execute(sql, params)],
                          game_id, after, commands)
    with database.read() as connection:
        return batch_of(connection, game_id, after, commands)


def batch_of(connection: Connection, game_id: str, after: int, commands: int) -> Batch:
    """read_batch inside the caller's transaction."""
    return _batch(lambda sql, params: [tuple(row) for row in connection.execute(
        _TEXT[sql], params)], game_id, after, commands)


def _columns(columns: tuple[str, ...]) -> str:
    return ", ".join(columns)


# Built once: a push reads them every time.
_GAME = f"SELECT {_columns(GAME_COLUMNS)} FROM games WHERE id = :game"
_PLAYERS = "SELECT seat, name FROM players WHERE game_id = :game ORDER BY seat"
_HEAD = ("SELECT (SELECT seq FROM events WHERE game_id = :game ORDER BY seq DESC LIMIT 1), "
         "(SELECT hash FROM events WHERE game_id = :game ORDER BY seq DESC LIMIT 1), "
         "(SELECT min(command_no) FROM events WHERE game_id = :game AND seq > :after)")
_COMMANDS = (f"SELECT {_columns(COMMAND_COLUMNS)} FROM commands WHERE game_id = :game "
             "AND command_no BETWEEN :low AND :high ORDER BY command_no")
_EVENTS = (f"SELECT {_columns(EVENT_COLUMNS)} FROM events WHERE game_id = :game "
           "AND seq > :after AND command_no BETWEEN :low AND :high ORDER BY seq")
_TRANSFERS = (f"SELECT {_columns(TRANSFER_COLUMNS)} FROM transfers WHERE game_id = :game "
              "AND seq BETWEEN :first AND :last ORDER BY seq, idx")
_HASH = "SELECT hash FROM events WHERE game_id = :game AND seq = :seq"
_TEXT = {sql: text(sql) for sql in (_GAME, _PLAYERS, _HEAD, _COMMANDS, _EVENTS, _TRANSFERS,
                                    _HASH)}

Run = Callable[[str, dict[str, Any]], list[Row]]


def _batch(run: Run, game_id: str, after: int, commands: int) -> Batch:
    game = run(_GAME, {"game": game_id})
    if not game:
        raise GameNotFound(game_id)
    players = tuple((int(seat), str(name)) for seat, name in run(_PLAYERS, {"game": game_id}))
    [(seq, digest, low)] = run(_HEAD, {"game": game_id, "after": after})
    table_head = (int(seq), str(digest)) if seq is not None else (0, GENESIS)
    header = dict(zip(GAME_COLUMNS, game[0], strict=True))
    if low is None:
        return Batch(header, players, (), (), (), table_head)
    span = {"game": game_id, "after": after, "low": int(low), "high": int(low) + commands - 1}
    command_rows = run(_COMMANDS, span)
    event_rows = run(_EVENTS, span)
    first, last = int(event_rows[0][1]), event_rows[-1][1]
    transfer_rows = run(_TRANSFERS, {"game": game_id, "first": after + 1, "last": last})
    anchor = GENESIS if first == 1 else run(_HASH, {"game": game_id, "seq": first - 1})[0][0]
    return Batch(header, players, tuple(command_rows), tuple(event_rows), tuple(transfer_rows),
                 table_head, str(anchor))
