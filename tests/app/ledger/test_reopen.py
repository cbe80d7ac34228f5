"""Reopening a game: the fast chain check agrees with the detailed one, and the timeline read back
is the one the table kept while recording."""

from __future__ import annotations

import gc
import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from random import Random

import pytest

from app.ledger import LedgerCorrupt, open_ledger
from app.ledger.chain import chain_sound
from app.ledger.verify import chain_problems
from app.simulator.simulate import roll_off
from app.table import judges, voids
from app.table.service import TableGame
from benchmarks.games import SteppingClock
from models.choices import random_command
from models.commands import NewGame, Rewind, Undo
from models.engine import decide
from models.errors import BankerError
from tests.app.tamper_tools import drop_triggers

JUDGE, PIN = "Lee", "246802"
# Names whose JSON text needs escaping: the fast check writes the hashed text out by hand.
NAMES = ['Zoë "Z"', "O'Neil \\ Jr", "李雷", "Ann_\u00e9 \u0b95"]


def played(db: Path, commands: int = 120, seed: int = 4) -> TableGame:
    """Random play with an undo tried every 9th command and a short rewind every 23rd."""
    game = TableGame.open(str(db), now=SteppingClock())
    rng = Random(seed)
    game.submit(NewGame(type="new_game", profile="classic", players=NAMES,
                        roll_off=roll_off(NAMES, rng), judges=[judges.registration(JUDGE, PIN)]))
    game.sign_in_judge(JUDGE, PIN)
    for number in range(1, commands):
        assert game.table is not None and game.state is not None
        tries = random_command(game.table, game.state, rng)
        if number % 9 == 0:
            tries.insert(0, Undo(type="undo"))
        if number % 23 == 0 and game.head_seq > 6:
            tries.insert(0, Rewind(type="rewind", to_seq=game.head_seq - 5, reason="wrong dice"))
        for command in tries:
            try:
                if not isinstance(command, Undo | Rewind):
                    decide(game.table, game.state, command)
                game.submit(command)
            except BankerError:
                continue
            break
    return game


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, TableGame]]:
    db = tmp_path_factory.mktemp("reopen") / "ledger.db"
    game = played(db)
    yield db, game
    game.close()


def _copy(db: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.db"
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
    return copy


def test_the_fast_check_passes_a_sound_game_with_names_that_need_escaping(
    recorded: tuple[Path, TableGame]
) -> None:
    db, game = recorded
    with open_ledger(db, readonly=True) as ledger:
        history = ledger.history(game.game_id or "")
    assert any(row[3] == "commands_voided" for row in history.events)
    assert any(NAMES[0] in row[3] or NAMES[0] in row[4] for row in history.transfers)
    assert chain_problems(history.rows()) == []
    assert chain_sound(history)  # not only the slow check's verdict: the fast path said so


def test_the_reopened_timeline_is_the_one_the_table_kept_while_recording(
    recorded: tuple[Path, TableGame]
) -> None:
    db, game = recorded
    reopened = TableGame.open(str(db), readonly=True)
    kept, read = game.timeline, reopened.timeline
    assert [(m.number, m.first, m.last, m.types) for m in read.marks] == [
        (m.number, m.first, m.last, m.types) for m in kept.marks]
    assert read.voids == kept.voids and read.voided == kept.voided
    assert all(r.is_a(k.kind or "") for r, k in zip(read.marks, kept.marks, strict=True))
    assert reopened.state == game.state and reopened.head_hash == game.head_hash
    # And the one built from every decoded row.
    with open_ledger(db, readonly=True) as ledger:
        full = voids.timeline_of(ledger.commands(game.game_id or ""),
                                 ledger.events(game.game_id or ""))
    assert read.voids == full.voids and [(m.first, m.last) for m in read.marks] == [
        (m.first, m.last) for m in full.marks]
    reopened.close()


def _multi_event_command(db: Path) -> tuple[int, int]:
    """The seq of the second event of a command that recorded several, and its command_no."""
    with closing(sqlite3.connect(db)) as connection:
        return connection.execute(
            "SELECT max(seq), command_no FROM events GROUP BY command_no HAVING count(*) > 2 "
            "ORDER BY command_no LIMIT 1").fetchone()  # type: ignore[no-any-return]


@pytest.mark.parametrize(("column", "value"), [
    ("actor_name", "Mallory"),  # the hash covers the command's actor: only the match catches it
    ("actor_role", "judge"),
    ("recorded_at", "2026-11-21T09:00:00.000000+00:00"),
    ("command_no", None),  # the next command's number: moved to another command
])
def test_an_event_whose_actor_or_time_differs_from_its_commands_fails_the_fast_check(
    recorded: tuple[Path, TableGame], tmp_path: Path, column: str, value: object
) -> None:
    db, game = recorded
    copy = _copy(db, tmp_path)
    seq, number = _multi_event_command(copy)
    with closing(sqlite3.connect(copy, isolation_level=None)) as connection:
        drop_triggers(connection)
        connection.execute(f"UPDATE events SET {column} = ? WHERE seq = ?",
                           (number + 1 if value is None else value, seq))
    with open_ledger(copy, readonly=True) as ledger:
        history = ledger.history(game.game_id or "")
    assert not chain_sound(history)
    assert chain_problems(history.rows()) != []


@pytest.mark.parametrize("change", [
    "UPDATE transfers SET amount = amount + 1 WHERE rowid = (SELECT max(rowid) FROM transfers)",
    "UPDATE transfers SET idx = idx + 1 WHERE rowid = (SELECT max(rowid) FROM transfers)",
    "DELETE FROM transfers WHERE rowid = (SELECT min(rowid) FROM transfers)",
    "UPDATE transfers SET seq = seq + 1 WHERE rowid = (SELECT max(rowid) FROM transfers)",
])
def test_a_changed_transfer_fails_the_fast_check(
    recorded: tuple[Path, TableGame], tmp_path: Path, change: str
) -> None:
    db, game = recorded
    copy = _copy(db, tmp_path)
    with closing(sqlite3.connect(copy, isolation_level=None)) as connection:
        drop_triggers(connection)
        connection.execute(change)
    with open_ledger(copy, readonly=True) as ledger:
        history = ledger.history(game.game_id or "")
    assert not chain_sound(history)
    assert chain_problems(history.rows()) != []


def test_loading_leaves_the_cycle_collector_as_it_found_it(
    recorded: tuple[Path, TableGame], tmp_path: Path
) -> None:
    db, _ = recorded
    TableGame.open(str(db), readonly=True).close()
    assert gc.isenabled()
    gc.disable()
    try:
        TableGame.open(str(db), readonly=True).close()
        assert not gc.isenabled()
    finally:
        gc.enable()
    copy = _copy(db, tmp_path)
    with closing(sqlite3.connect(copy, isolation_level=None)) as connection:
        drop_triggers(connection)  # a damaged head: opening raises, the collector runs again
        connection.execute("UPDATE events SET hash = ? WHERE seq = (SELECT max(seq) FROM events)",
                           ("0" * 64,))
    files = len(os.listdir("/proc/self/fd"))
    with pytest.raises(LedgerCorrupt):
        TableGame.open(str(copy), readonly=True)
    assert gc.isenabled()
    assert len(os.listdir("/proc/self/fd")) == files  # the failed opening let go of the file
