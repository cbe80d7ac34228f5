"""The start page lists the data folder's games and opens the one in progress where it stood."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.games import folder as games
from app.table.command_text import parse_command
from tests.clocks import Clock
from ui.app import MainWindow
from ui.sounds import Sounds
from ui.start.games_model import GamesModel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SG = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
      "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}], "label": "Final table"}




@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def main_window(qtbot, tmp_path: Path):
    def make(clock: Clock) -> MainWindow:
        window = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None,
                            settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        window.show()
        return window
    return make


def test_the_games_model_passes_qts_model_checks(qtmodeltester) -> None:
    clock = Clock()
    games.create_game(SG, "Mei", now=clock)
    games.open_sample(clock)
    model = GamesModel(games.recent_games())
    qtmodeltester.check(model)
    assert model.rowCount() == 2


def test_an_empty_data_folder_says_so_and_offers_no_resume(main_window) -> None:
    window = main_window(Clock())
    assert window.start.model.rowCount() == 0
    assert not window.start.resume_button.isEnabled()
    assert window.start.empty.isVisible()


def test_resume_opens_the_game_in_progress_at_its_last_entry(main_window, qtbot) -> None:
    # Bob won the roll-off (11 against 7 and 4), plays first and rolls 3+2: he stands on space
    # 5; the window opened from the start page shows the ledger's own head and that position.
    clock = Clock()
    path = games.create_game(SG, "Mei", now=clock)
    game = games.open_game(path, clock)
    game.submit(parse_command({"type": "roll", "player": "Bob", "dice": [3, 2]}))
    head = game.head_seq
    game.close()
    window = main_window(clock)
    assert "Resume Final table" in window.start.resume_button.text()
    qtbot.mouseClick(window.start.resume_button, Qt.MouseButton.LeftButton)
    assert window.table is not None and window.stack.currentWidget() is window.table
    assert window.table.session.game.head_seq == head
    assert window.table.session.game.state.players[0].position == 5  # Bob, first to play
    window.show_start()  # Ctrl+W: back to the list, the game file released
    assert window.table is None and window.stack.currentWidget() is window.start


def test_a_file_that_cannot_be_opened_is_said_on_the_start_page(main_window, tmp_path: Path
                                                                  ) -> None:
    window = main_window(Clock())
    assert window.open_game(tmp_path / "nowhere.db") is None
    assert window.start.messages.level == "refused"
    assert "nowhere.db cannot be opened" in window.start.messages.text()


def test_open_the_sample_game_records_it_and_opens_its_table(main_window, qtbot) -> None:
    window = main_window(Clock())
    qtbot.mouseClick(window.start.sample_button, Qt.MouseButton.LeftButton)
    assert window.table is not None
    assert window.table.session.game.state.players[0].name == "Bob"  # Bob won the roll-off
    window.show_start()
    [listed] = window.start.model.games
    assert listed.label == "Sample table" and listed.path.name == games.SAMPLE_FILE
