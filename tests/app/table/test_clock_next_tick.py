"""The window's clock sleeps until its next change (issue 31): `next_tick`'s wait lands on the very
millisecond the shown second changes and each mark (15/10/5/1 minutes left, zero) falls due,
and says None while the clock stands still; the tick that asks "is anything due?" without the
rules' decision answers as the decision does, a millisecond either side of every mark."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from app.table import clock as table_clock
from app.table.judges import judges_field
from app.table.service import TableGame
from models.clock import remaining_ms
from models.commands import ClockTick
from models.engine import decide
from tests.app.table.test_clock_restart import NEW_GAME, FakeClock, T, submit

MINUTE_MS = 60_000
JUDGE = ("Lee", "246813")


def _game(tmp_path: Path, *, judge: bool = False) -> TableGame:
    """An SG game (60 minutes; marks at 15, 10, 5 and 1 left), its clock started at T (with a
    judge signed in: a pause is theirs)."""
    now = FakeClock(T)
    made = TableGame.open(str(tmp_path / "sg.db"), now=now)
    submit(made, **NEW_GAME, **({"judges": judges_field([JUDGE])} if judge else {}))
    if judge:
        made.sign_in_judge(*JUDGE)
    submit(made, type="start_clock")
    return made


def _wait(game: TableGame, at: datetime) -> int | None:
    """How long from `at` the window sleeps before its next tick (None: no tick at all)."""
    found = table_clock.next_tick(game, at)
    return None if found is None else found.wait_ms


def _decided(game: TableGame, at_ms: int) -> bool:
    """Whether the rules' own decision finds nothing due at T + `at_ms`."""
    assert game.table is not None and game.state is not None
    return not decide(game.table, game.state, ClockTick(type="clock_tick",
                                                         at=T + timedelta(milliseconds=at_ms)))


def test_the_wait_lands_on_each_change_of_the_shown_second_and_each_mark(tmp_path: Path
                                                                         ) -> None:
    game = _game(tmp_path)
    now = game.now
    assert isinstance(now, FakeClock)
    at = now.set(0, 0, 250)  # 59:59.750 left: shown 60:00 (rounded up) for 750 ms more
    assert _wait(game, at) == 750
    at = now.set(0, 1)  # 59:59.000 left, shown 59:59: the next change is a second away
    assert _wait(game, at) == 1000
    for mark in (15, 10, 5, 1):
        due_ms = (60 - mark) * MINUTE_MS
        before = now.set(0, ms=due_ms - 1)
        assert _wait(game, before) == 1  # the mark's millisecond
        assert table_clock.nothing_due(game, before) and _decided(game, due_ms - 1)
        on = now.set(0, ms=due_ms)
        assert not table_clock.nothing_due(game, on) and not _decided(game, due_ms)
        assert _wait(game, on) == 0
        assert [e.type for e in game.tick()] == ["announcement_made"]
        assert _wait(game, on) == 1000  # next: the shown second's change
        after = now.set(0, ms=due_ms + 1)
        assert table_clock.nothing_due(game, after) and _decided(game, due_ms + 1)
    end = now.set(59, 59, 999)
    assert _wait(game, end) == 1
    assert table_clock.nothing_due(game, end) and _decided(game, 60 * MINUTE_MS - 1)
    zero = now.set(60)
    assert _wait(game, zero) == 0 and not table_clock.nothing_due(game, zero)
    assert "time_called" in [e.type for e in game.tick()]
    assert _wait(game, now.set(61)) is None  # time called: nothing to show


def test_a_clock_standing_still_needs_no_tick_and_an_away_player_one_a_second(
        tmp_path: Path) -> None:
    game = _game(tmp_path, judge=True)
    now = game.now
    assert isinstance(now, FakeClock)
    now.set(10)
    submit(game, type="pause_clock", reason="spilt drink")
    assert _wait(game, now.set(12)) is None
    assert table_clock.nothing_due(game, now.set(12)) and _decided(game, 12 * MINUTE_MS)
    now.set(13)
    submit(game, type="resume_clock")
    assert _wait(game, now.set(14, 0, 400)) == 600
    submit(game, type="toilet_break", player="Ann")
    assert _wait(game, now.set(15)) == table_clock.BREAK_TICK_MS


def _entries(game: TableGame) -> list[tuple[str, str, object]]:
    return [(e.type, e.recorded_at.isoformat(), e.payload) for e in game.events()]


def test_ticks_before_the_next_mark_decide_nothing_yet_record_what_every_decision_does(
        tmp_path: Path) -> None:
    # Two SG games, started at T: the window's ticks on the first (at each wait the service
    # gives, and late, as after a laptop's sleep of 2.5 s, 61 s and 7 minutes), and on the
    # second the rules asked at every one of the same moments (nothing kept between ticks).
    # The marks (15, 10, 5, 1 minutes left, 45, 50, 55 and 59 minutes in) and the time call
    # at 60 minutes are recorded at the same moments in both.
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    window, asked = _game(tmp_path / "a"), _game(tmp_path / "b")
    now_a, now_b = window.now, asked.now
    assert isinstance(now_a, FakeClock) and isinstance(now_b, FakeClock)
    # Asleep (the ticks late) from 10:00 in for 2.5 s, from 30:00 for 61 s, from 40:00 for 7 min.
    # The window ticks as ui/table/session.py does: `quiet_tick` first, which answers a tick
    # that can record nothing (the time left, the next wait) without the rules; else `tick`,
    # then `next_tick_ms`. Its answers are checked against the clock's own arithmetic.
    at_ms, late = 0, {10 * MINUTE_MS: 2_500, 30 * MINUTE_MS: 61_000, 40 * MINUTE_MS: 420_000}
    wait, quiet_ticks, ticks = window.next_tick_ms(), 0, 0
    for _ in range(4_000):
        if wait is None:
            break
        at_ms += late.pop(at_ms, wait)
        at = now_a.set(0, ms=at_ms)
        now_b.set(0, ms=at_ms)
        ticks += 1
        quiet = window.quiet_tick()
        if quiet is not None:
            quiet_ticks += 1
            assert window.state is not None and window.state.clock is not None
            assert quiet == (remaining_ms(window.state.clock, at), _wait(window, at))
            assert table_clock.nothing_due(window, at) and _decided(window, at_ms)
            wait = quiet[1]
        else:
            window.tick()
            wait = window.next_tick_ms()
        asked._quiet = None  # the rules asked at this tick, whatever was found before
        asked.tick()
    assert _entries(window) == _entries(asked)
    assert not late  # every sleep taken
    # 3,600 s of play, a tick a second, less what the sleeps skipped: 10:00 to 10:02.5 in one
    # tick and on to 10:03 in another (1 fewer), 61 s in one (60 fewer), 7 minutes in one
    # (419 fewer): 3,120 ticks. Only the five that record something ask the rules: the 15's
    # mark at the wake past it (47:00 in), the 10's, 5's and 1's on time, and the time call.
    assert ticks == 3_120 and ticks - quiet_ticks == 5
    marks = [(e.type, e.payload.get("minutes_left")) for e in window.events()
             if e.type in ("announcement_made", "time_called")]
    assert marks == [("announcement_made", 15), ("announcement_made", 10),
                     ("announcement_made", 5), ("announcement_made", 1), ("time_called", None)]
    # 7 minutes asleep from 40:00 in: the 15's mark (45:00 in) recorded at the wake, 47:00 in.
    fifteen = next(e for e in window.events() if e.type == "announcement_made")
    assert fifteen.recorded_at == T + timedelta(minutes=47)


def test_an_entry_after_the_wait_was_given_has_the_next_tick_decide(tmp_path: Path) -> None:
    # RULES.md: a toilet break pauses play at most 5 minutes for that player, then their turn
    # is skipped. The wait is given at 10:00 in (the next mark, 15 left, 35 minutes away); Ann
    # (to play) then leaves, recorded without the wait asked again; 5 minutes later the tick
    # skips her turn, as the rules decide, not kept quiet by the mark 30 minutes away.
    game = _game(tmp_path)
    now = game.now
    assert isinstance(now, FakeClock)
    now.set(10)
    assert game.next_tick_ms() == 1000
    submit(game, type="toilet_break", player="Ann")
    now.set(15, 0, 1)
    assert [e.type for e in game.tick()] == ["turn_skipped", "turn_passed"]
