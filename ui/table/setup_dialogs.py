"""PX setting up: the deal as the banker made it (PX 3.4) and each player's pre-build (PX 3.7)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRegularExpression
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app.table import forms
from app.table.service import TableGame
from ui.table.form_dialog import FormDialog

RETAINED = "— (retained: auctioned)"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class DealHandsDialog(FormDialog):
    """Every deed in board order; type the seat number or first letter of the player who was
    dealt it (0 or - for a deed retained by the Bank): the next deed is then current."""

    def __init__(self, game: TableGame, parent: QWidget | None = None) -> None:
        super().__init__(game, "Record the deal (PX 3.4): type who was dealt each deed — seat "
                         "number or first letter; 0 or - for one retained", parent,
                         what="The deal form")
        assert game.state is not None
        self.players = [p.name for p in game.state.players]
        self.deeds, self.each = forms.dealable(game)
        self.keys: dict[str, str] = {}
        for seat, name in enumerate(self.players, start=1):
            self.keys[str(seat)] = name
            self.keys.setdefault(name[0].upper(), name)
        self.grid = QTableWidget(len(self.deeds), 2)
        self.grid.setObjectName("deal_grid")
        self.grid.setAccessibleName("The deeds and who was dealt each")
        self.grid.setHorizontalHeaderLabels(["Deed", "Dealt to"])
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setTabKeyNavigation(False)  # Tab leaves the grid, as from any field
        for row, deed in enumerate(self.deeds):
            self.grid.setItem(row, 0, QTableWidgetItem(deed.words))
            self.grid.setItem(row, 1, QTableWidgetItem(RETAINED))
        self.grid.resizeColumnsToContents()
        self.grid.setCurrentCell(0, 1)
        self.grid.installEventFilter(self)
        self.counts = QLabel()
        self.body.addWidget(self.grid)
        self.body.addWidget(self.counts)
        self.resize(640, 700)
        self._changed()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.grid and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            text = event.text().upper()
            if text in self.keys or text in ("0", "-"):
                row = self.grid.currentRow()
                cell = self.grid.item(row, 1)
                assert cell is not None
                cell.setText(self.keys.get(text, RETAINED))
                self.grid.setCurrentCell(min(row + 1, len(self.deeds) - 1), 1)
                self._changed()
                return True
        return super().eventFilter(watched, event)

    def hands(self) -> dict[str, list[int]]:
        """Each player's deeds as typed so far."""
        found: dict[str, list[int]] = {name: [] for name in self.players}
        for row, deed in enumerate(self.deeds):
            cell = self.grid.item(row, 1)
            holder = cell.text() if cell is not None else RETAINED
            if holder in found:
                found[holder].append(int(deed.key))
        return found

    def _changed(self) -> None:
        hands = self.hands()
        dealt = sum(len(h) for h in hands.values())
        self.counts.setText("Dealt: " + ", ".join(f"{n} {len(h)}/{self.each}"
                                                  for n, h in hands.items())
                            + f"; retained {len(self.deeds) - dealt}")
        self.update_outcome()

    def command(self) -> dict[str, Any] | None:
        return {"type": "deal_deeds", "hands": self.hands()}


class PrebuildDialog(FormDialog):
    """The player's streets, each with its houses' prices (ABSD); type how many go on each."""

    def __init__(self, game: TableGame, player: str, parent: QWidget | None = None) -> None:
        assert game.table is not None
        most = game.table.profile.prebuild_houses
        super().__init__(game, f"Pre-build for {player} (PX 3.6–3.9): up to {most} houses, "
                         "one per plot while there are plots", parent,
                         what=f"{player}'s pre-build form")
        self.player = player
        self.plots = forms.plots(game, player)
        grid = QGridLayout()
        grid.addWidget(QLabel("Street"), 0, 0)
        grid.addWidget(QLabel("Each house's price"), 0, 1)
        grid.addWidget(QLabel("Houses"), 0, 2)
        self.fields: list[QLineEdit] = []
        digits = QRegularExpression(f"[0-{most}]?")
        for row, plot in enumerate(self.plots, start=1):
            field = QLineEdit()
            field.setObjectName(f"houses-{plot.space}")
            field.setValidator(QRegularExpressionValidator(digits, field))
            field.setPlaceholderText("0")
            field.textChanged.connect(self.update_outcome)
            prices = ", ".join(f"{ordinal(n)} M{p}" for n, p in enumerate(plot.prices, start=1))
            field.setAccessibleName(f"Houses on {plot.name}")
            field.setAccessibleDescription(f"Each house's price: {prices}")
            grid.addWidget(QLabel(plot.name), row, 0)
            grid.addWidget(QLabel(prices), row, 1)
            grid.addWidget(field, row, 2)
            self.fields.append(field)
        self.body.addLayout(grid)
        self.resize(640, 120 + 40 * len(self.plots))
        self.update_outcome()

    def command(self) -> dict[str, Any] | None:
        houses = {plot.space: int(field.text()) for plot, field in zip(self.plots, self.fields,
                                                                       strict=True)
                  if field.text() and int(field.text())}
        if not houses:
            return None
        return {"type": "prebuild", "player": self.player, "houses": houses}
