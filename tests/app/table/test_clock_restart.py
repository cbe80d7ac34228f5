"""After a restart (even a SIGKILL) the clock shows the time left computed from its entries alone."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.ledger import StoredEvent
from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.service import TableGame

CLOCKCHILD = Path(__file__).with_name("clockchild.py")
COMMIT_TIMEOUT_S = 30.0
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
MINUTE_MS = 60_000
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": PLAYERS,
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2], "Dee": [1, 2]}]}

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


@dataclass
class FakeClock:
    """The table's wall clock, moved on by the test."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def set(self, minutes: int, seconds: int = 0, ms: int = 0) -> datetime:
        """Stand at T + minutes:seconds.ms."""
        self.now = T + timedelta(minutes=minutes, seconds=seconds, milliseconds=ms)
        return self.now


def submit(game: TableGame, **command: Any) -> list[StoredEvent]:
    return game.submit(parse_command(command))


def record_in_child_then_kill(db: Path, when: datetime, command: dict[str, Any]) -> int:
    """Run clockchild.py on `db` at the fake time `when`; SIGKILL it once it reports the command
    committed. Returns the head it reported."""
    child = subprocess.Popen([sys.executable, str(CLOCKCHILD), str(db), when.isoformat(),
                              json.dumps(command)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        ready, _, _ = select.select([child.stdout], [], [], COMMIT_TIMEOUT_S)
        assert ready, "the child reported nothing in time"
        line = child.stdout.readline()  # the child flushes whole lines
        assert line.startswith("committed "), child.stderr.read() if child.stderr else line
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    return int(line.split()[1])


def played_with_a_pause(db: Path, clock: FakeClock) -> None:
    """An SG game on `db`: clock started at T, paused by the judge from T+20:00.250 to
    T+25:00.500 (5:00.250 paused), Ann's throw at T+40, a tick at T+50:00.500; then closed."""
    game = TableGame.open(str(db), now=clock)
    try:
        clock.set(0)
        submit(game, **NEW_GAME, judges=judges_field([("Lee", "246813")]))
        game.sign_in_judge("Lee", "246813")
        submit(game, type="start_clock")
        clock.set(20, 0, 250)
        submit(game, type="pause_clock", reason="spilt drink on the board")
        clock.set(25, 0, 500)
        submit(game, type="resume_clock")
        clock.set(40)
        submit(game, type="roll", player="Ann", dice=[4, 6])
        # 50:00.500 − 5:00.250 paused = 45:00.250 played: 14:59.750 left, the 15 is called.
        clock.set(50, 0, 500)
        assert [s.type for s in game.tick()] == ["announcement_made"]
    finally:
        game.close()


def announcements(game: TableGame) -> list[tuple[int, datetime]]:
    return [(s.payload["minutes_left"], s.recorded_at) for s in game.events()
            if s.type == "announcement_made"]


def test_time_left_after_a_killed_session_is_computed_to_the_millisecond(tmp_path: Path) -> None:
    # docs/commands.md: "Time left is computed from the clock's events, never from a counter, so
    # a restarted app shows the right time."
    db = tmp_path / "clock.db"
    clock = FakeClock(T)
    played_with_a_pause(db, clock)
    # A second process records Bob's throw at T+56:00.500 and is killed. Played by then:
    # 56:00.500 − 5:00.250 = 51:00.250, 8:59.750 left: its automatic tick calls the 10 first.
    at_child = T + timedelta(minutes=56, milliseconds=500)
    head = record_in_child_then_kill(db, at_child, {"type": "roll", "player": "Bob", "dice": [4, 6]})

    # Reopened at T+57:30.125: played = 57:30.125 − 5:00.250 = 52:29.875 = 3,149,875 ms;
    # left = 3,600,000 − 3,149,875 = 450,125 ms.
    clock.set(57, 30, 125)
    game = TableGame.open(str(db), now=clock)
    try:
        assert game.head_seq == head
        assert game.state_json()["time_left_ms"] == 450_125
        # The announcements stand where they were recorded: the 15 at T+50:00.500 by the first
        # session's tick, the 10 at T+56:00.500 by the killed child's tick, before Bob's throw.
        assert announcements(game) == [(15, T + timedelta(minutes=50, milliseconds=500)),
                                       (10, at_child)]
        assert game.state is not None and game.state.clock is not None
        assert game.state.clock.announced == [15, 10]
        bob = [s for s in game.events() if s.type == "dice_rolled" and s.payload["player"] == "Bob"]
        # The child's throw survived, stamped with 51:00.250 of play = 3,060,250 ms, and it was
        # recorded after the 10's announcement.
        assert [(s.recorded_at, s.clock_ms) for s in bob] == [(at_child, 3_060_250)]
        ten = next(s for s in game.events() if s.type == "announcement_made"
                   and s.payload["minutes_left"] == 10)
        assert ten.seq < bob[0].seq
        # The next mark, 5 minutes left, is 55:00 played = T+60:00.250; a tick at T+60:00.249
        # calls nothing, one at T+60:00.250 calls the 5.
        clock.set(60, 0, 249)
        assert game.tick() == []
        clock.set(60, 0, 250)
        assert [(s.type, s.payload["minutes_left"]) for s in game.tick()] == [("announcement_made", 5)]
        assert game.state_json()["time_left_ms"] == 5 * MINUTE_MS
    finally:
        game.close()


def test_time_is_called_on_reopening_when_the_clock_ran_out_while_the_app_was_down(
        tmp_path: Path) -> None:
    # Reopened at T+66: 66:00 − 5:00.250 = 60:59.750 played, past 60: nothing is left, and the
    # first tick records the marks not yet called (5 and 1) and the time call, at T+66.
    db = tmp_path / "clock.db"
    clock = FakeClock(T)
    played_with_a_pause(db, clock)
    clock.set(66)
    game = TableGame.open(str(db), now=clock)
    try:
        assert game.state_json()["time_left_ms"] == 0
        stored = game.tick()
        assert [s.type for s in stored] == ["announcement_made"] * 3 + ["time_called", "game_ended"]
        assert [s.payload["minutes_left"] for s in stored[:3]] == [10, 5, 1]
        assert {s.recorded_at for s in stored} == {clock.now}
    finally:
        game.close()
    # And a third opening still sees the call where it was made, and no time left.
    clock.set(90)
    again = TableGame.open(str(db), now=clock)
    try:
        assert again.state_json()["time_left_ms"] == 0
        assert again.state is not None and again.state.phase == "over"
        assert again.tick() == []
    finally:
        again.close()


def test_time_left_is_exact_for_every_millisecond_of_play(tmp_path: Path) -> None:
    # Started at T, reopened at T+8:32.002: played 512,002 ms; left 3,600,000 − 512,002 = 3,087,998.
    db = tmp_path / "clock.db"
    clock = FakeClock(T)
    game = TableGame.open(str(db), now=clock)
    submit(game, **NEW_GAME)
    submit(game, type="start_clock")
    game.close()
    clock.set(8, 32, 2)
    game = TableGame.open(str(db), now=clock)
    try:
        assert game.state_json()["time_left_ms"] == 3_087_998
    finally:
        game.close()
