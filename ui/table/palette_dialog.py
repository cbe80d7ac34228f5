"""Ctrl+K: every action allowed now in plain words, filtered as one types; Enter runs the one line
left or the one chosen with Up/Down. When no allowed line matches the words, the lines the rules
refuse are listed instead, greyed, each with the rule's words and clause: a refused action is never
just missing."""

from __future__ import annotations

import re
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


def matches(action: Action, text: str) -> bool:
    """Every word typed appears in the action's words (any order, any case). Undo is listed only
    when "undo" is typed: typing a command again never lands on the Undo that takes it back."""
    words = f"{action.label} {action.group}".lower()
    typed = text.lower().split()
    if action.id == "undo" and "undo" not in typed:
        return False
    return all(w in words for w in typed)


def clause(refused: str) -> str:
    """The clause a refusal cites, "(SG How to Play 4)" at its end; else the whole refusal."""
    found = re.search(r"\(([^()]*)\)$", refused.strip())
    return found.group(1) if found else refused


class PaletteDialog(KeyboardForm):
    """A filter line over the list of actions; `chosen` is the action picked, if any."""

    def __init__(self, actions: list[Action], text: str = "",
                 parent: QWidget | None = None, *, scope: str = "") -> None:
        """`scope`: words every line must hold besides those typed (H, S, M or L and a seat
        open it on "Sam mortgages"); shown before the filter line, never typed over."""
        super().__init__("Command palette", parent, what="The command palette")
        self.resize(720, 460)
        self.offered = [a for a in actions if a.enabled]
        self.refused = [a for a in actions if not a.enabled]  # listed when nothing allowed matches
        self.chosen: Action | None = None
        self.picked = False  # a line chosen with Up/Down (else Enter needs one line left)
        self.scope = scope
        self.filter = QLineEdit(text)
        self.filter.setPlaceholderText("Type words of the action: “mortgage park”, “fine”, …")
        self.list = QListWidget()
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.count = QLabel()
        self.count.setWordWrap(True)  # a refusal's words and clause whole
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
        if not count:
            self._refused_lines(text)

    def _refused_lines(self, text: str) -> None:
        """No allowed line matches: the refused ones that do, greyed and never run, each with
        the clause that refuses it; the rule's words on the count line when they share them
        (an SG mortgage of a player bankrupt "as is"), else on each line."""
        refused = [a for a in self.refused if matches(a, text)]
        reasons = {a.refused for a in refused}
        for action in refused:
            why = clause(action.refused or "") if len(reasons) == 1 else action.refused
            item = QListWidgetItem(f"{action.label} — refused ({why})")
            item.setFlags(Qt.ItemFlag.NoItemFlags)  # greyed: Enter never runs it
            item.setToolTip(f"Refused now: {action.refused}")
            self.list.addItem(item)
        if len(refused) == 1:
            self.count.setText(f"Refused now: {refused[0].label}: {refused[0].refused}; "
                               "nothing runs. Esc closes")
        elif len(reasons) == 1:
            self.count.setText(f"No action allowed matches; {len(refused)} refused now "
                               f"(greyed): {refused[0].refused}. Esc closes")
        elif refused:
            self.count.setText(f"No action allowed matches; {len(refused)} refused now, each "
                               "with its rule (greyed). Esc closes")

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
        if self.list.count() and not self.list.item(0).flags() & Qt.ItemFlag.ItemIsEnabled:
            return  # only refused lines: the count line says why; nothing runs
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
