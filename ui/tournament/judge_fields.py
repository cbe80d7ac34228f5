"""A judge's decision signed in the tournament's window: the judge's name and PIN fields every
such form shares (a tie ruling, a withdrawal, a standby called in), the standby's form, and the
registering of a judge (name, PIN twice). The service checks the PIN and signs; nothing here."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import datetime

from PySide6.QtWidgets import QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from app.table.actions import refusal_text
from app.table.judges import JudgeAuthError
from app.tournament import service as tournaments
from models.errors import BadInput, BankerError
from ui.tournament.form_dialog import FormDialog

Sleep = Callable[[float], None]
SIGNED = ("A judge registered for the tournament (Tournament ▸ Register a judge…, Ctrl+J) "
          "signs it with their PIN.")


def signed_refusal(error: BankerError) -> str:
    """A signed decision's refusal; an unknown judge is told where a judge is registered."""
    said = refusal_text(error)
    if isinstance(error, JudgeAuthError) and said.startswith("no judge "):
        said += " — register one in Tournament ▸ Register a judge… (Ctrl+J)"
    return said


def pin_field(accessible: str) -> QLineEdit:
    """A PIN's field: its digits never shown, its name said to a screen reader."""
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setAccessibleName(accessible)
    field.setPlaceholderText("6 digits or more")
    return field


class JudgeFields:
    """The judge's name and PIN, two rows of `form`; `taken()` hands them to the service and
    empties the PIN (the window keeps no PIN)."""

    def __init__(self, form: QFormLayout, who: str = "Judge",
                 buttons: QDialogButtonBox | None = None) -> None:
        self.name = QLineEdit()
        self.name.setObjectName("judge_name")
        self.name.setAccessibleName(f"{who}'s name")
        self.name.setPlaceholderText(f"the {who.lower()}'s name, as registered")
        self.pin = pin_field(f"{who}'s PIN")
        self.pin.setObjectName("judge_pin")
        form.addRow(f"&{who}", self.name)
        form.addRow("P&IN", self.pin)
        if buttons is not None:  # the form's OK signs: it says so
            buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Sign and record")

    def missing(self) -> bool:
        return not self.name.text().strip() or not self.pin.text()

    def taken(self) -> tuple[str, str]:
        """The name and PIN typed; the PIN field emptied."""
        judge = (self.name.text().strip(), self.pin.text())
        self.pin.clear()
        return judge


class StandbyDialog(FormDialog):
    """The standby next in line called in for an absent player's seat: a judge's decision."""

    def __init__(self, tid: str, stage: str, absent: str, name: str, standby: str,
                 now: Callable[[], datetime], sleep: Sleep,
                 parent: QWidget | None = None) -> None:
        super().__init__("Call in the next standby", "The standby next in line takes the "
                         f"absent player's seat. {SIGNED}", parent)
        self.tid, self.stage, self.absent, self.now, self.sleep = tid, stage, absent, now, sleep
        self.said = said = QLabel(f"<b>{html.escape(name)}</b> is absent from the {html.escape(stage)}: "
                      f"<b>{html.escape(standby)}</b>, next in line, takes the seat.")
        said.setWordWrap(True)
        self.form.addRow(said)
        self.judge = JudgeFields(self.form, buttons=self.buttons)

    def refusal(self, error: BankerError) -> str:
        return signed_refusal(error)

    def send(self) -> str:
        if self.judge.missing():
            raise BadInput("calling in a standby is a judge's decision: type the judge's name "
                           "and PIN (it signs it)")
        t = tournaments.call_standby(self.tid, self.stage, self.absent, self.judge.taken(),
                                     now=self.now, sleep=self.sleep)
        standby = t.check_ins[-1]
        return (f"{t.named(standby.player)} called in for {t.named(self.absent)}, signed by "
                f"{standby.by}")


class RegisterJudgeDialog(FormDialog):
    """A judge who signs the tournament's decisions: the name and a PIN typed twice; only the
    PIN's hash and a key sealed under it are kept (on the hub when it holds the tournament)."""

    def __init__(self, tid: str, now: Callable[[], datetime],
                 parent: QWidget | None = None) -> None:
        super().__init__("Register a judge", "The judge signs the tie rulings, withdrawals and "
                         "standby calls with this PIN (6 digits or more); it is never kept, "
                         "only what checks it.", parent)
        self.tid, self.now = tid, now
        self.name = QLineEdit()
        self.name.setAccessibleName("The judge's name")
        self.name.setMaxLength(40)
        self.pin, self.again = pin_field("The judge's PIN"), pin_field("The PIN again")
        self.form.addRow("&Name", self.name)
        self.form.addRow("P&IN", self.pin)
        self.form.addRow("PIN &again", self.again)
        self.watch_names(self.name)

    def send(self) -> str:
        name, pin, again = self.name.text().strip(), self.pin.text(), self.again.text()
        self.pin.clear()
        self.again.clear()
        if not name or not pin:
            raise BadInput("a judge is registered with a name and a PIN")
        if pin != again:
            raise BadInput("the two PINs differ: type the same PIN twice")
        where = tournaments.add_judge(self.tid, name, pin, self.now)
        return (f"Judge {name} registered {where}: they sign tie rulings, withdrawals and "
                "standby calls with their PIN")
