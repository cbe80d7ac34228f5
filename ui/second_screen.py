"""A window for a second screen (the table display, the hall display): full screen on a screen
other than the operator's, else its own window; Esc leaves full screen, then closes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QScreen
from PySide6.QtWidgets import QWidget


class Named(Protocol):
    """A screen as far as choosing one goes (QScreen, or a test's stand-in)."""

    def name(self) -> str: ...


ScreenT = TypeVar("ScreenT", bound=Named)


def other_screen(screens: Sequence[ScreenT], operator: ScreenT | None) -> ScreenT | None:
    """The first screen that is not the operator's (None with one screen, or not knowing it)."""
    if operator is None:
        return None
    return next((s for s in screens if s.name() != operator.name()), None)


class SecondScreenWindow(QWidget):
    """`WHAT` names the window in what `present` says; `ALONE` says where to drag it when only
    one screen is connected."""

    WHAT = "Display"
    ALONE = "drag it where it is to be seen"

    def present(self, operator: QScreen | None) -> str:
        """Show the window: full screen on a screen other than the operator's, else in its own
        window; says where, for the operator's message line."""
        target = other_screen(QGuiApplication.screens(), operator)
        if target is None:
            self.showNormal()
            return (f"{self.WHAT} opened in its own window (one screen connected; {self.ALONE}). "
                    "F11 closes it.")
        self.setScreen(target)
        self.setGeometry(target.geometry())
        self.showFullScreen()
        return f"{self.WHAT} full screen on {target.name()}. F11 closes it."

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if event.key() != Qt.Key.Key_Escape:
            super().keyPressEvent(event)
        elif self.isFullScreen():
            self.showNormal()
        else:
            self.close()
