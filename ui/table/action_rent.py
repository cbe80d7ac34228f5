"""The open rent claims, each with how long it stays open; R collects the one open, or R and the
claim's row number when several are (ui/table/keymap): never the first of a list by accident."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, pick
from ui.table.keymap import RENT


class RentPanel(Panel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rent claims", parent)
        self.waiting = False  # R was pressed with several claims open: a row digit follows
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.list = ActionList()
        self.list.chosen.connect(lambda a: self.chosen.emit(a, {}))
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        claims = pick(menu, "rent")
        self.setVisible(bool(claims))
        if len(claims) == 1:
            keys = {claims[0].id: RENT}
        else:
            keys = {c.id: f"{RENT} {row}" for row, c in enumerate(claims[:9], start=1)}
        self.list.set_actions(claims, keys)
        self.waiting = self.waiting and len(claims) > 1
        self._show()

    def _show(self) -> None:
        self.prompt.setText(f"{RENT} then the claim's row number (1–9); Esc forgets"
                            if self.waiting else "")
        self.prompt.setVisible(self.waiting)

    def key(self, event: QKeyEvent) -> bool:
        claims = pick(self.menu, "rent")
        if not claims:
            return False
        text = event.text()
        if self.waiting:
            if event.key() == Qt.Key.Key_Escape or (text.isdigit()
                                                     and 1 <= int(text) <= min(9, len(claims))):
                self.waiting = False
                self._show()
                if text.isdigit():
                    self.chosen.emit(claims[int(text) - 1], {})
                return True
            self.waiting = False  # another key: R is forgotten, the key means what it means
            self._show()
            return False
        if text.upper() != RENT:
            return False
        if len(claims) == 1:
            self.chosen.emit(claims[0], {})
        else:
            self.waiting = True
            self._show()
        return True
