"""The hall's pause holds the table's window: a roll typed while the head judge's pause holds is
refused with the rule's words on the message line and records nothing; after the hall's resume
the same keys record the roll."""

from __future__ import annotations

import pytest

from app.tournament import rounds
from tests.app.tournament.test_round_clock import HEAD, HEAD_PIN, no_wait
from tests.ui.table_driver import keys
from tests.ui.test_round_clock_windows import clock_entries, hall, table  # noqa: F401 (fixtures)
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")


def test_a_roll_typed_during_the_halls_pause_is_refused_on_the_message_line(
        qtbot, table: TableWindow, hall: tuple[str, str]) -> None:  # noqa: F811
    _, tid = hall
    game = table.session.game
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: len(clock_entries(game)) == 1, timeout=5000)
    rounds.record(tid, "Qualifying", "pause", "fire alarm", HEAD, HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: len(clock_entries(game)) == 2, timeout=5000)
    table.activateWindow()
    head = game.head_seq
    with qtbot.wait_signal(table.session.refused) as refused:
        keys(qtbot, table, "46")
    assert "the hall is paused by the head judge" in refused.args[0]
    assert table.messages.text().startswith("Not recorded: ")
    assert "the hall is paused by the head judge" in table.messages.text()
    assert "SG Judge Responsibilities" in table.messages.text()
    assert game.head_seq == head
    rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: len(clock_entries(game)) == 3, timeout=5000)
    keys(qtbot, table, "46")
    assert game.head_seq > head  # the roll is recorded once the hall runs again
