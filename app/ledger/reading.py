"""Reading the ledger's rows back into records, inside the caller's transaction."""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, select

from app.ledger import schema
from app.ledger.errors import GameNotFound, LedgerCorrupt, StaleSequence
from app.ledger.hashing import GENESIS
from app.ledger.records import GameInfo, StoredCommand, StoredEvent, Transfer

_events = schema.events.c
_transfers = schema.transfers.c


def game_row(connection: Connection, game_id: str) -> Row[Any]:
    """The game's row; raises GameNotFound."""
    row = connection.execute(select(schema.games).where(schema.games.c.id == game_id)).first()
    if row is None:
        raise GameNotFound(game_id)
    return row


def last_event(connection: Connection, game_id: str) -> tuple[int, str]:
    """The game's last (seq, hash), or (0, GENESIS) before its first event."""
    game_row(connection, game_id)
    last = connection.execute(
        select(_events.seq, _events.hash)
        .where(_events.game_id == game_id)
        .order_by(_events.seq.desc())
        .limit(1)
    ).first()
    return (0, GENESIS) if last is None else (last.seq, last.hash)


def expect_head(connection: Connection, game_id: str, expected_seq: int) -> tuple[int, str]:
    """The game's last (seq, hash) if its seq is `expected_seq`; else raises StaleSequence."""
    seq, digest = last_event(connection, game_id)
    if seq != expected_seq:
        raise StaleSequence(game_id, expected_seq, seq)
    return seq, digest


def event_rows(connection: Connection, game_id: str, upto_seq: int | None) -> list[Row[Any]]:
    """The game's event rows in seq order, as stored."""
    query = select(schema.events).where(_events.game_id == game_id)
    if upto_seq is not None:
        query = query.where(_events.seq <= upto_seq)
    return list(connection.execute(query.order_by(_events.seq)).all())


def transfer_rows(connection: Connection, game_id: str, upto_seq: int | None) -> list[Row[Any]]:
    """The game's transfer rows in (seq, idx) order, as stored."""
    query = select(schema.transfers).where(_transfers.game_id == game_id)
    if upto_seq is not None:
        query = query.where(_transfers.seq <= upto_seq)
    return list(connection.execute(query.order_by(_transfers.seq, _transfers.idx)).all())


def transfers_by_seq(rows: list[Row[Any]]) -> dict[int, tuple[Transfer, ...]]:
    """Transfer rows grouped under their event's seq, in idx order."""
    grouped: dict[int, list[Transfer]] = defaultdict(list)
    for row in rows:
        grouped[row.seq].append((row.from_account, row.to_account, row.amount))
    return {seq: tuple(moves) for seq, moves in grouped.items()}


def stored_event(row: Row[Any], moves: tuple[Transfer, ...]) -> StoredEvent:
    """An event row and its transfers as a record; raises LedgerCorrupt for a broken payload."""
    return StoredEvent(
        game_id=row.game_id,
        seq=row.seq,
        command_no=row.command_no,
        type=row.type,
        payload=_loads(row.payload, f"event {row.seq} ({row.type}) of game {row.game_id}"),
        actor_role=row.actor_role,
        actor_name=row.actor_name,
        recorded_at=datetime.fromisoformat(row.recorded_at),
        clock_ms=row.clock_ms,
        prev_hash=row.prev_hash,
        hash=row.hash,
        transfers=moves,
    )


def stored_commands(connection: Connection, game_id: str) -> list[StoredCommand]:
    """The game's commands in command_no order."""
    rows = connection.execute(
        select(schema.commands)
        .where(schema.commands.c.game_id == game_id)
        .order_by(schema.commands.c.command_no)
    ).all()
    return [
        StoredCommand(
            game_id=row.game_id,
            command_no=row.command_no,
            payload=_loads(row.payload, f"command {row.command_no} of game {game_id}"),
            actor_role=row.actor_role,
            actor_name=row.actor_name,
            recorded_at=datetime.fromisoformat(row.recorded_at),
        )
        for row in rows
    ]


def game_infos(connection: Connection, game_id: str | None) -> list[GameInfo]:
    """One game's header (or every game's, oldest first) with its players in seat order."""
    games = select(schema.games).order_by(schema.games.c.created_at, schema.games.c.id)
    players = select(schema.players.c.game_id, schema.players.c.name).order_by(
        schema.players.c.game_id, schema.players.c.seat
    )
    if game_id is not None:
        games = games.where(schema.games.c.id == game_id)
        players = players.where(schema.players.c.game_id == game_id)
    seats: dict[str, list[str]] = defaultdict(list)
    for owner, name in connection.execute(players):
        seats[owner].append(name)
    return [
        GameInfo(
            id=row.id,
            created_at=datetime.fromisoformat(row.created_at),
            label=row.label,
            profile_id=row.profile_id,
            board_id=row.board_id,
            profile_json=row.profile_json,
            board_json=row.board_json,
            decks_json=row.decks_json,
            players=tuple(seats[row.id]),
        )
        for row in connection.execute(games)
    ]


def _loads(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise LedgerCorrupt(
            f"{what}: stored payload is not valid JSON ({e}); run verify_chain"
        ) from e
    if not isinstance(value, dict):
        raise LedgerCorrupt(f"{what}: stored payload is not a JSON object; run verify_chain")
    return value
