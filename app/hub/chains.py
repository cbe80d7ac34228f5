"""How far the hub has checked each game's chain from its own rows, kept in the process."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Connection, Table, select

from app.hub.batch import Batch, Row
from app.hub.checks import chain_break
from app.ledger import schema
from app.ledger.hashing import GENESIS
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS
from app.table import versions


@dataclass(frozen=True)
class Checked:
    """A game's chain as the hub checked it: each row's hash recomputed from its content and
    each link followed, sound up to entry `seq` (whose hash is `hash`); `broken` is where and
    why it breaks after that, (entry or None, why), when it does."""

    seq: int
    hash: str
    broken: tuple[int | None, str] | None = None
    # The app's version the checked entries last name (app/table/versions.py): the table's.
    version: str | None = None

    def words(self) -> str | None:
        """"broken at entry N: why" when the chain breaks, else None."""
        if self.broken is None:
            return None
        seq, why = self.broken
        return f"broken at entry {seq}: {why}" if seq is not None else f"broken: {why}"


_START = Checked(0, GENESIS)
_known: dict[tuple[str, str], Checked] = {}
_lock = threading.Lock()


def checked_upto(connection: Connection, location: str, game_id: str, head: int) -> Checked:
    """The game's chain checked up to entry `head` (the hub's last, read by the caller in the
    same transaction): only the rows after what this process checked before at `location` are
    read and checked. A chain once broken stays broken (its rows are append-only)."""
    key = (location, game_id)
    with _lock:
        known = _known.get(key, _START)
    if known.seq and _hash_at(connection, game_id, known.seq) != known.hash:
        known = _START  # another database at that location now: check it from the start
    if known.broken is not None or known.seq >= head:
        return known
    found = _check(connection, game_id, known, head)
    with _lock:
        _known[key] = found
    return found


def forget(location: str) -> None:
    """Drop what was checked of the hub at `location` (the next reading checks every row)."""
    with _lock:
        for key in [key for key in _known if key[0] == location]:
            del _known[key]


def _check(connection: Connection, game_id: str, known: Checked, head: int) -> Checked:
    """Entries known.seq+1 to `head` checked with the arrival's own check (checks.chain_break)."""
    batch = _rows(connection, game_id, known, head)
    if batch is None:
        return Checked(known.seq, known.hash, (None, "the game's row is missing"))
    broken = chain_break(batch, (known.seq, known.hash))
    if broken is not None:
        return Checked(known.seq, known.hash, broken, known.version)
    if not batch.events or batch.last != head:
        return Checked(known.seq, known.hash, (known.seq + 1, "entries are missing"),
                       known.version)
    # The version: game_started's, then each command row naming one (checked rows only).
    started = batch.events[0][4] if known.seq == 0 else None
    named = versions.latest(started, batch.commands)
    return Checked(head, str(batch.events[-1][10]), version=named or known.version)


def _rows(connection: Connection, game_id: str, known: Checked, head: int) -> Batch | None:
    """The game's rows after entry known.seq up to `head`, bounded so that rows a writer adds
    meanwhile are never half read: commands up to the last entry's, transfers up to `head`."""
    game = connection.execute(select(*(schema.games.c[name] for name in GAME_COLUMNS))
                              .where(schema.games.c.id == game_id)).first()
    if game is None:
        return None
    players = tuple((seat, name) for seat, name in connection.execute(
        select(schema.players.c.seat, schema.players.c.name)
        .where(schema.players.c.game_id == game_id).order_by(schema.players.c.seat)))
    events_t, commands_t, moves = schema.events.c, schema.commands.c, schema.transfers.c
    events = _select(connection, schema.events, EVENT_COLUMNS, game_id,
                     events_t.seq.between(known.seq + 1, head), events_t.seq)
    numbers = [row[2] for row in events]
    commands = _select(connection, schema.commands, COMMAND_COLUMNS, game_id,
                       commands_t.command_no.between(min(numbers), max(numbers)),
                       commands_t.command_no) if numbers else []
    transfers = _select(connection, schema.transfers, TRANSFER_COLUMNS, game_id,
                        moves.seq.between(known.seq + 1, head), moves.seq, moves.idx)
    return Batch(dict(zip(GAME_COLUMNS, game, strict=True)), players, tuple(commands),
                 tuple(events), tuple(transfers), (head, ""), known.hash)


def _select(connection: Connection, table: Table, columns: tuple[str, ...], game_id: str,
            where: ColumnElement[bool], *order: ColumnElement[Any]) -> list[Row]:
    query = (select(*(table.c[name] for name in columns))
             .where(table.c.game_id == game_id, where).order_by(*order))
    return [tuple(row) for row in connection.execute(query)]


def _hash_at(connection: Connection, game_id: str, seq: int) -> str | None:
    found = connection.execute(select(schema.events.c.hash).where(
        schema.events.c.game_id == game_id, schema.events.c.seq == seq)).scalar()
    return None if found is None else str(found)
