"""The prepared write path: the head in memory checked against the file, one batch, no checkpoint."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from app.ledger import ConcurrentWrite, StaleSequence, open_ledger
from app.ledger.hashing import canonical_json, event_hash, event_text, sha256_hex, transfers_text
from tests.app.ledger.test_ledger import pay_rent, start


def test_a_second_ledger_that_has_not_reread_the_file_chains_onto_the_others_entry(
    tmp_path: Path,
) -> None:
    # The first ledger records seq 2; the second, whose head in memory still says seq 1, is
    # told the game is at 2 and appends seq 3, linked to the first ledger's event.
    path = tmp_path / "ledger.db"
    with open_ledger(path) as first, open_ledger(path) as second:
        game_id = start(first)
        pay_rent(second, game_id, expected_seq=1)  # the second now holds seq 1's head
        pay_rent(first, game_id, expected_seq=2)
        with pytest.raises(StaleSequence):
            pay_rent(second, game_id, expected_seq=2)
        pay_rent(second, game_id, expected_seq=3)
        assert second.head(game_id)[0] == 4
        assert second.verify_chain(game_id) == []
        assert [c.command_no for c in first.commands(game_id)] == [1, 2, 3, 4]


def test_a_command_number_taken_behind_the_ledgers_back_is_a_concurrent_write(
    tmp_path: Path,
) -> None:
    # The next command number is kept in memory (2); a row numbered 2 written by another
    # program meets the primary key, and nothing of the command is recorded.
    path = tmp_path / "ledger.db"
    with open_ledger(path) as ledger:
        game_id = start(ledger)
        pay_rent(ledger, game_id, expected_seq=1)  # commands 1, 2; the next is 3
        with closing(sqlite3.connect(path, isolation_level=None)) as other:
            other.execute("INSERT INTO commands VALUES (?, 3, '{}', 'banker', 'Eve', 'x')",
                          (game_id,))
        with pytest.raises(ConcurrentWrite):
            pay_rent(ledger, game_id, expected_seq=2)
        assert ledger.head(game_id)[0] == 2


def test_commits_leave_checkpoints_to_idle_moments(tmp_path: Path) -> None:
    # wal_autocheckpoint = 0 on the writing connection: 200 commands leave every page in the
    # -wal file; Ledger.checkpoint copies them into the ledger file.
    path = tmp_path / "ledger.db"
    with open_ledger(path) as ledger:
        game_id = start(ledger)
        size = path.stat().st_size
        for seq in range(1, 201):
            pay_rent(ledger, game_id, expected_seq=seq)
        connection = ledger.database.driver()
        assert connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
        assert path.stat().st_size == size
        ledger.checkpoint()
        assert path.stat().st_size > size
        assert ledger.verify_chain(game_id) == []


def test_the_hashed_text_built_from_stored_text_is_the_documented_canonical_json() -> None:
    # The writer and the chain check splice the payload's and the transfers' stored canonical
    # text into the event's document; the hash must be event_hash's, whatever the values.
    rng = random.Random(4)
    for _ in range(300):
        payload = {"note": rng.choice(["a", "é\n\"x", "\u2028", ""]), "n": rng.randint(-9, 9),
                   "list": [1, None, {"z": 1.5, "a": True}]}
        moves = [("bank", "Ann é", 200), ("Bob", "bank", 3)][: rng.randint(0, 2)]
        fields: dict[str, Any] = {"game_id": "g-1", "seq": rng.randint(1, 99), "command_no": 3,
                  "type": "rent_paid", "actor_role": "banker", "actor_name": rng.choice(["B", "Ø"]),
                  "recorded_at": "2026-11-21T09:00:00.000000+00:00",
                  "clock_ms": rng.choice([None, 61_000]), "prev_hash": "0" * 64,
                  "command_digest": rng.choice([None, "ab" * 32]),
                  "game_digest": rng.choice([None, "cd" * 32])}
        spliced = event_text(payload_text=canonical_json(payload),
                             transfers_text=transfers_text(moves), **fields)
        assert sha256_hex(spliced) == event_hash(payload=payload, transfers=moves, **fields)


def test_a_column_of_the_wrong_type_is_never_hashed_as_if_sound() -> None:
    with pytest.raises(TypeError):
        event_text(game_id="g", seq="5", command_no=1, type="x",  # type: ignore[arg-type]
                   payload_text="{}", actor_role="banker", actor_name="B", recorded_at="t",
                   clock_ms=None, prev_hash="0" * 64, transfers_text="[]")
