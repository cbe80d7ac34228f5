"""A hostile disk: full, read-only, locked, random bytes, another program's file, a newer schema.

Each time: a clear message and a documented exit code (4), not a byte of the file changed, and
`state` and `verify` still read whatever can be read.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import event

from app.ledger import LedgerWriteError
from app.table.command_text import command_json, parse_command, read_script
from app.table.service import TableGame
from models.engine import legal_commands
from tests.app.conftest import REPO, SAMPLE, Banker

NOBODY = 65534
SIDE_FILES = ("-wal", "-shm", "-journal")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side_files(db: Path) -> list[str]:
    return [suffix for suffix in SIDE_FILES if Path(f"{db}{suffix}").exists()]


def next_command(db: Path, folder: Path) -> Path:
    """A script of one legal command for the game in `db` (it would be recorded on a good disk)."""
    session = TableGame.open(str(db), readonly=True)
    assert session.table is not None and session.state is not None
    line = json.dumps(command_json(legal_commands(session.table, session.state)[0]))
    session.close()
    script = folder / "next.jsonl"
    script.write_text(line + "\n")
    script.chmod(0o644)
    return script


def recorded_sample(db: Path) -> Path:
    """The shipped sample game (37 commands, 90 events), the file closed afterwards."""
    session = TableGame.open(str(db))
    for _, line in read_script(SAMPLE.read_text()):
        session.submit(parse_command(line))
    session.close()
    return db


def assert_reading_works(banker: Banker, db: Path, head: int) -> None:
    state = banker("state", "--db", db, "--json")
    assert state.exit_code == 0, state.output
    assert json.loads(state.stdout)["head_seq"] == head
    verify = banker("verify", "--db", db)
    assert verify.exit_code == 0, verify.output
    assert "sound" in verify.stdout


def assert_refused_everywhere(banker: Banker, db: Path, script: Path, message: str) -> None:
    """`run`, `state` and `verify` all exit 4 with `message`, and nothing is written."""
    before = digest(db)
    for args in (("run", script, "--db", db), ("state", "--db", db), ("verify", "--db", db)):
        result = banker(*args)
        assert result.exit_code == 4, result.output
        assert message in result.stderr
        assert "Traceback" not in result.output
    assert digest(db) == before


# -- full disk -----------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 8 MiB file system (tmpfs), mounted for the test; skipped where mounting is not
    allowed (test_a_full_disk_seen_by_sqlite_itself covers the same path there)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    try:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk)],
                                 capture_output=True, check=False).returncode == 0
    except OSError:
        mounted = False
    if not mounted:
        pytest.skip("cannot mount a small tmpfs here (needs root and mount rights)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=False)  # open files: detach now


def fill(disk: Path) -> Path:
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(bytes(4096))
                out.flush()
        except OSError:
            pass
    assert shutil.disk_usage(disk).free < 4096
    return filler


def test_a_full_disk_refuses_the_command_unchanged_and_reading_and_later_writing_still_work(
    small_disk: Path, banker: Banker, tmp_path: Path
) -> None:
    # The sample game is 37 commands, 90 events; the next one cannot be written on a full disk.
    db = recorded_sample(small_disk / "ledger.db")
    script = next_command(db, tmp_path)
    filler = fill(small_disk)
    before = digest(db)

    result = banker("run", script, "--db", db)
    assert result.exit_code == 4
    assert "the disk is full" in result.stderr
    assert digest(db) == before
    assert_reading_works(banker, db, head=90)

    filler.unlink()  # room again: the same command is recorded, and the file verifies
    assert banker("run", script, "--db", db).exit_code == 0
    assert_reading_works(banker, db, head=json.loads(
        banker("state", "--db", db, "--json").stdout)["head_seq"])


def test_a_scoresheet_pdf_on_a_full_disk_is_an_error_and_leaves_no_file(
    small_disk: Path, banker: Banker, tmp_path: Path
) -> None:
    db = recorded_sample(tmp_path / "ledger.db")
    fill(small_disk)
    pdf = small_disk / "sheet.pdf"
    done = subprocess.run([sys.executable, "-c", "from ui.entry import main; main()",
                           "scoresheet", "--db", str(db), "--pdf", str(pdf)], cwd=REPO,
                          capture_output=True, text=True, check=False,
                          env=os.environ | {"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 4, done.stderr
    assert "scoresheet not written" in done.stderr
    assert "written to" not in done.stdout
    assert not pdf.exists()


def test_a_full_disk_seen_by_sqlite_itself_refuses_the_command_and_keeps_the_game(
    banker: Banker, tmp_path: Path
) -> None:
    # Everywhere: SQLite's max_page_count on the writing connection makes the file unable to
    # grow, so SQLITE_FULL comes through the real write path.
    db = recorded_sample(tmp_path / "ledger.db")
    session = TableGame.open(str(db))
    engine = session.ledger.database.engine

    @event.listens_for(engine, "connect")
    def no_room(connection: sqlite3.Connection, _record: object) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()
    assert session.table is not None and session.state is not None
    with pytest.raises(LedgerWriteError, match="the disk is full"):
        for _ in range(500):  # the free room in the last pages runs out within a few commands
            head = session.head_seq
            session.submit(legal_commands(session.table, session.state)[0])
    session.close()
    assert_reading_works(banker, db, head=head)


# -- read-only file and folder -----------------------------------------------------------------


def reader() -> Reader:
    """How to run the CLI as another user when we are root (root ignores permission bits): an
    interpreter of our Python version that user can start, with our packages on its path."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": "/tmp", "PYTHONDONTWRITEBYTECODE": "1"}
    if os.geteuid() != 0:
        return Reader(sys.executable, env, {})
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), sysconfig.get_paths()["purelib"]])
    identity: dict[str, object] = {"user": NOBODY, "group": NOBODY, "extra_groups": []}
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    for python in dict.fromkeys([sys.executable, f"/usr/bin/python{version}",
                                 shutil.which(f"python{version}") or sys.executable]):
        try:
            probe = subprocess.run(  # type: ignore[call-overload]
                [python, "-c", "import sys, app.ledger, pydantic; print(sys.version_info[:2])"],
                env=env, capture_output=True, text=True, check=False, **identity)
        except OSError:
            continue
        if probe.returncode == 0 and probe.stdout.strip() == str(sys.version_info[:2]):
            return Reader(python, env, identity)
    pytest.skip("running as root, and no Python that another user can start to honour "
                "permission bits")


@dataclass(frozen=True)
class Reader:
    python: str
    env: dict[str, str]
    identity: dict[str, object]

    def cli(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(  # type: ignore[call-overload, no-any-return]
            [self.python, "-c", "from ui.entry import main; main()", *map(str, args)],
            cwd=REPO, capture_output=True, text=True, check=False, timeout=120, env=self.env,
            **self.identity,
        )


@pytest.fixture
def shared(banker: Banker) -> Iterator[Path]:
    """A folder outside pytest's owner-only temporary tree, with the sample game recorded."""
    folder = Path(tempfile.mkdtemp(prefix="banker-disk-"))
    folder.chmod(0o755)
    try:
        (folder / "table").mkdir()
        recorded_sample(folder / "table" / "ledger.db")
        yield folder
    finally:
        for path in (folder, *folder.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(folder)


def hand_over(path: Path, other: Reader, mode: int) -> None:
    if other.identity:
        os.chown(path, NOBODY, NOBODY)
    path.chmod(mode)


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_read_only_file_or_folder_refuses_writing_and_still_reads(
    shared: Path, where: str
) -> None:
    # A read-only file in a writable folder, or a writable file in a read-only folder (SQLite
    # cannot make its -wal and -shm there; the file is then read exactly as it lies on disk).
    other = reader()
    folder, db = shared / "table", shared / "table" / "ledger.db"
    script = next_command(db, shared)
    hand_over(db, other, 0o444 if where == "file" else 0o644)
    hand_over(folder, other, 0o755 if where == "file" else 0o555)
    before, listing = digest(db), sorted(p.name for p in folder.iterdir())

    run = other.cli("run", script, "--db", db)
    assert run.returncode == 4, run.stderr
    assert "read-only" in run.stderr and "Traceback" not in run.stderr
    state = other.cli("state", "--db", db, "--json")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["head_seq"] == 90
    verify = other.cli("verify", "--db", db)
    assert verify.returncode == 0, verify.stderr
    assert "sound" in verify.stdout

    assert digest(db) == before
    if where == "folder":
        assert sorted(p.name for p in folder.iterdir()) == listing


# -- locked, random bytes, another program, a newer version ------------------------------------


def test_a_ledger_locked_by_a_second_copy_refuses_the_write_and_still_reads(
    banker: Banker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BANKER_BUSY_TIMEOUT_MS", "50")
    db = recorded_sample(tmp_path / "ledger.db")
    script = next_command(db, tmp_path)
    before = digest(db)
    with closing(sqlite3.connect(db, isolation_level=None)) as second_copy:
        second_copy.execute("BEGIN IMMEDIATE")
        result = banker("run", script, "--db", db)
        assert result.exit_code == 4
        assert "locked by another program (waited 0.05 s)" in result.stderr
        assert_reading_works(banker, db, head=90)
        second_copy.execute("ROLLBACK")
    assert digest(db) == before


def test_a_file_of_random_bytes_is_refused_by_every_command_and_left_as_it_was(
    banker: Banker, tmp_path: Path
) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(bytes((i * 7919 + 13) % 256 for i in range(16384)))
    script = tmp_path / "one.jsonl"
    script.write_text('{"type": "end_turn"}\n')
    assert_refused_everywhere(banker, junk, script, "damaged or not a ledger")
    assert side_files(junk) == []


def test_another_programs_database_is_refused_unchanged_byte_for_byte_and_gets_no_wal(
    banker: Banker, tmp_path: Path
) -> None:
    other = tmp_path / "recipes.db"
    with closing(sqlite3.connect(other)) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("INSERT INTO recipes VALUES ('pancakes')")
        connection.commit()
    script = tmp_path / "one.jsonl"
    script.write_text(SAMPLE.read_text())
    assert_refused_everywhere(banker, other, script, "not a Championship Banker ledger")
    assert side_files(other) == []
    with closing(sqlite3.connect(other)) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_a_ledger_from_a_newer_version_is_refused_naming_both_versions_and_left_as_it_was(
    banker: Banker, tmp_path: Path
) -> None:
    # Reading it is refused too: a newer version may record what this one would misread.
    db = recorded_sample(tmp_path / "ledger.db")
    script = next_command(db, tmp_path)
    with closing(sqlite3.connect(db)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_tomorrow'")
        connection.commit()
    assert_refused_everywhere(banker, db, script, "newer Championship Banker (schema 9999_tomorrow)")
