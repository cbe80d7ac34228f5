"""The app's version on the record: the new game names the version that started it, the first
entry after the game is opened again by another version names that one, and the ledger still
verifies (the replay takes the version as recorded; the commands as given)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from app.ledger import open_ledger
from app.review import service as review
from app.review.verify import verify_game
from app.table.service import TableGame, utc_now
from app.version import TEST_VERSION_ENV
from models.commands import NewGame, Roll, Undo
from tests.app.recorded_games import SetClock
from tests.app.tamper_tools import drop_triggers

OLD_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "ledgers" / "0.1.0-classic.db"


def rows(db: Path, query: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(db)) as connection:
        return list(connection.execute(query))


def command_rows(db: Path) -> list[dict[str, object]]:
    return [json.loads(text) for (text,) in rows(db, "SELECT payload FROM commands ORDER BY command_no")]


def opened(db: Path, version: str, monkeypatch: pytest.MonkeyPatch,
           clock: Callable[[], datetime] = utc_now) -> TableGame:
    monkeypatch.setenv(TEST_VERSION_ENV, version)
    return TableGame.open(str(db), now=clock)


def test_the_new_game_and_each_changed_version_after_a_reopening_are_on_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db, clock = tmp_path / "game.db", SetClock()
    game = opened(db, "1.2.0", monkeypatch, clock)
    game.submit(NewGame(type="new_game", profile="classic", players=["Ann", "Bob"],
                        roll_off=[{"Ann": [6, 5], "Bob": [1, 2]}]))
    game.submit(Roll(type="roll", player="Ann", dice=[4, 6]))
    game.close()
    (started,) = rows(db, "SELECT payload FROM events WHERE type = 'game_started'")
    assert json.loads(str(started[0]))["app_version"] == "1.2.0"

    game = opened(db, "1.2.0", monkeypatch, clock)  # the same version again: nothing to name
    assert game.version == "1.2.0"
    game.submit(Roll(type="roll", player="Bob", dice=[6, 4]))
    game.close()

    game = opened(db, "1.3.0.dev4+gabc1234", monkeypatch, clock)  # a newer build
    assert game.version == "1.2.0"
    game.submit(Undo(type="undo"))  # its first entry, whatever it is, names it
    game.submit(Roll(type="roll", player="Bob", dice=[6, 4]))
    assert game.version == "1.3.0.dev4+gabc1234"
    assert verify_game(game.ledger, game.game_id or "") == []
    game.close()

    named = [row.get("app_version") for row in command_rows(db)]
    assert named == [None, None, None, "1.3.0.dev4+gabc1234", None]
    game = opened(db, "1.3.0.dev4+gabc1234", monkeypatch, clock)
    assert game.version == "1.3.0.dev4+gabc1234"  # read back from the rows at opening
    # The judge reads them with the entries: the start's, and the undo's, the first entry the
    # newer build wrote.
    said = {e.type: e.text for e in review.entries(game)}
    assert said["game_started"].endswith("; started with Championship Banker 1.2.0")
    assert said["commands_voided"].endswith(" (recorded by Championship Banker 1.3.0.dev4+gabc1234)")
    assert sum("Championship Banker" in e.text for e in review.entries(game)) == 2
    game.close()


def test_the_version_named_is_in_the_hash_chain(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db, clock = tmp_path / "game.db", SetClock()
    game = opened(db, "1.2.0", monkeypatch, clock)
    game.submit(NewGame(type="new_game", profile="classic", players=["Ann", "Bob"],
                        roll_off=[{"Ann": [6, 5], "Bob": [1, 2]}]))
    game.close()
    game = opened(db, "1.3.0", monkeypatch, clock)
    game.submit(Roll(type="roll", player="Ann", dice=[4, 6]))
    game.close()
    for table, was, now in (("commands", "1.3.0", "1.2.9"), ("events", "1.2.0", "1.1.0")):
        forged = tmp_path / f"{table}.db"
        shutil.copyfile(db, forged)
        with closing(sqlite3.connect(forged)) as connection:
            drop_triggers(connection)
            connection.execute(f"UPDATE {table} SET payload = replace(payload, ?, ?)", (was, now))
            connection.commit()
        ledger = open_ledger(str(forged), create=False, readonly=True)
        try:
            problems = verify_game(ledger, ledger.latest_game_id() or "")
        finally:
            ledger.close()
        assert problems and "hash does not match" in problems[0], problems


def test_a_ledger_from_before_versions_reads_verifies_and_names_the_next_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "old.db"
    shutil.copyfile(OLD_FILE, db)
    game = opened(db, "1.3.0", monkeypatch)  # now: after its last entry
    assert game.version is None and game.problems == []
    game.submit(Roll(type="roll", player="Cy", dice=[4, 6]))
    assert verify_game(game.ledger, game.game_id or "") == []
    game.close()
    assert command_rows(db)[-1]["app_version"] == "1.3.0"
    assert "app_version" not in command_rows(db)[-2]
