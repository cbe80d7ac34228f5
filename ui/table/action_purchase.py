"""Buy or decline the deed on offer: B buys, D declines (the deed goes to auction)."""

from __future__ import annotations

from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, pick
from ui.table.keymap import PURCHASE as KEYS


class PurchasePanel(Panel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Purchase", parent)
        self.list = ActionList()
        self.list.chosen.connect(lambda a: self.chosen.emit(a, {}))
        QVBoxLayout(self).addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        actions = pick(menu, "purchase")
        self.setVisible(bool(actions))
        self.list.set_actions(actions, KEYS)

    def key(self, event: QKeyEvent) -> bool:
        text = event.text().upper()
        for action_id, key in KEYS.items():
            if text == key:
                return self.run(action_id)
        return False
