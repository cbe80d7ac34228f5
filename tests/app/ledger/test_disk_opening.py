"""Opening a ledger: one game per file, reading creates nothing, new files are their owner's."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from app.ledger import LedgerRejected, LedgerWriteError, open_ledger
from app.ledger.errors import LedgerNotFound
from app.ledger.migration import alembic_config
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.app.conftest import Banker

NEW_GAME = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
            "roll_off": [{"Ann": [6, 5], "Bob": [1, 2]}]}


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, which would leave a file readable by everyone (0644)."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_two_tables_starting_a_game_on_one_new_file_leave_exactly_one_game(tmp_path: Path) -> None:
    # Both open the empty file and see no game; the check under the write lock lets one in.
    db = str(tmp_path / "final.db")
    first, second = TableGame.open(db), TableGame.open(db)
    first.submit(parse_command(NEW_GAME))
    with pytest.raises(LedgerRejected, match="this ledger already holds a game"):
        second.submit(parse_command(NEW_GAME))
    assert [g.id for g in second.ledger.games()] == [first.game_id]
    first.close()
    second.close()


@pytest.mark.parametrize("command", [["state"], ["ledger"], ["verify"],
                                     ["build-cost", "--add", '{"1": 1}'], ["scoresheet"]])
def test_reading_a_path_that_does_not_exist_exits_4_and_creates_nothing(
    tmp_path: Path, command: list[str]
) -> None:
    from ui.entry import main  # noqa: PLC0415 (registers `scoresheet`)

    missing = tmp_path / "no-such-folder" / "table.db"
    result = CliRunner().invoke(main, [*command, "--db", str(missing)])
    assert result.exit_code == 4, result.output
    assert "no such ledger file" in result.stderr
    assert not missing.parent.exists()


def test_opening_for_reading_only_never_creates_and_refuses_every_write(tmp_path: Path) -> None:
    with pytest.raises(LedgerNotFound):
        open_ledger(tmp_path / "none.db", readonly=True)
    with pytest.raises(LedgerNotFound):
        open_ledger(tmp_path / "none.db", create=False)
    assert list(tmp_path.iterdir()) == []

    TableGame.open(str(tmp_path / "t.db")).close()
    assert list(tmp_path.iterdir()) == []  # a new file is put in place only with its game
    made = TableGame.open(str(tmp_path / "t.db"))
    made.submit(parse_command(NEW_GAME))
    made.close()
    session = TableGame.open(str(tmp_path / "t.db"), readonly=True)
    with pytest.raises(LedgerWriteError, match="opened for reading only"):
        session.submit(parse_command({"type": "roll", "player": "Ann", "dice": [3, 1]}))
    session.close()


def test_a_new_ledger_and_its_wal_and_shm_are_readable_by_their_owner_only(
    tmp_path: Path, umask_022: None
) -> None:
    db = tmp_path / "tables" / "final.db"
    session = TableGame.open(str(db))
    session.submit(parse_command(NEW_GAME))  # the connection stays open: -wal and -shm exist
    modes = {suffix: stat.S_IMODE(Path(f"{db}{suffix}").stat().st_mode)
             for suffix in ("", "-wal", "-shm")}
    session.close()
    assert modes == {"": 0o600, "-wal": 0o600, "-shm": 0o600}


def test_an_older_ledger_is_read_through_an_upgraded_copy_and_the_file_is_left_as_it_was(
    tmp_path: Path, banker: Banker
) -> None:
    # A file at the first schema version (0001): reading upgrades a copy in memory; only a
    # writer upgrades the file itself.
    db = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
    engine.dispose()
    before = hashlib.sha256(db.read_bytes()).hexdigest()

    state = banker("state", "--db", db)
    assert state.exit_code == 0, state.output
    assert state.stdout.strip() == "No game in this ledger yet."
    assert banker("verify", "--db", db).exit_code == 0
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [
            ("0001",)]
    engine.dispose()
