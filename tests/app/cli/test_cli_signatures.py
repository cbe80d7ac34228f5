"""The judges' signatures at the command line: `banker run --judge` signs, `state` and `verify` name
a judge's entry that does not verify, a key that does not open refuses the sign-in (exit 3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli.main import EXIT_NOT_SOUND, EXIT_REFUSED, main
from app.table.command_text import parse_command
from app.table.judges import registration
from models.commands import JudgeEntry
from tests.app.conftest import Banker, state_json
from tests.app.tamper_tools import forge

PIN = "739104"
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}]}
REFUND = {"type": "adjust_cash", "from_account": "bank", "to_account": "Cy", "amount": 26,
          "reason": "rent paid twice"}


def script_of(path: Path, *commands: dict[str, Any]) -> Path:
    """A script file holding `commands`, one JSON line each."""
    path.write_text("".join(parse_command(c).model_dump_json(exclude_none=True) + "\n"
                            for c in commands))
    return path


def run_as_lee(tmp_path: Path, db: Path, *commands: dict[str, Any]) -> None:
    result = CliRunner(env={"BANKER_JUDGE_PIN": PIN}).invoke(
        main, ["run", str(script_of(tmp_path / "script.jsonl", *commands)), "--db", str(db),
               "--judge", "Lee"], catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture
def signed_db(tmp_path: Path) -> Path:
    """A game opened by `banker run --judge Lee` (Lee registered with a key) and Lee's refund."""
    db = tmp_path / "table.db"
    run_as_lee(tmp_path, db, NEW_GAME, REFUND)
    return db


def test_banker_run_registers_the_judge_with_a_key_and_signs_the_judges_lines(
        banker: Banker, signed_db: Path) -> None:
    assert state_json(banker, signed_db)["decisions"] == {
        "signed": 1, "before_signatures": [], "not_followed": []}
    result = banker("verify", "--db", signed_db)
    assert result.exit_code == 0, result.output
    assert "recorded before signatures" not in result.stdout


def test_verify_and_state_name_a_judges_entry_altered_with_the_chain_rebuilt(
        banker: Banker, signed_db: Path) -> None:
    forge(signed_db, *[(f"UPDATE {table} SET payload = replace(payload, '\"amount\":26', "
                        "'\"amount\":2600')", ()) for table in ("commands", "events", )],
          ("UPDATE transfers SET amount = 2600 WHERE amount = 26", ()))
    verified = banker("verify", "--db", signed_db)
    assert verified.exit_code == EXIT_NOT_SOUND
    named = ("command 2 (adjust_cash): Lee's signature does not match what it says "
             "(altered, or forged); not followed")
    assert f"NOT SOUND\n  {named}" in verified.stdout
    shown = banker("state", "--db", signed_db)
    assert shown.exit_code == 0
    assert f"NOT FOLLOWED: {named.removesuffix('; not followed')}" in shown.stdout
    assert f"WARNING: this ledger does not verify: {named}" in shown.stderr


def test_a_sign_in_whose_key_does_not_open_exits_3_and_records_nothing(
        tmp_path: Path, banker: Banker) -> None:
    lee = registration("Lee", PIN)
    kim = registration("Kim", PIN)  # a sealed key copied from another judge does not open
    damaged = JudgeEntry(name="Lee", pin_hash=lee.pin_hash, public_key=lee.public_key,
                         sealed_key=kim.sealed_key)
    db = tmp_path / "table.db"
    opened = banker("run", script_of(tmp_path / "a.jsonl",
                                     {**NEW_GAME, "judges": [damaged.model_dump()]}), "--db", db)
    assert opened.exit_code == 0, opened.output
    before = json.loads(banker("ledger", "--db", db, "--json").stdout)
    result = CliRunner(env={"BANKER_JUDGE_PIN": PIN}).invoke(
        main, ["run", str(script_of(tmp_path / "b.jsonl", REFUND)), "--db", str(db),
               "--judge", "Lee"], catch_exceptions=False)
    assert result.exit_code == EXIT_REFUSED == 3
    assert "judge Lee not signed in: judge 'Lee' cannot sign in: judge 'Lee''s key does not " \
           "open with their PIN" in result.stderr
    assert json.loads(banker("ledger", "--db", db, "--json").stdout) == before


def test_hub_verify_names_a_judges_entry_forged_in_a_file_before_it_reached_the_hub(
        banker: Banker, signed_db: Path, tmp_path: Path) -> None:
    # The forger rewrites the table's file whole (the chain rebuilt) before its first copy: the
    # hub takes a chain that holds, and its verify still names the judge's entry by its seal.
    forge(signed_db, *[(f"UPDATE {table} SET payload = replace(payload, '\"amount\":26', "
                        "'\"amount\":2600')", ()) for table in ("commands", "events", )],
          ("UPDATE transfers SET amount = 2600 WHERE amount = 26", ()))
    hub = tmp_path / "hub.db"
    assert banker("hub", "push", "--db", signed_db, "--hub", hub).exit_code == 0
    audit = banker("hub", "verify", "--hub", hub)
    assert audit.exit_code == EXIT_NOT_SOUND
    assert "signature: game " in audit.stdout
    assert ("command 2 (adjust_cash): Lee's signature does not match what it says (altered, "
            "or forged); not followed") in audit.stdout
