"""The hall's round clock in the windows, on a SQLite hub: the head judge starts, pauses, resumes
and announces by keys and PIN; a tournament table's window records the start, the pause and the
resume as the hall's and shows the announcement (on its display too); a table is flagged in the
head judge's window until its copy on the hub shows a start; a hub outage is said as the hub's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.hub import Hub, HubUnreachable, push_file
from app.hub.rounds import read_round
from app.table.service import TableGame
from app.tournament import rounds
from tests.app.hub_tables import fresh_hub
from tests.app.recorded_games import SetClock
from tests.app.tournament.test_round_clock import (
    HEAD,
    HEAD_PIN,
    START,
    hall_of_twelve,
    no_wait,
    table_game,
)
from ui.head_judge.reader import HallReader
from ui.head_judge.tables_model import COLUMNS, RED
from ui.head_judge.window import HeadJudgeWindow
from ui.table.hall_follow import HallFollowing, HallSource, Reading
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")
SHIFT_CTRL = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def hall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A SQLite hub with the twelve players' qualifying round drawn: (hub URL, tournament)."""
    url = fresh_hub("sqlite", tmp_path)
    return url, hall_of_twelve(url, tmp_path, monkeypatch)


@pytest.fixture
def head_judge(qtbot, hall: tuple[str, str]) -> Iterator[HeadJudgeWindow]:
    """The head judge's window on the tournament, reading on its own thread when asked."""
    url, tid = hall
    window = HeadJudgeWindow(HallReader(url, tid), threaded=False, poll_ms=None)
    window.pin_sleep = no_wait
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.refresh()
    yield window
    window.close()


@pytest.fixture
def table(qtbot, hall: tuple[str, str], tmp_path: Path) -> Iterator[TableWindow]:
    """Table 1's window on its tournament game, following the hall's round every 50 ms."""
    game = table_game(hall[1], 1, tmp_path / "table-1", SetClock(at=START))
    session = TableSession(game, tick_ms=None, hall_ms=50)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    yield window
    session.close()


def enter_round(qtbot, window: HeadJudgeWindow, key: Qt.Key, pin: str, words: str = "") -> None:
    """The head judge's keys: the action's shortcut, the words if asked, name, PIN, Enter."""
    qtbot.keyClick(window.tables, key, SHIFT_CTRL)
    dialog = window.round_dialog
    assert dialog is not None and dialog.isVisible()
    if words:
        qtbot.keyClicks(dialog.words, words)
    qtbot.keyClicks(dialog.name, HEAD)
    qtbot.keyClicks(dialog.pin, pin)
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)
    assert not dialog.isVisible()


def entries(url: str, tid: str) -> list[tuple[str, str, str]]:
    with Hub.open(url) as hub:
        return [(e.kind, e.text, e.by) for e in read_round(hub, tid, "Qualifying").entries]


def clock_entries(game: TableGame) -> list[tuple[str, str, str, object, object]]:
    assert game.game_id is not None
    return [(e.type, e.actor_role, e.actor_name, e.payload.get("round"),
             e.payload.get("hall_entry"))
            for e in game.ledger.events(game.game_id) if e.type.startswith("clock_")]


def test_the_head_judge_starts_pauses_resumes_and_announces_by_keys_and_pin(
        qtbot, head_judge: HeadJudgeWindow, hall: tuple[str, str]) -> None:
    url, tid = hall
    window = head_judge
    assert "Round Qualifying: not started" in window.summary.text()
    enter_round(qtbot, window, Qt.Key.Key_P, HEAD_PIN, "fire alarm")  # before the start
    assert window.messages.level == "refused"
    assert "has not started" in window.messages.text() and "Nothing recorded" in (
        window.messages.text())
    enter_round(qtbot, window, Qt.Key.Key_S, "000000")  # a wrong PIN
    assert window.messages.level == "refused" and entries(url, tid) == []
    enter_round(qtbot, window, Qt.Key.Key_S, HEAD_PIN)
    assert entries(url, tid) == [("start", "", HEAD)]
    assert window.messages.level == "info"
    assert window.messages.text().startswith(f"Recorded: Round {tid}/Qualifying started at ")
    assert "Round Qualifying: running 0:0" in window.summary.text()
    # Every drawn table is flagged until its copy on the hub shows a start: none is on it yet.
    assert "3 FLAGGED" in window.summary.text()
    assert "3 tables with the clock NOT STARTED" in window.summary.text()
    assert window.flags.isVisible() and "table 2 — CLOCK NOT STARTED" in window.flags.text()
    enter_round(qtbot, window, Qt.Key.Key_S, HEAD_PIN)  # out of order: started already
    assert "started already" in window.messages.text() and len(entries(url, tid)) == 1
    enter_round(qtbot, window, Qt.Key.Key_P, HEAD_PIN, "evacuation: leave by the east doors")
    assert "PAUSED (evacuation: leave by the east doors)" in window.summary.text()
    enter_round(qtbot, window, Qt.Key.Key_R, HEAD_PIN)
    enter_round(qtbot, window, Qt.Key.Key_A, HEAD_PIN, "The final's draw is at 11:00")
    assert entries(url, tid) == [
        ("start", "", HEAD), ("pause", "evacuation: leave by the east doors", HEAD),
        ("resume", "", HEAD), ("announce", "The final's draw is at 11:00", HEAD)]
    summary = window.summary.text()
    assert "Round Qualifying: running" in summary and "PAUSED" not in summary
    assert f"by {HEAD}: “The final's draw is at 11:00”" in summary


def test_a_resume_from_the_cli_replaces_the_pause_in_the_head_judges_message_line(
        qtbot, head_judge: HeadJudgeWindow, hall: tuple[str, str]) -> None:
    _, tid = hall
    window = head_judge
    enter_round(qtbot, window, Qt.Key.Key_S, HEAD_PIN)
    enter_round(qtbot, window, Qt.Key.Key_P, HEAD_PIN, "fire alarm")
    assert window.messages.text().startswith("Recorded: The hall is PAUSED (fire alarm)")
    window.refresh()  # the pause holds: the message line still says it
    assert "The hall is PAUSED" in window.messages.text()
    # `banker tournament round TID Qualifying resume` elsewhere: the same service, not this window.
    rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    with qtbot.wait_signal(window.refreshed, timeout=5000):
        window.refresh()
    assert "PAUSED" not in window.messages.text()
    assert window.messages.text().startswith("The hall resumed at ")
    assert f"by {HEAD}: the pause is over" in window.messages.text()
    assert "PAUSED" not in window.summary.text()


def test_the_round_is_refused_when_the_hub_does_not_answer_and_nothing_is_recorded(
        qtbot, head_judge: HeadJudgeWindow, hall: tuple[str, str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url, tid = hall
    monkeypatch.setenv("BANKER_HUB_URL", f"sqlite:///{tmp_path}/no-such-folder/hub.db")
    enter_round(qtbot, head_judge, Qt.Key.Key_S, HEAD_PIN)
    assert head_judge.messages.level == "refused"
    assert head_judge.messages.text().startswith("Not recorded: Start the round: ")
    assert entries(url, tid) == []


def test_a_table_records_the_halls_start_pause_and_resume_and_shows_the_announcement(
        qtbot, table: TableWindow, hall: tuple[str, str]) -> None:
    _, tid = hall
    game = table.session.game
    round_name = f"{tid}/Qualifying"
    assert clock_entries(game) == []
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: len(clock_entries(game)) == 1, timeout=5000)
    assert table.view is not None and table.view.clock is not None
    qtbot.waitUntil(table.clock.isVisible)
    assert game.state is not None and game.state.clock is not None
    assert game.state.clock.started_at is not None and game.state.clock.paused_at is None
    rounds.record(tid, "Qualifying", "pause", "evacuation", HEAD, HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: "The hall is PAUSED: evacuation" in table.hall_banner.text(),
                    timeout=5000)
    assert table.hall_banner.isVisible() and table.hall_banner.level == "alarm"
    assert game.state.clock.paused_at is not None
    qtbot.keyClick(table, Qt.Key.Key_F11)  # the players' display
    assert table.display is not None
    qtbot.waitUntil(lambda: table.display is not None and table.display.hall.isVisible(),
                    timeout=5000)
    assert table.display.hall.text().startswith("The hall is PAUSED: evacuation")
    rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    rounds.record(tid, "Qualifying", "announce", "The final's draw is at 11:00", HEAD,
                  HEAD_PIN, sleep=no_wait)
    qtbot.waitUntil(lambda: "ANNOUNCEMENT" in table.hall_banner.text(), timeout=5000)
    assert f"{HEAD}: The final's draw is at 11:00" in table.hall_banner.text()
    assert "PAUSED" not in table.hall_banner.text() and table.hall_banner.level == "said"
    assert table.messages.level == "time" and "The final's draw is at 11:00" in (
        table.messages.text())
    qtbot.waitUntil(lambda: "ANNOUNCEMENT" in table.display.hall.text(), timeout=5000)
    assert table.display.banner.isVisible()
    assert "The final's draw is at 11:00" in table.display.banner.text()
    assert game.state.clock.paused_at is None
    # Entry by entry: each the hall's, by the head judge, naming the round and its entry.
    assert clock_entries(game) == [
        ("clock_started", "hall", HEAD, round_name, 1),
        ("clock_paused", "hall", HEAD, round_name, 2),
        ("clock_resumed", "hall", HEAD, round_name, 3)]
    # A newer announcement replaces the one shown.
    rounds.record(tid, "Qualifying", "announce", "Ten minutes to the break", HEAD, HEAD_PIN,
                  sleep=no_wait)
    qtbot.waitUntil(lambda: "Ten minutes" in table.hall_banner.text(), timeout=5000)
    assert "11:00" not in table.hall_banner.text()


def test_a_table_is_flagged_in_the_head_judges_window_until_its_copy_shows_a_start(
        qtbot, qtmodeltester, head_judge: HeadJudgeWindow, hall: tuple[str, str],
        tmp_path: Path) -> None:
    url, tid = hall
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)  # its copy: no start yet
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    head_judge.refresh()
    model = head_judge.model
    assert model.rowCount() == 1
    flag, clock = COLUMNS.index("Flag"), COLUMNS.index("Round clock")
    assert model.index(0, clock).data() == "CLOCK NOT STARTED"
    assert model.index(0, flag).data().startswith("CLOCK NOT STARTED (the round started at ")
    assert model.index(0, flag).data(Qt.ItemDataRole.BackgroundRole) == RED
    assert "3 FLAGGED" in head_judge.summary.text()
    qtmodeltester.check(model)
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    try:
        assert [e.type for e in follower.follow(game, follower.read())] == ["clock_started"]
    finally:
        follower.close()
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)
    head_judge.refresh()
    assert model.index(0, clock).data().startswith("with the round (")
    assert model.index(0, flag).data() == ""
    assert model.index(0, flag).data(Qt.ItemDataRole.BackgroundRole) != RED
    assert "2 FLAGGED" in head_judge.summary.text()
    flags = head_judge.flags.text()
    assert "table 1 — " not in flags and "table 3 — CLOCK NOT STARTED" in flags
    qtmodeltester.check(model)
    game.close()


class Outage(HallSource):
    """The hub stops answering after the first reading (a fake source: the real round first)."""

    def __init__(self, real: HallSource) -> None:
        super().__init__(real.opening, real.url)
        self.down = False

    def read(self) -> Reading | None:
        if self.down:
            raise HubUnreachable("the hub at hall-server cannot be used just now: timeout")
        return super().read()


def test_a_hub_outage_is_said_quietly_as_the_hubs_and_the_table_goes_on(
        qtbot, table: TableWindow, hall: tuple[str, str]) -> None:
    _, tid = hall
    session = table.session
    assert session.following is not None
    real = session.following.polling.poller.source
    assert isinstance(real, HallSource)
    session.following.stop()
    source = Outage(real)
    session.following = HallFollowing(session, source, poll_ms=50)
    rounds.record(tid, "Qualifying", "announce", "Welcome to the hall", HEAD, HEAD_PIN,
                  sleep=no_wait)
    qtbot.waitUntil(lambda: "Welcome to the hall" in table.hall_banner.text(), timeout=5000)
    source.down = True
    qtbot.waitUntil(lambda: "The hub did not answer" in table.hall_banner.text(), timeout=5000)
    # The hub's words, quiet, under the announcement still shown; the table is not stopped.
    assert "Welcome to the hall" in table.hall_banner.text()
    assert "this table records as before" in table.hall_banner.text()
    assert session.stopped is None and table.messages.level != "error"
    assert table.actions_area.isEnabled()
    source.down = False
    qtbot.waitUntil(lambda: "The hub did not answer" not in table.hall_banner.text(),
                    timeout=5000)
