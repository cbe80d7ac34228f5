"""The game clock, large: time left, running or paused (and why), the last announcement, TIME at zero."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from app.table.views import ClockView, TableView
from ui import scale
from ui.table import palette

WARNING_MS = 5 * 60_000
CRITICAL_MS = 60_000


def time_text(remaining_ms: int) -> str:
    """Time left as m:ss, rounded up to the second, so 0:00 shows only when no time is left."""
    seconds = (remaining_ms + 999) // 1000
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes}:{seconds:02d}"


def level(clock: ClockView | None) -> str:
    """The clock's colour level: idle, normal, warning (5 minutes or less), critical (1), over."""
    if clock is None or not clock.started:
        return "idle"
    if clock.time_called or clock.remaining_ms == 0:
        return "over"
    return _running_level(clock.remaining_ms)


def _running_level(remaining_ms: int) -> str:
    """The level of a running clock with time left."""
    if remaining_ms <= CRITICAL_MS:
        return "critical"
    if remaining_ms <= WARNING_MS:
        return "warning"
    return "normal"


def state_words(clock: ClockView | None) -> str:
    """Running, paused and why, not started, or time called."""
    if clock is None:
        return "untimed game"
    if not clock.started:
        return f"not started ({clock.minutes} minutes)"
    if clock.time_called:
        return "time called: play out the round" if clock.final_round else "time called"
    if clock.paused:
        return f"paused: {clock.pause_reason}" if clock.pause_reason else "paused"
    if clock.remaining_ms == 0:
        return "time is up"
    return "running"


def announcement_words(minutes: int | None) -> str:
    """The latest announcement as it is called out: "15 minutes left"."""
    if minutes is None:
        return ""
    return f"{minutes} minute{'s' if minutes != 1 else ''} left"


_SHAPE = str.maketrans("0123456789", "0000000000")
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's largest widget size


class SteadyHolder(QWidget):
    """Holds the time's label, which changes its words every second, so that a second costs the
    window as little as can be (issue 31: a table idle all day, its clock running):

    - the label's size is fixed to the holder's, so its new words lay out nothing (a QLabel's
      new text otherwise asks its parent for a new layout each time); the holder takes the
      label's size hints again only when the words change shape (another number of digits, TIME,
      no clock: `words`) or the label's font does (`refit`), and passes them to the layout;
    - the holder is opaque, filled with the clock's background (`fill`), so a second repaints
      the holder and the label alone, not the clock's frame and the window under them. It lies
      inside the frame's rounded border, where the frame's background is that one colour: the
      same pixels (tests/ui/test_clock_widget.py)."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self.setAutoFillBackground(True)
        self._colour = self.palette().color(QPalette.ColorRole.Window)
        self._shape = label.text().translate(_SHAPE)
        self._hints = (label.sizeHint(), label.minimumSizeHint())

    def fill(self, colour: str) -> None:
        """The clock's background under the label."""
        self._colour = QColor(colour)
        self._fill()

    def _fill(self) -> None:
        shade = self.palette()
        if shade.color(QPalette.ColorRole.Window) != self._colour:
            shade.setColor(QPalette.ColorRole.Window, self._colour)
            self.setPalette(shade)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        # A style sheet's polish puts back the palette it found (QStyleSheetStyle keeps each
        # widget's): the clock's background is set again after it.
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._fill()

    def words(self, text: str) -> None:
        """Show `text`; the layout is asked again only when its shape changed."""
        self.label.setText(text)
        shape = text.translate(_SHAPE)
        if shape != self._shape:
            self._shape = shape
            self.refit()

    def refit(self) -> None:
        """The label's size hints taken again (its words' shape or its font changed), as the
        label would have them unfixed (a QLabel's hints are bounded by its own limits)."""
        label = self.label
        label.setMinimumSize(0, 0)
        label.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
        hints = (label.sizeHint(), label.minimumSizeHint())
        label.setFixedSize(self.size())
        if hints != self._hints:
            self._hints = hints
            self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self._hints[0]

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self._hints[1]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.label.setFixedSize(self.size())  # (a fixed size: setText asks no layout)


class ClockWidget(QFrame):
    """Shows the clock of a TableView; it counts nothing itself (the window's session ticks)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clock")
        self.setAccessibleName("Game clock")
        self.time = QLabel("–:––")
        self.time.setObjectName("clockTime")
        self.time.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state = QLabel()
        self.state.setObjectName("clockState")
        self.state.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state.setWordWrap(True)
        self.announcement = QLabel()
        self.announcement.setObjectName("clockAnnouncement")
        self.announcement.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 6)
        layout.setSpacing(0)
        self.holder = SteadyHolder(self.time)  # its new second repaints it alone
        layout.addWidget(self.holder)
        layout.addWidget(self.state)
        layout.addWidget(self.announcement)
        self.level = ""
        self.base_pt = scale.BASE_PT
        self._rest = ""  # the state and the announcement, as said after the time
        self._running = False  # the state shown says "running"
        self._apply("idle")

    def show(self, view: TableView | None = None) -> None:  # type: ignore[override]
        """Show the clock of `view` (without a view: QWidget.show)."""
        if view is None:
            super().show()
            return
        self.show_clock(view.clock)

    def show_clock(self, clock: ClockView | None) -> None:
        """Show `clock` (None for an untimed game)."""
        now = level(clock)
        if clock is None:
            time = "–:––"
        elif now == "over":
            time = "TIME"
        else:
            time = time_text(clock.remaining_ms)
        self.holder.words(time)
        words = state_words(clock)
        self._running = words == "running"
        self.state.setText(words)
        # Under TIME the last mark ("1 minute left") would contradict it: nothing is shown.
        self.announcement.setText(announcement_words(
            clock.current_announcement if clock and now != "over" else None))
        self.announcement.setVisible(bool(self.announcement.text()))
        self._rest = "".join(f", {t}" for t in (self.state.text(), self.announcement.text())
                             if t)
        self._describe(time)
        if now != self.level:
            self._apply(now)

    def show_left(self, clock: ClockView, remaining_ms: int) -> None:
        """The running clock's time left now (the window's tick, every second): only the time's
        words change, unless its level or its state's words do (then `show_clock`)."""
        if (clock.started and not clock.paused and not clock.time_called
                and remaining_ms > 0 and _running_level(remaining_ms) == self.level
                and self._running):
            text = time_text(remaining_ms)
            self.holder.words(text)
            self._describe(text)
            return
        self.show_clock(replace(clock, remaining_ms=remaining_ms))

    def _describe(self, time: str) -> None:
        # Read as one: "Game clock: 14:32, running, 15 minutes left" (the marks themselves are
        # announced by the window's message line as they are called).
        said = time + self._rest
        self.setAccessibleDescription(said.replace("–:––", "no clock"))

    def set_base_pt(self, base: int) -> None:
        """Text sizes relative to the window's base size (Ctrl+plus, Ctrl+minus)."""
        if base != self.base_pt:
            self.base_pt = base
            self._apply(self.level)

    def _apply(self, name: str) -> None:
        self.level = name
        background, text = palette.CLOCK_LEVELS[name]
        base = self.base_pt
        self.setStyleSheet(
            f"QFrame#clock {{ background: {background}; border: 2px solid #333333;"
            " border-radius: 8px; }"
            f"QLabel {{ color: {text}; background: transparent; border: none; }}"
            f"QLabel#clockTime {{ font-size: {scale.pt(base, 3.2)}pt; font-weight: bold; }}"
            f"QLabel#clockState {{ font-size: {scale.pt(base, 1.1)}pt; }}"
            f"QLabel#clockAnnouncement {{ font-size: {scale.pt(base, 1.25)}pt;"
            " font-weight: bold; }")
        self.holder.fill(background)
        self.holder.refit()  # the time's font as the sheet has it now
