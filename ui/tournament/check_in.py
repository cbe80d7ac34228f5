"""The tournament window's roll call before a draw, on the draw's tab: each entrant present,
absent, a standby called in (a judge's decision, signed: the judge's name and PIN are asked),
withdrawn or unmarked; one call to app.tournament.service each."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractItemView, QGroupBox, QVBoxLayout

from app.table.actions import refusal_text
from app.tournament import service as tournaments
from models.errors import BankerError
from models.tournament.changes import call_standby as standby_trial
from ui.tournament import widgets as w
from ui.tournament.judge_fields import StandbyDialog
from ui.tournament.rows_model import Line, RowsModel

ROLL_COLUMNS = ("Id", "Name", "Roll call", "Marked")
DESK = "the desk"  # who marks it, recorded with the time (the CLI's --by default)
KINDS = {"present": "in", "standby": "in", "absent": "out", "withdrawn": "out"}


def roll_lines(lines: Any) -> list[Line]:
    """The service's roll call as rows: present and standbys green, absent and withdrawn grey."""
    found = []
    for x in lines:
        status = f"standby for {x.replaces}" if x.replaces else x.status
        marked = f"{x.by}, {x.at} UTC" if x.by else ""
        found.append(Line(x.player, (x.player, x.name, status, marked), KINDS.get(x.status)))
    return found


class CheckInActions:
    """Mixed into TournamentWindow (`t`, `stage()`, `_need`, `_run`, `_open`, `say`, `now`,
    `pin_wait`); `self: Any` because a mixin cannot name its host's type."""

    def roll_call_box(self: Any) -> QGroupBox:
        """The roll call's list, its counts and its buttons, for the top of the draw's tab."""
        self.roll = RowsModel(ROLL_COLUMNS)
        self.roll_view = w.view(self.roll, "Name", "The roll call")
        # Several rows at once: the desk selects everyone in the hall and marks them present.
        self.roll_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.roll_text = w.label()
        box = QGroupBox("Roll call before the draw")
        layout = QVBoxLayout(box)
        layout.addWidget(self.roll_text)
        layout.addWidget(self.roll_view, stretch=1)
        layout.addLayout(w.row(
            w.button("Mar&k present", self.check_in_selected),
            w.button("Mark a&bsent", self.absent_selected),
            w.button("Call in the next standb&y", self.call_standby_selected)))
        return box

    def show_roll_call(self: Any, stage: str | None) -> None:
        """The stage's roll call, or why there is none yet (the stage before undecided)."""
        if self.t is None or stage is None:
            self.roll.show_lines([])
            self.roll_text.setText("")
            return
        try:
            lines = tournaments.roll_call_of(self.t, stage)
        except BankerError as e:
            self.roll.show_lines([])
            self.roll_text.setText(f"Roll call: not yet — {e}")
            return
        self.roll.show_lines(roll_lines(lines))
        counts = {s: sum(1 for x in lines if x.status == s)
                  for s in ("present", "standby", "absent", "unmarked")}
        rule = ("the draw seats those present and the standbys called in"
                if any(x.by for x in lines)
                else "no one marked yet: the draw seats every entrant not withdrawn")
        said = ", ".join(f"{n} {s}" for s, n in counts.items())
        self.roll_text.setText(f"Roll call of the {self.t.stage(stage).name}: {said} — {rule}.")

    def _roll_selected(self: Any) -> list[str]:
        rows_ = sorted(r.row() for r in self.roll_view.selectionModel().selectedRows())
        if not rows_:
            self.say("Select players in the roll call first (Ctrl+2).", "refused")
        return [str(self.roll.key(r)) for r in rows_]

    def check_in_selected(self: Any) -> bool:
        """Ctrl+K: the selected players are present."""
        return bool(self._mark("present"))

    def absent_selected(self: Any) -> bool:
        """Ctrl+Shift+K: the selected players are absent from this stage's round."""
        return bool(self._mark("absent"))

    def _mark(self: Any, status: str) -> bool:
        tid, stage = self._need(), self.stage()
        players = self._roll_selected() if tid is not None and stage is not None else []
        if not players:
            return False
        last = max(r.row() for r in self.roll_view.selectionModel().selectedRows())
        change = tournaments.check_in if status == "present" else tournaments.mark_absent

        def marked() -> str:
            t = change(tid, stage, players, DESK, self.now)
            names = ", ".join(t.seat_name(p) for p in players)
            aside = t.draw(stage) is None and any(d.stage == t.stage(stage).name
                                                 for d in t.draws)
            return f"{status.capitalize()}: {names}" + (
                "; the draw is set aside: draw again" if aside else "")

        done: bool = self._run(marked)
        if done and last + 1 < self.roll.rowCount():
            self.roll_view.selectRow(last + 1)  # the next player in the list, for the next key
        return done

    def call_standby_selected(self: Any) -> bool:
        """Ctrl+Shift+B: the judge's name and PIN asked, then the standby next in line fills
        the selected absent player's seat; False when nothing is asked (no one selected)."""
        tid, stage = self._need(), self.stage()
        players = self._roll_selected() if tid is not None and stage is not None else []
        if len(players) != 1:
            if players:
                self.say("Select one absent player: a standby fills one seat.", "refused")
            return False
        try:  # the standby next in line, or why none may be called: before a PIN is asked
            trial = standby_trial(self.t, stage, players[0], DESK, self.now())
        except BankerError as e:
            self.say(refusal_text(e), "refused")
            return False
        standby = trial.check_ins[-1].player
        self._open(StandbyDialog(tid, self.t.stage(stage).name, players[0],
                                 self.t.named(players[0]), trial.named(standby), self.now,
                                 self.pin_wait, self))
        return True
