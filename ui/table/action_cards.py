"""The card picker for the deck just drawn from: type to filter, arrows to choose, Enter records
the one card left or the one chosen (never the first of a list: ui/table/keymap). The cards listed
are ranked: a typed word that is a whole word of the card's own title (its first sentence) first,
then a whole word further on, then a part of a word ("go": "Advance to GO" before "If you pass
GO", both before "Good")."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_panel import Panel, pick


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def rank(label: str, typed: list[str]) -> int | None:
    """How well the typed words match a card's words: 0 best (every word a whole word of its
    title), higher worse; None when some typed word is not in the card at all."""
    title = re.split(r"[.(]", label, maxsplit=1)[0]
    title_words, all_words = _words(title), _words(label)
    total = 0
    for word in typed:
        if word in title_words:
            continue
        if word in all_words:
            total += 1
        elif word in title.lower():
            total += 2
        elif word in label.lower():
            total += 3
        else:
            return None
    return total


class CardPanel(Panel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Card drawn", parent)
        self.filter = ""
        self.picked = False  # a card chosen with Up/Down (else Enter needs one card left)
        self.prompt = QLabel()
        self.prompt.setObjectName("big")
        self.prompt.setWordWrap(True)
        self.list = QListWidget()
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A card's words wrap in the column rather than run off it sideways.
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        cards = pick(menu, "card")
        self.setVisible(bool(cards))
        deck = {"chance": "Chance", "chest": "Community Chest"}.get(view.card_deck or "", "")
        # The name first: a narrow column shortens the deck's name, never the player's.
        self.setTitle(f"{view.current} drew {deck}" if deck else "Card drawn")
        if not cards:
            self.filter = ""
        self._fill()

    def _fill(self) -> None:
        self.list.clear()
        words = self.filter.lower().split()
        cards = pick(self.menu, "card")
        found = [(r, a) for a in cards if (r := rank(a.label, words)) is not None]
        for _, action in sorted(found, key=lambda pair: pair[0]):  # stable: deck order next
            item = QListWidgetItem(action.label)
            item.setData(Qt.ItemDataRole.UserRole, action.id)
            item.setToolTip("Records: " + "; ".join(action.preview))
            self.list.addItem(item)
        self.picked = False
        count = self.list.count()
        self.list.setCurrentRow(0 if self._one() else -1)  # highlighted: what Enter records
        then = ("Enter records it" if self._one()
                else "type more words, or Up/Down to choose, then Enter")
        self.prompt.setText(f"Type words of the card: {self.filter}_   ({count} match: {then})")

    def _one(self) -> bool:
        """One card left (two printed alike, as the classic's two railway cards, are one)."""
        return len({self.list.item(r).text() for r in range(self.list.count())}) == 1

    def _activated(self, item: QListWidgetItem) -> None:
        action_id = item.data(Qt.ItemDataRole.UserRole)
        action = next((a for a in self.menu if a.id == action_id), None)
        if action is not None:
            self.filter = ""
            self.chosen.emit(action, {})

    def key(self, event: QKeyEvent) -> bool:
        if not pick(self.menu, "card"):
            return False
        key = event.key()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if key == Qt.Key.Key_Up else 1
            row = max(0, min(self.list.count() - 1, self.list.currentRow() + step))
            self.list.setCurrentRow(row)
            self.picked = self.list.count() > 0
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.list.currentItem()
            if item is not None and (self.picked or self._one()):
                self._activated(item)
            elif self.list.count() > 1:
                self.prompt.setText(f"{self.list.count()} cards match “{self.filter}”: nothing "
                                    "recorded. Type more words of the card, or choose one with "
                                    "Up/Down, then Enter")
            else:  # said where the banker is looking, not silently ignored
                self.prompt.setText(f"No card matches “{self.filter}”: Backspace corrects, Esc "
                                    "clears, then type words of the card drawn")
            return True
        if key == Qt.Key.Key_Backspace:
            self.filter = self.filter[:-1]
        elif key == Qt.Key.Key_Escape:
            self.filter = ""
        elif event.text() and event.text().isprintable() and not event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            self.filter += event.text()
        else:
            return False
        self._fill()
        return True
