"""The auction: bidder by first letter or seat number, then the amount and Enter; C closes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table.actions import Action, money
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, find, pick


class AuctionPanel(Panel):
    """Shows the lot, the high bid and every bidder; the typed bid builds up in the prompt."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Auction", parent)
        self.bidder: str | None = None
        self.amount = ""
        self.seats: dict[str, str] = {}  # key typed -> bidder
        self.lot = QLabel()
        self.lot.setObjectName("big")
        self.lot.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.list = ActionList()
        self.list.chosen.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.addWidget(self.lot)
        layout.addWidget(self.prompt)
        layout.addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        actions = pick(menu, "auction")
        self.setVisible(bool(actions) and view.auction is not None)
        a = view.auction
        if a is None:
            self.bidder, self.amount = None, ""
            return
        what = a.space_name or f"a {a.kind}"
        high = (f"high bid {money(a.high_bid)} by {a.high_bidder}" if a.high_bid is not None
                else f"opens at {money(a.opening_bid)}")
        extra = f"; minimum {money(a.minimum)}" if a.minimum else ""
        out = f"; without {', '.join(a.excluded)}" if a.excluded else ""
        self.lot.setText(f"{what}: {high}{extra}{out}")
        self.seats = {}
        keys: dict[str, str] = {}
        for p in view.players:
            if p.bankrupt:
                continue
            initial = p.name[0].upper()
            key = str(p.seat) if initial in self.seats else initial
            self.seats.setdefault(initial, p.name)
            self.seats[str(p.seat)] = p.name
            keys[f"bid:{p.name}"] = f"{key}/{p.seat}" if key != str(p.seat) else key
        keys["close_auction"] = "C"
        self.list.set_actions(actions, keys)
        self._show()

    def _show(self) -> None:
        if self.bidder is None:
            self.prompt.setText("Type the bidder's first letter or seat number, then the amount")
        else:
            self.prompt.setText(f"{self.bidder} bids M{self.amount or '_'}   (Enter to record)")

    def _clicked(self, action: Action) -> None:
        if action.id.startswith("bid:"):
            self.bidder, self.amount = action.id.removeprefix("bid:"), ""
            self._show()
            return
        self.chosen.emit(action, {})

    def key(self, event: QKeyEvent) -> bool:
        text = event.text()
        if event.key() == Qt.Key.Key_Escape and (self.bidder or self.amount):
            self.bidder, self.amount = None, ""
            self._show()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.bidder:
            if self.amount:
                self.amount = self.amount[:-1]
            else:
                self.bidder = None
            self._show()
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.bidder:
            action = find(self.menu, f"bid:{self.bidder}")
            amount, self.bidder, self.amount = self.amount, None, ""
            self._show()
            if action is not None:
                self.chosen.emit(action, {"amount": amount})
            return True
        if self.bidder is None:
            if text.upper() == "C":
                return self.run("close_auction")
            bidder = self.seats.get(text.upper()) if text else None
            if bidder is not None:
                self.bidder = bidder
                self._show()
                return True
            return False
        if text.isdigit():
            self.amount += text
            self._show()
            return True
        return False
