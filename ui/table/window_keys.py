"""Controls Tab reaches in the table window that still leave the game's keys to the window."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QLayout,
    QMainWindow,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from ui.forms import each_placed

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
        window = owner(watched)
        if window is watched:
            return False
        copy = QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(),
                         event.isAutoRepeat(), event.count())
        QApplication.sendEvent(window, copy)
        return True


def owner(widget: QWidget) -> QWidget:
    """The window whose keys drive the game: the table window holding `widget`, also where
    the app's main window holds the table window in itself (its `window()` is the main one)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QMainWindow):
            return parent
        parent = parent.parentWidget()
    return widget.window()


def reachable(widget: QWidget, *, reads: bool = False, own: tuple[Qt.Key, ...] = ()) -> None:
    """Let Tab reach `widget` (a click still leaves the focus where it was), its other keys
    going to the window; `reads`: Up, Down and the page keys scroll it (a list read aloud),
    `own`: keys it keeps (Space on a button presses it)."""
    widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    widget.installEventFilter(WindowKeys(widget, reads=reads, own=own))


def layout_order(root: QWidget) -> list[QWidget]:
    """The widgets under `root` Tab may stop on, in the order its layouts place them (a tab
    widget's tabs before its pages; a scroll area's inside), shown or not: Tab passes over the
    hidden ones, and a panel shown later is already in its place."""
    found: list[QWidget] = []
    _visit(root, found)
    return found


def _visit(widget: QWidget, found: list[QWidget]) -> None:
    if isinstance(widget, QTabWidget):  # it takes the focus for its tabs
        found.append(widget.tabBar())
        for index in range(widget.count()):
            page = widget.widget(index)
            if page is not None:
                _visit(page, found)
        return
    if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
        found.append(widget)
        return
    if isinstance(widget, QScrollArea):
        inside = widget.widget()
        if inside is not None:
            _visit(inside, found)
        return
    layout = widget.layout()
    if layout is not None:
        _walk(layout, found)


def _walk(layout: QLayout, found: list[QWidget]) -> None:
    each_placed(layout, lambda child: _visit(child, found))


def chain(widgets: list[QWidget]) -> None:
    """Tab goes from each of `widgets` to the next (the reading order)."""
    for first, second in pairwise(widgets):
        QWidget.setTabOrder(first, second)
