"""The clock's own entries: the announcements, the time call and the skipped turns a tick records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from app.ledger import Actor, StoredEvent
from models.clock import next_mark_ms, remaining_ms
from models.commands import ClockTick
from models.engine import decide
from models.errors import BankerError

if TYPE_CHECKING:
    from app.table.service import TableGame

CLOCK = Actor(role="clock", name="clock")


def record_due(game: TableGame, at: datetime) -> list[StoredEvent]:
    """Record what the clock says at `at`, if anything: the marks (announcements, time) and a
    skipped turn are separate entries, since a rewind takes back the skip (it is play) but never
    the time (RULES.md: the clock keeps running)."""
    written: list[StoredEvent] = []
    if game.state is not None and game.state.clock is None and not game.state.breaks:
        return written  # no clock to announce or call time, nobody away to skip
    if nothing_due(game, at):
        return written
    for tick in (ClockTick(type="clock_tick", at=at, skips=False),
                 ClockTick(type="clock_tick", at=at, marks=False)):
        if game.state is None or game.table is None or game.state.locked:
            break
        try:
            events = decide(game.table, game.state, tick)
        except BankerError:
            continue
        if events:
            written += game.record_events(tick, events, CLOCK, at.astimezone(UTC), None)
    return written


def nothing_due(game: TableGame, at: datetime) -> bool:
    """Whether a tick at `at` would record nothing, asked with one decision instead of one per
    kind of tick: when a tick of both kinds brings nothing, neither alone does (the marks come
    first, and bringing nothing they leave the state as it was for the skips)."""
    if game.state is None or game.table is None or game.state.locked:
        return True
    state = game.state
    if not state.breaks:  # no skip can be due: only the clock's marks, known without deciding
        if state.clock is None:
            return True
        ahead = next_mark_ms(state.clock, game.table.profile.announcement_minutes, at)
        if ahead is None or ahead > 0:
            return True
    try:
        return not decide(game.table, state, ClockTick(type="clock_tick", at=at))
    except BankerError:
        return False  # each kind is tried on its own, as when something is due


BREAK_TICK_MS = 1000
"""While a player is away, a tick every second decides whether their turn is skipped."""


@dataclass(frozen=True)
class NextTick:
    """The window's next tick, `wait_ms` from now; and `quiet_until`, the first moment a tick
    can record anything (the next mark's), unless an entry changes the state first: None when
    any tick may (a player away: each second decides whether a turn is skipped)."""

    wait_ms: int
    quiet_until: datetime | None


def next_tick(game: TableGame, now: datetime) -> NextTick | None:
    """How long from `now` the window may sleep before its next tick: until the clock's shown
    second changes (m:ss, rounded up) or an announcement or the time call falls due, whichever
    is first; BREAK_TICK_MS while a player is away; None while nothing can change without an
    entry (no clock, not started, paused, time called). The marks fall on whole seconds of
    time left, so they fall on a change of the shown second and are recorded on time. Until
    the next mark's moment nothing is due (`nothing_due`: a mark `ahead` of a time is not due
    then), so the ticks before it need no decision (`TableGame.tick`)."""
    state = game.state
    if state is None or game.table is None:
        return None
    if state.breaks:
        return NextTick(BREAK_TICK_MS, None)
    clock = state.clock
    if clock is None:
        return None
    ahead = next_mark_ms(clock, game.table.profile.announcement_minutes, now)
    quiet = None if ahead is None else now + timedelta(milliseconds=ahead)
    if clock.started_at is None or clock.called_at is not None or clock.paused_at is not None:
        # The time shown stands still: only a mark due now.
        return None if ahead is None else NextTick(ahead, quiet)
    shown = until_shown_change_ms(remaining_ms(clock, now))
    return NextTick(shown if ahead is None else min(shown, ahead), quiet)


def until_shown_change_ms(left: int) -> int:
    """Milliseconds until the shown time (m:ss, rounded up) changes, with `left` ms of play
    left: 1 to 1000 (0 when none is left)."""
    return left - (left - 1) // 1000 * 1000 if left > 0 else 0

