"""The clock as large as its space allows, in the table's colour states (amber at 5, red at 1, TIME)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QWidget

from app.table.views import ClockView
from ui.display.big_time import BigTime
from ui.display.elided import ElidedLabel
from ui.display.fit import MIN_PX, fit_px
from ui.table import palette
from ui.table.clock_widget import level, state_words, time_text

# The time is sized for the widest it can read, so the digits keep their size as they count down
# (from 10:00 to 9:59 they would otherwise jump).
WIDEST = ("00:00", "TIME")
TIME_SHARE = 0.72  # of the face's height at most; the state words have the rest
MARGIN = 12
CORNER = 16 + 3  # the face's rounded corner and its border (the style sheet's), in pixels


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
        # The digits drawn from each character's kept picture (ui/display/big_time.py).
        self.time = BigTime(self)
        self.time.setObjectName("displayClockTime")
        self.time.setText("–:––")
        self.state = ElidedLabel()
        self.state.setObjectName("displayClockState")
        self.state.setParent(self)  # placed by resizeEvent: no layout to second-guess the sizes
        self.state.setAlignment(Qt.AlignmentFlag.AlignCenter)
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
        self._ground()
        self.state.setGeometry(MARGIN, top + time_height, self.width() - 2 * MARGIN,
                               state_height)

    def _style(self) -> None:
        background, text = palette.CLOCK_LEVELS[self.level or "idle"]
        self.setStyleSheet(
            f"QFrame#displayClock {{ background: {background}; border: 3px solid #FFFFFF;"
            " border-radius: 16px; }"
            f"QLabel {{ color: {text}; background: transparent; border: none; }}"
            f"QLabel#displayClockState {{ font-size: {self.state_px}px; }}")
        self.time.set_look(self.time_font(), QColor(text))
        self._ground()

    def _ground(self) -> None:
        """The digits' rectangle filled with the face's colour, so each second repaints the
        digits alone and not the face's rounded frame under them: only when the rectangle
        stays clear of the frame's rounded corners (a face too low for that: see-through)."""
        background, _ = palette.CLOCK_LEVELS[self.level or "idle"]
        clear = self.time.y() >= CORNER and self.time.geometry().bottom() < self.height() - CORNER
        self.time.set_ground(QColor(background) if clear else None)

    def time_font(self) -> QFont:
        """The digits' font: the face's family list, bold, `time_px` pixels."""
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPixelSize(self.time_px)
        return bold
