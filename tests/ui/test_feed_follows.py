"""The entry log keeps up: after every command its newest row is the ledger's latest entry, in sight."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest
from PySide6.QtCore import QSettings

from app.table.command_text import parse_command
from app.table.service import TableGame
from models.choices import random_command
from models.engine import decide
from models.errors import BankerError
from tests.clocks import Clock
from ui.table.ledger_feed import SEQ_ROLE
from ui.table.session import TableSession
from ui.table.window import FEED_ENTRIES, TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy", "Dee"],
         "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2], "Dee": [1, 3]}]}


def _next(game: TableGame, rng: Random) -> dict:
    assert game.table is not None and game.state is not None
    for command in random_command(game.table, game.state, rng):
        if command.type == "declare_bankruptcy":
            continue
        try:
            decide(game.table, game.state, command)
        except BankerError:
            continue
        return command.model_dump(mode="json", exclude_none=True)
    raise AssertionError(f"no command accepted at event {game.head_seq}")


def _newest_in_sight(window: TableWindow) -> bool:
    feed = window.feed
    model = feed.feed
    rows = model.rowCount()
    if rows == 0 or model.data(model.index(rows - 1), SEQ_ROLE) != window.session.game.head_seq:
        return False
    shown = feed.visualRect(model.index(rows - 1))
    return 0 <= shown.top() < feed.viewport().height() and shown.bottom() >= 0


def test_the_feed_shows_the_latest_entry_in_sight_right_after_each_command(
        qtbot, tmp_path: Path) -> None:
    game = TableGame.open(str(tmp_path / "table.db"), now=Clock())
    game.submit(parse_command(START))
    session = TableSession(game, tick_ms=None)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"),
                                            QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    rng = Random(4)
    try:
        qtbot.waitUntil(lambda: _newest_in_sight(window), timeout=1000)  # the game's start
        for _ in range(90):  # past FEED_ENTRIES, so the oldest rows slide off as new ones come
            with qtbot.waitSignal(window.feed.feed.rowsInserted, timeout=2000):
                assert session.send(_next(game, rng)), window.messages.text()
            qtbot.waitUntil(lambda: _newest_in_sight(window), timeout=1000)
        assert game.head_seq > FEED_ENTRIES
        assert window.feed.feed.rowCount() == FEED_ENTRIES
    finally:
        session.close()
