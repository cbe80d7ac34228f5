"""Writing one command and its hash-chained events, inside the caller's transaction."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from hashlib import sha256
from typing import Any, NamedTuple

from sqlalchemy import Connection, func, insert, select

from app.ledger import schema
from app.ledger.errors import LedgerCorrupt, LedgerRejected
from app.ledger.hashing import (
    CHAIN_VERSION,
    command_digest,
    event_texts,
    plain_json,
    plain_transfers_text,
    storable_json,
)
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


class Batch(NamedTuple):
    """One command's rows, hashed and ready to insert, and the events as they will be stored
    (a named tuple: one is made per command)."""

    command: tuple[Any, ...]
    events: list[tuple[Any, ...]]
    transfers: list[tuple[Any, ...]]
    stored: list[StoredEvent]

    @property
    def head(self) -> tuple[int, str]:
        """The chain's (seq, hash) once these rows are in."""
        return self.stored[-1].seq, self.stored[-1].hash


COMMAND_COLUMNS = ("game_id", "command_no", "payload", "actor_role", "actor_name", "recorded_at")
EVENT_COLUMNS = ("game_id", "seq", "command_no", "type", "payload", "actor_role", "actor_name",
                 "recorded_at", "clock_ms", "prev_hash", "hash")
TRANSFER_COLUMNS = ("game_id", "seq", "idx", "from_account", "to_account", "amount")


def prepare_command(
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
    plain: bool = False,
) -> Batch:
    """The rows of one command and its events after `head`, each event's hash chained.

    Chain version 2 hashes the command row into each event, and `game` (the game row's
    digest) into the game's first event; version 1 (games from before it) hashes neither.
    `plain` says the command and the payloads are JSON's own types by construction (a pydantic
    model_dump(mode="json")), so their JSON round trip is not checked again; the text stored
    and hashed is the same either way. Raises LedgerRejected for data the ledger refuses,
    LedgerCorrupt for an unknown version.
    """
    if chain_version not in (1, CHAIN_VERSION):
        raise LedgerCorrupt(f"this game's chain version {chain_version!r} is unknown to this "
                            "program; nothing recorded (run banker verify)")
    command_text = (plain_json(command) if plain else
                    storable_json(command, f"command {command_no}"))
    pinned = None
    if chain_version >= 2:
        pinned = command_digest(game_id=game_id, command_no=command_no, payload_text=command_text,
                                actor_role=actor.role, actor_name=actor.name, recorded_at=stamp)
    first = game if chain_version >= 2 else None  # hashed into the game's first event only
    seq, prev_hash = head
    when = datetime.fromisoformat(stamp)
    role, name = actor.role, actor.name
    rows: list[tuple[Any, ...]] = []
    moves_rows: list[tuple[Any, ...]] = []
    stored: list[StoredEvent] = []
    texts = None
    for new in events:
        seq += 1
        kind, payload, transfers = new.type, new.payload, new.transfers
        payload_text = (plain_json(payload) if plain else
                        storable_json(payload, f"payload of event {seq} ({kind})"))
        moves = checked_transfers(transfers, f"event {seq} ({kind})") if transfers else ()
        if not isinstance(kind, str):
            raise LedgerRejected(f"event {seq} ({kind}): the event type is not text")
        if texts is None:
            texts = event_texts(game_id=game_id, command_no=command_no, actor_role=role,
                                actor_name=name, recorded_at=stamp, clock_ms=clock_ms,
                                command_digest=pinned)
        digest = sha256(texts(seq, kind, payload_text, prev_hash, plain_transfers_text(moves),
                              first if seq == 1 else None).encode("utf-8")).hexdigest()
        rows.append((game_id, seq, command_no, kind, payload_text, role, name, stamp, clock_ms,
                     prev_hash, digest))
        if moves:
            moves_rows += [(game_id, seq, idx, source, target, amount)
                           for idx, (source, target, amount) in enumerate(moves)]
        stored.append(StoredEvent(game_id, seq, command_no, kind, payload, role, name, when,
                                  clock_ms, prev_hash, digest, moves))
        prev_hash = digest
    command_row = (game_id, command_no, command_text, role, name, stamp)
    return Batch(command=command_row, events=rows, transfers=moves_rows, stored=stored)


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
    plain: bool = False,
) -> list[StoredEvent]:
    """Insert one command and its events after `head` through SQLAlchemy Core (PostgreSQL, and
    the first command of a game); see prepare_command."""
    batch = prepare_command(game_id, command_no, head, command, events, actor, clock_ms, stamp,
                            chain_version=chain_version, game=game, plain=plain)
    insert_batch(connection, batch)
    return batch.stored


def insert_batch(connection: Connection, batch: Batch) -> None:
    """The batch's rows, one statement per table (executemany for events and transfers)."""
    connection.execute(insert(schema.commands), [dict(zip(COMMAND_COLUMNS, batch.command,
                                                          strict=True))])
    if batch.events:
        connection.execute(insert(schema.events),
                           [dict(zip(EVENT_COLUMNS, row, strict=True)) for row in batch.events])
    if batch.transfers:
        connection.execute(insert(schema.transfers), [dict(zip(TRANSFER_COLUMNS, row, strict=True))
                                                      for row in batch.transfers])


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
