"""The hall's round on the projector: the time left, huge (the table display's clock face), the
hall's pause as a red line while it holds, the head judge's latest announcement, each new one
called out on a banner across the screen, and the sounds at the profile's marks (15, 10, 5 and
1 minutes) and at time. It counts down between readings from the last one; what the time left
is, and which mark was passed, is models.tournament.hall_time's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer
from PySide6.QtWidgets import QWidget

from app.table.views import ClockView
from models.tournament.hall_time import MINUTE_MS, HallTime, Mark, mark_passed
from ui.display.banner import Banner
from ui.display.clock_face import ClockFace
from ui.display.hall_line import HallLine
from ui.hall.board import HallBoard
from ui.sounds import Sounds
from ui.table.hall_follow import HallNotice

__all__ = ["RoundView", "clock_view"]


def clock_view(clock: HallTime, left_ms: int) -> ClockView:
    """The hall's clock as the table display's face reads a clock."""
    phase = clock.phase_at(left_ms)
    passed = tuple(m for m in clock.marks if left_ms <= m * MINUTE_MS)
    return ClockView(minutes=0, remaining_ms=left_ms, started=phase != "waiting",
                     paused=phase == "paused", pause_reason=clock.pause,
                     announced=passed if phase != "waiting" else (),
                     time_called=phase == "time", final_round=False)


class RoundView:
    """The round's widgets in the hall window (`face`, `line` placed by the window; `banner`
    over the window) and their clock: `show` a reading, `tick` between readings.
    `elapsed` gives milliseconds on a steady clock (a test's own, else Qt's)."""

    def __init__(self, window: QWidget, sounds: Sounds,
                 elapsed: Callable[[], int] | None = None) -> None:
        self.face = ClockFace()
        self.banner = Banner(window)
        self.line = HallLine(self.banner)
        self.line.setObjectName("hallRound")
        self.sounds = sounds
        steady = QElapsedTimer()
        steady.start()
        self.elapsed = elapsed or steady.elapsed
        self.clock: HallTime | None = None
        self.read_at = 0
        self.left: int | None = None  # the time left last shown
        self.sounded: set[Mark] = set()  # the marks of this round already sounded
        self.face.hide()

    def show(self, board: HallBoard) -> None:
        """A new reading: its round's pause and announcement, its clock from now on."""
        if board.round is not None:
            self.line.show_notice(HallNotice(board.round))
        else:
            self.line.hide()
        self.clock = board.clock
        self.read_at = self.elapsed()
        if self.clock is None or self.clock.phase == "waiting":
            self.sounded.clear()  # a round not started yet: its marks are all to come
            self.left = None if self.clock is None else self.clock.left_ms
        self.face.setVisible(self.clock is not None)
        self.tick()

    def tick(self) -> Mark | None:
        """Show the time left now (counting down from the last reading while the round runs)
        and sound the mark passed since the last look, once a round; returns it."""
        if self.clock is None:
            return None
        left = self.clock.left_after(self.elapsed() - self.read_at)
        self.face.show_clock(clock_view(self.clock, left))
        mark = mark_passed(self.left, left, self.clock.marks)
        self.left = left
        if mark is None or mark in self.sounded:
            return None
        self.sounded.add(mark)
        self.sounds.play(mark)
        if mark == "time":
            self.banner.time_up()
        else:
            self.banner.announce(mark)
        return mark
