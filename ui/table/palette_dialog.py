"""Ctrl+K: every action allowed now in plain words, filtered as one types; Enter runs the one line
left or the one chosen with Up/Down."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.table.actions import Action
from ui.forms import KeyboardForm
from ui.table.wrapped_rows import WrappedRows


def matches(action: Action, text: str) -> bool:
    """Every word typed appears in the action's words (any order, any case). Undo is listed only
    when "undo" is typed: typing a command again never lands on the Undo that takes it back."""
    words = f"{action.label} {action.group}".lower()
    typed = text.lower().split()
    if action.id == "undo" and "undo" not in typed:
        return False
    return all(w in words for w in typed)


class PaletteDialog(KeyboardForm):
    """A filter line over the list of actions; `chosen` is the action picked, if any."""

    def __init__(self, actions: list[Action], text: str = "",
                 parent: QWidget | None = None, *, scope: str = "") -> None:
        """`scope`: words every line must hold besides those typed (H, S, M or L and a seat
        open it on "Sam mortgages"); shown before the filter line, never typed over."""
        super().__init__("Command palette", parent, what="The command palette")
        self.resize(720, 460)
        self.offered = [a for a in actions if a.enabled]
        self.chosen: Action | None = None
        self.picked = False  # a line chosen with Up/Down (else Enter needs one line left)
        self.scope = scope
        self.filter = QLineEdit(text)
        self.filter.setPlaceholderText("Type words of the action: “mortgage park”, “fine”, …")
        self.list = QListWidget()
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A build or sale line wraps within the list (its total, at the end, in sight before
        # Enter), never runs off its right edge.
        self.list.setWordWrap(True)
        self.list.setItemDelegate(WrappedRows(self.list))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.count = QLabel()
        layout = QVBoxLayout(self)
        line = QHBoxLayout()
        if scope:
            line.addWidget(QLabel(f"<b>{escape(scope)}</b>"))
        line.addWidget(self.filter, stretch=1)
        layout.addLayout(line)
        layout.addWidget(self.list)
        layout.addWidget(self.count)
        self.filter.textChanged.connect(self._fill)
        self.filter.installEventFilter(self)
        self.list.itemActivated.connect(self._pick)
        self.list.itemDoubleClicked.connect(self._pick)
        self._fill()

    def _fill(self) -> None:
        self.list.clear()
        text = f"{self.scope} {self.filter.text()}"
        for index, action in enumerate(self.offered):
            if matches(action, text):
                item = QListWidgetItem(action.label + ("   (judge)" if action.judge else "")
                                       + ("  …" if action.params else ""))
                item.setData(Qt.ItemDataRole.UserRole, index)
                if action.preview:
                    item.setToolTip("Records: " + "; ".join(action.preview))
                self.list.addItem(item)
        self.picked = False
        count = self.list.count()
        self.list.setCurrentRow(0 if count == 1 else -1)  # highlighted: what Enter runs
        then = ("Enter runs it" if count == 1 else
                "type more words or choose with Up/Down, then Enter")
        self.count.setText(f"{count} of {len(self.offered)} actions — {then}; Esc closes")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.filter and isinstance(event, QKeyEvent) \
                and event.type() == QKeyEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if event.key() == Qt.Key.Key_Up else 1
            row = max(0, min(self.list.count() - 1, self.list.currentRow() + step))
            self.list.setCurrentRow(row)
            self.picked = self.list.count() > 0
            return True
        return super().eventFilter(watched, event)

    def submit(self) -> None:
        """Enter: run the one line left, or the one chosen with Up/Down; never the first of
        several (it says so instead)."""
        item = self.list.currentItem()
        if item is not None and (self.picked or self.list.count() == 1):
            self._pick(item)
        elif self.list.count() > 1:
            self.count.setText(f"{self.list.count()} actions match: nothing run. Type more "
                               "words or choose one with Up/Down, then Enter; Esc closes")

    def cancel_words(self) -> str:
        return "The command palette closed: nothing run"

    def _pick(self, item: QListWidgetItem) -> None:
        self.chosen = self.offered[int(item.data(Qt.ItemDataRole.UserRole))]
        self.accept()
