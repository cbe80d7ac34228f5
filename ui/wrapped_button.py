"""A button whose words wrap inside it: as wide as its row gives, as tall as its words need
(an action's total or a game's players, in any script, never cut; issue 30)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget


class WrappedButton(QPushButton):
    """The words are drawn by a wrapping label inside (named `words_name` for the style
    sheet), with `margins` (left, top, right, bottom) around them."""

    def __init__(self, words_name: str, margins: tuple[int, int, int, int],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setObjectName(words_name)
        self.words.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        inside = QVBoxLayout(self)
        inside.setContentsMargins(*margins)
        inside.addWidget(self.words)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)

    def text(self) -> str:  # type: ignore[override]  # the words drawn inside
        """The button's words (they are drawn by the label inside)."""
        return self.words.text()
