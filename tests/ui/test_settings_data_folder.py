"""Issue 30 item 5: the window's settings (text size, window places, the new-game form's names)
are kept in the data folder's `settings.ini`, never under the user's config folder, so two data
folders on one laptop keep their own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.datafolder.paths import DATA_DIR_ENV
from ui import scale
from ui.settings import OLD_APPLICATION, OLD_ORGANISATION, keep_qt_in_data_folder, kept


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "config"
    home.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


def test_two_data_folders_keep_their_own_text_size(tmp_path, monkeypatch, config_home) -> None:
    first, second = tmp_path / "event-a", tmp_path / "event-b"
    monkeypatch.setenv(DATA_DIR_ENV, str(first))
    settings = kept()
    settings.setValue(scale.FONT_KEY, 18)
    settings.sync()
    monkeypatch.setenv(DATA_DIR_ENV, str(second))
    other = kept()
    assert scale.remembered(other) == scale.BASE_PT  # the second event starts at the default
    other.setValue(scale.FONT_KEY, 10)
    other.sync()
    monkeypatch.setenv(DATA_DIR_ENV, str(first))
    assert scale.remembered(kept()) == 18
    assert (first / "settings.ini").is_file() and (second / "settings.ini").is_file()
    assert not any(config_home.rglob("*"))


def test_what_an_older_version_kept_in_the_config_folder_is_carried_over_once(
        tmp_path, monkeypatch, config_home) -> None:
    old = QSettings(str(config_home / OLD_ORGANISATION / f"{OLD_APPLICATION}.conf"),
                    QSettings.Format.IniFormat)
    old.setValue(scale.FONT_KEY, 16)
    old.setValue("new_game/banker", "陈伟明")
    old.sync()
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    settings = kept()
    assert scale.remembered(settings) == 16 and settings.value("new_game/banker") == "陈伟明"
    settings.setValue(scale.FONT_KEY, 20)
    settings.sync()
    # The old file is read, never changed; the data folder's own values win from then on.
    assert scale.remembered(kept()) == 20
    assert QSettings(str(config_home / OLD_ORGANISATION / f"{OLD_APPLICATION}.conf"),
                     QSettings.Format.IniFormat).value(scale.FONT_KEY) in (16, "16")


def test_qt_own_settings_go_to_the_data_folder(tmp_path, monkeypatch, config_home) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    keep_qt_in_data_folder()
    try:
        qt = QSettings("QtProject")  # what QFileDialog writes its history into
        qt.setValue("FileDialog/lastVisited", "file:///tmp")
        qt.sync()
        assert Path(qt.fileName()).is_relative_to(tmp_path / "data" / "qt")
    finally:
        # Back to a folder of the tests' own, so later tests write nothing at home either.
        monkeypatch.setenv(DATA_DIR_ENV, os.environ[DATA_DIR_ENV])
    assert not any(config_home.rglob("*"))


def test_the_new_game_form_remembers_in_the_data_folder(qtbot, tmp_path, monkeypatch,
                                                         config_home) -> None:
    from ui.start.new_game import NewGameForm  # noqa: PLC0415

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    form = NewGameForm(lambda *a: tmp_path / "x.sqlite", settings=kept())
    qtbot.addWidget(form)
    form.banker.setText("முருகன் செல்வம்")
    form._remember()
    again = NewGameForm(lambda *a: tmp_path / "x.sqlite", settings=kept())
    qtbot.addWidget(again)
    assert again.banker.text() == "முருகன் செல்வம்"
    stored = QSettings(str(tmp_path / "data" / "settings.ini"), QSettings.Format.IniFormat)
    assert stored.value("new_game/banker") == "முருகன் செல்வம்"
    assert not any(config_home.rglob("*"))


def test_a_whole_start_writes_nothing_under_the_config_folder(tmp_path) -> None:
    """The app started as a banker starts it (first window painted, then closed by the smoke
    test's variable), with the home and config folders empty: nothing lands in either but the
    data folder's own files."""
    home, config, data = tmp_path / "home", tmp_path / "config", tmp_path / "data"
    home.mkdir()
    config.mkdir()
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(config),
               XDG_CACHE_HOME=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen",
               BANKER_FIRST_WINDOW=str(tmp_path / "first.png"))
    env[DATA_DIR_ENV] = str(data)
    done = subprocess.run([sys.executable, "-c", "from ui.entry import main; main()"],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert (data / "settings.ini").is_file()  # the window's place, remembered on closing
    written = [p for p in config.rglob("*") if p.is_file()]
    assert written == [], written
    assert [p for p in home.rglob("*") if p.is_file()] == []
