"""What every part of the fold shares: its error, its handler type, and in-place changes the journal sees."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from models import events as ev
from models.state import DeedState, GameState, PlayerState

# One handler per kind of event: it changes the state in place to follow the event.
Handler = Callable[[GameState, Any], None]


class FoldError(Exception):
    """An event that cannot be applied to the state it follows (a corrupt or foreign ledger)."""


# `apply` changes players, deeds, the auction and the clock in place, and dictionaries key by key,
# each after telling the state (`changing`), whose undo journal keeps a before-image while a
# decision is worked out on it; lists it replaces whole. Nothing else is changed in place.
def player_of(state: GameState, name: str) -> PlayerState:
    return state.changing(state.player(name))


def deed_of(state: GameState, space: int) -> DeedState:
    return state.changing(state.deeds[space])


def put(state: GameState, mapping: dict[Any, Any], key: Any, value: Any) -> None:
    """Set `mapping[key]` to `value`, or remove the entry when `value` is None."""
    state.changing_key(mapping, key)
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value


def nothing(state: GameState, event: Any) -> None:
    """Events whose only effect is the money they move, or that are a record for people."""


def jail_space(state: GameState) -> int:
    return state.jail_space


def set_steps(state: GameState, changes: list[ev.StepChange]) -> None:
    for change in changes:
        deed = deed_of(state, change.space)
        houses_after = change.after if change.after <= 4 else 0
        state.bank_houses += deed.houses - houses_after
        state.bank_hotels += int(deed.hotel) - int(change.after == 5)
        deed.houses = houses_after
        deed.hotel = change.after == 5
