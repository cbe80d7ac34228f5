"""The clock's announcements and TIME are sounded (where there is audio), chosen by the app."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.games import folder as games
from app.table.command_text import parse_command
from ui.app import MainWindow
from ui.sounds import FOLDER, Sounds, sound_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


class Clock:
    """Moves only when told (the test stands in for the wall clock)."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 10, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_each_mark_has_its_sound_and_every_sound_file_is_shipped() -> None:
    assert [sound_for(m) for m in (15, 10, 5, 1, "time")] == [
        "announcement", "announcement", "announcement", "last-minute", "time"]
    assert {p.stem for p in FOLDER.glob("*.wav")} == {"announcement", "last-minute", "time"}


def test_without_an_audio_output_the_sounds_stay_silent_and_warn_nothing(qtbot) -> None:
    # This machine has no audio output (tests run headless): Qt Multimedia is asked first, and
    # the sound is still chosen and signalled; a Qt warning would fail this test.
    sounds = Sounds()
    with qtbot.waitSignal(sounds.chosen) as signal:
        assert sounds.play(5) == "announcement"
    assert signal.args == ["announcement"]
    assert sounds.last == "announcement"


def test_the_clocks_announcements_and_time_are_sounded_as_the_window_records_them(
        qtbot, tmp_path: Path) -> None:
    # SG: 60 minutes, marks at 15, 10, 5 and 1 minutes left. The clock starts at 10:00; read at
    # 10:45:30 (14.5 left) the 15-minute mark is due; at 10:59:30 the 10, 5 and 1 marks are all
    # due (one sound per entry, the last being the last minute); at 11:00 TIME.
    clock = Clock()
    path = games.create_game({"type": "new_game", "profile": "sg-championship",
                              "players": ["Ann", "Bob"],
                              "roll_off": [{"Ann": [3, 4], "Bob": [5, 6]}]}, "Mei", now=clock)
    game = games.open_game(path, clock)
    game.submit(parse_command({"type": "start_clock"}))
    game.close()
    sounds = Sounds(audio=False)
    window = MainWindow(clock, sounds=sounds, tick_ms=None,
                        settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    table = window.open_game(path)
    assert table is not None
    chosen: list[str] = []
    sounds.chosen.connect(chosen.append)
    clock.at += timedelta(minutes=45, seconds=30)
    table.session.tick()
    assert chosen == ["announcement"]
    clock.at += timedelta(minutes=14)
    table.session.tick()
    assert chosen == ["announcement"] * 3 + ["last-minute"]
    clock.at += timedelta(seconds=30)
    table.session.tick()
    assert sounds.last == "time"
