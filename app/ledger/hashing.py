"""The hash chain: a canonical JSON encoding of each event and its SHA-256."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from app.ledger.errors import LedgerRejected

GENESIS = "0" * 64
"""The prev_hash of a game's first event."""

CHAIN_VERSION = 2
"""How new games are hashed: 1 hashed events and transfers only; 2 also hashes, in each event,
its command row, and in the first event, the game's row and players (games.chain_version)."""


def canonical_json(value: Any) -> str:
    """Encode `value` the one way the ledger stores and hashes it (sorted keys, no spaces)."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def storable_json(value: Any, what: str) -> str:
    """Canonical JSON of `value`, refused (LedgerRejected) unless it reads back exactly equal.

    Tuples, sets, non-string keys, NaN and objects would come back changed or not at all,
    and a payload that does not round-trip cannot be replayed or re-hashed.
    """
    try:
        text = canonical_json(value)
    except (TypeError, ValueError) as e:
        raise LedgerRejected(f"{what} cannot be stored as JSON: {e}") from e
    if json.loads(text) != value or not _same_shape(json.loads(text), value):
        raise LedgerRejected(
            f"{what} does not survive a JSON round trip unchanged "
            "(use lists, string keys, and plain str/int/float/bool/None values)"
        )
    return text


def _same_shape(stored: Any, given: Any) -> bool:
    """True when `given` has the same container and scalar types JSON gives back."""
    if isinstance(stored, dict):
        return type(given) is dict and all(_same_shape(stored[k], given[k]) for k in stored)
    if isinstance(stored, list):
        return type(given) is list and all(map(_same_shape, stored, given))
    return type(stored) is type(given)


def format_timestamp(moment: datetime) -> str:
    """ISO-8601 in UTC with microseconds and +00:00, the form stored and hashed."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise LedgerRejected(
            f"timestamp {moment.isoformat()} has no time zone; pass an aware UTC time"
        )
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def event_hash(
    *,
    game_id: str,
    seq: int,
    command_no: int,
    type: str,
    payload: Any,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
    clock_ms: int | None,
    prev_hash: str,
    transfers: Iterable[tuple[str, str, int]],
    command_digest: str | None = None,
    game_digest: str | None = None,
) -> str:
    """SHA-256 (hex) of an event's canonical encoding, including its transfers and prev_hash.

    Chain version 2 adds `command_digest` (every event) and `game_digest` (the first event);
    version 1 hashes leave both out, so old games keep verifying.
    """
    document = {
        "game_id": game_id,
        "seq": seq,
        "command_no": command_no,
        "type": type,
        "payload": payload,
        "actor_role": actor_role,
        "actor_name": actor_name,
        "recorded_at": recorded_at,
        "clock_ms": clock_ms,
        "prev_hash": prev_hash,
        "transfers": [[source, target, amount] for source, target, amount in transfers],
    }
    if command_digest is not None:
        document["command"] = command_digest
    if game_digest is not None:
        document["game"] = game_digest
    return hashlib.sha256(canonical_json(document).encode("utf-8")).hexdigest()


def command_digest(
    *,
    game_id: str,
    command_no: int,
    payload_text: str,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
) -> str:
    """SHA-256 (hex) of a command row as stored: its payload's exact text, actor and time."""
    document = [game_id, command_no, payload_text, actor_role, actor_name, recorded_at]
    return hashlib.sha256(canonical_json(document).encode("utf-8")).hexdigest()


def game_digest(
    *,
    game: dict[str, Any],
    players: Iterable[tuple[int, str]],
) -> str:
    """SHA-256 (hex) of a game row (every column, the rule data's exact text) and its seats."""
    document = {"game": game, "players": [[seat, name] for seat, name in players]}
    return hashlib.sha256(canonical_json(document).encode("utf-8")).hexdigest()
