"""The game clock: time left is computed from the clock's events and the command's wall time."""

from __future__ import annotations

from datetime import datetime, timedelta

from models import events as ev
from models.commands import (
    ClockTick,
    PauseClock,
    ResumeClock,
    SetGameLength,
    StartClock,
    WithdrawTimeCall,
)
from models.errors import BadInput
from models.officials import skip_if_away
from models.state import Clock, GameState
from models.table import Scratch
from models.turn import end_for_time

MINUTE_MS = 60_000


def elapsed_ms(clock: Clock, now: datetime) -> int:
    """Milliseconds of play so far: wall time since the start, less the pauses."""
    if clock.started_at is None:
        return 0
    if clock.called_at is not None:
        return clock.minutes * MINUTE_MS
    end = clock.paused_at or now
    return max(0, (end - clock.started_at) // timedelta(milliseconds=1) - clock.paused_ms)


def remaining_ms(clock: Clock, now: datetime) -> int:
    """Milliseconds of play left (never below zero)."""
    return max(0, clock.minutes * MINUTE_MS - elapsed_ms(clock, now))


def running(state: GameState) -> bool:
    """Whether the clock has started and time has not been called."""
    clock = state.clock
    return clock is not None and clock.started_at is not None and clock.called_at is None


def time_is_up(state: GameState, now: datetime | None) -> bool:
    """Whether the clock has reached zero at `now` (called or not yet recorded)."""
    clock = state.clock
    if clock is None or clock.started_at is None:
        return False
    if clock.called_at is not None:
        return True
    return now is not None and remaining_ms(clock, now) == 0



def next_mark_ms(clock: Clock, marks: list[int], now: datetime) -> int | None:
    """Milliseconds from `now` until a clock tick may record one of `clock`'s own entries (an
    announcement of `marks`, the time call), as `clock_tick` decides them: 0 when one is due
    now, None when none can fall due without another entry first (the clock not started, time
    called, or paused with nothing due). Time left only falls, so nothing is due before."""
    if clock.started_at is None or clock.called_at is not None:
        return None
    left = remaining_ms(clock, now)
    pending = [left - mark * MINUTE_MS for mark in marks
               if mark not in clock.announced and mark not in clock.passed
               and mark * MINUTE_MS < clock.minutes * MINUTE_MS]
    soonest = max(0, min([left, *pending]))
    if clock.paused_at is not None and soonest > 0:
        return None  # time left stands still while paused
    return soonest


def start_clock(t: Scratch, cmd: StartClock) -> None:
    """Start the clock for the game's length; with `round`, as the hall's round (from `since`,
    the round's start, when given)."""
    clock = t.state.clock
    if clock is None:
        t.refuse("time", "this game has no clock; the judge may set a game length first")
    if clock.started_at is not None:
        t.refuse("time", "the clock is already started")
    _hall_entry(t, clock, cmd.round, cmd.hall_entry)
    now = t.wall_time()
    if cmd.since is not None and cmd.round is None:
        raise BadInput("`since` is when the hall's round started: give its `round` too")
    if cmd.since is not None and cmd.since > now:
        raise BadInput(f"the round cannot have started ({cmd.since.isoformat()}) after this "
                       f"entry ({now.isoformat()})")
    t.emit(ev.ClockStarted(minutes=clock.minutes, at=cmd.since or now, round=cmd.round,
                           hall_entry=cmd.hall_entry))


def _hall_entry(t: Scratch, clock: Clock, round_: str | None, entry: int | None) -> None:
    """A hall's entry is followed once, and only as part of a round."""
    if entry is None:
        return
    if round_ is None:
        raise BadInput("`hall_entry` is the number of the hall's entry: give its `round` too")
    if entry <= clock.hall_entry:
        t.refuse("time", f"the hall's entry {entry} is followed already (this table has "
                 f"followed the hall up to its entry {clock.hall_entry})")


def pause_clock(t: Scratch, cmd: PauseClock) -> None:
    """Stop the clock; its time does not run until it is resumed."""
    if not running(t.state) or (t.state.clock and t.state.clock.paused_at):
        t.refuse("time", "the clock is not running")
    assert t.state.clock is not None
    clock = t.state.clock
    _hall_entry(t, clock, cmd.round, cmd.hall_entry)
    at = _since(cmd.since, cmd.round, clock.started_at, t.wall_time(), "paused")
    t.emit(ev.ClockPaused(at=at, reason=cmd.reason, round=cmd.round,
                          hall_entry=cmd.hall_entry))


def _since(since: datetime | None, round_: str | None, earliest: datetime | None,
           now: datetime, what: str) -> datetime:
    """The time a hall's pause or resume is recorded at: `since` (the hall's own time, for a
    table that missed it), never before `earliest` (the clock's start, the pause) nor after
    now; else now. Raises BadInput."""
    if since is None:
        return now
    if round_ is None:
        raise BadInput(f"`since` is when the hall {what}: give its `round` too")
    if since > now or (earliest is not None and since < earliest):
        raise BadInput(f"the hall cannot have {what} at {since.isoformat()}: that is outside "
                       "this clock's run so far")
    return since


def resume_clock(t: Scratch, cmd: ResumeClock) -> None:
    """Let the clock run again. The hall's resume ends only the hall's pause of its round (a
    pause this table's judge made is theirs to end); the judge may end either (the head judge
    may be out of reach: the hall's later resume then finds the clock running)."""
    clock = t.state.clock
    if clock is None or clock.paused_at is None:
        t.refuse("time", "the clock is not paused")
    if cmd.round is not None and clock.paused_round != cmd.round:
        t.refuse("time", "the clock was paused at this table, not by the hall: the table's "
                 "judge resumes it")
    _hall_entry(t, clock, cmd.round, cmd.hall_entry)
    if t.wall_time() < clock.paused_at:
        raise BadInput("the clock cannot resume before it was paused")
    at = _since(cmd.since, cmd.round, clock.paused_at, t.wall_time(), "resumed")
    t.emit(ev.ClockResumed(at=at, round=cmd.round, hall_entry=cmd.hall_entry))


def set_game_length(t: Scratch, cmd: SetGameLength) -> None:
    """The judge changes this game's length (before or during play)."""
    clock = t.state.clock
    if clock is not None and clock.called_at is not None:
        t.refuse("time", "time has already been called")
    if (clock is not None and clock.started_at is not None and t.now is not None
            and cmd.minutes * MINUTE_MS <= elapsed_ms(clock, t.now)):
        t.refuse("time", f"{cmd.minutes} minutes have already been played")
    t.emit(ev.GameLengthSet(minutes=cmd.minutes, reason=cmd.reason))
    if clock is not None and clock.started_at is not None and t.now is not None:
        _pass_marks_behind(t, clock.model_copy(update={"minutes": cmd.minutes}), t.now)


def _pass_marks_behind(t: Scratch, clock: Clock, now: datetime) -> None:
    """The marks a new length has already put behind (more minutes than are left) are passed
    without a call: a call of "10 minutes left" with 6 left would be false, and the length's
    own entry tells the table the time left. A mark exactly at the time left is still called."""
    left = remaining_ms(clock, now)
    behind = [mark for mark in sorted(t.profile.announcement_minutes, reverse=True)
              if mark not in clock.announced and mark not in clock.passed
              and left < mark * MINUTE_MS < clock.minutes * MINUTE_MS]
    if behind:
        t.emit(ev.AnnouncementsPassed(marks=behind, at=now))


def withdraw_time_call(t: Scratch, cmd: WithdrawTimeCall) -> None:
    """The judge takes back a time call recorded wrongly; the clock runs on as if never called.
    Refused when time has genuinely run out at the command's time (give a new length)."""
    clock = t.state.clock
    if clock is None or clock.called_at is None:
        t.refuse("time", "time has not been called: there is no time call to withdraw")
    now = t.wall_time()
    minutes = cmd.minutes or clock.minutes
    left = remaining_ms(clock.model_copy(update={"called_at": None, "minutes": minutes}), now)
    if left == 0:
        t.refuse("time", f"time has genuinely run out (all {minutes} minutes have been played): "
                 "withdraw the call with a new game length (minutes) longer than the time played")
    s = t.state
    reopened = s.phase == "over" and (s.ended or "").startswith("time")
    not_due = [mark for mark in [*clock.announced, *clock.passed] if left > mark * MINUTE_MS]
    t.emit(ev.TimeCallWithdrawn(at=now, reason=cmd.reason, reopened=reopened,
                                announcements=not_due))
    if cmd.minutes is not None and cmd.minutes != clock.minutes:
        t.emit(ev.GameLengthSet(minutes=cmd.minutes, reason=cmd.reason))


def clock_tick(t: Scratch, cmd: ClockTick) -> None:
    """Record the announcements crossed and time called; skip the turn of a player away too long."""
    now = t.wall_time()
    s = t.state
    clock = s.clock
    if cmd.marks and clock is not None and running(s):
        left = remaining_ms(clock, now)
        for mark in sorted(t.profile.announcement_minutes, reverse=True):
            if (mark not in clock.announced and mark not in clock.passed
                    and left <= mark * MINUTE_MS < clock.minutes * MINUTE_MS):
                t.emit(ev.AnnouncementMade(minutes_left=mark, at=now))
        if left == 0:
            t.emit(ev.TimeCalled(at=now, play_out_round=t.profile.time_up == "equal_turns"))
            end_for_time(t)
    if cmd.skips:
        skip_if_away(t)
