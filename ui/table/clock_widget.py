"""The game clock, large: time left, running or paused (and why), the last announcement, TIME at zero."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
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
    if clock.remaining_ms <= CRITICAL_MS:
        return "critical"
    if clock.remaining_ms <= WARNING_MS:
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


class SteadyHolder(QWidget):
    """Holds a label that changes its words every second outside any layout, in the place the
    layout gives the holder: QLabel.setText asks its parent's layout to lay the whole window
    out again each time (about 0.3 ms a second, idle), while the holder passes the label's size
    hints on to the layout only when they change. The label is drawn exactly where the layout
    would have put it (the holder takes its hints and its size policy)."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._hints = (label.sizeHint(), label.minimumSizeHint())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self.label.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self.label.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.label.setGeometry(self.rect())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the label's words or font changed
            hints = (self.label.sizeHint(), self.label.minimumSizeHint())
            if hints != self._hints:
                self._hints = hints
                self.updateGeometry()
            return True
        return super().event(event)


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
        layout.addWidget(SteadyHolder(self.time))  # its new second repaints it alone
        layout.addWidget(self.state)
        layout.addWidget(self.announcement)
        self.level = ""
        self.base_pt = scale.BASE_PT
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
            self.time.setText("–:––")
        elif now == "over":
            self.time.setText("TIME")
        else:
            self.time.setText(time_text(clock.remaining_ms))
        self.state.setText(state_words(clock))
        # Under TIME the last mark ("1 minute left") would contradict it: nothing is shown.
        self.announcement.setText(announcement_words(
            clock.current_announcement if clock and now != "over" else None))
        self.announcement.setVisible(bool(self.announcement.text()))
        # Read as one: "Game clock: 14:32, running, 15 minutes left" (the marks themselves are
        # announced by the window's message line as they are called).
        said = ", ".join(t for t in (self.time.text(), self.state.text(),
                                     self.announcement.text()) if t)
        self.setAccessibleDescription(said.replace("–:––", "no clock"))
        if now != self.level:
            self._apply(now)

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
