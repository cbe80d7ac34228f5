"""Controls Tab reaches in the table window that still leave the game's keys to the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

MOVE = (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
READ = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown,
        Qt.Key.Key_Home, Qt.Key.Key_End)


class WindowKeys(QObject):
    """Hands a control's key presses to its window (the digits, letters, Enter and Esc that
    drive the game), keeping Tab and Shift+Tab, and the reading keys when `reads`."""

    def __init__(self, parent: QObject, *, reads: bool = False, own: tuple[Qt.Key, ...] = ()) -> None:
        super().__init__(parent)
        self.kept = MOVE + (READ if reads else ()) + own

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent) \
                or not isinstance(watched, QWidget) or event.key() in self.kept:
            return False
        window = watched.window()
        if window is watched:
            return False
        copy = QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(),
                         event.isAutoRepeat(), event.count())
        QApplication.sendEvent(window, copy)
        return True


def reachable(widget: QWidget, *, reads: bool = False, own: tuple[Qt.Key, ...] = ()) -> None:
    """Let Tab reach `widget` (a click still leaves the focus where it was), its other keys
    going to the window; `reads`: Up, Down and the page keys scroll it (a list read aloud),
    `own`: keys it keeps (Space on a button presses it)."""
    widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    widget.installEventFilter(WindowKeys(widget, reads=reads, own=own))
