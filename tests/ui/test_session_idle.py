"""The window's idle moment: the -wal file is checkpointed into the ledger between commands,
never inside one."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from ui.table.session import TableSession

START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
         "roll_off": [{"Ann": [6, 5], "Bob": [4, 3]}]}
COMMANDS = [{"type": "roll", "player": "Ann", "dice": [1, 2]},  # Ann to Baltic Avenue
            {"type": "buy", "player": "Ann"},
            {"type": "roll", "player": "Bob", "dice": [2, 3]}]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _events_in_the_file_alone(db: Path, folder: Path) -> int:
    """The events the ledger file holds without its -wal file (a copy of it alone)."""
    alone = folder / "alone.db"
    shutil.copyfile(db, alone)
    with closing(sqlite3.connect(alone)) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def test_the_ledger_file_takes_the_commands_at_the_idle_moment_not_during_them(
    qtbot, tmp_path: Path
) -> None:
    db = tmp_path / "table.db"
    game = TableGame.open(str(db), now=Clock())
    game.submit(parse_command(START))
    session = TableSession(game, tick_ms=None, idle_ms=200)
    with qtbot.wait_signal(session.idled, timeout=5000):  # the opening's own idle moment
        pass
    before = _digest(db)
    assert _events_in_the_file_alone(db, tmp_path) == game.head_seq

    for command in COMMANDS:
        assert session.send(command), command
        # Each command starts the idle wait again.
        assert session.idle_timer.isActive() and session.idle_timer.remainingTime() > 100
    assert _digest(db) == before  # the commands are in the -wal file only: no checkpoint
    assert Path(f"{db}-wal").stat().st_size > 0
    assert _events_in_the_file_alone(db, tmp_path) < game.head_seq

    with qtbot.wait_signal(session.idled, timeout=5000):
        pass
    assert _events_in_the_file_alone(db, tmp_path) == game.head_seq
    assert not session.idle_timer.isActive()  # one idle moment per pause, not a polling loop
    session.close()
