"""The auction: the bidder's seat number, the amount and Enter; Ctrl+Enter closes (ui/table/keymap)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table.actions import Action, money
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, find, pick
from ui.table.keymap import END_PHASE


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
        # Seat numbers only: a letter is a command, and no name may take one (issue 21).
        self.seats = {str(p.seat): p.name for p in view.players if not p.bankrupt}
        keys = {f"bid:{name}": seat for seat, name in self.seats.items()}
        keys["close_auction"] = END_PHASE
        self.list.set_actions(actions, keys)
        self._show()

    def _show(self) -> None:
        if self.bidder is None:
            self.prompt.setText(f"Type the bidder's seat number, then the amount and Enter; "
                                f"{END_PHASE} closes")
        else:
            self.prompt.setText(f"{self.bidder} bids M{self.amount or '_'}   (Enter records, "
                                "Esc forgets)")

    def close_auction(self) -> str | None:
        """Ctrl+Enter: close the auction; the words to say when it is refused here."""
        if self.bidder is not None:
            return (f"{self.bidder}'s bid of M{self.amount or '_'} is not recorded yet: Enter "
                    f"records it, Esc forgets it; then {END_PHASE} closes the auction")
        if not self.run("close_auction"):
            return "No auction is open"
        return None

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
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if not self.bidder:
                return False  # nothing typed: the window says Enter records nothing
            action = find(self.menu, f"bid:{self.bidder}")
            amount, self.bidder, self.amount = self.amount, None, ""
            self._show()
            if action is not None:
                self.chosen.emit(action, {"amount": amount})
            return True
        if self.bidder is None:
            bidder = self.seats.get(text) if text else None
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
