"""Ruling a tie: the tied players put in the order decided, the head judge's name, the reason;
the tournament service checks it is an open tie and records it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from app.tournament import service as tournaments
from models.errors import BadInput
from ui.tournament.form_dialog import FormDialog
from ui.tournament.rows import tie_words

ID_ROLE = Qt.ItemDataRole.UserRole


class RuleTieDialog(FormDialog):
    """`found` is the stage's standings (the service's); the first tie, or `chosen`, is shown."""

    def __init__(self, tid: str, found: Any, chosen: int = 0,
                 parent: QWidget | None = None) -> None:
        super().__init__("Rule this tie", "Put the players who take the seats at the line first, "
                         "in the order you decide; only they are recorded, the others stay "
                         "level below the line. Ctrl+Up / Ctrl+Down move the selected one.",
                         parent)
        self.tid, self.stage, self.ties = tid, found.stage, list(found.ties)
        self.names = {r.player: r.name for r in found.rows}
        self.tie = QComboBox()
        for words in tie_words(found, self.names):
            self.tie.addItem(words)
        self.order = QListWidget()
        self.order.setMinimumHeight(110)
        up, down = QPushButton("Move &up"), QPushButton("Move &down")
        up.clicked.connect(lambda: self.shift(-1))
        down.clicked.connect(lambda: self.shift(1))
        QShortcut(QKeySequence("Ctrl+Up"), self.order, lambda: self.shift(-1))
        QShortcut(QKeySequence("Ctrl+Down"), self.order, lambda: self.shift(1))
        moves = QHBoxLayout()
        moves.addWidget(up)
        moves.addWidget(down)
        moves.addStretch()
        self.judge, self.reason = QLineEdit(), QLineEdit()
        self.judge.setPlaceholderText("the head judge's name")
        self.reason.setPlaceholderText("why, as announced (e.g. a roll-off before witnesses)")
        self.form.addRow("&Tie", self.tie)
        self.seats = QLabel()
        self.form.addRow("&Order decided", self.order)
        self.form.addRow("", moves)
        self.form.addRow("", self.seats)
        self.form.addRow("&Judge", self.judge)
        self.form.addRow("&Reason", self.reason)
        self.tie.currentIndexChanged.connect(self._show_tie)
        self.tie.setCurrentIndex(chosen)
        self._show_tie()

    def _show_tie(self) -> None:
        self.order.clear()
        if not self.ties:
            return
        tie = self.ties[self.tie.currentIndex()]
        taking = ("the first listed takes the seat" if tie.seats == 1
                  else f"the first {tie.seats} listed take the seats")
        self.seats.setText(f"The line falls inside positions {tie.positions[0]}-"
                           f"{tie.positions[1]}: {taking}.")
        for player in tie.players:
            item = QListWidgetItem(f"{self.names.get(player, player)} ({player})")
            item.setData(ID_ROLE, player)
            self.order.addItem(item)
        self.order.setCurrentRow(0)

    def shift(self, step: int) -> None:
        """Move the selected player up (-1) or down (+1) the order."""
        row = self.order.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.order.count():
            return
        item = self.order.takeItem(row)
        self.order.insertItem(to, item)
        self.order.setCurrentRow(to)

    def ordered(self) -> list[str]:
        return [self.order.item(n).data(ID_ROLE) for n in range(self.order.count())]

    def send(self) -> str:
        judge, reason = self.judge.text().strip(), self.reason.text().strip()
        if not judge or not reason:
            raise BadInput("a ruling is recorded with the head judge's name and the reason")
        # Only the seats the line falls inside are settled (RULES.md Tournament).
        seats = self.ties[self.tie.currentIndex()].seats if self.ties else 0
        order = self.ordered()[:seats or None]
        tournaments.rule_tie(self.tid, self.stage, order, judge, reason)
        return (f"Ruling recorded ({judge}): "
                + ", ".join(self.names.get(p, p) for p in order) + f"; {reason}")
