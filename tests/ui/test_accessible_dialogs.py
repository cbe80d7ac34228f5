"""The judge's, the tournament desk's and the head judge's dialogs as a screen reader and a
keyboard reach them: every field named, Tab round every field and back."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.clocks import Clock
from tests.ui.a11y import focusable, tab_round, unnamed
from ui.head_judge.round_entry import ROUND_ACTIONS, RoundEntryDialog
from ui.judge.dispute_forms import CorrectionDialog, RaiseDialog, ReasonDialog, RewindDialog
from ui.tournament.desk_dialogs import MoveGameDialog, UndoDialog
from ui.tournament.draw_dialog import DrawDialog
from ui.tournament.judge_fields import RegisterJudgeDialog
from ui.tournament.new_tournament import NewTournamentDialog
from ui.tournament.player_dialogs import AddPlayerDialog, WithdrawDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "OpenType support missing")

NAMES = ["陈伟明", "கவிதா", "Siti Aminah", "José Müller-Øberg"]
START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
         "players": NAMES, "roll_off": [dict(zip(NAMES, ([6, 5], [4, 3], [2, 2], [3, 3]),
                                                 strict=True))]}
AT = datetime(2026, 11, 21, 9, tzinfo=UTC)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    return tmp_path / "data"


@pytest.fixture
def game(tmp_path: Path) -> TableGame:
    played = TableGame.open(str(tmp_path / "game.db"), now=Clock())
    for command in (START, {"type": "start_clock"},
                    {"type": "roll", "player": NAMES[0], "dice": [2, 4]},
                    {"type": "buy", "player": NAMES[0]}):
        played.submit(parse_command(command))
    return played


@pytest.fixture
def tid() -> str:
    t = tournaments.create("Singapore Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score")])
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name, contact="")
                                   for n, name in enumerate(
                                       [*NAMES, "林美玲", "Nur Aisyah binti Rahman",
                                        "முருகன் செல்வம்", "Zoë Ñúñez"], 1)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    return t.id


DIALOGS: dict[str, Callable[[TableGame, str], QDialog]] = {
    "raise a dispute": lambda g, t: RaiseDialog(g, [3, 4]),
    "a ruling's reason": lambda g, t: ReasonDialog("Rule on dispute 1", {}, "ruling", "Ruling"),
    "a correction": lambda g, t: CorrectionDialog(g, [], None),
    "a rewind": lambda g, t: RewindDialog(g, 3, [], None),
    "a new tournament": lambda g, t: NewTournamentDialog(),
    "undo the desk's change": lambda g, t: UndoDialog(t),
    "move a game": lambda g, t: MoveGameDialog(t, "Qualifying"),
    "add a player": lambda g, t: AddPlayerDialog(t),
    "withdraw a player": lambda g, t: WithdrawDialog(t, "P2", NAMES[1]),
    "register a judge": lambda g, t: RegisterJudgeDialog(t, lambda: AT),
    "draw with options": lambda g, t: DrawDialog(t, "Qualifying", None, 7, lambda: AT),
    **{f"the hall's round: {a.kind}": (lambda g, t, a=a: RoundEntryDialog(a, "the hall"))
       for a in ROUND_ACTIONS},
}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_field_of_the_dialog_is_named_and_tab_goes_round_them(
        qtbot, game: TableGame, tid: str, name: str) -> None:
    dialog: Any = DIALOGS[name](game, tid)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    found = unnamed(dialog)
    assert not found, "\n".join(found)
    visited = tab_round(qtbot, dialog)
    assert set(focusable(dialog)) <= set(visited)
    dialog.reject()
