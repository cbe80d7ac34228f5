"""Doctoring a ledger file behind the program's back is caught by `banker verify`, by event."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from app.ledger import LedgerCorrupt, open_ledger
from app.ledger.hashing import canonical_json
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from tests.app.conftest import SAMPLE, Banker, state_json
from tests.app.tamper_tools import rechain


def _drop_update_trigger(db: sqlite3.Connection, table: str) -> None:
    """Remove the append-only guard the migration put on `table` (a forger would)."""
    names = [
        name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? "
            "AND upper(sql) LIKE '%BEFORE UPDATE%'", (table,),
        )
    ]
    assert len(names) == 1, names
    db.execute(f'DROP TRIGGER "{names[0]}"')


def _auction_won(db: sqlite3.Connection) -> tuple[int, str]:
    """Seq and stored payload of the sample's auction: Ann wins Vermont Avenue for 70."""
    seq, payload = db.execute(
        "SELECT seq, payload FROM events WHERE type = 'auction_won' ORDER BY seq LIMIT 1"
    ).fetchone()
    assert json.loads(payload)["amount"] == 70
    return seq, payload


def _named_events(output: str) -> set[int]:
    return {int(n) for n in re.findall(r"\bevent (\d+)\b", output)}


def test_the_append_only_trigger_refuses_an_update_until_it_is_dropped(sample_db: Path) -> None:
    with closing(sqlite3.connect(sample_db)) as db:
        try:
            db.execute("UPDATE events SET payload = payload WHERE seq = 1")
        except sqlite3.DatabaseError as e:
            assert "append-only" in str(e)
        else:
            raise AssertionError("an UPDATE of events went through")


def test_one_changed_byte_in_a_payload_fails_verify_naming_that_event(
    banker: Banker, sample_db: Path
) -> None:
    with closing(sqlite3.connect(sample_db)) as db:
        _drop_update_trigger(db, "events")
        seq, payload = _auction_won(db)
        doctored = payload.replace('"amount":70', '"amount":79')
        assert len(doctored) == len(payload)
        assert sum(a != b for a, b in zip(payload, doctored, strict=True)) == 1
        db.execute("UPDATE events SET payload = ? WHERE seq = ?", (doctored, seq))
        db.commit()

    result = banker("verify", "--db", sample_db)

    assert result.exit_code == 1
    assert "NOT SOUND" in result.stdout
    assert f"event {seq} (auction_won): stored hash does not match its contents" in result.stdout
    assert _named_events(result.stdout) == {seq}


def test_a_doctored_amount_with_a_rebuilt_hash_chain_still_fails_the_fold_check(
    banker: Banker, sample_db: Path
) -> None:
    game_id = state_json(banker, sample_db)["game"]
    with closing(sqlite3.connect(sample_db)) as db:
        _drop_update_trigger(db, "events")
        _drop_update_trigger(db, "transfers")
        seq, payload = _auction_won(db)
        # Ann "paid" 170 for Vermont Avenue: the payload and its transfer agree with each other.
        doctored = json.loads(payload) | {"amount": 170}
        db.execute("UPDATE events SET payload = ? WHERE seq = ?", (canonical_json(doctored), seq))
        db.execute("UPDATE transfers SET amount = 170 WHERE seq = ? AND amount = 70", (seq,))
        assert db.total_changes == 2
        _rechain(db, game_id, from_seq=seq)
        db.commit()
    with open_ledger(sample_db) as ledger:
        assert ledger.verify_chain(game_id) == []  # the forger's chain holds together

    result = banker("verify", "--db", sample_db)

    assert result.exit_code == 1
    assert "NOT SOUND" in result.stdout
    assert re.search(rf"event {seq} \(auction_won\): does not follow from command \d+ \(close_auction\)",
                     result.stdout)
    assert _named_events(result.stdout) == {seq}


def _rechain(db: sqlite3.Connection, game_id: str, from_seq: int) -> None:
    """Store fresh hashes from `from_seq` on, each linked to the one before, as a forger would."""
    rechain(db, game_id, from_seq)


def test_an_event_deleted_with_its_transfers_fails_verify_naming_its_command(
    banker: Banker, sample_db: Path
) -> None:
    with closing(sqlite3.connect(sample_db)) as db:
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                  "AND upper(sql) LIKE '%BEFORE DELETE%'").fetchall():
            db.execute(f'DROP TRIGGER "{name}"')
        seq, command_no, type_ = db.execute(
            "SELECT seq, command_no, type FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        assert db.execute("SELECT count(*) FROM events WHERE command_no = ?",
                          (command_no,)).fetchone()[0] > 1  # the command keeps its other events
        db.execute("DELETE FROM transfers WHERE seq = ?", (seq,))
        db.execute("DELETE FROM events WHERE seq = ?", (seq,))
        db.commit()

    result = banker("verify", "--db", sample_db)

    assert result.exit_code == 1
    assert f"command {command_no} (buy): replay gives event {type_} that the ledger lacks" \
        in result.stdout


def test_opening_a_file_whose_last_entry_was_changed_is_refused(tmp_path: Path) -> None:
    # Issue: on open the chain head is checked. Change the last event's payload behind the
    # triggers' back: opening the table refuses it with a clear message naming that event.
    db = tmp_path / "t.db"
    game = TableGame.open(str(db))
    for _, line in read_script(SAMPLE.read_text(encoding="utf-8")):
        game.submit(parse_command(line))
    head = game.head_seq
    game.close()
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TRIGGER events_no_update")
        raw.execute("""UPDATE events SET payload = replace(payload, '"Cy"', '"Cz"') WHERE seq = ?""",
                    (head,))
    with pytest.raises(LedgerCorrupt, match=f"event {head} "):
        TableGame.open(str(db))
