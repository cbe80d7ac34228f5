"""Every judge's entry at a table is signed with the judge's key (issue 28): made at registration or
at a keyless judge's next sign-in, opened only with the PIN; readers name what does not verify."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.ledger.hashing import canonical_json, format_timestamp
from app.review.verify import before_signatures, verify_game
from app.signing.decisions import GENESIS
from app.signing.keys import DamagedKey, JudgeKey, make_key, open_key
from app.table import judges, seals, signin
from app.table.command_text import parse_command
from app.table.judges import JudgeAuthError, registration
from app.table.service import TableGame
from models.commands import JudgeEntry
from tests.app.tamper_tools import forge

PIN = "739104"
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}]}
REFUND = {"type": "adjust_cash", "from_account": "bank", "to_account": "Cy", "amount": 26,
          "reason": "rent paid twice"}
FINE = {"type": "adjust_cash", "from_account": "Ann", "to_account": "bank", "amount": 10,
        "reason": "late back from a break"}


@pytest.fixture(scope="module")
def lee() -> JudgeEntry:
    """Judge Lee's registration with a key, made once for the module (argon2 is slow on purpose)."""
    return registration("Lee", PIN)


def opened(path: Path, *entries: JudgeEntry) -> TableGame:
    """A new SG game in `path` registering `entries` as its judges, nobody signed in."""
    table = TableGame.open(str(path))
    table.submit(parse_command({**NEW_GAME, "judges": [e.model_dump() for e in entries]}))
    return table


@pytest.fixture
def game(tmp_path: Path, lee: JudgeEntry) -> Iterator[TableGame]:
    """The game with judge Lee (keyed) signed in."""
    table = opened(tmp_path / "table.db", lee)
    table.sign_in_judge("Lee", PIN)
    yield table
    table.close()


def stored_command(table: TableGame, number: int) -> dict[str, Any]:
    """Command `number`'s stored row, decoded."""
    row = next(c for c in table.ledger.commands(table.game_id) if c.command_no == number)
    return dict(row.payload)


def reopened(db: Path) -> TableGame:
    return TableGame.open(str(db), readonly=True)


def test_a_registration_makes_a_key_that_opens_with_the_judges_pin_only(lee: JudgeEntry) -> None:
    assert lee.public_key is not None and lee.sealed_key is not None
    assert PIN not in lee.sealed_key
    key = JudgeKey(lee.public_key, lee.sealed_key)
    assert open_key("Lee", key, PIN).public_key == lee.public_key
    with pytest.raises(DamagedKey):
        open_key("Lee", key, "000000")
    with pytest.raises(DamagedKey):  # sealed for Lee: another name does not open it
        open_key("Kim", key, PIN)


def test_a_judges_entry_is_sealed_as_the_next_decision_and_verifies(game: TableGame) -> None:
    stored = game.submit(parse_command(REFUND))
    row = stored_command(game, stored[0].command_no)
    seal = row["seal"]
    assert (seal["judge"], seal["number"], seal["prev"]) == ("Lee", 1, GENESIS)
    assert seal["at"] == stored[0].recorded_at.isoformat(timespec="microseconds")
    second = game.submit(parse_command(FINE))
    assert stored_command(game, second[0].command_no)["seal"]["number"] == 2
    assert verify_game(game.ledger, game.game_id) == []
    again = reopened(Path(game.ledger.location))
    assert again.problems == []
    assert again.signatures.as_json() == {"signed": 2, "before_signatures": [],
                                          "not_followed": []}
    again.close()


def test_a_banker_entry_carries_no_seal(game: TableGame) -> None:
    stored = game.submit(parse_command({"type": "count_cash", "player": "Ann", "counted": 1500}))
    assert "seal" not in stored_command(game, stored[0].command_no)


def test_a_judges_entry_altered_and_the_chain_rebuilt_is_caught_by_its_signature(
        game: TableGame) -> None:
    number = game.submit(parse_command(REFUND))[0].command_no
    db = Path(game.ledger.location)
    game.close()
    # The reason changed in the command and in its event alike, the chain rebuilt: the chain
    # and the replay hold together; only the judge's signature tells.
    forge(db, *[(f"UPDATE {table} SET payload = replace(payload, 'rent paid twice', "
                 "'rent paid three times')", ()) for table in ("commands", "events")])
    forged = reopened(db)
    assert forged.ledger.chain_problems_of(forged.ledger.history(forged.game_id)) == []
    expected = (f"command {number} (adjust_cash): Lee's signature does not match what it says "
                "(altered, or forged); not followed")
    assert verify_game(forged.ledger, forged.game_id) == [expected]
    assert forged.problems == [expected]
    forged.close()


def test_a_judges_entry_with_its_seal_taken_off_is_named_as_signed_by_no_judge(
        game: TableGame) -> None:
    number = game.submit(parse_command(REFUND))[0].command_no
    row = stored_command(game, number)
    del row["seal"]
    db = Path(game.ledger.location)
    game.close()
    forge(db, ("UPDATE commands SET payload = ? WHERE command_no = ?",
               (canonical_json(row), number)))
    forged = reopened(db)
    assert verify_game(forged.ledger, forged.game_id)[0] == (
        f"command {number} (adjust_cash): no judge signed it; not followed")
    forged.close()


def test_a_judges_entry_relabelled_as_the_bankers_is_named(game: TableGame) -> None:
    number = game.submit(parse_command(REFUND))[0].command_no
    db = Path(game.ledger.location)
    game.close()
    forge(db, *[(f"UPDATE {table} SET actor_role = 'banker', actor_name = 'banker' "
                 "WHERE command_no = ?", (number,)) for table in ("commands", "events")])
    forged = reopened(db)
    assert forged.signatures.as_json()["not_followed"] == [
        {"entry": f"command {number} (adjust_cash)",
         "why": "it is recorded as banker's but signed as Lee's"}]
    forged.close()


def test_an_entry_sealed_with_another_key_is_named_and_the_next_links_past_it(
        game: TableGame, monkeypatch: pytest.MonkeyPatch) -> None:
    game.submit(parse_command(REFUND))
    # Someone with the file and a key of their own, passing it off as Lee's.
    other = open_key("Lee", make_key("Lee", "111111"), "111111")
    with monkeypatch.context() as forger:
        forger.setattr(signin, "sealed_row", lambda table, row, kind, actor, at: seals.sealed(
            row, other, table.signatures.chain, kind, format_timestamp(at)))
        forged_no = game.submit(parse_command(FINE))[0].command_no
    last = game.submit(parse_command({**FINE, "amount": 5}))[0].command_no
    assert stored_command(game, last)["seal"]["number"] == 2  # after the last one followed
    again = reopened(Path(game.ledger.location))
    assert again.signatures.as_json() == {
        "signed": 2, "before_signatures": [],
        "not_followed": [{"entry": f"command {forged_no} (adjust_cash)",
                          "why": "Lee's signature does not match what it says (altered, or "
                                 "forged)"}]}
    assert verify_game(again.ledger, again.game_id)[0].startswith(f"command {forged_no} ")
    again.close()


def as_before_signatures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table as it was before signatures: a sign-in checks the PIN only, no entry is sealed."""
    def sign_in(game: TableGame, name: str, pin: str) -> None:
        assert game.state is not None
        judges.check_pin(game.ledger, game.state.judges, name, pin, game.sleep, game.wall)
        game.judge, game.judge_hash = name, game.state.judges[name]

    monkeypatch.setattr(signin, "sign_in", sign_in)
    monkeypatch.setattr(signin, "sealed_row", lambda game, row, *rest: (row, None))


def test_an_old_games_judges_entries_verify_as_recorded_before_signatures(
        tmp_path: Path, lee: JudgeEntry, monkeypatch: pytest.MonkeyPatch) -> None:
    keyless = JudgeEntry(name="Lee", pin_hash=lee.pin_hash)
    with monkeypatch.context() as before:
        as_before_signatures(before)
        table = opened(tmp_path / "old.db", keyless)
        table.sign_in_judge("Lee", PIN)
        number = table.submit(parse_command(REFUND))[0].command_no
        table.close()
    old = reopened(tmp_path / "old.db")
    assert "public_key" not in stored_command(old, 1)["judges"][0]  # stored as before
    assert old.problems == []
    assert verify_game(old.ledger, old.game_id) == []
    assert before_signatures(old.ledger, old.game_id) == [
        f"  recorded before signatures (no judge's key yet): command {number} (adjust_cash)"]
    assert old.signatures.as_json()["before_signatures"] == [f"command {number} (adjust_cash)"]
    old.close()


def test_a_keyless_judge_gets_a_key_at_sign_in_and_signs_from_then_on(
        tmp_path: Path, lee: JudgeEntry, monkeypatch: pytest.MonkeyPatch) -> None:
    keyless = JudgeEntry(name="Lee", pin_hash=lee.pin_hash)
    with monkeypatch.context() as before:
        as_before_signatures(before)
        table = opened(tmp_path / "old.db", keyless)
        table.sign_in_judge("Lee", PIN)
        old_no = table.submit(parse_command(REFUND))[0].command_no
        table.close()
    table = TableGame.open(str(tmp_path / "old.db"))
    table.sign_in_judge("Lee", PIN)
    key_no = table.ledger.commands(table.game_id)[-1].command_no
    key_row = stored_command(table, key_no)
    assert key_row["type"] == "set_judge_key" and key_row["seal"]["number"] == 2
    assert table.state is not None and table.state.judge_keys["Lee"][0] == key_row["public_key"]
    new_no = table.submit(parse_command(FINE))[0].command_no
    assert stored_command(table, new_no)["seal"]["number"] == 3
    table.close()
    again = reopened(tmp_path / "old.db")
    assert verify_game(again.ledger, again.game_id) == []
    assert again.signatures.as_json() == {
        "signed": 2, "before_signatures": [f"command {old_no} (adjust_cash)"],
        "not_followed": []}
    again.close()
    # Signed in again: the key recorded is opened, not made anew.
    table = TableGame.open(str(tmp_path / "old.db"))
    head = table.head_seq
    table.sign_in_judge("Lee", PIN)
    assert table.head_seq == head
    table.close()


def test_an_unsealed_entry_by_a_judge_with_a_key_is_not_recorded_before_signatures(
        game: TableGame, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as unsealed:  # a writer that leaves the seal off
        unsealed.setattr(signin, "sealed_row", lambda game, row, *rest: (row, None))
        number = game.submit(parse_command(REFUND))[0].command_no
    again = reopened(Path(game.ledger.location))
    assert again.signatures.as_json()["not_followed"] == [
        {"entry": f"command {number} (adjust_cash)", "why": "no judge signed it"}]
    again.close()


def test_a_damaged_key_refuses_the_sign_in_and_records_nothing(
        tmp_path: Path, lee: JudgeEntry) -> None:
    assert lee.sealed_key is not None
    box = json.loads(lee.sealed_key)
    box["box"] = box["box"][::-1]
    damaged = JudgeEntry(name="Lee", pin_hash=lee.pin_hash, public_key=lee.public_key,
                         sealed_key=json.dumps(box))
    table = opened(tmp_path / "table.db", damaged)
    head = table.head_seq
    with pytest.raises(JudgeAuthError, match=r"cannot sign in.*does not open with their PIN"):
        table.sign_in_judge("Lee", PIN)
    assert (table.judge, table.signer, table.head_seq) == (None, None, head)
    table.close()


def test_a_signed_in_judge_adds_a_judge_with_a_key_and_the_entry_is_sealed(
        game: TableGame) -> None:
    stored = game.add_judge("Kim", "551177")
    added = next(s.payload for s in stored if s.type == "judge_added")
    assert added["public_key"] and added["sealed_key"]
    assert stored_command(game, stored[0].command_no)["seal"]["judge"] == "Lee"
    assert game.state is not None and game.state.judge_keys["Kim"][0] == added["public_key"]
    assert verify_game(game.ledger, game.game_id) == []


def test_seals_swapped_between_two_judges_entries_name_both(game: TableGame) -> None:
    first = game.submit(parse_command(REFUND))[0].command_no
    second = game.submit(parse_command(FINE))[0].command_no
    rows = {n: stored_command(game, n) for n in (first, second)}
    rows[first]["seal"], rows[second]["seal"] = rows[second]["seal"], rows[first]["seal"]
    db = Path(game.ledger.location)
    game.close()
    forge(db, *[("UPDATE commands SET payload = ? WHERE command_no = ?",
                 (canonical_json(row), number)) for number, row in rows.items()])
    forged = reopened(db)
    assert [p["entry"] for p in forged.signatures.as_json()["not_followed"]] == [
        f"command {first} (adjust_cash)", f"command {second} (adjust_cash)"]
    forged.close()
