"""F1: the keyboard shortcuts, over the window until any key or click."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

SHORTCUTS = (
    ("3 5", "record a roll of 3 and 5 (two digits; Backspace/Esc corrects)"),
    ("F / G", "leave Jail: pay the fine / use a Get Out of Jail Free card"),
    ("B / D", "buy the deed on offer / decline it (it goes to auction)"),
    ("A 1 2 0 Enter", "auction: Ann bids 120 (bidder's first letter or seat number)"),
    ("C", "close the auction"),
    ("R or Enter", "collect the first open rent claim"),
    ("type, Enter", "card drawn: type words of the card, Enter records it"),
    ("Ctrl+D", "a deal between players (CL), a sale (SG), an offer by Bank auction (PX)"),
    ("Space, Tab", "in a form: tick a deed or card, go to the next field; Enter records"),
    ("A 1 0 …", "PX deal form: who was dealt each deed (letter or seat; 0 retained)"),
    ("Ctrl+K", "command palette: every action allowed now, filtered as you type"),
    ("Ctrl+Z", "undo the last entry (shows what it takes back first)"),
    ("Ctrl+S", "the scoresheet"),
    ("Ctrl+J", "the judge's window on this game (read-only until a judge signs in)"),
    ("F11", "the table display for the players: full screen on a second screen; F11 closes"),
    ("Ctrl++ / Ctrl+-", "larger / smaller text (remembered)"),
    ("F1", "this help; any key closes it"),
)


def help_html() -> str:
    rows = "".join(f"<tr><td><b>{k}</b></td><td>&nbsp;&nbsp;{v}</td></tr>" for k, v in SHORTCUTS)
    return f"<h2>Keyboard</h2><table cellpadding='4'>{rows}</table>"


class HelpOverlay(QLabel):
    """A dark sheet over the window listing every shortcut."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("help")
        self.setText(help_html())
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("QLabel#help { background: rgba(20,20,20,230); color: white; }")
        self.hide()

    def toggle(self) -> None:
        """Show over the whole window, or hide."""
        if self.isVisible():
            self.hide()
            return
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.raise_()
        self.show()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        self.hide()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self.hide()
