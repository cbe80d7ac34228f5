"""Other programs opening and closing a table's file lose none of its entries while its copier runs."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from app.review.verify import verify_game
from app.table.service import TableGame

SHARECHILD = Path(__file__).with_name("sharechild.py")
OTHER_OPENINGS = 60

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir() or not hasattr(signal, "SIGKILL"),
                                reason="needs /proc/self/fd and SIGKILL (Linux)")


def reported(out: Path) -> list[str]:
    return out.read_text().splitlines() if out.exists() else []


def wait_for_line(out: Path, prefix: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not any(line.startswith(prefix) for line in reported(out)):
        assert time.monotonic() < deadline, f"no {prefix!r} line: {reported(out)[-3:]}"
        time.sleep(0.02)


def open_and_close_for_writing(db: Path) -> None:
    """What the sqlite3 shell, a judge's window or `banker run --db` does: a writer's lock taken
    and let go, then the connection closed (a last connection would checkpoint and delete -wal)."""
    with closing(sqlite3.connect(db, timeout=10, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")


def test_every_acknowledged_entry_survives_other_programs_opening_and_closing_the_file(
        tmp_path: Path) -> None:
    db, hub, out = tmp_path / "table.db", tmp_path / "hub.db", tmp_path / "out.txt"
    child = subprocess.Popen([sys.executable, str(SHARECHILD), str(db), str(hub), str(out)])
    try:
        wait_for_line(out, "ready")
        for _ in range(OTHER_OPENINGS):
            open_and_close_for_writing(db)
            time.sleep(0.01)
        wait_for_line(out, "committed")
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    lines = reported(out)
    assert [line for line in lines if line.startswith("deleted")] == []
    acknowledged = max(int(line.split()[1]) for line in lines if line.startswith("committed"))
    session = TableGame.open(str(db), create=False, readonly=True)
    try:
        assert session.head_seq >= acknowledged
        assert session.game_id is not None
        assert verify_game(session.ledger, session.game_id) == []
    finally:
        session.close()
