"""Ruling a tie: the tied players put in the order decided, the reason, the head judge's name
and PIN (the ruling is signed); a tie already ruled may be ruled again, superseding the ruling
that stands. The tournament service checks the tie and the PIN and records it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
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
from models.errors import BadInput, BankerError
from ui.tournament.form_dialog import FormDialog
from ui.tournament.judge_fields import SIGNED, JudgeFields, signed_refusal
from ui.tournament.rows import one_tie_words, ruled_words

ID_ROLE = Qt.ItemDataRole.UserRole


class RuleTieDialog(FormDialog):
    """`found` is the stage's standings (the service's) and `ruled` its ties already ruled
    (`tournaments.ruled_ties`): the open ties are listed first, then the ruled ones; the first,
    or `chosen`, is shown. `sleep` is the wrong PIN's wait (the window paints meanwhile)."""

    def __init__(self, tid: str, found: Any, chosen: int = 0, parent: QWidget | None = None,
                 *, ruled: Any = (), sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__("Rule this tie", "Put the players who take the seats at the line first, "
                         "in the order you decide; only they are recorded, the others stay "
                         "level below the line. Ctrl+Up / Ctrl+Down move the selected one. "
                         f"{SIGNED}", parent)
        self.tid, self.stage, self.sleep = tid, found.stage, sleep
        self.names = {r.player: r.name for r in found.rows}
        # (the tie, the ruling that stands on it or None for an open tie)
        self.ties: list[tuple[Any, Any]] = [(tie, None) for tie in found.ties]
        self.ties += [(tie, ruling) for ruling, tie in ruled]
        self.tie = QComboBox()
        for tie, ruling in self.ties:
            self.tie.addItem(one_tie_words(tie, self.names) if ruling is None else
                             f"Ruled: {one_tie_words(tie, self.names)}")
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
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        self.supersede = QCheckBox("&Supersede the ruling that stands")
        self.supersede.setToolTip("The new ruling replaces the one that stands, which stays on "
                                  "record (published as superseded); give the reason")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why, as announced (e.g. a roll-off before witnesses)")
        self.form.addRow("&Tie", self.tie)
        self.form.addRow("", self.standing)
        self.form.addRow("", self.supersede)
        self.seats = QLabel()
        self.form.addRow("&Order decided", self.order)
        self.form.addRow("", moves)
        self.form.addRow("", self.seats)
        self.form.addRow("&Reason", self.reason)
        self.judge = JudgeFields(self.form, "Head judge", self.buttons)
        self.tie.currentIndexChanged.connect(self._show_tie)
        self.tie.setCurrentIndex(chosen)
        self._show_tie()
        self.setMinimumWidth(640)

    def refusal(self, error: BankerError) -> str:
        return signed_refusal(error)

    def _show_tie(self) -> None:
        self.order.clear()
        if not self.ties:
            return
        tie, ruling = self.ties[self.tie.currentIndex()]
        taking = ("the first listed takes the seat" if tie.seats == 1
                  else f"the first {tie.seats} listed take the seats")
        self.seats.setText(f"The line falls inside positions {tie.positions[0]}-"
                           f"{tie.positions[1]}: {taking}.")
        self.supersede.setEnabled(ruling is not None)
        self.supersede.setChecked(False)
        self.standing.setVisible(ruling is not None)
        players = list(tie.players)
        if ruling is not None:  # the order that stands first: the judge changes it from there
            players = list(ruling.order) + [p for p in players if p not in ruling.order]
            self.standing.setText(f"This tie was {ruled_words(ruling, self.names)}. To rule it "
                                  "again, tick Supersede and give the reason: that ruling stays "
                                  "on record, superseded.")
        for player in players:
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
        reason = self.reason.text().strip()
        if not reason or self.judge.missing():
            raise BadInput("a ruling is recorded with the reason, signed with the head judge's "
                           "name and PIN")
        if not self.ties:
            raise BadInput(f"no tie to rule in the {self.stage}")
        tie, _ = self.ties[self.tie.currentIndex()]
        # Only the seats the line falls inside are settled (RULES.md Tournament).
        order = self.ordered()[:tie.seats or None]
        judge = self.judge.taken()
        t = tournaments.rule_tie(self.tid, self.stage, order, judge, reason,
                                 supersede=self.supersede.isChecked(), sleep=self.sleep)
        made = t.rulings[-1]
        replaced = ("" if made.supersedes is None
                    else f"; it supersedes the ruling of {made.supersedes:%H:%M:%S}")
        return (f"Ruling recorded, signed by {judge[0]}: "
                + ", ".join(self.names.get(p, p) for p in order) + f"; {reason}{replaced}")
