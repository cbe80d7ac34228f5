"""F1: the keys of what is on screen now (from ui/table/keymap), over the window until any key
or click."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

from ui.table.keymap import rows


def help_html(states: list[str]) -> str:
    """The keys of these states, under each state's title (docs/keys.md has every state)."""
    parts, title = [], None
    for heading, key in rows(states):
        if heading != title:
            title = heading
            parts.append(f"<tr><td colspan='2'><br><i>{escape(heading)}</i></td></tr>")
        parts.append(f"<tr><td><b>{escape(key.keys)}</b></td><td>&nbsp;&nbsp;"
                     f"{escape(key.does)}</td></tr>")
    # As wide as the window, the words wrapping in their column: a long row is never cut.
    return (f"<h2>Keys now</h2><table width='100%' cellpadding='3'>{''.join(parts)}</table>"
            "<p><small>Every state's keys: docs/keys.md</small></p>")


class HelpOverlay(QLabel):
    """A dark sheet over the window listing the keys of the states on screen (`states`)."""

    def __init__(self, parent: QWidget, states: Callable[[], list[str]] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("help")
        self.states = states or (lambda: ["anywhere"])
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setContentsMargins(12, 12, 12, 12)
        self.setStyleSheet("QLabel#help { background: rgba(20,20,20,230); color: white; }")
        self.hide()

    def toggle(self) -> None:
        """Show over the whole window (the keys of what is on screen now), or hide."""
        if self.isVisible():
            self.hide()
            return
        self.setText(help_html(self.states()))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.raise_()
        self.show()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        self.hide()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self.hide()
