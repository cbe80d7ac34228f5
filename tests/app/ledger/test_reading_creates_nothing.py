"""Reading creates nothing beside another program's database; a killed creation's leftover is named."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from app.ledger import LedgerError, open_ledger
from tests.app.conftest import Banker

NEW_GAME = ('{"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"], '
            '"roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]}\n')


def foreign_wal_database(path: Path) -> None:
    """Another program's database in WAL mode, closed (so no -wal or -shm beside it)."""
    with closing(sqlite3.connect(path)) as other:
        other.execute("PRAGMA journal_mode = WAL")
        other.execute("CREATE TABLE notes (body TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
        other.commit()


def test_opening_another_programs_wal_database_is_refused_and_leaves_no_side_files(
        tmp_path: Path, banker: Banker) -> None:
    other = tmp_path / "notes.db"
    foreign_wal_database(other)
    for readonly in (True, False):
        with pytest.raises(LedgerError, match="not a Championship Banker ledger"):
            open_ledger(other, create=False, readonly=readonly)
    result = banker("state", "--db", other)
    assert result.exit_code == 4
    assert "not a Championship Banker ledger" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


def test_a_creation_killed_before_its_game_is_removed_by_the_next_run_which_says_so(
        tmp_path: Path, banker: Banker) -> None:
    db = tmp_path / "t.db"
    # A creator killed after making its file and before the first game is in place.
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom app.ledger import open_ledger\n"
         "open_ledger(sys.argv[1])\nprint('made', flush=True)\ntime.sleep(60)\n", str(db)],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[3])
    assert child.stdout is not None and child.stdout.readline().strip() == "made"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    leftovers = sorted(p.name for p in tmp_path.iterdir())  # never at t.db itself
    assert leftovers[0].startswith(".t.db.new-")
    assert leftovers == [leftovers[0], *(leftovers[0] + side for side in ("-shm", "-wal"))]
    assert banker("state", "--db", db).exit_code == 4  # nothing to read: no file, no game

    script = tmp_path / "game.jsonl"
    script.write_text(NEW_GAME)
    result = banker("run", script, "--db", db)
    assert result.exit_code == 0, result.output
    assert f"removed {leftovers[0]}, left by a creation of this ledger that was interrupted" \
        in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "t.db"]


def test_an_empty_file_left_by_an_older_creation_is_named_by_readers_and_finished_by_run(
        tmp_path: Path, banker: Banker) -> None:
    db = tmp_path / "t.db"
    db.write_bytes(b"")
    refused = banker("state", "--db", db)
    assert refused.exit_code == 4
    assert "creation that was interrupted" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]

    script = tmp_path / "game.jsonl"
    script.write_text(NEW_GAME)
    result = banker("run", script, "--db", db)
    assert result.exit_code == 0, result.output
    assert "the ledger is made in it" in result.stderr
    assert banker("verify", "--db", db).exit_code == 0
