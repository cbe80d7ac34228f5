"""The banker's toolbar: six buttons that are never cut, their keys shown when they fit."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.table.command_text import parse_command
from app.table.service import TableGame
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy"],
         "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]}
KEYS = ["Ctrl+Z", "Ctrl+K", "Ctrl+S", "Ctrl+J", "F11", "F1"]


@pytest.fixture
def window(qtbot, tmp_path: Path) -> TableWindow:
    game = TableGame.open(str(tmp_path / "table.db"))
    game.submit(parse_command(START))
    table = TableWindow(TableSession(game, tick_ms=None),
                        QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(table)
    table.show()
    qtbot.waitExposed(table)
    return table


def whole(window: TableWindow) -> bool:
    """Every button as wide as its text asks, and inside the toolbar."""
    bar = window.toolbar
    return all(b.width() >= b.sizeHint().width() and b.geometry().right() < bar.width()
               and b.geometry().bottom() < bar.height() for b in bar.buttons)


def test_at_1366x768_the_six_buttons_fit_with_their_keys_in_the_tooltips(window) -> None:
    window.resize(1366, 768)
    window.toolbar.relayout()
    bar = window.toolbar
    assert [b.text() for b in bar.buttons] == ["Undo", "All actions", "Scoresheet",
                                               "Judge's window", "Display", "Help"]
    assert bar.rows == 1 and whole(window)
    for button, key in zip(bar.buttons, KEYS, strict=True):
        assert button.toolTip().endswith(f"Key: {key}")


def test_with_room_the_keys_are_shown_beside_the_words(window) -> None:
    window.toolbar.resize(2000, window.toolbar.height())
    assert window.toolbar.with_keys
    assert window.toolbar.buttons[0].text() == "Undo  Ctrl+Z"
    assert window.toolbar.buttons[4].text() == "Display  F11" and whole(window)


def test_large_text_wraps_the_buttons_instead_of_cutting_them(window) -> None:
    window.resize(1366, 768)
    window.set_font(24)  # the largest base size (ui/scale.py MAX_PT)
    window.toolbar.relayout()
    assert window.toolbar.rows >= 2 and whole(window)
    window.set_font(12)
    window.toolbar.relayout()
    assert window.toolbar.rows == 1 and whole(window)


def test_a_toolbar_button_runs_its_action(window, qtbot) -> None:
    help_button = window.toolbar.buttons[-1]
    help_button.click()
    assert window.help.isVisible()
