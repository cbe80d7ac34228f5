"""One game's rows read once, as stored (plain tuples): the chain check, reopening and verify."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from app.ledger import schema
from app.ledger.database import Database
from app.ledger.errors import GameNotFound
from app.ledger.verify import GAME_COLUMNS, GameRows
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

PLAYER_COLUMNS = ("game_id", "seat", "name")
SNAPSHOT_COLUMNS = ("seq", "event_hash", "format", "hash")

_GAME = f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE id = ?"
_PLAYERS = f"SELECT {', '.join(PLAYER_COLUMNS)} FROM players WHERE game_id = ? ORDER BY seat"
_COMMANDS = f"SELECT {', '.join(COMMAND_COLUMNS)} FROM commands WHERE game_id = ? ORDER BY command_no"
_EVENTS = f"SELECT {', '.join(EVENT_COLUMNS)} FROM events WHERE game_id = ? ORDER BY seq"
_TRANSFERS = (f"SELECT {', '.join(TRANSFER_COLUMNS)} FROM transfers WHERE game_id = ? "
              "ORDER BY seq, idx")
_SNAPSHOTS = f"SELECT {', '.join(SNAPSHOT_COLUMNS)} FROM snapshots WHERE game_id = ? ORDER BY seq"
_COMMANDS_AFTER = (f"SELECT {', '.join(COMMAND_COLUMNS)} FROM commands WHERE game_id = ? "
                   "AND command_no > ? ORDER BY command_no")
_EVENTS_AFTER = f"SELECT {', '.join(EVENT_COLUMNS)} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
_TRANSFERS_AFTER = (f"SELECT {', '.join(TRANSFER_COLUMNS)} FROM transfers WHERE game_id = ? "
                    "AND seq > ? ORDER BY seq, idx")


@dataclass(frozen=True)
class History:
    """Every row of one game as stored, nothing decoded: tuples in the column order of
    writing.*_COLUMNS, snapshots without their state."""

    game: dict[str, Any]
    players: list[tuple[Any, ...]]
    commands: list[tuple[Any, ...]]
    events: list[tuple[Any, ...]]
    transfers: list[tuple[Any, ...]]
    snapshots: list[tuple[Any, ...]]

    @property
    def game_id(self) -> str:
        """The game's id."""
        return str(self.game["id"])

    def rows(self) -> GameRows:
        """The same rows as mappings, for the detailed chain check that names each problem."""
        def named(columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> list[Any]:
            return [dict(zip(columns, row, strict=True)) for row in rows]
        return GameRows(game=self.game,  # type: ignore[arg-type]
                        players=named(PLAYER_COLUMNS, self.players),
                        commands=named(COMMAND_COLUMNS, self.commands),
                        events=named(EVENT_COLUMNS, self.events),
                        transfers=named(TRANSFER_COLUMNS, self.transfers))


def read_history(database: Database, game_id: str) -> History:
    """Every row of the game, in one read transaction; raises GameNotFound."""
    if database.dialect == "sqlite":
        with database.driver_read() as connection:
            return _plain_text(connection, lambda: _read_sqlite(connection, game_id))
    with database.read() as connection:
        return _read_core(connection, game_id)


def read_tail(database: Database, game_id: str, seq: int, command_no: int) -> History:
    """The game's rows recorded after event `seq` and command `command_no`, in one read
    transaction: its games row and players as `read_history` reads them, the commands numbered
    past `command_no`, the events and transfers past `seq`, and every snapshot's row (without
    its state; a few dozen in a long game). Raises GameNotFound."""
    if database.dialect == "sqlite":
        with database.driver_read() as connection:
            return _plain_text(connection, lambda: _read_sqlite(connection, game_id,
                                                                (seq, command_no)))
    with database.read() as connection:
        return _read_core(connection, game_id, (seq, command_no))


def _plain_text(connection: sqlite3.Connection, read: Any) -> History:
    """Read with sqlite3's own (C) text decoding; damaged text is read again marked U+FFFD, as
    every other read of the ledger does, so the checks can name the entry that holds it."""
    marked = connection.text_factory
    connection.text_factory = str
    try:
        return read()  # type: ignore[no-any-return]
    except sqlite3.OperationalError as e:
        if "decode" not in str(e):
            raise
    finally:
        connection.text_factory = marked
    return read()  # type: ignore[no-any-return]


def _read_sqlite(connection: sqlite3.Connection, game_id: str,
                 after: tuple[int, int] | None = None) -> History:
    row = connection.execute(_GAME, (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    key = (game_id,)
    if after is None:
        commands = connection.execute(_COMMANDS, key).fetchall()
        events = connection.execute(_EVENTS, key).fetchall()
        transfers = connection.execute(_TRANSFERS, key).fetchall()
    else:
        commands = connection.execute(_COMMANDS_AFTER, (game_id, after[1])).fetchall()
        events = connection.execute(_EVENTS_AFTER, (game_id, after[0])).fetchall()
        transfers = connection.execute(_TRANSFERS_AFTER, (game_id, after[0])).fetchall()
    return History(
        game=dict(zip(GAME_COLUMNS, row, strict=True)),
        players=connection.execute(_PLAYERS, key).fetchall(),
        commands=commands, events=events, transfers=transfers,
        snapshots=connection.execute(_SNAPSHOTS, key).fetchall(),
    )


def _read_core(connection: Connection, game_id: str,
               after: tuple[int, int] | None = None) -> History:
    row = connection.execute(select(schema.games).where(schema.games.c.id == game_id)).first()
    if row is None:
        raise GameNotFound(game_id)

    def rows(table: Any, columns: tuple[str, ...], *order: str, past: tuple[str, int] | None = None
             ) -> list[tuple[Any, ...]]:
        query = select(*(table.c[name] for name in columns)).where(table.c.game_id == game_id)
        if past is not None:
            query = query.where(table.c[past[0]] > past[1])
        return [tuple(found) for found in connection.execute(
            query.order_by(*(table.c[name] for name in order)))]

    seq, number = (None, None) if after is None else after
    commands = rows(schema.commands, COMMAND_COLUMNS, "command_no",
                    past=None if number is None else ("command_no", number))
    return History(
        game={name: row._mapping[name] for name in GAME_COLUMNS},
        players=rows(schema.players, PLAYER_COLUMNS, "seat"),
        commands=commands,
        events=rows(schema.events, EVENT_COLUMNS, "seq",
                    past=None if seq is None else ("seq", seq)),
        transfers=rows(schema.transfers, TRANSFER_COLUMNS, "seq", "idx",
                       past=None if seq is None else ("seq", seq)),
        snapshots=rows(schema.snapshots, SNAPSHOT_COLUMNS, "seq"),
    )

