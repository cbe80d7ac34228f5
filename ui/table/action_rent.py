"""The open rent claims, each with how long it stays open; R (or Enter) collects the first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, pick


class RentPanel(Panel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rent claims", parent)
        self.list = ActionList()
        self.list.chosen.connect(lambda a: self.chosen.emit(a, {}))
        QVBoxLayout(self).addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        claims = pick(menu, "rent")
        self.setVisible(bool(claims))
        keys = {claims[0].id: "R or Enter"} if claims else {}
        self.list.set_actions(claims, keys)

    def key(self, event: QKeyEvent) -> bool:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if event.text().upper() != "R" and not enter:
            return False
        claims = [a for a in pick(self.menu, "rent") if a.enabled] or pick(self.menu, "rent")
        if not claims:
            return False
        self.chosen.emit(claims[0], {})
        return True
