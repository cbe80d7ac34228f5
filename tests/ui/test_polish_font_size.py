"""Ctrl+plus and Ctrl+minus scale every part of the table window, and the size is remembered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.table.command_text import parse_command
from app.table.service import TableGame
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy"],
         "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]}


def sizes(style: str, name: str) -> int:
    """The point size a style sheet gives the widgets called `name`."""
    found = re.search(rf"#{name}\s*{{[^}}]*font-size:\s*(\d+)pt", style)
    assert found is not None, f"no size for {name}"
    return int(found.group(1))


def window_on(qtbot, tmp_path: Path) -> TableWindow:
    game = TableGame.open(str(tmp_path / "table.db"))
    if game.state is None:
        game.submit(parse_command(START))
    window = TableWindow(TableSession(game, tick_ms=None),
                         QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    return window


def test_ctrl_plus_scales_the_clock_and_the_cash_with_the_rest_and_is_remembered(
        qtbot, tmp_path: Path) -> None:
    window = window_on(qtbot, tmp_path)
    assert window.font_pt == 12  # the default base size
    ann = window.players.panel("Ann")
    # At 12 points the time is 3.2 x 12 = 38.4 -> 38 pt and the cash 1.75 x 12 = 21 pt.
    assert sizes(window.clock.styleSheet(), "clockTime") == 38
    assert sizes(ann.styleSheet(), "playerCash") == 21
    for _ in range(2):
        qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    # 14 points: the window's own rule says 14, the time 3.2 x 14 = 44.8 -> 45, the cash
    # 1.75 x 14 = 24.5 -> 24 (round half to even).
    assert window.font_pt == 14
    assert "font-size: 14pt" in window.styleSheet()
    assert sizes(window.clock.styleSheet(), "clockTime") == 45
    assert sizes(ann.styleSheet(), "playerCash") == 24
    assert window.clock.time.font().pointSize() == 45
    window.session.close()
    window.close()
    # Opened again, the window starts at 14 points.
    again = window_on(qtbot, tmp_path)
    assert again.font_pt == 14
    assert sizes(again.players.panel("Bob").styleSheet(), "playerCash") == 24
    qtbot.keyClick(again, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert again.font_pt == 13 and sizes(again.clock.styleSheet(), "clockTime") == 42  # 41.6
    again.session.close()


def test_the_size_stops_at_its_limits(qtbot, tmp_path: Path) -> None:
    window = window_on(qtbot, tmp_path)
    for _ in range(30):
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.font_pt == 8  # the smallest the columns stay readable at
    assert sizes(window.clock.styleSheet(), "clockTime") == 26  # 3.2 x 8 = 25.6
    window.session.close()
