"""The new-game form's "From the tournament draw…" choice: a tournament, then one of its drawn
tables (the stage being played); the form fills itself from the table's card."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.tournament import service as tournaments
from models.errors import BankerError

BY_HAND = "No: the table is typed by hand"


class DrawPicker(QWidget):
    """Emits `picked` with the chosen table's entry (tournament id, stage, table number, its
    card and game length), or None when the table is typed by hand."""

    picked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tournament, self.table = QComboBox(), QComboBox()
        self.tournament.setObjectName("drawTournament")
        self.table.setObjectName("drawTable")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.hide()  # shown only to say why a tournament's tables cannot be listed
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.tournament, 1)
        row.addWidget(self.table, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.note)
        self.tournament.addItem(BY_HAND, None)
        try:
            found = tournaments.list_tournaments()
        except BankerError as e:
            found = []
            self._say(f"The tournaments cannot be read: {e}")
        for t in found:
            stage = tournaments.current_stage(t)
            if stage is not None:
                self.tournament.addItem(f"{t.name}: {stage}", (t.id, stage))
        self.table.setEnabled(False)
        self.tournament.currentIndexChanged.connect(self._tournament_chosen)
        self.table.currentIndexChanged.connect(self._table_chosen)

    def offered(self) -> bool:
        """Whether any tournament in the data folder has a draw to start tables from."""
        return self.tournament.count() > 1

    def choose(self, tid: str, table: int) -> None:
        """Pick tournament `tid`'s table `table` (as the banker would with the lists)."""
        for i in range(self.tournament.count()):
            data = self.tournament.itemData(i)
            if data is not None and data[0] == tid:
                self.tournament.setCurrentIndex(i)
        for i in range(self.table.count()):
            entry = self.table.itemData(i)
            if entry is not None and entry["table"] == table:
                self.table.setCurrentIndex(i)

    def _tournament_chosen(self) -> None:
        chosen = self.tournament.currentData()
        self.table.blockSignals(True)
        self.table.clear()
        self.table.blockSignals(False)
        self._say("")
        self.table.setEnabled(chosen is not None)
        if chosen is None:
            self.picked.emit(None)
            return
        tid, stage = chosen
        try:
            entries = tournaments.table_cards(tid, stage)
        except BankerError as e:
            self._say(str(e))
            self.picked.emit(None)
            return
        self.table.blockSignals(True)
        self.table.addItem("Choose the table…", None)
        items = self.table.model()
        for number, entry in enumerate(entries, start=1):
            card = entry["card"]
            started = entry["game"] is not None
            self.table.addItem(f"Table {card['table']}: {', '.join(card['players'])}"
                               + ("  (started)" if started else ""),
                               {"tournament": tid, "stage": stage, "table": int(card["table"]),
                                "card": card, "minutes": entry["minutes"]})
            if started and isinstance(items, QStandardItemModel):
                row = items.item(number)
                row.setEnabled(False)
                row.setToolTip(f"Its game is already started: {entry['game']}")
        self.table.blockSignals(False)
        self.picked.emit(None)

    def _say(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def _table_chosen(self) -> None:
        entry: dict[str, Any] | None = self.table.currentData()
        self.picked.emit(entry)
