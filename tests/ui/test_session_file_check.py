"""The window's check of its file (every FILE_CHECK_MS; here every 2,000 ms) while its clock
runs is made at a tick, so an idle table wakes once a second and not also in between (issue
31); with the clock standing still it runs on its own timer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from ui.table import session as session_module
from ui.table.session import TableSession

START = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob"],
         "roll_off": [{"Ann": [6, 5], "Bob": [4, 3]}]}


class Monotonic:
    """time.monotonic as the session reads it, moved on by the test."""

    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def ticking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
            ) -> Iterator[tuple[TableSession, Monotonic, list[bool]]]:
    """A session on a started SG clock: ticks every 1,000 ms, the file checked every 2,000 ms;
    the checks made are listed (whether each came at a tick)."""
    monotonic = Monotonic()
    monkeypatch.setattr(session_module.time, "monotonic", monotonic)
    game = TableGame.open(str(tmp_path / "t.db"), now=Clock())
    game.submit(parse_command(START))
    game.submit(parse_command({"type": "start_clock"}))
    session = TableSession(game, tick_ms=1000, hall_ms=None, file_ms=2000)
    checks: list[bool] = []
    real = session.check_file

    def check_file(*, at_tick: bool = False) -> bool:
        checks.append(at_tick)
        return real(at_tick=at_tick)

    monkeypatch.setattr(session, "check_file", check_file)
    yield session, monotonic, checks
    session.close()


def test_a_running_clock_checks_the_file_at_every_other_tick(ticking) -> None:
    session, monotonic, checks = ticking
    assert session.timer.isActive()  # the clock runs: ticks due
    for second in range(1, 7):
        monotonic.at += 1.0
        session.tick()
        # Checked at 2, 4 and 6 s; each time the file's own timer is set past the next
        # tick (3,000 ms), so it never wakes the window between two ticks.
        assert checks == [True] * (second // 2), second
        if second % 2 == 0:
            assert session.file_timer.isActive()
            assert session.file_timer.interval() == 3000


def test_a_late_tick_still_checks_and_a_standing_clock_checks_on_its_own_timer(
        ticking) -> None:
    session, monotonic, checks = ticking
    monotonic.at += 1.6  # a tick 1.6 s after the last check: due within half a tick
    session.tick()
    assert checks == [True]
    session.timer.stop()  # the clock standing still: no tick is coming
    assert session.check_file()
    assert session.file_timer.interval() == 2000  # its own timer, every file_ms
    monotonic.at += 0.2
    session.tick()  # (a tick right after a check does not check again)
    assert checks == [True, False]
