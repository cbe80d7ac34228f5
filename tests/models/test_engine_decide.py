"""`decide` works on the live state and puts it back: a refusal changes nothing, and an accepted
command's events folded on a copy give the state `advance` leaves, for every profile."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.editions import rulebook
from models.choices import random_command
from models.commands import COMMAND_ADAPTER, Command
from models.engine import Table, advance, decide, first_accepted, legal_commands
from models.errors import BankerError
from models.fold import apply, start
from models.state import GameState

PROFILES = ["classic", "sg-championship", "propnex-championship"]
T0 = datetime(2026, 11, 23, 14, 0, tzinfo=UTC)


def position(profile: str, seed: int, steps: int) -> tuple[Table, GameState, Random]:
    """The state after `steps` commands of a random game played from `seed` (earlier if it ends),
    with its clock started when the profile has one, so clock and break commands mean something."""
    table = rulebook.table(profile)
    rng = Random(seed)
    count = table.profile.players_min + rng.randint(0, table.profile.players_max
                                                     - table.profile.players_min)
    names = [f"P{i}" for i in range(1, min(count, 5) + 1)]
    throws: dict[str, Any] = {name: [1, 2] for name in names}
    throws[names[0]] = [6, 6]
    first = COMMAND_ADAPTER.validate_python({"type": "new_game", "profile": profile,
                                             "players": names, "roll_off": [throws]})
    events = decide(table, None, first)
    state = start(events[0])  # type: ignore[arg-type]
    for event in events[1:]:
        apply(state, event)
    if state.clock is not None and rng.random() < 0.7:
        advance(table, state, COMMAND_ADAPTER.validate_python({"type": "start_clock", "at": T0}))
    for _ in range(steps):
        if state.phase == "over":
            break
        for command in random_command(table, state, rng):
            try:
                advance(table, state, command)
            except BankerError:
                continue
            break
        else:
            break
    return table, state, rng


def tries(table: Table, state: GameState, rng: Random) -> list[Command]:
    """Commands to put to the engine here: every legal one, the simulator's (valid or not), the
    officials' and the judge's, and mutations of all of these (another player, amount or space)."""
    names = [p.name for p in state.players] + ["Zed"]
    spaces = list(state.deeds)
    at = T0 + timedelta(minutes=rng.randint(0, 120))
    officials: list[dict[str, Any]] = [
        {"type": "clock_tick", "at": at}, {"type": "pause_clock", "reason": "spill", "at": at},
        {"type": "resume_clock", "at": at}, {"type": "toilet_break", "player": rng.choice(names),
                                             "at": at},
        {"type": "player_returned", "player": rng.choice(names), "at": at},
        {"type": "count_cash", "player": rng.choice(names), "counted": rng.randint(0, 2000)},
        {"type": "raise_dispute", "raised_by": rng.choice(names), "about": "rent"},
        {"type": "fine", "player": rng.choice(names), "amount": 100, "reason": "token moved"},
        {"type": "adjust_cash", "from_account": rng.choice(names), "to_account": "bank",
         "amount": rng.randint(1, 300), "reason": "miscount"},
        {"type": "adjust_deed", "space": rng.choice(spaces), "owner": rng.choice(names),
         "mortgaged": rng.random() < 0.5, "reason": "misfiled"},
        {"type": "adjust_buildings", "space": rng.choice(spaces), "houses": rng.randint(0, 4),
         "hotel": False, "reason": "miscount"},
        {"type": "adjust_jail", "player": rng.choice(names), "in_jail": True, "turns_served": 1,
         "reason": "missed"},
        {"type": "adjust_card", "card": "chance_goojf", "holder": rng.choice(names),
         "reason": "missed"},
        {"type": "declare_bankruptcy", "player": rng.choice(names)},
    ]
    found = [*legal_commands(table, state), *random_command(table, state, rng)]
    for fields in officials:
        try:
            found.append(COMMAND_ADAPTER.validate_python(fields))
        except ValidationError:
            continue  # a command form this tree does not have; the others still run
    found += [m for m in (_mutated(c, names, spaces, rng) for c in list(found)) if m is not None]
    return found


def _mutated(command: Command, names: list[str], spaces: list[int], rng: Random) -> Command | None:
    fields = command.model_dump()
    for key in ("player", "first", "second", "raised_by"):
        if key in fields and rng.random() < 0.5:
            fields[key] = rng.choice(names)
    for key in ("amount", "price", "minimum", "counted"):
        if key in fields and rng.random() < 0.5:
            fields[key] = max(1, fields[key] + rng.choice([-500, -10, -1, 1, 10, 500]))
    for key in ("space",):
        if key in fields:
            fields[key] = rng.choice([*spaces, 0, 10, 30])
    if "dice" in fields:
        fields["dice"] = (rng.randint(1, 6), rng.randint(1, 6))
    try:
        return COMMAND_ADAPTER.validate_python(fields)
    except ValidationError:
        return None


def _outcome(table: Table, state: GameState, command: Command) -> list[Any] | None:
    try:
        return decide(table, state, command)
    except BankerError:
        return None


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), steps=st.integers(0, 400))
def test_decide_changes_nothing_and_its_events_fold_to_the_state_advance_leaves(
        profile: str, seed: int, steps: int) -> None:
    # For each command put to the engine at a random position: the state after `decide` dumps
    # exactly as before (refused or accepted), and equals a copy made before; when accepted,
    # folding its events on a copy gives the very state `advance` leaves, and `advance` on a
    # refused command leaves the state as it was.
    table, state, rng = position(profile, seed, steps)
    for command in tries(table, state, rng):
        dump, copy = state.model_dump(), state.clone()
        events = _outcome(table, state, command)
        assert state.model_dump() == dump, command
        assert state == copy, command
        moved = state.clone()
        if events is None:
            with pytest.raises(BankerError):
                advance(table, moved, command)
            assert moved == copy and moved.model_dump() == dump, command
            continue
        folded = state.clone()
        for event in events:
            apply(folded, event)
        assert advance(table, moved, command) == events, command
        assert moved == folded and moved.model_dump() == folded.model_dump(), command


def test_deciding_leaves_the_same_player_objects_with_the_same_cash_and_places() -> None:
    # Classic, 1500 each at GO. A roll by the second player is refused (not their turn). The first
    # player's roll of 1+2 is accepted: dice rolled, token moved 0 -> 3 (Baltic Avenue, unowned),
    # purchase offered; yet after `decide` the state is still at GO with 1500 each, event 1.
    table, state, _ = position("classic", seed=7, steps=0)
    players_before = [p for p in state.players]  # the same objects stay in the state
    cash_before = [p.cash for p in state.players]
    wrong = state.players[1].name
    with pytest.raises(BankerError):
        decide(table, state, COMMAND_ADAPTER.validate_python(
            {"type": "roll", "player": wrong, "dice": [3, 4]}))
    roll = COMMAND_ADAPTER.validate_python({"type": "roll", "player": state.current, "dice": [1, 2]})
    events = decide(table, state, roll)
    # Space 3 (Baltic Avenue, M60, unowned): dice rolled, token moved 0 -> 3, purchase offered.
    assert [e.type for e in events] == ["dice_rolled", "token_moved", "purchase_offered"]
    assert state.players == players_before and all(
        a is b for a, b in zip(state.players, players_before, strict=True))
    assert [p.cash for p in state.players] == cash_before and state.players[0].position == 0
    assert state.phase == "roll" and state.seq == 1


def test_a_decision_inside_a_decision_on_the_same_state_is_refused_as_a_programming_error() -> None:
    _, state, _ = position("classic", seed=3, steps=0)
    state.begin()
    try:
        with pytest.raises(RuntimeError):
            state.begin()
    finally:
        state.rollback()
    assert state.players[0].cash == 1500


@pytest.mark.parametrize("profile", PROFILES)
def test_first_accepted_is_the_first_listed_command_decide_accepts_outside_skip(
        profile: str) -> None:
    table, state, rng = position(profile, 11, 40)
    listed = random_command(table, state, rng)
    accepted = []
    for command in listed:
        try:
            decide(table, state, command)
        except BankerError:
            continue
        accepted.append(command)
    assert first_accepted(table, state, listed) == (accepted[0] if accepted else None)
    if accepted:
        skipped = accepted[0].type
        rest = [c for c in accepted if c.type != skipped]
        assert first_accepted(table, state, listed, skip=(skipped,)) == (
            rest[0] if rest else None)
    # Nothing the rules accept among the listed: None, and the state untouched.
    before = state.model_copy(deep=True)
    refused = [c for c in listed if c not in accepted]
    assert first_accepted(table, state, refused) is None
    assert state == before
