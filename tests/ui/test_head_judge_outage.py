"""A hub outage in the head judge's window is the hub's: it goes away in the middle of a reading
(after the tables and their refusals are listed, before their games are read) and the window says so over the
tables, painting no table red. PostgreSQL: its server stops; SQLite: the hub's file goes away."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.hub import Hub, Refusal, push_file
from tests import postgres
from tests.app.hub_tables import HUBS, fresh_hub
from tests.ui.head_judge_hall import table_at
from ui.head_judge.reader import HallReader
from ui.head_judge.tables_model import COLUMNS, RED
from ui.head_judge.window import HeadJudgeWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = datetime.fromisoformat("2026-11-21T09:00:00+00:00")


@contextmanager
def outage(kind: str, url: str) -> Iterator[None]:
    """The hub unreachable for the block: its server stopped, or its file moved away."""
    if kind == "postgresql":
        server = postgres.server()
        assert server is not None
        server.stop("fast")
        try:
            yield
        finally:
            server.start()
        return
    away = Path(f"{url}.away")
    shutil.move(url, away)
    try:
        yield
    finally:
        shutil.move(away, url)


class ListedThenGone(Hub):
    """The real hub, which goes away just after it lists the tables and their refusals (once)."""

    def __init__(self, hub: Hub, going: Callable[[], object]) -> None:
        super().__init__(hub.database)
        self.going: Callable[[], object] | None = going

    def refusals(self, game_id: str | None = None) -> list[Refusal]:
        found = super().refusals(game_id)
        if self.going is not None:
            self.going()  # the outage starts here
            self.going = None
        return found


@pytest.mark.parametrize("kind", HUBS)
def test_an_outage_in_the_middle_of_a_reading_is_shown_as_the_hubs_not_a_tables(
        qtbot, kind: str, tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    with Hub.open(url) as hub:
        for n in (1, 2, 3):
            push_file(hub, table_at(tmp_path, n, 20, START, timedelta(seconds=5)))
    down = outage(kind, url)
    openers: list[ListedThenGone] = []

    def opener(where: str) -> Hub:
        if openers:  # the reader's probe, and every hub opened after the first
            return Hub.open(where)
        openers.append(ListedThenGone(Hub.open(where), down.__enter__))
        return openers[0]

    now = START + timedelta(minutes=5)
    window = HeadJudgeWindow(HallReader(url, now=lambda: now, opener=opener), threaded=False,
                             poll_ms=None)
    qtbot.addWidget(window)
    try:
        with qtbot.wait_signal(window.unreachable) as failed:
            window.refresh()
        assert "stopped answering during the reading" in failed.args[0]
        text = window.summary.text()
        assert text.startswith("HUB OUTAGE") and "The tables are not at fault" in text
        model = window.model
        assert all(model.index(r, c).data(Qt.ItemDataRole.BackgroundRole) != RED
                   for r in range(model.rowCount()) for c in range(len(COLUMNS)))
        assert window.flags.isHidden()
    finally:
        down.__exit__(None, None, None)
    openers[0].close()
    # Back again: the next reading shows the three tables, none flagged.
    with qtbot.wait_signal(window.refreshed):
        window.refresh()
    assert window.model.rowCount() == 3
    assert [row.flagged for row in window.model.rows] == [None, None, None]
    assert "FLAGGED" not in window.summary.text()
    window.close()
