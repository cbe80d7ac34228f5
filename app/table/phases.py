"""The table's next step in its phases, as one prompt the window shows: start the clock, start
play after the pre-build, collect the claims still open in the last minute. The words name no
key: the window adds its own key for the step (ui/table/keymap.py STEP_KEYS)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from models.board import Street
from models.clock import MINUTE_MS, remaining_ms, running
from models.engine import Table
from models.events import BANK
from models.state import GameState


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the table must do next, in words; `action` is the id of the action that does it
    (None when several do); `holds_roll`: a roll typed now is not recorded but answered with
    `text`, since play waits for this step; `urgent`: something is lost if it is not done."""

    text: str
    action: str | None
    holds_roll: bool = False
    urgent: bool = False


def prompt(table: Table, state: GameState, now: datetime) -> Prompt | None:
    """The next step of the game's phases at `now`, if the table has one to take."""
    if state.locked or state.ended is not None:
        return None
    return _setting_up(table, state) or _clock(state) or _last_minute(table, state, now)


def _setting_up(table: Table, state: GameState) -> Prompt | None:
    """PX 3.4–3.9 and 5.1: the deal, the pre-build, then play starts when the banker says so."""
    if state.phase == "deal":
        return Prompt("Setting up (PX 3.4): record the deal of the deeds; rolls wait until "
                      "play starts.", "deal_hands", holds_roll=True)
    if state.phase != "prebuild":
        return None
    waiting = [p.name for p in state.players if p.name not in state.prebuilt and any(
        isinstance(table.board.deed(d.space), Street) for d in state.owned_by(p.name))]
    if waiting:
        return Prompt(f"Pre-build (PX 3.6): {', '.join(waiting)} still to choose; then start "
                      "play. Rolls wait until play starts.",
                      "start_play", holds_roll=True)
    return Prompt(f"Pre-build done: with the deeds face up and the tokens on GO (PX 5.1), start "
                  f"play, then {state.current}'s roll.", "start_play",
                  holds_roll=True)


def _clock(state: GameState) -> Prompt | None:
    """A timed game's clock starts before the first roll: its minutes are the game's."""
    clock = state.clock
    if clock is None or clock.started_at is not None:
        return None
    return Prompt(f"Start the clock ({clock.minutes} minutes) before {state.current}'s roll; "
                  "rolls wait for it.", "start_clock",
                  holds_roll=True)


def _last_minute(table: Table, state: GameState, now: datetime) -> Prompt | None:
    """Rent claims still open in the last minute: at time up they are lost."""
    clock = state.clock
    if clock is None or not running(state) or not state.claims:
        return None
    left = remaining_ms(clock, now)
    if left > MINUTE_MS:
        return None
    owed = "; ".join(f"claim {c.claim}: {c.payer} owes "
                     f"{'the Bank' if c.owner == BANK else c.owner} M{c.amount:,} rent for "
                     f"{table.board.space(c.space).name}" for c in state.claims)
    first = state.claims[0].claim
    return Prompt(f"Last minute: rent still open ({owed}). Collect it now: at time up an open "
                  "claim is lost.", f"collect:{first}" if len(state.claims) == 1 else None,
                  urgent=True)
