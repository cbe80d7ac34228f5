"""A laptop clock hours off is flagged in the head judge's window (its row red, the reason in
the Flag column) and on the table's own window (its message line), from the hub's clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.hub import Hub, Replicator, push_file
from tests.app.hub.test_clock_offset import skewed
from tests.app.hub_tables import fresh_hub, new_table
from ui.head_judge.reader import HallReader
from ui.head_judge.tables_model import COLUMNS, RED
from ui.head_judge.window import HeadJudgeWindow
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")
FLAG = COLUMNS.index("Flag")


def test_the_head_judges_window_flags_a_table_whose_laptop_clock_is_hours_off(
        qtbot, tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    paths = []
    for number in (1, 2):
        table = new_table(tmp_path, number)
        paths.append(table.ledger.location)
        table.close()
    with Hub.open(url) as on_time:
        push_file(on_time, paths[0])
    with Hub.open(url, now=skewed(timedelta(hours=5, seconds=30.5))) as fast:
        push_file(fast, paths[1])
    window = HeadJudgeWindow(HallReader(url, now=lambda: datetime.now(UTC)), threaded=False,
                             poll_ms=None)
    qtbot.addWidget(window)
    window.show()
    window.refresh()
    model = window.model
    flags = {model.data(model.index(row, 0)): model.data(model.index(row, FLAG))
             for row in range(model.rowCount())}
    assert flags["table 1"] == ""
    assert flags["table 2"] == "CLOCK OFF: its laptop's clock is 5 h 00 min ahead of the hub's"
    second = next(r for r in range(model.rowCount()) if model.data(model.index(r, 0)) == "table 2")
    assert model.data(model.index(second, 0), Qt.ItemDataRole.BackgroundRole) == RED
    window.close()


@pytest.fixture
def table_window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                 ) -> Iterator[TableWindow]:
    monkeypatch.delenv("BANKER_HUB_URL", raising=False)
    game = new_table(tmp_path, 1)
    session = TableSession(game, tick_ms=None, hall_ms=None, file_ms=50)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    yield window
    session.close()


def test_the_tables_window_says_its_laptop_clock_is_off(
        qtbot, table_window: TableWindow, tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    session = table_window.session
    # The window's copier, its laptop's clock 2 h behind the hub's.
    session.replicator = Replicator(session.game.ledger.location, url,
                                    game_id=session.game.game_id,
                                    now=skewed(-timedelta(hours=2, seconds=30.5))).start()
    with qtbot.wait_signal(session.clock_off, timeout=10000) as said:
        pass
    assert said.args[0].startswith("CLOCK OFF: this laptop's clock is 2 h 00 min behind the hub's")
    assert table_window.messages.level == "warning"
    assert "2 h 00 min behind the hub's" in table_window.messages.text()
