"""The tournament window's actions on the tournament and its players: a new tournament, the
players entered (by hand, from the sign-up sheet), withdrawn (a judge's decision, signed), the
judges registered; each one call to app.tournament.service (see window.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from app.tournament import service as tournaments
from models.errors import BadInput
from models.plural import counted
from ui.fonts import undrawable_message
from ui.tournament.judge_fields import RegisterJudgeDialog
from ui.tournament.new_tournament import NewTournamentDialog
from ui.tournament.player_dialogs import AddPlayerDialog, WithdrawDialog


class PlayerActions:
    """Mixed into TournamentWindow, whose state and helpers (`t`, `_need`, `_run`, `_open`,
    `say`, `now`, `pin_sleep`, the views) these use; `self: Any` because a mixin cannot name
    its host's type."""

    def new_tournament(self: Any) -> None:
        """Ctrl+N: the new-tournament dialog; the tournament made is shown."""
        dialog = NewTournamentDialog(self)
        self._open(dialog, lambda _: self.list_tournaments(dialog.created))

    def add_player(self: Any) -> None:
        tid = self._need()
        if tid is not None:
            self._open(AddPlayerDialog(tid, self))

    def import_players(self: Any) -> None:
        """Ctrl+I: the sign-up sheet, a CSV with the columns id, name and (optional) contact and
        latin (a name in another script in Latin letters)."""
        tid = self._need()
        if tid is None:
            return
        path = self.choose_file("Import the sign-up sheet", "Sign-up sheets (*.csv);;All files (*)")
        if path is None:
            return
        imported: list[str] = []
        if self._run(lambda: self._import(tid, path, imported)):
            boxes = undrawable_message(imported)  # said after the count, never instead of it
            if boxes:
                self.say(f"{self.messages.text()}\n{boxes}", "warning")

    def _import(self: Any, tid: str, path: Path, imported: list[str]) -> str:
        found = tournaments.players_from_csv(path)
        if not found:
            raise BadInput(f"{path.name}: no players in it (columns: id, name, contact, latin)")
        t = tournaments.add_players(tid, found, self.now)
        imported.extend(p.name for p in found)
        return f"{counted(len(found), 'player')} entered from {path.name}: {len(t.players)} in all"

    def withdraw_selected(self: Any) -> None:
        tid = self._need()
        if tid is None:
            return
        rows_ = self.players_view.selectionModel().selectedRows()
        if not rows_:
            self.say("Select the player to withdraw in the players' list first.", "refused")
            return
        player = self.t.player(self.players.key(rows_[0].row()))
        self._open(WithdrawDialog(tid, player.id, player.name, self, sleep=self.pin_wait))

    def register_judge(self: Any) -> None:
        """Ctrl+J: a judge who signs the tournament's decisions (name, PIN twice)."""
        tid = self._need()
        if tid is not None:
            self._open(RegisterJudgeDialog(tid, self.now, self))

    def pin_wait(self: Any, seconds: float) -> None:
        """A wrong PIN's wait (`pin_sleep`, read when it waits: a test sets it)."""
        self.pin_sleep(seconds)

    def _ask_file(self: Any, caption: str, kinds: str) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, caption, str(Path.home()), kinds)
        return Path(name) if name else None

    def _ask_folder(self: Any, caption: str) -> Path | None:
        name = QFileDialog.getExistingDirectory(self, caption, str(Path.home()))
        return Path(name) if name else None
