"""Deals between players (CL any mix, SG sales for cash) and PX offers to sell or buy by auction."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.table import actions, forms
from app.table.actions import Action
from app.table.service import TableGame
from models.errors import BadInput
from ui.table.form_dialog import FormDialog

CASH = QRegularExpression("[0-9]{0,6}")
KEY = Qt.ItemDataRole.UserRole


def checklist(name: str) -> QListWidget:
    """A list whose items Space ticks and unticks; `name` is what a screen reader calls it."""
    items = QListWidget()
    items.setAccessibleName(name)
    items.setMinimumHeight(90)
    return items


def ticked(items: QListWidget) -> list[Any]:
    """The keys of the ticked items."""
    found = []
    for row in range(items.count()):
        item = items.item(row)
        if item.checkState() == Qt.CheckState.Checked:
            found.append(item.data(KEY))
    return found


class SideBox(QGroupBox):
    """What one player gives: cash, deeds and cards, each ticked with Space."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Who gives and their cash, in a line inside the box that wraps (a box's own title
        # is one line, cut at the box's edge: a long name pushed the cash out of sight).
        self.heading = QLabel(title)
        self.heading.setObjectName("sideHeading")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: bold;")
        self.cash = QLineEdit()
        self.cash.setValidator(QRegularExpressionValidator(CASH, self.cash))
        self.cash.setPlaceholderText("cash, e.g. 150")
        self.items = checklist(f"{title}: deeds and cards")
        form = QFormLayout(self)
        form.addRow(self.heading)
        form.addRow("Cash M", self.cash)
        form.addRow(QLabel("Deeds and cards (Space ticks):"))
        form.addRow(self.items)

    def show_side(self, side: forms.Side) -> None:
        self.heading.setText(f"{side.name} gives (has M{side.cash:,})")
        self.items.clear()
        for thing, kind in [(d, "deed") for d in side.deeds] + [(c, "card") for c in side.cards]:
            item = QListWidgetItem(thing.words)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(KEY, (kind, thing.key, thing.mortgaged))
            self.items.addItem(item)
        if self.items.count():
            self.items.setCurrentRow(0)

    def gives(self) -> dict[str, Any]:
        chosen = ticked(self.items)
        return {"cash": int(self.cash.text() or 0),
                "deeds": [key for kind, key, _ in chosen if kind == "deed"],
                "cards": [key for kind, key, _ in chosen if kind == "card"]}

    def mortgaged(self) -> list[int]:
        return [key for kind, key, mortgaged in ticked(self.items) if kind == "deed" and mortgaged]


class DealDialog(FormDialog):
    """Two players and what each gives; mortgaged deeds received may be lifted at once."""

    def __init__(self, game: TableGame, title: str, parent: QWidget | None = None) -> None:
        super().__init__(game, title, parent, what="The deal form")
        self.sides = {s.name: s for s in forms.sides(game)}
        names = list(self.sides)
        self.first, self.second = QComboBox(), QComboBox()
        for combo, index in ((self.first, 0), (self.second, 1)):
            combo.addItems(names)
            combo.setCurrentIndex(min(index, len(names) - 1))
        self.first_box, self.second_box = SideBox("First gives"), SideBox("Second gives")
        self.lift = checklist("Mortgaged deeds received to lift at once")
        self.lift.setToolTip("A mortgaged deed received: tick to lift it at once (value + 10%); "
                             "unticked, its receiver pays the 10% now and it stays mortgaged")
        self.first.setAccessibleName("The first player")
        self.second.setAccessibleName("The second player")
        who = QGridLayout()  # one name a line: two 40-letter names never widen the form
        who.addWidget(QLabel("Between"), 0, 0)
        who.addWidget(self.first, 0, 1)
        who.addWidget(QLabel("and"), 1, 0)
        who.addWidget(self.second, 1, 1)
        who.setColumnStretch(2, 1)
        boxes = QHBoxLayout()
        boxes.addWidget(self.first_box)
        boxes.addWidget(self.second_box)
        self.body.addLayout(who)
        self.body.addLayout(boxes)
        self.body.addWidget(QLabel("Mortgaged deeds in the deal to lift at once (Space ticks):"))
        self.body.addWidget(self.lift)
        self.first.currentTextChanged.connect(self._players)
        self.second.currentTextChanged.connect(self._players)
        for box in (self.first_box, self.second_box):
            box.cash.textChanged.connect(self.update_outcome)
            box.items.itemChanged.connect(self._ticked)
        self.lift.itemChanged.connect(self.update_outcome)
        self._players()
        self.resize(760, 560)

    def _players(self) -> None:
        for combo, box in ((self.first, self.first_box), (self.second, self.second_box)):
            side = self.sides.get(combo.currentText())
            if side is not None:
                box.show_side(side)
        self._ticked()

    def _ticked(self) -> None:
        before = set(ticked(self.lift))
        self.lift.blockSignals(True)
        self.lift.clear()
        for box in (self.first_box, self.second_box):
            for row in range(box.items.count()):
                item = box.items.item(row)
                kind, key, mortgaged = item.data(KEY)
                if kind == "deed" and mortgaged and item.checkState() == Qt.CheckState.Checked:
                    lift = QListWidgetItem(f"lift {item.text()}")
                    lift.setFlags(lift.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    lift.setCheckState(Qt.CheckState.Checked if key in before
                                       else Qt.CheckState.Unchecked)
                    lift.setData(KEY, key)
                    self.lift.addItem(lift)
        self.lift.blockSignals(False)
        self.update_outcome()

    def command(self) -> dict[str, Any] | None:
        return forms.trade_command(self.first.currentText(), self.second.currentText(),
                                   self.first_box.gives(), self.second_box.gives(),
                                   ticked(self.lift))


class SaleDialog(FormDialog):
    """PX 7.1: one of the offers allowed now, and its minimum price or the price offered."""

    def __init__(self, game: TableGame, menu: list[Action], parent: QWidget | None = None
                 ) -> None:
        super().__init__(game, "Sale by Bank auction: offer a deed for sale, or offer to buy "
                         "one (PX 7.1; the seller pays 10% commission)", parent,
                         what="The sale offer form")
        self.allowed = [a for a in menu if a.enabled and a.id.startswith("offer_")]
        self.offers = list(self.allowed)
        self.search = QLineEdit()
        self.search.setPlaceholderText("type words of the offer: “bob pink”, “buy orchard”")
        self.offer = QComboBox()
        self.offer.addItems([a.label for a in self.offers])
        # The list is as wide as the form, not as its longest offer (a long name and a deed
        # would push it off a laptop's screen); the outcome line below says the chosen offer
        # whole ("Records: … offers …").
        self.offer.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.offer.setMinimumContentsLength(24)
        self.amount = QLineEdit()
        self.amount.setValidator(QRegularExpressionValidator(CASH, self.amount))
        self.prompt = QLabel()
        form = QFormLayout()
        form.addRow("Find", self.search)
        form.addRow("Offer", self.offer)
        form.addRow(self.prompt, self.amount)
        box = QVBoxLayout()
        box.addLayout(form)
        self.body.addLayout(box)
        self.offer.currentIndexChanged.connect(self._chosen)
        self.search.textChanged.connect(self._filter)
        self.amount.textChanged.connect(self.update_outcome)
        self._chosen()
        # As tall as its wrapped words need at this width (a long name wraps the outcome).
        layout = self.layout()
        tall = layout.totalHeightForWidth(720) if layout is not None else 300
        self.resize(720, max(300, tall))

    def _filter(self, text: str) -> None:
        """Only the offers holding every word typed, the first of them chosen."""
        words = text.lower().split()
        self.offers = [a for a in self.allowed if all(w in a.label.lower() for w in words)]
        self.offer.blockSignals(True)
        self.offer.clear()
        self.offer.addItems([a.label for a in self.offers])
        self.offer.blockSignals(False)
        self._chosen()

    def _action(self) -> Action | None:
        index = self.offer.currentIndex()
        return self.offers[index] if 0 <= index < len(self.offers) else None

    def _chosen(self) -> None:
        action = self._action()
        if action is not None and action.params:
            self.prompt.setText(action.params[0].prompt + " M")
            self.amount.setText(action.params[0].default)
        self.update_outcome()

    def command(self) -> dict[str, Any] | None:
        action = self._action()
        if action is None or not action.params:
            return None
        try:
            return actions.fill(action, {action.params[0].path: self.amount.text()})
        except BadInput:
            return None
