"""Every new entry of a ledger file links to its game's last (migration 0013): SQLite refuses one
that does not, whoever writes it, and leaves a number already held to the primary key."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.ledger import open_ledger
from app.ledger.writing import EVENT_COLUMNS
from tests.app.hub_tables import new_table, play

INSERT = (f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) "
          f"VALUES ({', '.join('?' for _ in EVENT_COLUMNS)})")


@pytest.fixture
def table_file(tmp_path: Path) -> Path:
    game = new_table(tmp_path, 1)
    play(game, 15, Random(4))
    game.close()
    return tmp_path / "table-1.db"


def last_row(db: sqlite3.Connection) -> list[Any]:
    return list(db.execute(f"SELECT {', '.join(EVENT_COLUMNS)} FROM events "
                           "ORDER BY seq DESC LIMIT 1").fetchone())


@pytest.mark.parametrize(("step", "prev"), [(1, "f" * 64), (2, None), (0, None)],
                         ids=["wrong prev_hash", "seq gap", "no seq"])
def test_an_entry_that_does_not_follow_the_games_last_is_refused(
        table_file: Path, step: int, prev: str | None) -> None:
    with closing(sqlite3.connect(table_file)) as db:
        row = last_row(db)
        head = (row[1], row[10])
        row[1] = int(row[1]) + step if step else None
        row[9], row[10] = prev or row[10], "e" * 64
        with pytest.raises(sqlite3.IntegrityError, match="does not link to its game's last"):
            db.execute(INSERT, row)
    with open_ledger(table_file, create=False, readonly=True) as ledger:
        assert ledger.head(ledger.game_ids()[0]) == head


def test_an_entry_that_links_goes_in_and_a_number_held_meets_the_primary_key(
        table_file: Path) -> None:
    with closing(sqlite3.connect(table_file)) as db:
        row = last_row(db)
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE constraint failed"):
            db.execute(INSERT, row)  # two writers of one number still collide as before
        row[1], row[9], row[10] = int(row[1]) + 1, row[10], "e" * 64
        db.execute(INSERT, row)  # linked (its hash is for verify to judge, not the trigger)
        db.commit()
    with open_ledger(table_file, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
        assert ledger.head(game_id)[1] == "e" * 64
        assert "does not match" in " ".join(ledger.verify_chain(game_id))


def test_the_first_entry_of_a_game_links_to_the_chains_start(tmp_path: Path) -> None:
    # A game's first command goes through the ledger's write path with the trigger in place.
    game = new_table(tmp_path, 2)
    game.close()
    with closing(sqlite3.connect(tmp_path / "table-2.db")) as db:
        assert db.execute("SELECT prev_hash FROM events WHERE seq = 1").fetchone() == ("0" * 64,)
        assert db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND "
                          "name = 'events_link'").fetchone() == (1,)
