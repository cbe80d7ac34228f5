"""A command is worked out on the table's state itself and left applied; when it cannot be
recorded, the state goes back to what the ledger holds, never showing an entry it lacks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event

from app.ledger import LedgerError, LedgerWriteError, StaleSequence
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from models.engine import legal_commands
from tests.app.conftest import SAMPLE


def _sample(db: Path) -> TableGame:
    game = TableGame.open(str(db))
    for _, line in read_script(SAMPLE.read_text()):
        game.submit(parse_command(line))
    return game


def _as_stored(db: Path) -> dict[str, object]:
    game = TableGame.open(str(db), readonly=True)
    try:
        assert game.state is not None
        return game.state.model_dump()
    finally:
        game.close()


def test_a_command_the_full_disk_refuses_leaves_the_state_as_the_ledger_holds_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "ledger.db"
    game = _sample(db)
    engine = game.ledger.database.engine

    @event.listens_for(engine, "connect")
    def no_room(connection: sqlite3.Connection, _record: object) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()
    assert game.table is not None and game.state is not None
    with pytest.raises(LedgerWriteError, match="the disk is full"):
        for _ in range(500):  # the free room in the last pages runs out within a few commands
            game.submit(legal_commands(game.table, game.state)[0])
    head = game.head_seq
    assert game.state is not None
    left = game.state.model_dump()
    game.close()
    assert left == _as_stored(db)
    reopened = TableGame.open(str(db), readonly=True)
    assert reopened.head_seq == head
    reopened.close()


def test_a_stale_table_refused_by_the_ledger_keeps_its_state_and_then_catches_up(
    tmp_path: Path,
) -> None:
    # Two tables on one file: the second has not seen the first's entry, so its command is
    # refused as stale; its state is still the one it showed, and after a reload it records.
    db = tmp_path / "ledger.db"
    first = _sample(db)
    second = TableGame.open(str(db))
    assert first.table is not None and first.state is not None and second.state is not None
    before = second.state.model_dump()
    command = legal_commands(first.table, first.state)[0]
    first.submit(command)
    with pytest.raises(StaleSequence):
        second.submit(command)
    assert second.state is not None and second.state.model_dump() == before
    second.reload()
    assert second.table is not None and second.state is not None
    second.submit(legal_commands(second.table, second.state)[0])
    assert second.head_seq > first.head_seq
    first.close()
    second.close()


def test_a_table_that_can_neither_record_nor_read_back_refuses_until_reopened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = tmp_path / "ledger.db"
    game = _sample(db)
    assert game.table is not None and game.state is not None
    command = legal_commands(game.table, game.state)[0]

    def no_write(*args: object, **kwargs: object) -> None:
        raise LedgerWriteError("the disk is gone")

    def no_read(*args: object, **kwargs: object) -> None:
        raise LedgerError("the disk is gone")

    monkeypatch.setattr(game.ledger, "append", no_write)
    monkeypatch.setattr(game.ledger, "snapshot", no_read)
    monkeypatch.setattr(game.ledger, "event_rows", no_read)
    with pytest.raises(LedgerWriteError):
        game.submit(command)
    assert game.state is None  # nothing shown rather than an entry the ledger lacks
    with pytest.raises(LedgerError, match="reopen the game"):
        game.submit(command)
    game.close()
    reopened = TableGame.open(str(db))
    assert reopened.state is not None
    reopened.submit(command)
    reopened.close()
