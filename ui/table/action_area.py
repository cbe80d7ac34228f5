"""The action area: what the rules allow now, panel by panel, and the keys that drive them."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_auction import AuctionPanel
from ui.table.action_cards import CardPanel
from ui.table.action_dice import DicePanel
from ui.table.action_lists import DebtPanel, GroupPanel
from ui.table.action_panel import Panel, find
from ui.table.action_purchase import PurchasePanel
from ui.table.action_rent import RentPanel
from ui.table.keymap import ESTATE, JAIL, PREBUILD, PURCHASE, RENT

PLAIN_ONLY = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def _is_now(action: Action) -> bool:
    """Setting up (PX), and a seller's answer: what play waits for."""
    return action.group == "setup" or action.id == "scoresheet" or action.id.startswith(
        ("answer:", "decide:"))


class ActionArea(QWidget):
    """Panels for the turn (dice, purchase, auction, card, claims, debt) above tabs for what may
    happen between rolls, the officials and the judge. Emits `chosen(action, values)`."""

    chosen = Signal(object, dict)
    deal = Signal()  # the deal or sale form was asked for
    palette_asked = Signal(str)  # the palette asked for, opened on these words
    said = Signal(str)  # words for the window's message line (a letter waiting for a seat)
    refused = Signal(str)  # a key refused where it was typed (a digit that is no claim or seat)

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
        self.rent.said.connect(self.said.emit)
        self.rent.refused.connect(self.refused.emit)
        self.menu: list[Action] = []
        self.seats: dict[str, str] = {}  # seat digit -> player, for a letter waiting for one
        self.waiting: str | None = None  # a command letter typed, its seat digit not yet

    def refresh(self, view: TableView, menu: list[Action], debts: list[str]) -> None:
        """Show the actions of `menu` in their panels."""
        for panel in self.panels:
            panel.refresh(view, menu)
        self.debt.set_note(debts)
        self.menu = menu
        self.seats = {str(p.seat): p.name for p in view.players if not p.bankrupt}

    def states(self) -> list[str]:
        """The states of ui/table/keymap on screen now (F1 shows their keys)."""
        groups = {a.group for a in self.menu}
        shown = {"setup": "setup" in groups, "roll": find(self.menu, "roll") is not None,
                 "purchase": "purchase" in groups,
                 "auction": self.auction.isVisibleTo(self), "card": "card" in groups,
                 "rent": "rent" in groups,
                 "estate": bool(groups & {"build", "sell", "mortgage", "deal", "sale"})}
        return [state for state, on in shown.items() if on] + ["anywhere"]

    def expects_digit(self) -> bool:
        """A digit now picks a seat, a claim's row or a bidder (or adds to a bid), not a die."""
        return (self.waiting is not None or self.rent.waiting
                or self.auction.isVisibleTo(self))

    def end_phase(self) -> str | None:
        """Ctrl+Enter: close the auction, or end the setting up; the words when refused."""
        if self.auction.isVisibleTo(self):
            return self.auction.close_auction()
        start = find(self.menu, "start_play")
        if start is not None:
            self.chosen.emit(start, {})
            return None
        return "Ctrl+Enter ends a phase (closes an auction, ends the setting up): none is open"

    def key(self, event: QKeyEvent) -> bool:
        """Offer a key press to the turn's panels, the one in play first; then a command
        letter that waits for a player's seat (ui/table/keymap)."""
        if self.waiting is not None and self._seat(event):
            return True
        if self.rent.waiting:  # R waits for a claim's row: the digit is that, not a die
            return self.rent.key(event) or self.key(event)
        if any(panel.isVisibleTo(self) and panel.key(event) for panel in self.panels[:7]):
            return True
        letter = event.text().upper()
        plain = not event.modifiers() & PLAIN_ONLY
        if not plain or not letter or not self._seat_actions(letter):
            return False
        self.waiting = letter
        self.said.emit(f"{letter}: now the player's seat number ({self._seats(letter)}); "
                       "Esc forgets")
        return True

    def _seats(self, letter: str) -> str:
        """The seats a command letter may take now: "2 Sam, 4 Lou"."""
        return ", ".join(f"{seat} {name}" for seat, name in self.seats.items()
                         if self._seat_actions(letter, name))

    def _seat_actions(self, letter: str, name: str | None = None, *,
                      refused: bool = False) -> list[Action]:
        """The actions a command letter waiting for a seat leads to (of one player); with
        `refused`, the ones the rules refuse now instead."""
        if letter == PREBUILD:
            kinds = ("prebuild:",)
        elif letter in ESTATE:
            kinds = (f"{ESTATE[letter][0]}:",)
        else:
            return []
        return [a for a in self.menu if a.enabled != refused and a.id.startswith(kinds)
                and (name is None or a.command.get("player") == name)]

    def _seat(self, event: QKeyEvent) -> bool:
        """The key after a command letter: a seat picks that player; a digit that is no one's
        seat is refused whole (the letter still waits); Esc or another key forgets the letter
        (said), and the other key then means what it means (False)."""
        letter = self.waiting
        assert letter is not None
        text = event.text()
        name = self.seats.get(text)
        if name is None and text.isdigit() and event.key() != Qt.Key.Key_Escape:
            self.refused.emit(f"{text}: nobody holds seat {text}. {letter} still waits for a "
                              f"seat ({self._seats(letter)}); Esc forgets {letter}")
            return True
        if name is None and event.key() in (Qt.Key.Key_Shift, Qt.Key.Key_Control,
                                            Qt.Key.Key_Alt, Qt.Key.Key_Meta):
            return True  # a modifier on its own: the letter still waits
        self.waiting = None
        if name is None:
            self.said.emit(f"{letter} forgotten: nothing chosen")
            return event.key() == Qt.Key.Key_Escape
        found = self._seat_actions(letter, name)
        if not found:
            why = self._seat_actions(letter, name, refused=True)
            self.refused.emit(f"{letter} {text}: nothing of that kind for {name} now"
                              + (f": {why[0].refused}" if why else ""))
        elif letter == PREBUILD:
            self.chosen.emit(found[0], {})
        else:
            self.palette_asked.emit(f"{name} {ESTATE[letter][1]}")
        return True

    def why(self, event: QKeyEvent) -> str | None:
        """Why a key that did nothing does nothing in the state on screen (None: not a key of
        the table, as Tab or a function key)."""
        text = event.text().upper()
        if event.modifiers() & PLAIN_ONLY or len(text) != 1 or not text.isprintable() \
                or text.isspace():
            return None
        if text.isdigit():
            if self.auction.isVisibleTo(self):
                seats = ", ".join(f"{seat} {name}" for seat, name in self.auction.seats.items())
                return f"{text}: nobody holds seat {text}. Bids go by seat: {seats}"
            return f"{text}: no roll is due now; what is on screen comes first (F1: the keys now)"
        if text == RENT:
            return f"{RENT} collects a rent claim: no claim is open"
        if text in PURCHASE.values():
            verb = "buys" if text == PURCHASE["buy"] else "declines"
            return f"{text} {verb} a deed on offer: no deed is on offer now"
        if text in JAIL.values():
            what = "pays the Jail fine" if text == JAIL["pay_jail_fine"] else \
                "uses a Get Out of Jail Free card"
            return f"{text} {what}: only for a player in Jail, before the roll; not now"
        if text == PREBUILD or text in ESTATE:
            kind = "pre-builds (PX setting up)" if text == PREBUILD else \
                f"opens the palette on a player's {ESTATE[text][1]}"
            refused = self._seat_actions(text, refused=True)
            return (f"{text} then a seat {kind}: none is allowed now"
                    + (f": {refused[0].refused}" if refused else ""))
        return f"{event.text()} is not a key here (F1: the keys now; Ctrl+K: every action)"
