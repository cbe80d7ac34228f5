"""The clock shows time left, its state and the last announcement, and changes colour near the end."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel

from app.table.view_build import table_view
from tests.app.recorded_games import SetClock, line_of, play, record
from ui.table.clock_widget import ClockWidget, time_text

SG = "sg-final-position.jsonl"
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


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


def clock_running(qtbot, tmp_path: Path) -> tuple[ClockWidget, object]:
    """The SG game's clock running at 10:20:00.5 (45 minutes from 10:00: 25:00 left)."""
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock, before_line=line_of(SG, '"roll"'))
    clock.set(datetime(2026, 11, 21, 10, 20, 0, 500_000, tzinfo=UTC))
    view = table_view(game)
    shown = ClockWidget()
    qtbot.addWidget(shown)
    shown.resize(320, 200)
    shown.show(view)
    shown.show()
    qtbot.waitExposed(shown)
    return shown, view.clock


def test_the_time_painted_on_its_own_is_the_frame_painted_whole(qtbot, tmp_path: Path) -> None:
    # The time's holder paints the clock's background itself (a second repaints it and the label
    # alone): at every level and two text sizes, the same pixels as the frame painting it.
    shown, clock = clock_running(qtbot, tmp_path)
    for base in (12, 20):
        shown.set_base_pt(base)
        for left in (1_500_000, 299_000, 59_000, 0):  # normal, warning, critical, over
            shown.show_left(clock, left)
            opaque = shown.grab().toImage()
            shown.holder.setAutoFillBackground(False)  # the frame's own background under it
            whole = shown.grab().toImage()
            shown.holder.setAutoFillBackground(True)
            assert opaque == whole, (base, left, shown.level)
    assert shown.level == "over"


def natural(label: QLabel) -> QSize:
    """The size a label of the same words and font asks for, unconstrained."""
    twin = QLabel(label.text())
    twin.setFont(label.font())
    twin.setAlignment(label.alignment())
    return twin.sizeHint()


def test_a_new_second_asks_no_layout_until_the_words_change_shape(qtbot, tmp_path: Path) -> None:
    # 25:00 then 24:59, 24:58: the same shape (two digits, a colon, two digits): the label's
    # new words post no LayoutRequest and the holder's size hint stands. 9:59 (one digit fewer)
    # and a larger text size take the label's own hints again.
    from PySide6.QtCore import QEvent, QObject  # noqa: PLC0415

    shown, clock = clock_running(qtbot, tmp_path)

    class Requests(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.LayoutRequest:
                Requests.count += 1
            return False

    requests = Requests()
    qtbot.wait(1)  # what showing it posted, delivered
    for widget in (shown.holder, shown):
        widget.installEventFilter(requests)
    hint = shown.holder.sizeHint()
    for left in (1_500_000, 1_499_000, 1_498_000):
        shown.show_left(clock, left)
        qtbot.wait(1)  # posted events delivered
    assert shown.time.text() == "24:58"
    assert Requests.count == 0
    assert shown.holder.sizeHint() == hint == natural(shown.time)
    shown.show_left(clock, 599_000)
    assert shown.time.text() == "9:59"
    assert shown.holder.sizeHint() == natural(shown.time)
    assert shown.holder.sizeHint().width() < hint.width()
    shown.set_base_pt(24)
    assert shown.holder.sizeHint() == natural(shown.time)
    assert shown.holder.sizeHint().height() > hint.height()
    assert shown.accessibleDescription() == "9:59, running"


def test_a_tick_that_changes_the_level_shows_the_whole_clock(qtbot, tmp_path: Path) -> None:
    # 5:01 left is normal (white); at 5:00 (300,000 ms) the clock turns amber (warning); at
    # 1:00 red (critical); at 0 "time is up" under TIME (the time call is the tick's entry).
    shown, clock = clock_running(qtbot, tmp_path)
    shown.show_left(clock, 301_000)
    assert (shown.time.text(), shown.level) == ("5:01", "normal")
    shown.show_left(clock, 300_000)
    assert (shown.time.text(), shown.level) == ("5:00", "warning")
    shown.show_left(clock, 60_000)
    assert (shown.time.text(), shown.level) == ("1:00", "critical")
    shown.show_left(clock, 0)
    assert (shown.time.text(), shown.level, shown.state.text()) == ("TIME", "over", "time is up")
