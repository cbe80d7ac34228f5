"""Checking a game's hash chain from its stored rows, problem by problem."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Row, RowMapping

from app.ledger.hashing import GENESIS, canonical_json, event_hash


def chain_problems(
    game_id: str, event_rows: Iterable[Row[Any]], transfer_rows: Iterable[Row[Any]]
) -> list[str]:
    """Readable problems with a game's stored events, first bad event first; [] if sound.

    Checks that seqs run 1, 2, 3... without gaps, that each payload is canonical JSON, that
    each stored hash matches a fresh hash of the event's columns and transfers, and that each
    prev_hash is the previous event's hash.
    """
    moves: dict[int, list[RowMapping]] = defaultdict(list)
    for move in transfer_rows:
        moves[move.seq].append(move._mapping)
    problems: list[str] = []
    expected_seq, prev_hash, last_command = 1, GENESIS, 0
    for row in event_rows:
        name = f"event {row.seq} ({row.type})"
        if row.seq != expected_seq:
            problems.append(f"{name}: expected seq {expected_seq} here; events are missing")
        if row.command_no < last_command:
            problems.append(f"{name}: command {row.command_no} comes after {last_command}")
        if row.prev_hash != prev_hash:
            problems.append(f"{name}: prev_hash does not match the previous event's hash")
        problems.extend(f"{name}: {problem}" for problem in _content_problems(game_id, row, moves))
        expected_seq, prev_hash, last_command = row.seq + 1, row.hash, row.command_no
        moves.pop(row.seq, None)
    problems.extend(
        f"transfers at seq {seq}: they belong to no event" for seq in sorted(moves)
    )
    return problems


def _content_problems(
    game_id: str, row: Row[Any], moves: Mapping[int, list[RowMapping]]
) -> list[str]:
    """What is wrong with one event's own contents: payload, transfers, hash."""
    try:
        payload = json.loads(row.payload)
    except json.JSONDecodeError as e:
        return [f"stored payload is not valid JSON ({e}), so its hash cannot match"]
    problems = []
    if canonical_json(payload) != row.payload:
        problems.append("stored payload is not in the canonical form it was written in")
    own = moves.get(row.seq, [])
    if [move["idx"] for move in own] != list(range(len(own))):
        problems.append("its transfer rows are not numbered 0, 1, 2...; some were removed")
    digest = event_hash(
        game_id=game_id,
        seq=row.seq,
        command_no=row.command_no,
        type=row.type,
        payload=payload,
        actor_role=row.actor_role,
        actor_name=row.actor_name,
        recorded_at=row.recorded_at,
        clock_ms=row.clock_ms,
        prev_hash=row.prev_hash,
        transfers=[(m["from_account"], m["to_account"], m["amount"]) for m in own],
    )
    if digest != row.hash:
        problems.insert(0, "stored hash does not match its contents")
    return problems
