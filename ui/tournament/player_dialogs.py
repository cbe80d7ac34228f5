"""Entering one player by hand, and withdrawing one with a reason (a judge's decision, signed
with the judge's name and PIN)."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from app.tournament import service as tournaments
from app.tournament.service import Player  # type: ignore[attr-defined]  # the service's entrant
from models.errors import BadInput, BankerError
from models.plural import counted
from ui.fonts import undrawable_message
from ui.tournament.form_dialog import FormDialog
from ui.tournament.judge_fields import SIGNED, JudgeFields, signed_refusal
from ui.tournament.rows import PRIVATE


class AddPlayerDialog(FormDialog):
    """One entrant: the badge id, the name printed at the table, a private contact."""

    def __init__(self, tid: str, parent: QWidget | None = None) -> None:
        super().__init__("Add a player", "Before the first round starts only; a draw already "
                         "made is set aside (drawn again with the newcomer).", parent)
        self.tid = tid
        self.pid, self.name, self.contact = QLineEdit(), QLineEdit(), QLineEdit()
        self.pid.setPlaceholderText("the badge number: letters, digits, . _ -")
        self.contact.setPlaceholderText("optional; private")
        self.contact.setToolTip(PRIVATE)
        for label, widget in (("&Id", self.pid), ("&Name", self.name),
                              ("&Contact (private)", self.contact)):
            self.form.addRow(label, widget)
        self.watch_names(self.name)

    def send(self) -> str:
        player = Player(id=self.pid.text().strip(), name=self.name.text().strip(),
                        contact=self.contact.text().strip() or None)
        t = tournaments.add_players(self.tid, [player])
        boxes = undrawable_message([player.name])
        return (f"{player.name} ({player.id}) entered: {counted(len(t.players), 'player')}"
                + (f"\n{boxes}" if boxes else ""))


class WithdrawDialog(FormDialog):
    """A late withdrawal or a no-show, before the player's next round starts: a judge's
    decision, signed (`sleep`: the wrong PIN's wait)."""

    def __init__(self, tid: str, player: str, name: str, parent: QWidget | None = None, *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__("Withdraw a player", "Before the player's next round starts: that "
                         "stage's draw, if made, is set aside and must be drawn again. "
                         f"{SIGNED}", parent)
        self.tid, self.player, self.sleep = tid, player, sleep
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. no-show, or the player's words")
        self.form.addRow(QLabel(f"<b>{name}</b> ({player})"))
        self.form.addRow("&Reason", self.reason)
        self.judge = JudgeFields(self.form, buttons=self.buttons)

    def refusal(self, error: BankerError) -> str:
        return signed_refusal(error)

    def send(self) -> str:
        if not self.reason.text().strip():
            raise BadInput("say why the player is withdrawn (e.g. no-show): it is recorded")
        if self.judge.missing():
            raise BadInput("a withdrawal is a judge's decision: type the judge's name and PIN "
                           "(it signs it)")
        judge = self.judge.taken()
        t = tournaments.withdraw(self.tid, self.player, self.reason.text().strip(), judge,
                                 sleep=self.sleep)
        last = t.withdrawals[-1]
        redraw = (t.draw(last.stage) is None and any(d.stage == last.stage for d in t.draws))
        return (f"{t.player(self.player).name} withdrawn before the {last.stage}, signed by "
                f"{judge[0]}" + ("; its draw is set aside and must be made again" if redraw
                                 else ""))
