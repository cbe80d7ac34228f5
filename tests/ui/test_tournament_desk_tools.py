"""The tournament window's undo (Ctrl+Alt+Z) and move a game (Ctrl+Shift+M), by keys (issue 29,
item 7)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player
from tests.ui.test_tournament_signed_decisions import START, opened, typed
from ui.tournament.desk_dialogs import MoveGameDialog, UndoDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TournamentWindow]:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("Desk Cup", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=4)
    shown = TournamentWindow(t.id, now=lambda: START, poll_ms=None)
    shown.pin_sleep = lambda _: None
    qtbot.addWidget(shown)
    shown.show()
    shown.activateWindow()
    qtbot.waitUntil(shown.isActiveWindow)
    yield shown
    shown.close()


def test_ctrl_alt_z_undoes_the_draw_with_its_reason(qtbot, window: TournamentWindow) -> None:
    dialog = opened(qtbot, window, Qt.Key.Key_Z, CTRL_ALT)
    assert isinstance(dialog, UndoDialog)
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)  # no reason: refused, nothing undone
    assert "say why" in dialog.messages.text()
    assert tournaments.load("desk-cup").draw("Qualifying") is not None
    typed(qtbot, dialog.reason, "drawn before the roll call")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    t = tournaments.load("desk-cup")
    assert t.draw("Qualifying") is None and t.undone[-1].reason == "drawn before the roll call"
    assert "Undone: the file's last change." in window.messages.text()


def test_ctrl_shift_m_asks_a_judge_to_move_a_game_and_refuses_without_one(
        qtbot, window: TournamentWindow) -> None:
    dialog = opened(qtbot, window, Qt.Key.Key_M)
    assert isinstance(dialog, MoveGameDialog)
    typed(qtbot, dialog.game, "b017a03b")
    typed(qtbot, dialog.reason, "laptops swapped")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    assert "a judge's decision" in dialog.messages.text()
    assert tournaments.load("desk-cup").moves == ()
