"""An announcement across the display ("15 minutes left", TIME) that stays a few seconds."""

from __future__ import annotations

import html

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from ui.display.fit import MIN_PX
from ui.table import palette
from ui.table.clock_widget import announcement_words

SHOWN_MS = 8000  # long enough to be read by someone who looked up a moment late
TIME_SHOWN_MS = 20_000
HALL_SHOWN_MS = 20_000  # the head judge's announcement, the hall's pause: read by the whole table


# (background, text): blue while time is plenty (it must stand out from the white clock), then the
# clock's own amber and red. White on this blue is 5:1, black on the amber 9:1.
LEVELS = {"plenty": ("#0072B2", "#FFFFFF"), "warning": palette.CLOCK_LEVELS["warning"],
          "critical": palette.CLOCK_LEVELS["critical"]}


def banner_level(minutes: int | None) -> str:
    """The colours the banner wears: amber at 5 minutes, red at 1 and at TIME."""
    if minutes is None or minutes <= 1:
        return "critical"
    if minutes <= 5:
        return "warning"
    return "plenty"


class Banner(QLabel):
    """Lies over its parent's middle band; `announce` shows it, a timer hides it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("displayBanner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.level = "plenty"
        self.text_px = MIN_PX
        self.hide()

    def announce(self, minutes: int) -> None:
        """Call out `minutes` left."""
        self._say(announcement_words(minutes), banner_level(minutes), SHOWN_MS)

    def time_up(self) -> None:
        """Call TIME."""
        self._say("TIME", banner_level(None), TIME_SHOWN_MS)

    def hall(self, title: str, words: str, *, paused: bool) -> None:
        """Call out the hall's pause (red) or the head judge's announcement: the title large,
        the words (a sentence, not two words as a time call) a third of its size beneath."""
        small = max(MIN_PX, self.text_px // 3)
        self._say(f"{html.escape(title, quote=False)}<br><span style='font-size:{small}px'>"
                  f"{html.escape(words, quote=False)}</span>", "critical" if paused else "plenty",
                  HALL_SHOWN_MS)

    def place(self, band: QRect, text_px: int) -> None:
        """Lie over `band` of the parent, the text `text_px` pixels high."""
        self.setGeometry(band)
        self.text_px = text_px
        self._style()

    def _say(self, text: str, level: str, shown_ms: int) -> None:
        self.setText(text)
        self.level = level
        self._style()
        self.raise_()
        self.show()
        self.timer.start(shown_ms)

    def _style(self) -> None:
        background, text = LEVELS[self.level]
        self.setStyleSheet(
            f"QLabel#displayBanner {{ background: {background}; color: {text};"
            f" font-size: {self.text_px}px; font-weight: bold;"
            " border-top: 8px solid #FFFFFF; border-bottom: 8px solid #FFFFFF; }")
