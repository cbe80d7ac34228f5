"""The head judge's window names every judge's decision on the hub that no reader follows (issue
28): a round entry written into hub_rounds with no seal, a ruling on a DIVERGED flag with no
seal, a tie ruling in the tournament no judge signed; each is listed under the tables and
counted over them, never obeyed (the round stays not started), and the hall display shows none
of it. The tournament's window on the hub lists the tournament's in its notes."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert

from app.hub import Hub
from app.hub.schema import hub_marks, hub_rounds
from app.ledger.hashing import format_timestamp
from app.tournament import service as tournaments
from app.tournament.hub_store import HubTournaments
from models.tournament.records import Ruling
from tests.app.hub_tables import fresh_hub
from tests.app.tournament.test_round_clock import HEAD, HEAD_PIN, hall_of_twelve, no_wait
from ui.hall.board import HallSource
from ui.hall.window import HallWindow
from ui.head_judge.reader import HallReader
from ui.head_judge.window import HeadJudgeWindow
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def hall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A SQLite hub holding the twelve players' tournament, its qualifying drawn."""
    url = fresh_hub("sqlite", tmp_path)
    return url, hall_of_twelve(url, tmp_path, monkeypatch)


@pytest.fixture
def head_judge(qtbot, hall: tuple[str, str]) -> Iterator[HeadJudgeWindow]:
    url, tid = hall
    window = HeadJudgeWindow(HallReader(url, tid), threaded=False, poll_ms=None)
    window.pin_sleep = no_wait
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def read(qtbot, window: HeadJudgeWindow) -> None:
    with qtbot.wait_signal(window.refreshed):
        window.refresh()


def forge(url: str, tid: str) -> None:
    """Rows written past the service: a round's start, a DIVERGED flag's ruling and a tie
    ruling, each in the head judge's name and none of them signed."""
    stamp = format_timestamp(datetime.now(UTC))
    with Hub.open(url) as hub:
        with hub.database.write() as connection:
            connection.execute(insert(hub_rounds).values(
                tournament_id=tid, stage="Qualifying", entry=1, kind="start", at=stamp,
                text="", by=HEAD))
            connection.execute(insert(hub_marks).values(
                game_id="forged-game", at=stamp, kind="diverged", seq=3,
                text="entry 3 does not chain", by="the hub"))
            connection.execute(insert(hub_marks).values(
                game_id="forged-game", at=stamp, kind="ruling", seq=None,
                text="the table's copy stands", by=HEAD))
        held = HubTournaments(hub)
        t = held.get(tid)
        assert t is not None
        ruling = Ruling(stage="Qualifying", table=None, order=("T01",), tied=(), judge=HEAD,
                        reason="forged", at=datetime.now(UTC))
        held.put(t.model_copy(update={"rulings": (ruling,)}), "a ruling by hand")


def test_nothing_is_listed_while_every_decision_is_signed(
        qtbot, head_judge: HeadJudgeWindow, hall: tuple[str, str]) -> None:
    url, tid = hall
    with Hub.open(url) as hub:
        from app.hub.rounds import add_entry  # noqa: PLC0415 (the service's signed entry)
        add_entry(hub, tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    read(qtbot, head_judge)
    assert "NOT FOLLOWED" not in head_judge.summary.text()
    assert "NOT FOLLOWED" not in head_judge.flags.text()
    assert "Round Qualifying: running" in head_judge.summary.text()


def test_unsigned_rows_on_the_hub_are_named_not_followed_and_never_obeyed(
        qtbot, head_judge: HeadJudgeWindow, hall: tuple[str, str], tmp_path: Path) -> None:
    url, tid = hall
    forge(url, tid)
    read(qtbot, head_judge)
    summary, flags = head_judge.summary.text(), head_judge.flags.text()
    assert "3 decisions NOT FOLLOWED" in summary
    assert "Round Qualifying: not started" in summary  # the unsigned start is not obeyed
    assert head_judge.flags.isVisible()
    lines = [x for x in flags.split("<br>") if "NOT FOLLOWED" in x]
    assert len(lines) == 3 and all("; not followed" not in x for x in lines)  # said once
    assert any("hub_rounds row" in x and "start" in x for x in lines)
    assert any("the tie ruling of " in x and "no judge signed it" in x for x in lines)
    head_judge.grab().save(str(tmp_path / "head-judge-not-followed.png"))

    # The hall display shows only what is followed: no technical line at all.
    hall_display = HallWindow(HallSource(tid, None, url), threaded=False, poll_ms=None)
    qtbot.addWidget(hall_display)
    hall_display.refresh()
    shown = " ".join(hall_display.texts()).lower()
    assert "followed" not in shown and "hub_rounds" not in shown and "forged" not in shown
    hall_display.close()


def test_the_tournament_window_on_the_hub_lists_the_unsigned_ruling(
        qtbot, hall: tuple[str, str]) -> None:
    url, tid = hall
    forge(url, tid)
    window = TournamentWindow(tid, poll_ms=None, threaded=False)
    qtbot.addWidget(window)
    assert tournaments.load(tid).rulings == ()  # no reader follows it
    assert "1 judge's decision NOT FOLLOWED" in window.state_text.text()
    assert "Not followed:</b> the tie ruling of " in window.notes.text()
    assert "no judge signed it" in window.notes.text()
    window.close()


def test_the_tournament_window_following_the_hub_shows_an_unsigned_ruling_as_it_arrives(
        qtbot, hall: tuple[str, str]) -> None:
    url, tid = hall
    window = TournamentWindow(tid, poll_ms=None, threaded=False)
    qtbot.addWidget(window)
    assert "NOT FOLLOWED" not in window.state_text.text() and not window.notes_area.isVisible()
    forge(url, tid)
    window.read_hub()  # the window's poll (every 3 s in the hall)
    assert "1 judge's decision NOT FOLLOWED" in window.state_text.text()
    assert "no judge signed it" in window.notes.text()
    assert "a judge's decision is not followed" in window.messages.text()
    assert window.messages.level == "warning"
    window.close()
