"""`banker --db FILE` (issue 31): the window paints first, saying which game it opens, then opens
that game's table as the start page does; a file that cannot be opened is said on the start page."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QSettings

from app.games import folder as games
from app.table.command_text import parse_command
from tests.clocks import Clock
from ui import entry
from ui.app import MainWindow
from ui.sounds import Sounds

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SG = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
      "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}], "label": "Final table"}


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _opened(qtbot, tmp_path: Path, clock: Clock, path: Path) -> MainWindow:
    window = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None, list_later=True,
                        opening=path,
                        settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.table is None  # nothing of the game is read before the window paints
    assert window.start.messages.text() == f"Opening {path.name}…"
    window.show()
    return window


def test_the_game_given_opens_at_its_last_entry_once_the_window_has_painted(
        qtbot, tmp_path: Path) -> None:
    clock = Clock()
    path = games.create_game(SG, "Mei", now=clock)
    game = games.open_game(path, clock)
    game.submit(parse_command({"type": "roll", "player": "Bob", "dice": [3, 2]}))
    head = game.head_seq
    game.close()
    window = _opened(qtbot, tmp_path, clock, path)
    qtbot.waitUntil(lambda: window.table is not None, timeout=10_000)
    assert window.table is not None and window.stack.currentWidget() is window.table
    assert window.table.session.game.head_seq == head
    assert window.table.session.game.state.players[0].position == 5  # Bob rolled 3+2
    assert window.windowTitle().endswith(path.stem)
    window.show_start()  # Ctrl+W: the games list, this game in it
    assert [listed.path for listed in window.start.model.games] == [path]


def test_a_file_that_cannot_be_opened_leaves_the_start_page_saying_why(
        qtbot, tmp_path: Path) -> None:
    window = _opened(qtbot, tmp_path, Clock(), tmp_path / "nowhere.db")
    qtbot.waitUntil(lambda: "cannot be opened" in window.start.messages.text(), timeout=10_000)
    assert window.table is None and window.stack.currentWidget() is window.start
    assert window.start.messages.level == "refused"
    assert "nowhere.db cannot be opened" in window.start.messages.text()


def test_db_before_a_command_is_refused_with_where_it_goes(tmp_path: Path) -> None:
    done = CliRunner().invoke(entry.main, ["--db", str(tmp_path / "x.db"), "ledger"])
    assert done.exit_code == 2
    assert "--db goes after the command: banker ledger --db FILE" in done.output


def test_without_a_command_the_window_is_opened_on_the_file(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    opened: list[Path | None] = []
    monkeypatch.setattr(entry, "window", lambda game=None: opened.append(game) or 0)
    done = CliRunner().invoke(entry.main, ["--db", str(tmp_path / "game.db")])
    assert done.exit_code == 0 and opened == [tmp_path / "game.db"]


def test_a_double_clicked_file_alone_is_opened_as_with_db(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The desktop entry runs `banker FILE` (Exec=banker %f).
    opened: list[Path | None] = []
    monkeypatch.setattr(entry, "window", lambda game=None: opened.append(game) or 0)
    game = tmp_path / "game.db"
    game.write_bytes(b"")
    done = CliRunner().invoke(entry.main, [str(game)])
    assert done.exit_code == 0 and opened == [game]
    # A name that is no file is still an unknown command, said as before.
    done = CliRunner().invoke(entry.main, [str(tmp_path / "nothing.db")])
    assert done.exit_code == 2 and "No such command" in done.output and opened == [game]
