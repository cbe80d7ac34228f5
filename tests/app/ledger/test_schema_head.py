"""A ledger file at head is opened without Alembic (issue 31): its `alembic_version` row is read
directly and compared with HEADS; every other file still goes through Alembic."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from app.ledger import open_ledger
from app.ledger.database import Database, file_url
from app.ledger.errors import SchemaTooNew
from app.ledger.migration import HEADS, alembic_config, at_head, schema_status

REPO = Path(__file__).resolve().parents[3]
OLD_FILE = REPO / "tests" / "fixtures" / "ledgers" / "0.1.0-classic.db"


def _stamp(db: Path, *revisions: str) -> None:
    with closing(sqlite3.connect(db)) as connection, connection:
        connection.execute("DELETE FROM alembic_version")
        connection.executemany("INSERT INTO alembic_version VALUES (?)",
                               [(r,) for r in revisions])


def _current(tmp_path: Path, name: str = "game.db") -> Path:
    """A game's file brought to head by Alembic (the 0.1.0 file, opened once for writing)."""
    db = tmp_path / name
    shutil.copyfile(OLD_FILE, db)
    open_ledger(db).close()
    return db


def _reader(db: Path) -> Database:
    return Database(file_url(db, readonly=True), readonly=True, location=str(db))


def test_heads_are_the_migrations_own() -> None:
    # A new migration moves Alembic's head: HEADS must follow, or every file would be
    # "current" at the old revision (and never migrated) or never current.
    assert frozenset(ScriptDirectory.from_config(alembic_config()).get_heads()) == HEADS


def test_a_file_at_head_is_current_and_one_stamped_otherwise_is_not(tmp_path: Path) -> None:
    db = _current(tmp_path)
    reader = _reader(db)
    try:
        assert at_head(reader) and schema_status(reader) == "current"
    finally:
        reader.close()
    _stamp(db, "0013")
    reader = _reader(db)
    try:
        assert not at_head(reader) and schema_status(reader) == "older"
    finally:
        reader.close()
    _stamp(db, *HEADS, "9999")  # head and something unknown: Alembic's judgement, a newer file
    reader = _reader(db)
    try:
        assert not at_head(reader)
        with pytest.raises(SchemaTooNew):
            schema_status(reader)
    finally:
        reader.close()


def test_an_empty_file_is_not_at_head(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    with closing(sqlite3.connect(db)) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
    reader = _reader(db)
    try:
        assert not at_head(reader)
    finally:
        reader.close()


def _opened_loads_alembic(db: Path) -> bool:
    script = ("import sys\nfrom app.ledger import open_ledger\n"
              f"open_ledger({str(db)!r}).close()\n"
              "print('ALEMBIC', 'alembic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=REPO, check=True).stdout
    return "ALEMBIC True" in out


def test_opening_a_file_at_head_loads_no_alembic_and_an_older_one_is_migrated(
        tmp_path: Path) -> None:
    current = _current(tmp_path, "current.db")
    assert not _opened_loads_alembic(current)
    older = tmp_path / "older.db"
    shutil.copyfile(OLD_FILE, older)
    assert _opened_loads_alembic(older)
    with closing(sqlite3.connect(older)) as connection:
        stamped = {row[0] for row in connection.execute("SELECT version_num FROM alembic_version")}
    assert stamped == HEADS
