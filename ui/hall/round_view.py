"""The hall's round on the projector: the time left, huge (the table display's clock face), the
hall's pause as a red line while it holds, the head judge's latest announcement, each new one
called out on a banner across the screen, and the sounds at the profile's marks (15, 10, 5 and
1 minutes) and at time. It counts down between readings from the last one; what the time left
is, and which mark was passed, is models.tournament.hall_time's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from app.table.views import ClockView
from models.tournament.hall_time import MINUTE_MS, HallTime, Mark, mark_passed
from ui.display.banner import Banner
from ui.display.clock_face import ClockFace
from ui.hall.board import HallBoard
from ui.sounds import Sounds

__all__ = ["RoundView", "clock_view"]


def clock_view(clock: HallTime, left_ms: int) -> ClockView:
    """The hall's clock as the table display's face reads a clock."""
    phase = clock.phase_at(left_ms)
    passed = tuple(m for m in clock.marks if left_ms <= m * MINUTE_MS)
    # The pause's reason is on the red line beneath, whole: the face says only "paused".
    return ClockView(minutes=0, remaining_ms=left_ms, started=phase != "waiting",
                     paused=phase == "paused", pause_reason=None,
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
        self.line = QLabel()  # the pause (red) while it holds, else the announcement (blue)
        self.line.setObjectName("hallRound")
        self.line.setWordWrap(True)
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.line.hide()
        self.called: tuple[int | None, int | None] = (None, None)  # announcement, pause
        self.sounds = sounds
        steady = QElapsedTimer()
        steady.start()
        self.elapsed = elapsed or steady.elapsed
        self.clock: HallTime | None = None
        self.read_at = 0
        self.left: int | None = None  # the time left last shown
        self.sounded: set[Mark] = set()  # the marks of this round already sounded
        self.round_key: tuple[str | None, int | None] = (None, None)  # round, its start
        self.face.hide()

    def show(self, board: HallBoard) -> None:
        """A new reading: its round's pause and announcement, its clock from now on."""
        self._show_line(board)
        self.clock = board.clock
        self.read_at = self.elapsed()
        started = board.round.started if board.round is not None else None
        key = (board.round.round if board.round is not None else None,
               started.number if started is not None else None)
        if key != self.round_key:  # another round (the next stage's), or this one's start
            self.round_key = key
            self.sounded.clear()  # its marks are all to come
            self.left = None if self.clock is None or started is not None else self.clock.left_ms
        self.face.setVisible(self.clock is not None)
        self.tick()

    def _show_line(self, board: HallBoard) -> None:
        """The pause while it holds (red), else the latest announcement (blue); a new one
        called out on the banner across the screen."""
        found = board.round
        paused = found.paused if found is not None else None
        said = found.announcement if found is not None else None
        if paused is not None:
            text, level = f"HALL PAUSED: {paused.text}", "paused"
        elif said is not None:
            text, level = f"ANNOUNCEMENT {said.at.astimezone():%H:%M}: {said.text}", "said"
        else:
            text, level = "", "said"
        self.line.setText(text)
        if self.line.property("level") != level:
            self.line.setProperty("level", level)
            self.line.style().unpolish(self.line)
            self.line.style().polish(self.line)
        self.line.setVisible(bool(text))
        called = (said.number if said is not None else None,
                  paused.number if paused is not None else None)
        if paused is not None and called[1] != self.called[1]:
            self.banner.hall("HALL PAUSED", paused.text, paused=True)
        elif said is not None and paused is None and called[0] != self.called[0]:
            self.banner.hall("ANNOUNCEMENT", said.text, paused=False)
        self.called = called

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
