"""The clock shows time left, its state and the last announcement, and changes colour near the end."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from app.table.view_build import table_view
from tests.app.recorded_games import SetClock, line_of, play, record
from ui.table.clock_widget import ClockWidget, time_text

SG = "sg-final-position.jsonl"


def clock_at(qtbot, tmp_path: Path, before: str, now: str) -> ClockWidget:
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, before))
    clock.set(datetime.fromisoformat(now).astimezone(UTC))
    shown = ClockWidget()
    qtbot.addWidget(shown)
    shown.show(table_view(game))
    return shown


def test_with_4_59_left_the_clock_turns_amber_and_says_the_last_announcement(qtbot, tmp_path) -> None:
    # 45 minutes from 10:00; at 10:40:01, 4:59 is left. The ticks at 10:30 and 10:35 called 15 and
    # 10 minutes; the 5-minute mark is called by the next tick, not by the widget.
    shown = clock_at(qtbot, tmp_path, '"clock_tick", "at": "2026-11-21T10:40', "2026-11-21T10:40:01Z")
    assert shown.time.text() == "4:59"
    assert shown.level == "warning"
    assert shown.state.text() == "running"
    assert shown.announcement.text() == "10 minutes left"


def test_in_the_last_minute_the_clock_is_red(qtbot, tmp_path: Path) -> None:
    # At 10:44:30, 0:30 is left; the 10:44 tick has called the 1-minute mark.
    shown = clock_at(qtbot, tmp_path, '"clock_tick", "at": "2026-11-21T10:45', "2026-11-21T10:44:30Z")
    assert (shown.time.text(), shown.level) == ("0:30", "critical")
    assert shown.announcement.text() == "1 minute left"


def test_at_zero_the_clock_says_time(qtbot, tmp_path: Path) -> None:
    # The last tick, at 10:45:05, called time.
    game = record(tmp_path / "t.db", SG)
    shown = ClockWidget()
    qtbot.addWidget(shown)
    shown.show(table_view(game))
    assert (shown.time.text(), shown.level) == ("TIME", "over")
    assert shown.state.text() == "time called"
    assert shown.announcement.isHidden()  # not "1 minute left" under TIME


def test_a_paused_clock_says_why(qtbot, tmp_path: Path) -> None:
    # Paused at 10:00:30 by the judge: 44:30 stays on the clock.
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, '"roll"'))
    play(game, clock, type="pause_clock", reason="fire alarm", at="2026-11-21T10:00:30Z")
    clock.set(datetime(2026, 11, 21, 10, 9, tzinfo=UTC))
    shown = ClockWidget()
    qtbot.addWidget(shown)
    shown.show(table_view(game))
    assert shown.time.text() == "44:30"
    assert shown.state.text() == "paused: fire alarm"
    assert shown.level == "normal" and shown.announcement.isHidden()


def test_time_left_is_rounded_up_to_the_second() -> None:
    # 299,001 ms is more than 4:59: shown as 5:00; 1 ms left is 0:01, never 0:00.
    assert time_text(299_001) == "5:00"
    assert time_text(299_000) == "4:59"
    assert time_text(1) == "0:01"
    assert time_text(0) == "0:00"
