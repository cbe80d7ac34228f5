"""A ledger deleted under an open table window: the window notices within its file check (no
sleep: waited for by its signal), says so on the message line, and the game goes on in a new
file in the data folder's games/ with every entry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from PySide6.QtCore import QSettings

from app.datafolder.paths import DATA_DIR_ENV
from app.table.service import TableGame
from tests.app.games.test_rescue import entries, gone
from tests.app.hub_tables import new_table, play
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableWindow]:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv("BANKER_HUB_URL", raising=False)
    game = new_table(tmp_path, 1)
    play(game, 5, Random(5))
    session = TableSession(game, tick_ms=None, hall_ms=None, file_ms=50)
    table = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(table)
    table.show()
    yield table
    session.close()


def test_a_deleted_ledger_is_saved_to_a_new_file_and_the_window_goes_on_there(
        qtbot, window: TableWindow, tmp_path: Path) -> None:
    game = window.session.game
    before = entries(game)
    lost = Path(game.ledger.location)
    with qtbot.wait_signal(window.session.moved, timeout=5000) as moved:
        gone(lost)
    assert "deleted or replaced" in moved.args[0]
    assert window.messages.level == "warning"
    assert "deleted or replaced" in window.messages.text()
    saved = Path(game.ledger.location)
    assert saved.parent == tmp_path / "data" / "games" and saved.is_file()
    assert str(saved) in window.messages.text()
    play(game, 3, Random(6))
    head = game.head_seq
    window.session.close()
    reopened = TableGame.open(str(saved), create=False)
    assert reopened.head_seq == head and entries(reopened)[:len(before)] == before
    reopened.close()
