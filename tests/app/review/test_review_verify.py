"""The judge's verify in words (review.verdict, review.head_check) on sound and doctored files."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from app.review import service as review
from app.table.service import TableGame
from tests.app.conftest import Banker
from tests.app.tamper_tools import drop_triggers, rechain


def _open(db: Path) -> TableGame:
    return TableGame.open(str(db), readonly=True, create=False)


def _printed_head(banker: Banker, db: Path) -> str:
    """The head as `banker verify` prints it (and the scoresheet)."""
    result = banker("verify", "--db", db)
    return next(line.split()[1] for line in result.stdout.splitlines() if line.startswith("head "))


def _doctor(db: Path, *statements: tuple[str, tuple[object, ...]]) -> None:
    with closing(sqlite3.connect(db)) as raw:
        drop_triggers(raw)
        for sql, args in statements:
            raw.execute(sql, args)
        raw.commit()


def _auction_won(db: Path) -> tuple[int, str]:
    """Seq and payload of the sample's auction: Ann wins Vermont Avenue for 70."""
    with closing(sqlite3.connect(db)) as raw:
        seq, payload = raw.execute("SELECT seq, payload FROM events WHERE type = 'auction_won'"
                                   ).fetchone()
    assert json.loads(payload)["amount"] == 70
    return int(seq), str(payload)


def test_a_sound_file_says_so_with_the_head_as_printed(banker: Banker, sample_db: Path) -> None:
    game = _open(sample_db)
    found = review.verdict(game)
    # The sample records 90 entries (tests/app/cli/test_cli.py).
    assert found == review.Verdict(True, 90, _printed_head(banker, sample_db),
                                   "sound: 90 entries, the chain and the replay agree", [], None)
    head = found.head
    assert review.head_check(game, head) == (
        True, f"this file is the game that was signed: entry 90 has hash {head[3:]}")


def test_a_sheet_printed_earlier_is_in_the_file_with_the_entries_since(sample_db: Path) -> None:
    game = _open(sample_db)
    event = game.ledger.events(str(game.game_id), upto_seq=80)[-1]
    ok, words = review.head_check(game, f"80:{event.hash[:16]}")
    assert ok
    assert words.endswith("; 10 entries were recorded after the sheet was printed")


def test_a_head_not_written_as_on_the_sheet_is_said_so(sample_db: Path) -> None:
    ok, words = review.head_check(_open(sample_db), "ninety:abc")
    assert not ok and "is not a head" in words and "COUNT:HEX" in words


def test_a_deleted_tail_shows_against_the_signed_head(banker: Banker, sample_db: Path) -> None:
    head = _printed_head(banker, sample_db)
    # The last command (Bob buys Atlantic Avenue: entries 89 and 90) is cut off the end.
    _doctor(sample_db,
            ("DELETE FROM transfers WHERE seq >= 89", ()),
            ("DELETE FROM events WHERE seq >= 89", ()),
            ("DELETE FROM commands WHERE command_no = (SELECT max(command_no) FROM commands)", ()))
    game = _open(sample_db)
    assert review.verdict(game).sound  # a shorter chain holds together: only the head tells
    assert review.head_check(game, head) == (
        False, "a deleted tail: the signed sheet has 90 entries, this file 88")


def test_a_flipped_byte_names_the_first_bad_entry(banker: Banker, sample_db: Path) -> None:
    head = _printed_head(banker, sample_db)
    seq, payload = _auction_won(sample_db)
    _doctor(sample_db, ("UPDATE events SET payload = ? WHERE seq = ?",
                        (payload.replace('"amount":70', '"amount":79'), seq)))
    game = _open(sample_db)
    found = review.verdict(game)
    assert not found.sound and found.first_bad == seq
    assert found.text == f"not sound: event {seq} (auction_won): stored hash does not match " \
                         "its contents"
    ok, words = review.head_check(game, head)
    assert not ok
    assert words == (f"entry 90 has the signed hash, but this file does not verify: event {seq} "
                     "(auction_won): stored hash does not match its contents")


def test_a_rewritten_game_is_a_different_game(banker: Banker, sample_db: Path) -> None:
    head = _printed_head(banker, sample_db)
    seq, payload = _auction_won(sample_db)
    game_id = _open(sample_db).game_id
    assert game_id is not None
    _doctor(sample_db, ("UPDATE events SET payload = ? WHERE seq = ?",
                        (payload.replace('"amount":70', '"amount":79'), seq)))
    with closing(sqlite3.connect(sample_db)) as raw:
        rechain(raw, game_id, seq)  # the forger's chain holds together again
        raw.commit()
    game = _open(sample_db)
    ok, words = review.head_check(game, head)
    new = _printed_head(banker, sample_db).split(":")[1]
    assert not ok
    assert words == (f"a different game: entry 90's hash is {new} not {head.split(':')[1]} "
                     "(the game was rewritten after the sheet was printed)")
    # The replay still catches the doctored amount: the transfers say 70.
    assert not review.verdict(game).sound
