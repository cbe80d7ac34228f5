"""Random byte flips in a recorded ledger: each is caught by `banker verify` in plain words, or
provably changes nothing the ledger says (a free page, an index's order, a header counter)."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import Banker

FLIPS = int(os.environ.get("TAMPER_FLIPS", "300"))
SEED = 20261121

# Everything the ledger says: every row of the history, surrogate ids left out (transfers.id
# is only a row number). pin_failures is a log of wrong PINs, not what happened in the game.
DUMP = {
    "games": "SELECT * FROM games ORDER BY id",
    "players": "SELECT game_id, seat, name FROM players ORDER BY game_id, seat",
    "commands": "SELECT * FROM commands ORDER BY game_id, command_no",
    "events": "SELECT * FROM events ORDER BY game_id, seq",
    "transfers": "SELECT game_id, seq, idx, from_account, to_account, amount FROM transfers "
                 "ORDER BY game_id, seq, idx",
}


@pytest.fixture
def recorded(sample_db: Path, tmp_path: Path) -> Path:
    """The sample game as one self-contained file (no -wal beside it), as a closed ledger lies."""
    target = tmp_path / "recorded.db"
    with closing(sqlite3.connect(sample_db)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target


def everything_the_ledger_says(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """A canonical dump of the file's history, read without writing anything."""
    uri = f"file:{path}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        db.text_factory = bytes  # the stored bytes, compared exactly
        return {table: db.execute(query).fetchall() for table, query in DUMP.items()}


def flip(source: Path, target: Path, rng: random.Random) -> int:
    """Copy `source` to `target` with one byte changed at a random place (the header too)."""
    data = bytearray(source.read_bytes())
    where = rng.randrange(len(data))
    data[where] ^= rng.randrange(1, 256)
    target.write_bytes(bytes(data))
    return where


def test_every_random_byte_flip_is_caught_or_changes_nothing_the_ledger_says(
    banker: Banker, recorded: Path, tmp_path: Path
) -> None:
    # The sample game, closed (no -wal left): each trial flips one byte of a fresh copy.
    original = everything_the_ledger_says(recorded)
    assert len(original["events"]) > 50
    rng = random.Random(SEED)
    caught = harmless = 0
    for trial in range(FLIPS):
        copy = tmp_path / f"flip{trial}.db"
        where = flip(recorded, copy, rng)
        result = banker("verify", "--db", copy)
        said = result.stdout + result.stderr
        assert "Traceback" not in said, (where, said)
        if result.exit_code == 0:
            assert everything_the_ledger_says(copy) == original, (
                f"byte {where}: verify says sound, but the ledger says something else\n{said}")
            harmless += 1
        else:
            assert result.exit_code in (1, 4), (where, result.exit_code, said)
            assert "NOT SOUND" in said or "cannot open" in said, (where, said)
            caught += 1
        for leftover in tmp_path.glob(f"flip{trial}.db*"):
            leftover.unlink()
    assert caught + harmless == FLIPS
    assert caught > 0  # the flips do land in the history


def test_a_flip_that_verify_catches_is_also_announced_by_state(
    banker: Banker, recorded: Path, tmp_path: Path
) -> None:
    # Change one digit of a middle event's payload on the page: `state` still shows the game but
    # warns on stderr that the file does not verify, naming the event.
    copy = tmp_path / "copy.db"
    shutil.copy(recorded, copy)
    with closing(sqlite3.connect(copy)) as db:
        (seq, payload) = db.execute(
            "SELECT seq, payload FROM events WHERE type = 'auction_won'").fetchone()
    data = copy.read_bytes()
    where = data.index(payload.encode())
    changed = payload.replace('"amount":70', '"amount":71').encode()
    copy.write_bytes(data[:where] + changed + data[where + len(changed):])

    result = banker("state", "--db", copy)

    assert result.exit_code == 0
    assert result.stderr.startswith(
        f"WARNING: this ledger does not verify: event {seq} (auction_won): stored hash does not "
        "match its contents")
