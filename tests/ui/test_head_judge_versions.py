"""The head judge's window shows each table's app version and marks, in words (and amber), the
tables on a version other than the hall's: in the Version column, its tooltip, the flags under
the tables and the counts over them. A SQLite hub (the reading is the hub's, tested in
tests/app/hub/test_versions_on_hub.py on the CLI)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from random import Random

import pytest
from PySide6.QtCore import Qt

from app.hub import Hub, push_file
from app.version import TEST_VERSION_ENV
from tests.app.hub_tables import fresh_hub, new_table, play
from tests.ui.head_judge_hall import last_recorded
from ui.head_judge.reader import HallReader
from ui.head_judge.tables_model import AMBER, COLUMNS
from ui.head_judge.window import HeadJudgeWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_table_on_another_version_is_marked_in_words(qtbot, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    for number, version in ((1, "1.4.0"), (2, "1.3.0.dev2+gabc1234"), (3, "1.4.0")):
        monkeypatch.setenv(TEST_VERSION_ENV, version)
        game = new_table(tmp_path, number)
        play(game, 4, Random(number))
        game.close()
    with Hub.open(url) as hub:
        for number in (1, 2, 3):
            push_file(hub, tmp_path / f"table-{number}.db")
    now = last_recorded(tmp_path / "table-3.db") + timedelta(seconds=20)
    window = HeadJudgeWindow(HallReader(url, now=lambda: now), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    window.show()
    window.refresh()
    model, column = window.model, COLUMNS.index("Version")
    said = [model.index(r, column).data() for r in range(3)]
    odd = "OTHER VERSION: 1.3.0.dev2+gabc1234, most tables on 1.4.0"
    assert said == ["1.4.0", odd, "1.4.0"]
    # Words first; the amber and the bold only add to them. A screen reader hears the words.
    assert model.index(1, column).data(Qt.ItemDataRole.AccessibleTextRole) == odd
    assert model.index(1, column).data(Qt.ItemDataRole.BackgroundRole) == AMBER
    assert model.index(0, column).data(Qt.ItemDataRole.BackgroundRole) != AMBER
    assert "Recorded by Championship Banker 1.3.0.dev2+gabc1234" in model.index(
        1, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert f"table 2 — {odd}" in window.flags.text() and window.flags.isVisible()
    assert "1 on ANOTHER VERSION" in window.summary.text()
    # Not a red flag: the table's play is sound.
    assert "FLAGGED" not in window.summary.text()
    window.close()
