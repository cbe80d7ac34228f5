"""The app's version said: `banker --version` (without loading Qt) and `--version --verbose`, the
About (Help ▸ About and the start page's button) with the shipped fonts' licences, the start
page's title's tooltip."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QPoint, QSettings, Qt, qVersion
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication

from app.version import app_version
from tests.clocks import Clock
from ui.about import AboutDialog
from ui.app import MainWindow
from ui.entry import main
from ui.sounds import Sounds

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("PySide6", "sqlalchemy", "alembic", "argon2", "pydantic")
# Qt's offscreen platform says so when a dialog or a tooltip is shown; nothing is wrong.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")


def test_banker_version_prints_the_version_without_loading_qt_or_the_ledger() -> None:
    script = ("import sys\nfrom ui.entry import main\nsys.argv = ['banker', '--version']\n"
              "try:\n    main()\nexcept SystemExit as e:\n    print('EXIT', e.code)\n"
              f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=REPO, check=True).stdout.splitlines()
    assert out == [f"Championship Banker {app_version()}", "EXIT 0", "LOADED []"]


def test_banker_version_verbose_says_what_the_app_runs_on() -> None:
    done = CliRunner().invoke(main, ["--version", "--verbose"])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0] == f"Championship Banker {app_version()}"
    assert f"Qt {qVersion()}" in lines and f"SQLite {sqlite3.sqlite_version}" in lines
    assert f"Python {sys.version.split()[0]}" in lines
    assert any(line.startswith("PySide6 6.") for line in lines)


def test_verbose_alone_is_a_usage_error() -> None:
    for argv in (["--verbose"], ["--version", "state"]):
        done = CliRunner().invoke(main, argv)
        assert done.exit_code == 2 and "banker --version [--verbose]" in done.output


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    made = MainWindow(Clock(), sounds=Sounds(audio=False), tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(made)
    made.show()
    return made


def test_the_start_pages_about_names_the_version_and_the_fonts_licences(qtbot, window) -> None:
    qtbot.mouseClick(window.start.about_button, Qt.MouseButton.LeftButton)
    about = window.about
    assert isinstance(about, AboutDialog) and about.isVisible()
    assert about.heading.text() == f"Championship Banker {app_version()}"
    assert f"Qt {qVersion()}" in about.platform.text()
    words = about.fonts.text()
    assert "DejaVu Sans" in words and "Bitstream Vera" in words
    assert "Noto Sans" in words and "SIL Open Font License, Version 1.1" in words
    texts = about.texts.toPlainText()
    assert "SIL OPEN FONT LICENSE Version 1.1" in texts and "Bitstream, Inc." in texts
    with qtbot.wait_signal(about.finished):
        qtbot.keyClick(about, Qt.Key.Key_Escape)
    # The same from the menu: Help ▸ About.
    (help_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    help_menu.actions()[0].trigger()
    assert window.about is not about and window.about.isVisible()
    window.about.close()


def test_the_start_pages_title_says_the_version_when_pointed_at(window) -> None:
    title = window.start.title
    assert title.toolTip() == ""  # worked out when first asked for, not at start-up
    QApplication.sendEvent(title, QHelpEvent(QHelpEvent.Type.ToolTip, QPoint(2, 2),
                                             title.mapToGlobal(QPoint(2, 2))))
    assert title.toolTip().startswith(f"Championship Banker {app_version()}")
