"""What a forger with the file does: drop the append-only triggers, and rebuild the chain."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from app.ledger.hashing import command_digest, event_hash, game_digest
from app.ledger.verify import GAME_COLUMNS


def drop_triggers(db: sqlite3.Connection) -> None:
    """Remove every append-only guard the migrations put on the tables."""
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        db.execute(f'DROP TRIGGER "{name}"')


def rechain(db: sqlite3.Connection, game_id: str, from_seq: int = 1) -> None:
    """Store fresh hashes from `from_seq` on, each linked to the one before, as a forger would
    (hashed the way the game's chain version says)."""
    columns = ", ".join(GAME_COLUMNS)
    game = dict(zip(GAME_COLUMNS, db.execute(
        f"SELECT {columns} FROM games WHERE id = ?", (game_id,)).fetchone(), strict=True))
    version = game["chain_version"]
    seats = db.execute("SELECT seat, name FROM players WHERE game_id = ? ORDER BY seat",
                       (game_id,)).fetchall()
    prev_hash = "0" * 64
    if from_seq > 1:
        (prev_hash,) = db.execute("SELECT hash FROM events WHERE game_id = ? AND seq = ?",
                                  (game_id, from_seq - 1)).fetchone()
    rows = db.execute(
        "SELECT seq, command_no, type, payload, actor_role, actor_name, recorded_at, clock_ms "
        "FROM events WHERE game_id = ? AND seq >= ? ORDER BY seq", (game_id, from_seq),
    ).fetchall()
    for seq, command_no, type_, payload, role, name, recorded_at, clock_ms in rows:
        moves = db.execute("SELECT from_account, to_account, amount FROM transfers "
                           "WHERE game_id = ? AND seq = ? ORDER BY idx", (game_id, seq)).fetchall()
        pinned = None
        if version >= 2:
            c_payload, c_role, c_name, c_at = db.execute(
                "SELECT payload, actor_role, actor_name, recorded_at FROM commands "
                "WHERE game_id = ? AND command_no = ?", (game_id, command_no)).fetchone()
            pinned = command_digest(game_id=game_id, command_no=command_no, payload_text=c_payload,
                                    actor_role=c_role, actor_name=c_name, recorded_at=c_at)
        digest = event_hash(
            game_id=game_id, seq=seq, command_no=command_no, type=type_,
            payload=json.loads(payload), actor_role=role, actor_name=name,
            recorded_at=recorded_at, clock_ms=clock_ms, prev_hash=prev_hash,
            transfers=[tuple(m) for m in moves], command_digest=pinned,
            game_digest=game_digest(game=game, players=seats)
            if version >= 2 and seq == 1 else None,
        )
        db.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
                   (prev_hash, digest, game_id, seq))
        prev_hash = digest


def pins(path: Path, game_id: str) -> tuple[dict[int, str], str | None]:
    """What chain version 2 hashes besides an event's own columns: each command row's digest
    (by command_no) and the game row's digest (in the first event); ({}, None) in version 1."""
    with closing(sqlite3.connect(path)) as db:
        columns = ", ".join(GAME_COLUMNS)
        game = dict(zip(GAME_COLUMNS, db.execute(
            f"SELECT {columns} FROM games WHERE id = ?", (game_id,)).fetchone(), strict=True))
        if game["chain_version"] < 2:
            return {}, None
        seats = db.execute("SELECT seat, name FROM players WHERE game_id = ? ORDER BY seat",
                           (game_id,)).fetchall()
        commands = {
            number: command_digest(game_id=game_id, command_no=number, payload_text=payload,
                                   actor_role=role, actor_name=name, recorded_at=at)
            for number, payload, role, name, at in db.execute(
                "SELECT command_no, payload, actor_role, actor_name, recorded_at FROM commands "
                "WHERE game_id = ?", (game_id,))
        }
    return commands, game_digest(game=game, players=seats)


def forge(path: Path, *changes: tuple[str, tuple[object, ...]]) -> None:
    """What a forger holding the file does: change rows (SQL and its values, each), then
    rebuild the whole hash chain with the ledger's own hashing."""
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        for sql, values in changes:
            db.execute(sql, values)
        (game_id,) = db.execute("SELECT id FROM games").fetchone()
        rechain(db, game_id)
        db.commit()
