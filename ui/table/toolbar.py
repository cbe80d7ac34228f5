"""The banker's window toolbar: each button's shortcut shown beside its word when there is room,
else in its tooltip; the buttons wrap to a second row rather than be cut (large text)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from ui.table.window_keys import reachable

SPACING = 4


class Tool(NamedTuple):
    """One button: its word, its key, what it does (the tooltip) and what it runs."""

    word: str
    key: str
    tip: str
    run: Callable[[], object]


class Toolbar(QWidget):
    """A row of buttons laid out by hand: "Undo  Ctrl+Z" when every button fits with its key,
    "Undo" when only the words fit, the words in as many rows as needed when even they do not.
    The key is always in the tooltip (and in F1's list)."""

    def __init__(self, tools: Sequence[Tool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tools = list(tools)
        self.buttons: list[QPushButton] = []
        self.with_keys = True
        self.rows = 1
        for tool in self.tools:
            button = QPushButton(tool.word, self)
            button.setObjectName(f"tool_{tool.key.replace('+', '_').lower()}")
            button.setToolTip(f"{tool.tip}. Key: {tool.key}")
            reachable(button, own=(Qt.Key.Key_Space,))  # the game's keys stay the window's
            button.clicked.connect(lambda _=False, run=tool.run: run())
            self.buttons.append(button)
        # Its width is the window's to give; its height follows from the rows it needs.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.relayout()

    def labels(self, with_keys: bool) -> list[str]:
        """The buttons' texts, with or without their keys."""
        return [f"{t.word}  {t.key}" if with_keys else t.word for t in self.tools]

    def _widths(self, texts: list[str]) -> list[int]:
        widths = []
        for button, text in zip(self.buttons, texts, strict=True):
            button.setText(text)
            button.ensurePolished()
            widths.append(button.sizeHint().width())
        return widths

    def relayout(self) -> None:
        """Choose the labels and the rows for the width there is, and place the buttons."""
        room = max(self.width(), 1)
        for with_keys in (True, False):
            widths = self._widths(self.labels(with_keys))
            if sum(widths) + SPACING * (len(widths) - 1) <= room or not with_keys:
                break
        self.with_keys = with_keys
        height = max((b.sizeHint().height() for b in self.buttons), default=0)
        x = y = 0
        rows = 1
        for button, width in zip(self.buttons, widths, strict=True):
            if x and x + width > room:  # the next row; a button wider than the room stays whole
                x, y, rows = 0, y + height + SPACING, rows + 1
            button.setGeometry(x, y, width, height)
            x += width + SPACING
        self.rows = rows
        self.setFixedHeight(rows * height + (rows - 1) * SPACING)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(sum(b.sizeHint().width() + SPACING for b in self.buttons), self.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.relayout()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.relayout()
