"""The plain records the ledger takes and returns: actors, new and stored events, games."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

Transfer = tuple[str, str, int]
"""One money move: (from_account, to_account, amount), amount a positive int."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who recorded a command: a role (banker, judge, player, clock) and a name."""

    role: str
    name: str


class NewEvent(NamedTuple):
    """An event about to be recorded, with the money it moves (a named tuple, as StoredEvent)."""

    type: str
    payload: dict[str, Any]
    transfers: tuple[Transfer, ...] = ()


class StoredEvent(NamedTuple):
    """An event as it stands in the ledger, with its place in the hash chain. A named tuple
    (immutable, like the other records) because one is made for every event written and every
    event read back, and a tuple is made several times faster than a frozen dataclass."""

    game_id: str
    seq: int
    command_no: int
    type: str
    payload: dict[str, Any]
    actor_role: str
    actor_name: str
    recorded_at: datetime
    clock_ms: int | None
    prev_hash: str
    hash: str
    transfers: tuple[Transfer, ...]


@dataclass(frozen=True, slots=True)
class StoredCommand:
    """A command as it was recorded, numbered within its game."""

    game_id: str
    command_no: int
    payload: dict[str, Any]
    actor_role: str
    actor_name: str
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's header: when it started, its players, and the rule data it was started with."""

    id: str
    created_at: datetime
    label: str | None
    profile_id: str
    board_id: str
    profile_json: str
    board_json: str
    decks_json: str
    players: tuple[str, ...]
    chain_version: int = 1
