"""The desk's tools of issue 29: undo the tournament's last change (with a reason), and move a
game sent under another table's login to its table (a judge's decision, signed)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLineEdit, QSpinBox, QWidget

from app.tournament import service as tournaments
from models.errors import BadInput, BankerError
from ui.tournament.form_dialog import FormDialog
from ui.tournament.judge_fields import SIGNED, JudgeFields, signed_refusal


class UndoDialog(FormDialog):
    """The tournament as it was before its last change, restored as a new version."""

    def __init__(self, tid: str, parent: QWidget | None = None) -> None:
        super().__init__("Undo the last change", "The tournament as it was before its last "
                         "change comes back as a new version; the reason is recorded. A "
                         "judge's decision is not undone here.", parent)
        self.tid = tid
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. drawn before the roll call was done")
        self.form.addRow("&Reason", self.reason)

    def send(self) -> str:
        if not self.reason.text().strip():
            raise BadInput("say why the change is undone: it is recorded")
        _, what = tournaments.undo(self.tid, self.reason.text().strip())
        return f"Undone: {what}."


class MoveGameDialog(FormDialog):
    """A game the hub holds, sent under another table's login, recorded as its table's."""

    def __init__(self, tid: str, stage: str, parent: QWidget | None = None, *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__("Move a game to its table", "The hub's game (its id, as take-in "
                         "names it) is this table's game of the stage, though another "
                         f"table's login sent it. {SIGNED}", parent)
        self.tid, self.stage, self.sleep = tid, stage, sleep
        self.game = QLineEdit()
        self.game.setPlaceholderText("the game's id, as take-in says it")
        self.table = QSpinBox()
        self.table.setRange(1, 999)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. the laptops of tables 3 and 4 were swapped")
        self.form.addRow("&Game", self.game)
        self.form.addRow("&Table", self.table)
        self.form.addRow("&Reason", self.reason)
        self.judge = JudgeFields(self.form, buttons=self.buttons)

    def refusal(self, error: BankerError) -> str:
        return signed_refusal(error)

    def send(self) -> str:
        if not self.game.text().strip() or not self.reason.text().strip():
            raise BadInput("type the game's id and the reason: both are recorded")
        if self.judge.missing():
            raise BadInput("moving a game is a judge's decision: type the judge's name and PIN "
                           "(it signs it)")
        judge = self.judge.taken()
        t = tournaments.move_game(self.tid, self.stage, self.game.text().strip(),
                                  self.table.value(), self.reason.text().strip(), judge,
                                  sleep=self.sleep)
        moved = t.moves[-1]
        return (f"Game {moved.game_id} is the {moved.stage} table {moved.table}'s, signed by "
                f"{judge[0]}: take it in from the hub (Ctrl+Shift+T).")


class DeskActions:
    """The tournament window's undo (Ctrl+Alt+Z) and move a game (Ctrl+Shift+M)."""

    def undo_last(self: Any) -> None:
        """Ctrl+Alt+Z: undo the tournament's last change, with a reason."""
        tid = self._need()
        if tid is not None:
            self._open(UndoDialog(tid, self))

    def move_game(self: Any) -> None:
        """Ctrl+Shift+M: a game sent under another table's login moved to its table."""
        tid, stage = self._need(), self.stage()
        if tid is not None and stage is not None:
            self._open(MoveGameDialog(tid, stage, self, sleep=self.pin_wait))
