"""Dice entry: two digits record a roll ("35" = 3 and 5); F pays the Jail fine, G uses a card."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.fonts import isolated
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, find, pick
from ui.table.keymap import JAIL as JAIL_KEYS


class DicePanel(Panel):
    """Shows whose roll it is and the digits typed so far."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dice", parent)
        self.typed = ""
        self.prompt = QLabel()
        self.prompt.setObjectName("big")
        self.prompt.setWordWrap(True)
        self.jail = ActionList()
        self.jail.chosen.connect(lambda a: self.chosen.emit(a, {}))
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.jail)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        roll = find(menu, "roll")
        self.setVisible(roll is not None)
        self.jail.set_actions(pick(menu, "jail"), JAIL_KEYS)
        if roll is None:
            self.typed = ""
            return
        self._show(roll)

    def _show(self, roll: Action) -> None:
        shown = " ".join(self.typed.ljust(2, "_"))
        refused = f"<br><small>Refused now: {roll.refused}</small>" if roll.refused else ""
        self.prompt.setText(isolated(f"{roll.label}:  {shown}") + refused)
        self.prompt.setToolTip("Type the two dice as two digits (35 = 3 and 5); Backspace or "
                               "Esc to correct." + (f"\nRefused now: {roll.refused}"
                                                     if roll.refused else ""))
        self.prompt.setEnabled(roll.enabled)

    def key(self, event: QKeyEvent) -> bool:
        roll = find(self.menu, "roll")
        text = event.text().upper()
        if text and text in JAIL_KEYS.values():
            action_id = next(k for k, v in JAIL_KEYS.items() if v == text)
            return self.run(action_id)
        if roll is None:
            return False
        if event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Escape) and self.typed:
            self.typed = "" if event.key() == Qt.Key.Key_Escape else self.typed[:-1]
            self._show(roll)
            return True
        if len(text) == 1 and text in "123456":
            self.typed += text
            if len(self.typed) == 2:
                dice, self.typed = self.typed, ""
                self._show(roll)
                self.chosen.emit(roll, {"dice": dice})
            else:
                self._show(roll)
            return True
        if len(text) == 1 and text.isdigit():
            self.typed = ""
            self._show(roll)
            self.chosen.emit(roll, {"dice": text * 2})  # 0, 7, 8, 9: the service says why not
            return True
        return False
