"""Snapshot rows: a game's state at a seq, stored beside the events (derived data, never the truth)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, insert, select

from app.ledger import schema
from app.ledger.database import Database
from app.ledger.hashing import canonical_json

_SNAPSHOT = ("SELECT s.event_hash, s.format, s.state, s.hash, e.hash FROM snapshots s "
             "LEFT JOIN events e ON e.game_id = s.game_id AND e.seq = s.seq "
             "WHERE s.game_id = ? AND s.seq = ?")
_EXISTS = "SELECT hash FROM snapshots WHERE game_id = ? AND seq = ?"
_INSERT = ("INSERT INTO snapshots (game_id, seq, event_hash, format, state, hash) "
           "VALUES (?, ?, ?, ?, ?, ?)")
_EVENTS = ("SELECT seq, command_no, type, payload FROM events WHERE game_id = ? "
           "AND seq BETWEEN ? AND ? ORDER BY seq")


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One stored snapshot: the state text folded from events 1..seq, the hash of the event it
    was folded up to, the state's format, and the hash of them all."""

    game_id: str
    seq: int
    event_hash: str
    format: str
    state: str
    hash: str

    def sound(self, chain_hash: str | None, state_format: str) -> bool:
        """Whether the row is whole, was folded up to the chain's event `chain_hash`, and is in
        this program's state format (a damaged or stale snapshot is never used)."""
        return (self.event_hash == chain_hash and self.format == state_format
                and self.hash == snapshot_hash(self.game_id, self.seq, self.event_hash,
                                               self.format, self.state))


def snapshot_hash(game_id: str, seq: int, event_hash: str, state_format: str, state: str) -> str:
    """SHA-256 (hex) of a snapshot row's contents, as canonical JSON."""
    text = canonical_json([game_id, seq, event_hash, state_format, state])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save(database: Database, snapshot: Snapshot) -> bool:
    """Store the snapshot unless one is already there for its seq (the state at a seq is the
    same whoever folds it); True when the row at its seq is now this very snapshot (only then
    may the writer pin it in the chain: a row already there may be another's, or forged)."""
    values = (snapshot.game_id, snapshot.seq, snapshot.event_hash, snapshot.format,
              snapshot.state, snapshot.hash)
    if database.dialect == "sqlite":
        with database.driver_write() as connection:
            there = connection.execute(_EXISTS, values[:2]).fetchone()
            if there is None:
                connection.execute(_INSERT, values)
        return there is None or there[0] == snapshot.hash
    table = schema.snapshots
    with database.write() as connection:
        found = connection.execute(select(table.c.hash).where(
            and_(table.c.game_id == snapshot.game_id, table.c.seq == snapshot.seq))).first()
        if found is None:
            connection.execute(insert(table).values(dict(zip(
                ("game_id", "seq", "event_hash", "format", "state", "hash"), values,
                strict=True))))
    return found is None or found[0] == snapshot.hash


def load(database: Database, game_id: str, seq: int) -> tuple[Snapshot, str | None] | None:
    """The snapshot at `seq` and the chain's hash of event `seq` (None if it has none)."""
    if database.dialect == "sqlite":
        with database.driver_read() as connection:
            row = connection.execute(_SNAPSHOT, (game_id, seq)).fetchone()
    else:
        s, e = schema.snapshots, schema.events
        query = (select(s.c.event_hash, s.c.format, s.c.state, s.c.hash, e.c.hash)
                 .outerjoin(e, and_(e.c.game_id == s.c.game_id, e.c.seq == s.c.seq))
                 .where(s.c.game_id == game_id, s.c.seq == seq))
        with database.read() as connection:
            row = connection.execute(query).first()
    if row is None:
        return None
    event_hash, state_format, state, digest, chain_hash = row
    return Snapshot(game_id, seq, event_hash, state_format, state, digest), chain_hash


def all_of(database: Database, game_id: str) -> list[Snapshot]:
    """Every snapshot of the game, in seq order (verify compares each with its refold)."""
    s = schema.snapshots
    query = (select(s.c.game_id, s.c.seq, s.c.event_hash, s.c.format, s.c.state, s.c.hash)
             .where(s.c.game_id == game_id).order_by(s.c.seq))
    with database.read() as connection:
        return [Snapshot(*row) for row in connection.execute(query)]


def event_rows(database: Database, game_id: str,
               ranges: list[tuple[int, int]]) -> list[tuple[Any, ...]]:
    """(seq, command_no, type, payload) of the events in the seq ranges (inclusive), in order."""
    if not ranges:
        return []
    if database.dialect == "sqlite":
        with database.driver_read() as connection:
            return [row for low, high in ranges
                    for row in connection.execute(_EVENTS, (game_id, low, high)).fetchall()]
    e = schema.events
    with database.read() as connection:
        return [tuple(row) for low, high in ranges for row in connection.execute(
            select(e.c.seq, e.c.command_no, e.c.type, e.c.payload)
            .where(e.c.game_id == game_id, e.c.seq.between(low, high)).order_by(e.c.seq))]
