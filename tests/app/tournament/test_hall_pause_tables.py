"""The hall's pause holds the tables: a table following a paused round refuses a roll in words
(its clause), its judges' corrections stay open; a table that missed the hall's pause and its
resume records both when it catches up, at the hall's times, so the paused time is given back;
`round-status` says per table whether it followed each pause.

Amounts by hand: the paused time given back is the hall's resume less its pause, both read off
the hub's own entries (the laptop's clock does not enter: both are turned into the table's time
by the same offset)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.hub import Hub, push_file
from app.tournament import rounds
from models.commands import Roll
from models.errors import RuleViolation
from tests.app.hub_tables import fresh_hub
from tests.app.recorded_games import SetClock
from tests.app.tournament.test_round_clock import (
    HEAD,
    HEAD_PIN,
    START,
    follow,
    hall_of_twelve,
    no_wait,
    table_game,
)

HALL_PAUSE = "SG Judge Responsibilities (the Head Judge oversees overall game flow)"


def test_a_table_following_a_paused_round_refuses_a_roll_until_the_hall_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    clock = SetClock(at=START)
    game = table_game(tid, 1, tmp_path / "table-1", clock)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert follow(game)[0] == ["clock_started"]
    rounds.record(tid, "Qualifying", "pause", "fire alarm", HEAD, HEAD_PIN, sleep=no_wait)
    clock.set(START + timedelta(minutes=1))
    assert follow(game)[0] == ["clock_paused"]
    assert game.state is not None
    player = game.state.current
    with pytest.raises(RuleViolation) as refused:
        game.submit(Roll(type="roll", player=player, dice=[4, 6]))
    assert refused.value.clause == HALL_PAUSE
    assert "the hall is paused" in str(refused.value)
    rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    clock.set(START + timedelta(minutes=2))
    assert follow(game)[0] == ["clock_resumed"]
    game.submit(Roll(type="roll", player=player, dice=[4, 6]))
    game.close()


def test_a_table_that_missed_the_pause_and_its_resume_gets_the_paused_time_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    clock = SetClock(at=START)
    game = table_game(tid, 1, tmp_path / "table-1", clock)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert follow(game)[0] == ["clock_started"]
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)
    # The laptop is off: the hall pauses and resumes without it.
    rounds.record(tid, "Qualifying", "pause", "evacuation", HEAD, HEAD_PIN, sleep=no_wait)
    hall = rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    pause, resume = hall.entries[1], hall.entries[2]
    status = rounds.status(tid, "Qualifying")
    assert status.tables[0].pauses(status.hall) == [(pause, False)]
    assert "NOT followed yet" in status.tables[0].words(status.hall)

    clock.set(START + timedelta(minutes=20))
    assert follow(game)[0] == ["clock_paused", "clock_resumed"]
    assert game.state is not None and game.state.clock is not None
    assert game.state.clock.paused_ms == (resume.at - pause.at) // timedelta(milliseconds=1)
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)
    status = rounds.status(tid, "Qualifying")
    assert status.tables[0].pauses(status.hall) == [(pause, True)]
    assert "followed the pause of" in status.tables[0].words(status.hall)
    out = CliRunner().invoke(main, ["tournament", "round-status", tid, "Qualifying", "--json"])
    tables = json.loads(out.output)["tables"]
    assert tables[0]["pauses"] == [{"entry": 2, "at": pause.at.isoformat(), "followed": True}]
    assert tables[1]["pauses"] == []  # no clock with the round: nothing to follow yet
    game.close()


def test_the_bankers_undo_stays_open_while_the_hall_is_paused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.table.actions import undo_action  # noqa: PLC0415

    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    clock = SetClock(at=START)
    game = table_game(tid, 1, tmp_path / "table-1", clock)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert follow(game)[0] == ["clock_started"]
    assert game.state is not None
    game.submit(Roll(type="roll", player=game.state.current, dice=[1, 2]))
    rounds.record(tid, "Qualifying", "pause", "fire alarm", HEAD, HEAD_PIN, sleep=no_wait)
    clock.set(START + timedelta(minutes=1))
    assert follow(game)[0] == ["clock_paused"]
    undo = undo_action(game)
    assert undo is not None and undo.refused is None, undo
    assert undo.preview[0].endswith("rolls 1+2")  # the banker's roll, not the hall's pause
    game.close()
