"""The session announces every clock entry the service records, whether a tick or a command found it due."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.table.command_text import parse_command
from app.table.service import TableGame
from ui.table.session import TableSession

SG_START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
            "players": ["Aisha", "Ben", "Chloe"],
            "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2]}]}


class Clock:
    """Moves a millisecond per reading, and minutes when the test says so."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 10, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(milliseconds=1)
        return self.at


@pytest.fixture
def session(tmp_path: Path) -> Iterator[tuple[TableSession, Clock]]:
    clock = Clock()
    game = TableGame.open(str(tmp_path / "table.db"), now=clock)
    game.submit(parse_command(SG_START))
    game.submit(parse_command({"type": "start_clock"}))
    table = TableSession(game, tick_ms=None)
    yield table, clock
    table.close()


def recorder(table: TableSession) -> list[object]:
    heard: list[object] = []
    table.announcement.connect(heard.append)
    table.time_up.connect(lambda: heard.append("time"))
    return heard


def test_an_announcement_due_while_a_roll_is_sent_is_signalled_once(session) -> None:
    table, clock = session
    heard = recorder(table)
    changed: list[list[object]] = []
    table.changed.connect(changed.append)
    # SG runs 60 minutes; 45 minutes and a second on, the 15-minute mark is due. Aisha's roll
    # 3+4 records it first (its own entry), then the roll: one announcement, 15.
    clock.at += timedelta(minutes=45, seconds=1)
    assert table.send({"type": "roll", "player": "Aisha", "dice": [3, 4]})
    assert heard == [15]
    types = [s.type for s in changed[-1]]
    assert types[0] == "announcement_made" and "dice_rolled" in types
    # The tick that follows finds nothing new to say: still one announcement.
    table.tick()
    assert heard == [15]


def test_time_called_while_a_command_is_sent_signals_time_up_once(session) -> None:
    table, clock = session
    heard = recorder(table)
    # 50 minutes on: 15 and 10 are both due; the tick records them (two signals).
    clock.at += timedelta(minutes=50, seconds=1)
    table.tick()
    assert heard == [15, 10]
    # 60 minutes and a second: 5, 1 and TIME fall due as Aisha's roll is sent. Each is
    # signalled once, whatever the roll itself comes to (after time it may be refused).
    clock.at += timedelta(minutes=10)
    table.send({"type": "roll", "player": "Aisha", "dice": [3, 4]})
    table.tick()
    assert heard == [15, 10, 5, 1, "time"]
    kinds = [s.type for s in table.game.events()]
    assert kinds.count("announcement_made") == 4 and kinds.count("time_called") == 1
