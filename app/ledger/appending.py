"""The SQLite write path: the chain's head kept in memory, statements prepared once, one batch."""

from __future__ import annotations

import sqlite3
from typing import NamedTuple

from app.ledger.errors import GameNotFound, LedgerCorrupt, StaleSequence
from app.ledger.hashing import GENESIS
from app.ledger.writing import Batch

HEAD = "SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1"
LAST_COMMAND = "SELECT max(command_no) FROM commands WHERE game_id = ?"
VERSION = "SELECT chain_version FROM games WHERE id = ?"
INSERT_COMMAND = ("INSERT INTO commands (game_id, command_no, payload, actor_role, actor_name, "
                  "recorded_at) VALUES (?, ?, ?, ?, ?, ?)")
INSERT_EVENT = ("INSERT INTO events (game_id, seq, command_no, type, payload, actor_role, "
                "actor_name, recorded_at, clock_ms, prev_hash, hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
INSERT_TRANSFER = ("INSERT INTO transfers (game_id, seq, idx, from_account, to_account, amount) "
                   "VALUES (?, ?, ?, ?, ?, ?)")


class Head(NamedTuple):
    """What the next command of a game chains onto: the last event, the next command number,
    and how the game's chain is hashed (its games row is never read again). A named tuple: one
    is made per command."""

    seq: int
    hash: str
    next_command: int
    version: int


def read_head(connection: sqlite3.Connection, game_id: str) -> Head:
    """The game's head as stored; raises GameNotFound."""
    version = connection.execute(VERSION, (game_id,)).fetchone()
    if version is None:
        raise GameNotFound(game_id)
    last = connection.execute(HEAD, (game_id,)).fetchone()
    (number,) = connection.execute(LAST_COMMAND, (game_id,)).fetchone()
    seq, digest = last if last is not None else (0, GENESIS)
    return Head(seq=seq, hash=digest, next_command=(number or 0) + 1, version=version[0])


def check_head(connection: sqlite3.Connection, game_id: str, head: Head,
               expected_seq: int) -> bool:
    """Inside the write transaction: raise StaleSequence unless the ledger's last event is
    `expected_seq`; True when it is the one `head` (memory) says, False when another writer
    moved it meanwhile (the caller then reads the head again). One indexed look-up."""
    last = connection.execute(HEAD, (game_id,)).fetchone()
    seq, digest = last if last is not None else (0, GENESIS)
    if seq != expected_seq:
        raise StaleSequence(game_id, expected_seq, seq)
    if seq == head.seq and digest != head.hash:
        raise LedgerCorrupt(f"game {game_id}: event {seq} changed since this program read it; "
                            "nothing recorded (run banker verify)")
    return seq == head.seq


def insert(connection: sqlite3.Connection, batch: Batch) -> None:
    """The batch's rows: one prepared statement per table, executemany for events and
    transfers; a primary-key collision surfaces as the driver's IntegrityError."""
    connection.execute(INSERT_COMMAND, batch.command)
    connection.executemany(INSERT_EVENT, batch.events)
    if batch.transfers:
        connection.executemany(INSERT_TRANSFER, batch.transfers)
