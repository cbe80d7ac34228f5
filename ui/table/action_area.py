"""The action area: what the rules allow now, panel by panel, and the keys that drive them."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_auction import AuctionPanel
from ui.table.action_cards import CardPanel
from ui.table.action_dice import DicePanel
from ui.table.action_lists import DebtPanel, GroupPanel
from ui.table.action_panel import Panel
from ui.table.action_purchase import PurchasePanel
from ui.table.action_rent import RentPanel


def _is_now(action: Action) -> bool:
    """Setting up (PX), and a seller's answer: what play waits for."""
    return action.group == "setup" or action.id == "scoresheet" or action.id.startswith(
        ("answer:", "decide:"))


class ActionArea(QWidget):
    """Panels for the turn (dice, purchase, auction, card, claims, debt) above tabs for what may
    happen between rolls, the officials and the judge. Emits `chosen(action, values)`."""

    chosen = Signal(object, dict)
    deal = Signal()  # the deal or sale form was asked for

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dice = DicePanel()
        self.purchase = PurchasePanel()
        self.auction = AuctionPanel()
        self.cards = CardPanel()
        self.now = GroupPanel("Now", ("setup", "sale", "officials"), select=_is_now)
        self.rent = RentPanel()
        self.debt = DebtPanel()
        self.estate = GroupPanel("Between rolls", ("build", "sell", "mortgage", "fine"),
                                 keep_visible=True,
                                 more=("Deal or sale offer…   [Ctrl+D]",
                                       "CL: a deal of cash, deeds and cards; SG: a sale for "
                                       "cash; PX: an offer to sell or buy by Bank auction"))
        self.officials = GroupPanel("Officials", ("officials",), keep_visible=True)
        self.judge = GroupPanel("Judge only (name and PIN asked)", ("judge",), keep_visible=True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.estate, "Between rolls")
        self.tabs.addTab(self.officials, "Officials")
        self.tabs.addTab(self.judge, "Judge")
        self.panels: list[Panel] = [self.auction, self.cards, self.purchase, self.dice,
                                    self.now, self.rent, self.debt, self.estate, self.officials,
                                    self.judge]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for panel in self.panels[:7]:
            layout.addWidget(panel)
        layout.addWidget(self.tabs, stretch=1)
        for panel in self.panels:
            panel.chosen.connect(self.chosen.emit)
        for group in (self.estate, self.officials, self.judge):
            group.setTitle("")  # the tab says it
        self.estate.more_asked.connect(self.deal.emit)

    def refresh(self, view: TableView, menu: list[Action], debts: list[str]) -> None:
        """Show the actions of `menu` in their panels."""
        for panel in self.panels:
            panel.refresh(view, menu)
        self.debt.set_note(debts)

    def key(self, event: QKeyEvent) -> bool:
        """Offer a key press to the turn's panels, the one in play first."""
        return any(panel.isVisibleTo(self) and panel.key(event) for panel in self.panels[:7])
