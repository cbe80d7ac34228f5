"""What a table sends the hub: its game's header and whole commands with their entries, as stored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, select

from app.ledger import schema
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
    `after`, in one read transaction; raises GameNotFound."""
    with database.read() as connection:
        return batch_of(connection, game_id, after, commands)


def batch_of(connection: Connection, game_id: str, after: int, commands: int) -> Batch:
    """read_batch inside the caller's transaction."""
    game = connection.execute(select(*(schema.games.c[name] for name in GAME_COLUMNS))
                              .where(schema.games.c.id == game_id)).first()
    if game is None:
        raise GameNotFound(game_id)
    players = tuple((int(seat), str(name)) for seat, name in connection.execute(
        select(schema.players.c.seat, schema.players.c.name)
        .where(schema.players.c.game_id == game_id).order_by(schema.players.c.seat)))
    events_t = schema.events.c
    head = connection.execute(select(events_t.seq, events_t.hash).where(events_t.game_id == game_id)
                              .order_by(events_t.seq.desc()).limit(1)).first()
    table_head = (int(head[0]), str(head[1])) if head is not None else (0, GENESIS)
    low = connection.execute(select(func.min(events_t.command_no))
                             .where(events_t.game_id == game_id, events_t.seq > after)).scalar()
    header = dict(zip(GAME_COLUMNS, game, strict=True))
    if low is None:
        return Batch(header, players, (), (), (), table_head)
    high = int(low) + commands - 1
    command_rows = _rows(connection, schema.commands, COMMAND_COLUMNS, game_id,
                         schema.commands.c.command_no.between(low, high), "command_no")
    event_rows = _rows(connection, schema.events, EVENT_COLUMNS, game_id,
                       (events_t.seq > after) & events_t.command_no.between(low, high), "seq")
    last = event_rows[-1][1]
    moves = schema.transfers.c
    transfer_rows = _rows(connection, schema.transfers, TRANSFER_COLUMNS, game_id,
                          moves.seq.between(after + 1, last), "seq", "idx")
    first = int(event_rows[0][1])
    anchor = GENESIS if first == 1 else connection.execute(select(events_t.hash).where(
        events_t.game_id == game_id, events_t.seq == first - 1)).scalar()
    return Batch(header, players, tuple(command_rows), tuple(event_rows), tuple(transfer_rows),
                 table_head, str(anchor))


def _rows(connection: Connection, table: Any, columns: tuple[str, ...], game_id: str,
          where: Any, *order: str) -> list[Row]:
    query = (select(*(table.c[name] for name in columns))
             .where(table.c.game_id == game_id, where)
             .order_by(*(table.c[name] for name in order)))
    return [tuple(row) for row in connection.execute(query)]
