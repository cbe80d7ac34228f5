"""Writing one command and its hash-chained events, inside the caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select

from app.ledger import schema
from app.ledger.errors import LedgerCorrupt, LedgerRejected
from app.ledger.hashing import CHAIN_VERSION, command_digest, event_hash, storable_json
from app.ledger.records import Actor, NewEvent, StoredEvent, Transfer


def check_players(players: Sequence[str]) -> None:
    """Raise LedgerRejected unless the names are non-empty text and distinct."""
    if not players:
        raise LedgerRejected("a game needs at least one player")
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise LedgerRejected(f"player name {name!r} is empty or not text")
        if name in seen:
            raise LedgerRejected(f"player names must be unique within a game: {name!r} is twice")
        seen.add(name)


def record_command(
    connection: Connection,
    game_id: str,
    command_no: int,
    head: tuple[int, str],
    command: dict[str, Any],
    events: Iterable[NewEvent],
    actor: Actor,
    clock_ms: int | None,
    stamp: str,
    *,
    chain_version: int = CHAIN_VERSION,
    game: str | None = None,
) -> list[StoredEvent]:
    """Insert one command and its events after `head`, chaining each event's hash.

    Chain version 2 hashes the command row into each event, and `game` (the game row's
    digest) into the game's first event; version 1 (games from before it) hashes neither.
    """
    if chain_version not in (1, CHAIN_VERSION):
        raise LedgerCorrupt(f"this game's chain version {chain_version!r} is unknown to this "
                            "program; nothing recorded (run banker verify)")
    command_text = storable_json(command, f"command {command_no}")
    connection.execute(
        insert(schema.commands).values(
            game_id=game_id,
            command_no=command_no,
            payload=command_text,
            actor_role=actor.role,
            actor_name=actor.name,
            recorded_at=stamp,
        )
    )
    pinned = None
    if chain_version >= 2:
        pinned = command_digest(game_id=game_id, command_no=command_no, payload_text=command_text,
                                actor_role=actor.role, actor_name=actor.name, recorded_at=stamp)
    seq, prev_hash = head
    stored: list[StoredEvent] = []
    for new in events:
        seq += 1
        what = f"event {seq} ({new.type})"
        payload_text = storable_json(new.payload, f"payload of {what}")
        moves = checked_transfers(new.transfers, what)
        digest = event_hash(
            game_id=game_id,
            seq=seq,
            command_no=command_no,
            type=new.type,
            payload=new.payload,
            actor_role=actor.role,
            actor_name=actor.name,
            recorded_at=stamp,
            clock_ms=clock_ms,
            prev_hash=prev_hash,
            transfers=moves,
            command_digest=pinned,
            game_digest=game if seq == 1 and chain_version >= 2 else None,
        )
        connection.execute(
            insert(schema.events).values(
                game_id=game_id,
                seq=seq,
                command_no=command_no,
                type=new.type,
                payload=payload_text,
                actor_role=actor.role,
                actor_name=actor.name,
                recorded_at=stamp,
                clock_ms=clock_ms,
                prev_hash=prev_hash,
                hash=digest,
            )
        )
        if moves:
            connection.execute(
                insert(schema.transfers),
                [
                    {
                        "game_id": game_id,
                        "seq": seq,
                        "idx": idx,
                        "from_account": source,
                        "to_account": target,
                        "amount": amount,
                    }
                    for idx, (source, target, amount) in enumerate(moves)
                ],
            )
        stored.append(
            StoredEvent(
                game_id=game_id,
                seq=seq,
                command_no=command_no,
                type=new.type,
                payload=json.loads(payload_text),
                actor_role=actor.role,
                actor_name=actor.name,
                recorded_at=datetime.fromisoformat(stamp),
                clock_ms=clock_ms,
                prev_hash=prev_hash,
                hash=digest,
                transfers=moves,
            )
        )
        prev_hash = digest
    return stored


def checked_transfers(transfers: Iterable[Any], what: str) -> tuple[Transfer, ...]:
    """The transfers as plain tuples; their sign is left to the table's CHECK (amount > 0)."""
    moves: list[Transfer] = []
    for idx, move in enumerate(transfers):
        shape_ok = isinstance(move, tuple | list) and len(move) == 3
        if not shape_ok or not (
            isinstance(move[0], str)
            and isinstance(move[1], str)
            and isinstance(move[2], int)
            and not isinstance(move[2], bool)
        ):
            raise LedgerRejected(
                f"{what}: transfer {idx} {move!r} is not (from_account, to_account, int amount)"
            )
        moves.append((move[0], move[1], move[2]))
    return tuple(moves)


def next_command_no(connection: Connection, game_id: str) -> int:
    """The number the game's next command gets: one more than the last, 1 for the first."""
    last = connection.execute(
        select(func.max(schema.commands.c.command_no)).where(schema.commands.c.game_id == game_id)
    ).scalar_one()
    return 1 if last is None else int(last) + 1
