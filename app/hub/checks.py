"""The checks on a batch's arrival: its own chain (each hash, each link) from the hub's head."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from app.hub.batch import Batch, Row
from app.ledger.hashing import (
    CHAIN_VERSION,
    canonical_json,
    command_digest,
    event_text,
    game_digest,
    sha256_hex,
    transfers_text,
)
from app.ledger.verify import GAME_COLUMNS, shape_problems_of
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS


def chain_break(batch: Batch, prev: tuple[int, str]) -> tuple[int | None, str] | None:
    """The first thing wrong with the batch's own chain, as (seq or None, reason), or None.

    `prev` is the (seq, hash) the batch's first entry must follow: the hub's copy of entry
    first-1 (GENESIS before entry 1). Every entry's hash is recomputed from its stored columns,
    its command row and (entry 1) the game's row; each link, each number and each transfer is
    checked; every command of the batch must be recorded by one of its entries."""
    try:
        return _first_break(batch, prev)
    except TypeError as e:  # a column of the wrong type: the shape checks name most of them
        return None, f"a stored value has the wrong type ({e})"


def _first_break(batch: Batch, prev: tuple[int, str]) -> tuple[int | None, str] | None:
    game = batch.game
    problem = _shape(batch)
    if problem is not None:
        return problem
    version = game["chain_version"]
    if version not in (1, CHAIN_VERSION):
        return None, f"the game's chain version {version!r} is unknown to the hub"
    commands: dict[int, tuple[Row, str | None]] = {}
    for row in batch.commands:
        number = row[1]
        if row[0] != batch.game_id:
            return None, f"command {number}: it belongs to game {row[0]}"
        if commands and number != max(commands) + 1:
            return None, f"command {number}: the commands are not numbered one after another"
        pinned = command_digest(game_id=row[0], command_no=number, payload_text=row[2],
                                actor_role=row[3], actor_name=row[4],
                                recorded_at=row[5]) if version >= 2 else None
        commands[number] = (row, pinned)
    moves = _moves(batch)
    if isinstance(moves, tuple):
        return moves
    pin = game_digest(game={c: game[c] for c in GAME_COLUMNS},
                      players=sorted(batch.players)) if version >= 2 else None
    expected, link = prev[0] + 1, prev[1]
    last_command, recorded = 0, set()
    for row in batch.events:
        gid, seq, number, kind, payload, role, name, at, clock, prev_hash, digest = row
        entry = f"entry {seq} ({kind})"
        if gid != batch.game_id:
            return seq, f"{entry}: it belongs to game {gid}"
        if seq != expected:
            return seq, f"{entry}: entry {expected} was expected here (missing or out of order)"
        if prev_hash != link:
            return seq, f"{entry}: its link does not match the hash of the entry before it"
        if number < last_command:
            return seq, f"{entry}: its command {number} comes after command {last_command}"
        found = commands.get(number)
        if found is None:
            return seq, f"{entry}: its command {number} is not in the batch"
        command, pinned = found
        if tuple(command[3:6]) != (role, name, at):
            return seq, f"{entry}: its actor or time differs from its command's"
        if not _canonical(payload):
            return seq, f"{entry}: its payload is not in the canonical form it was written in"
        text = event_text(game_id=gid, seq=seq, command_no=number, type=kind,
                          payload_text=payload, actor_role=role, actor_name=name,
                          recorded_at=at, clock_ms=clock, prev_hash=prev_hash,
                          transfers_text=moves.pop(seq, "[]"), command_digest=pinned,
                          game_digest=pin if seq == 1 else None)
        if sha256_hex(text) != digest:
            return seq, f"{entry}: its hash does not match its contents"
        expected, link, last_command = seq + 1, digest, number
        recorded.add(number)
    if moves:
        return min(moves), f"transfers at entry {min(moves)}: they belong to no entry of the batch"
    lost = sorted(set(commands) - recorded)
    if lost:
        return None, f"command {lost[0]}: no entry of the batch records it"
    return None


def _shape(batch: Batch) -> tuple[int | None, str] | None:
    """The first value of the wrong type (a damaged or forged row), named like verify does."""
    kinds: list[tuple[str, tuple[str, ...], tuple[Row, ...]]] = [
        ("command", COMMAND_COLUMNS, batch.commands), ("event", EVENT_COLUMNS, batch.events),
        ("transfer", TRANSFER_COLUMNS, batch.transfers)]
    found = shape_problems_of("game", batch.game)
    if found:
        return None, f"the game's row: {found[0]}"
    for seat, name in batch.players:
        if type(seat) is not int or type(name) is not str:
            return None, f"player seat {seat!r}: a damaged seat or name"
    for kind, columns, rows in kinds:
        for row in rows:
            named: dict[str, Any] = dict(zip(columns, row, strict=True))
            found = shape_problems_of(kind, named)
            if found:
                seq = named.get("seq")
                return (seq if isinstance(seq, int) else None), f"{kind} row {row[1]!r}: {found[0]}"
    return None


def _moves(batch: Batch) -> dict[int, str] | tuple[int | None, str]:
    """Each entry's transfers as the canonical text its hash covers, numbered 0, 1, 2..."""
    grouped: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for gid, seq, idx, source, target, amount in batch.transfers:
        own = grouped[seq]
        if gid != batch.game_id or idx != len(own):
            return seq, f"transfers of entry {seq}: not numbered 0, 1, 2... or of another game"
        own.append((source, target, amount))
    return {seq: transfers_text(moves) for seq, moves in grouped.items()}


def _canonical(payload: str) -> bool:
    try:
        return canonical_json(json.loads(payload)) == payload and payload.startswith("{")
    except ValueError:
        return False
