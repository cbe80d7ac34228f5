"""A banker's first run: the window opens on the start page with the data folder shown, a
missing system library is named with the command that installs it, and without the sounds'
library the window still opens and says the sounds are off."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from tests.clocks import Clock
from ui.app import MainWindow
from ui.fonts import FAMILIES, load_fonts
from ui.sounds import Sounds
from ui.system_check import (
    not_found,
    plugin_missing,
    qt_failed_to_start,
    sounds_off,
    window_cannot_open,
)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

REPO = Path(__file__).resolve().parents[2]
# What `ldd` says of Qt's xcb plugin on a machine without Debian's libxcb-cursor0.
LDD_WITHOUT_CURSOR = """\
\tlinux-vdso.so.1 (0x00007ffd4b7f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f3a1c000000)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => /lib/x86_64-linux-gnu/libxcb-icccm.so.4 (0x00007f3a1bff0000)
"""
PULSE_MISSING = ImportError("libpulse.so.0: cannot open shared object file: No such file or "
                            "directory")


class SilentMachine(Sounds):
    """Sounds on a machine whose Qt Multimedia cannot load: Debian's libpulse0 is missing."""

    def prepare(self) -> dict[str, Any]:
        self.problem = sounds_off(PULSE_MISSING)
        return {}


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def window(qtbot, tmp_path: Path, sounds: Sounds) -> MainWindow:
    made = MainWindow(Clock(), sounds=sounds, tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(made)
    made.show()
    return made


def test_a_library_the_window_plugin_lacks_is_named_with_its_package() -> None:
    missing = not_found(LDD_WITHOUT_CURSOR)
    assert missing == ["libxcb-cursor.so.0"]
    text = window_cannot_open(missing)
    assert text.startswith("The banker's window cannot open: Qt needs the system library "
                           "libxcb-cursor.so.0")
    assert "sudo apt-get install libxcb-cursor0" in text


def test_egl_missing_names_libegl1() -> None:
    assert "sudo apt-get install libegl1" in window_cannot_open(["libEGL.so.1"])


def test_qt_giving_up_on_the_plugin_quotes_it_and_names_the_packages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "nosuch")  # no plugin file: nothing to ask ldd
    text = qt_failed_to_start(['Could not find the Qt platform plugin "nosuch" in ""'])
    assert 'Qt could not load its platform plugin (Could not find the Qt platform plugin "nosuch"' \
        in text
    assert "sudo apt-get install" in text and "libxcb-cursor0" in text


def test_without_libpulse0_the_sounds_are_off_and_the_words_say_so() -> None:
    text = sounds_off(PULSE_MISSING)
    assert text.startswith("The clock's sounds are off: the system library libpulse is missing; "
                           "everything else works.")
    assert "sudo apt-get install libpulse0" in text


def test_on_this_machine_the_window_plugin_lacks_nothing() -> None:
    if shutil.which("ldd") is None or not sys.platform.startswith("linux"):
        pytest.skip("ldd (Linux) is needed to ask what Qt's xcb plugin lacks")
    assert plugin_missing("xcb") == []


def test_banker_where_qt_finds_no_platform_plugin_says_why_and_exits_1_without_aborting() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "nosuch"}
    done = subprocess.run([sys.executable, "-c", "from ui.app import application; application()"],
                          capture_output=True, text=True, cwd=REPO, env=env, check=False,
                          timeout=60)
    assert done.returncode == 1, done.stderr
    assert "The banker's window cannot open: Qt could not load its platform plugin" in done.stderr
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr


def test_the_window_opens_on_the_start_page_showing_the_data_folder(
        qtbot, tmp_path: Path, data_folder: Path) -> None:
    shown = window(qtbot, tmp_path, Sounds(audio=False))
    assert shown.stack.currentWidget() is shown.start
    assert shown.start.folder.isVisible()
    assert shown.start.folder.text().startswith(f"Data folder: {data_folder}  (games in games/")
    assert shown.start.sample_button.isVisible() and shown.start.sample_button.isEnabled()
    assert not shown.start.notice.isVisible()


def test_without_the_sounds_library_the_window_opens_and_says_the_sounds_are_off(
        qtbot, tmp_path: Path) -> None:
    shown = window(qtbot, tmp_path, SilentMachine())
    qtbot.waitUntil(shown.start.notice.isVisible, timeout=5000)  # once the window is up
    assert "The clock's sounds are off" in shown.start.notice.text()
    assert "libpulse0" in shown.start.notice.text()
    shown.show_start()  # the games listed again: the notice stays
    assert shown.start.notice.isVisible()


def test_the_printed_sheets_fonts_are_shipped_and_load_into_qt(qapp) -> None:
    assert set(FAMILIES) <= set(load_fonts())
