"""The clock as large as its space allows, in the table's colour states (amber at 5, red at 1, TIME)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QWidget

from app.table.views import ClockView
from ui.display.elided import ElidedLabel
from ui.display.fit import MIN_PX, fit_px
from ui.table import palette
from ui.table.clock_widget import level, state_words, time_text

# The time is sized for the widest it can read, so the digits keep their size as they count down
# (from 10:00 to 9:59 they would otherwise jump).
WIDEST = ("00:00", "TIME")
TIME_SHARE = 0.72  # of the face's height at most; the state words have the rest
MARGIN = 12


def clock_text(clock: ClockView | None) -> str:
    """What the big digits say: m:ss, TIME once time is up, a dash for an untimed game."""
    if clock is None:
        return "–:––"
    if level(clock) == "over":
        return "TIME"
    return time_text(clock.remaining_ms)


class ClockFace(QFrame):
    """The time left, huge, and under it whether the clock runs (paused and why, time called)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("displayClock")
        self.time = QLabel("–:––")
        self.time.setObjectName("displayClockTime")
        self.state = ElidedLabel()
        self.state.setObjectName("displayClockState")
        for label in (self.time, self.state):
            label.setParent(self)  # placed by resizeEvent: no layout to second-guess the sizes
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.level = ""
        self.time_px = MIN_PX
        self.state_px = MIN_PX
        self.show_clock(None)

    def show_clock(self, clock: ClockView | None) -> None:
        """Show `clock` (None: an untimed game)."""
        self.time.setText(clock_text(clock))
        self.state.set_full(state_words(clock))  # a long pause reason ends in "…"
        now = level(clock)
        if now != self.level:
            self.level = now
            self._style()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        width = self.width() - 2 * MARGIN
        height = self.height() - 2 * MARGIN
        bold = QFont(self.font())
        bold.setBold(True)
        self.time_px = min(fit_px(bold, text, round(width * 0.94), round(height * TIME_SHARE))
                           for text in WIDEST)
        self.state_px = max(MIN_PX, min(round(self.time_px * 0.2),
                                        round(height * (1 - TIME_SHARE) * 0.6)))
        self._style()
        # The digits and the words under them stand together in the middle of the face.
        bold.setPixelSize(self.time_px)
        time_height = QFontMetrics(bold).height()
        bold.setPixelSize(self.state_px)
        state_height = QFontMetrics(bold).height()
        top = max(0, (self.height() - time_height - state_height) // 2)
        self.time.setGeometry(MARGIN, top, self.width() - 2 * MARGIN, time_height)
        self.state.setGeometry(MARGIN, top + time_height, self.width() - 2 * MARGIN,
                               state_height)

    def _style(self) -> None:
        background, text = palette.CLOCK_LEVELS[self.level or "idle"]
        self.setStyleSheet(
            f"QFrame#displayClock {{ background: {background}; border: 3px solid #FFFFFF;"
            " border-radius: 16px; }"
            f"QLabel {{ color: {text}; background: transparent; border: none; }}"
            f"QLabel#displayClockTime {{ font-size: {self.time_px}px; font-weight: bold; }}"
            f"QLabel#displayClockState {{ font-size: {self.state_px}px; }}")
