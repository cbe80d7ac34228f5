"""Judges sign in with a PIN kept only as an argon2 hash; wrong PINs are slowed down and logged."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli import EXIT_REFUSED, main
from app.judges import JudgeAuthError, add_judge, failures
from app.tables import TableGame, parse_command
from tests.app.conftest import Banker, ledger_json

PIN = "7391-zebra"
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}]}
REFUND = {"type": "adjust_cash", "from_account": "bank", "to_account": "Cy", "amount": 26,
          "reason": "rent paid twice"}


@pytest.fixture
def game(tmp_path: Path) -> Iterator[TableGame]:
    """An SG game (Ann, Bob, Cy) on a ledger file where judge Lee is registered, not signed in."""
    table = TableGame.open(str(tmp_path / "table.db"))
    add_judge(table.ledger, "Lee", PIN)
    table.submit(parse_command(NEW_GAME))
    yield table
    table.close()


class FakeSleep:
    """Records the delays asked for instead of waiting."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


def rows(db: Path) -> list[tuple[str, Any]]:
    """Every value in every table of the file, with its table's name."""
    with sqlite3.connect(db) as connection:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [(name, value) for name in names
                for row in connection.execute(f'SELECT * FROM "{name}"') for value in row]


def test_add_judge_stores_an_argon2_hash_and_never_the_pin(tmp_path: Path) -> None:
    # docs/commands.md: "the PIN is stored only as an argon2 hash".
    db = tmp_path / "table.db"
    table = TableGame.open(str(db))
    add_judge(table.ledger, "Lee", PIN)
    table.close()
    assert not [(name, value) for name, value in rows(db) if PIN in str(value)]
    for leftover in tmp_path.glob("table.db*"):  # the file and any journal beside it
        assert PIN.encode() not in leftover.read_bytes()
    with sqlite3.connect(db) as connection:
        hashes = connection.execute("SELECT name, pin_hash FROM judges").fetchall()
    assert [name for name, _ in hashes] == ["Lee"]
    assert hashes[0][1].startswith("$argon2")


def test_a_judge_is_registered_once_and_with_a_pin_of_four_characters_or_more(game: TableGame) -> None:
    with pytest.raises(JudgeAuthError):
        add_judge(game.ledger, "Lee", "9999")
    with pytest.raises(JudgeAuthError):
        add_judge(game.ledger, "Kim", "123")


def test_an_adjustment_without_a_signed_in_judge_is_refused_and_records_nothing(game: TableGame) -> None:
    # docs/commands.md: every adjustment needs a judge signed in with their PIN.
    assert game.game_id is not None
    events, commands = game.events(), game.ledger.commands(game.game_id)
    with pytest.raises(JudgeAuthError):
        game.submit(parse_command(REFUND))
    # Naming a judge in the command is no substitute for signing in.
    with pytest.raises(JudgeAuthError):
        game.submit(parse_command({**REFUND, "actor": {"role": "judge", "name": "Lee"}}))
    assert game.events() == events
    assert game.ledger.commands(game.game_id) == commands
    assert game.state is not None and game.state.player("Cy").cash == 1500


def test_a_wrong_pin_is_refused_after_a_delay_that_grows_and_is_logged(game: TableGame) -> None:
    # docs/commands.md: "A wrong PIN is refused after a delay that grows with each recent
    # failure, and logged": 1 second after the first, 2 after the second.
    sleep = FakeSleep()
    game.sleep = sleep
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Lee", "0000")
    assert sleep.calls == [1]
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Lee", "1111")
    assert sleep.calls == [1, 2]
    assert game.judge is None
    assert failures(game.ledger, "Lee") == 2
    with game.ledger.database.read() as connection:
        logged = connection.exec_driver_sql("SELECT name FROM pin_failures").fetchall()
    assert [row[0] for row in logged] == ["Lee", "Lee"]
    # The right PIN still signs Lee in, with no delay.
    game.sign_in_judge("Lee", PIN)
    assert (game.judge, sleep.calls) == ("Lee", [1, 2])


def test_an_unknown_judge_cannot_sign_in(game: TableGame) -> None:
    game.sleep = FakeSleep()
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Kim", PIN)
    assert game.judge is None


def test_a_signed_in_judges_adjustment_is_recorded_under_their_name(game: TableGame) -> None:
    # RULES.md Table officials: every correction is a new ledger entry with a reason; its actor is
    # the judge. The Bank refunds Cy 26: 1500 + 26 = 1526.
    game.sign_in_judge("Lee", PIN)
    stored = game.submit(parse_command(REFUND))
    assert [(s.type, s.actor_role, s.actor_name) for s in stored] == [("cash_adjusted", "judge", "Lee")]
    assert game.game_id is not None
    command = game.ledger.commands(game.game_id)[-1]
    assert (command.actor_role, command.actor_name) == ("judge", "Lee")
    assert game.state is not None and game.state.player("Cy").cash == 1526


def test_a_command_naming_a_judge_who_is_not_signed_in_is_refused(game: TableGame) -> None:
    game.sign_in_judge("Lee", PIN)
    events = game.events()
    with pytest.raises(JudgeAuthError):
        game.submit(parse_command({**REFUND, "actor": {"role": "judge", "name": "Kim"}}))
    assert game.events() == events


def test_banker_run_signs_the_judge_in_for_a_scripts_adjustment(tmp_path: Path, banker: Banker) -> None:
    db, script = tmp_path / "table.db", tmp_path / "game.jsonl"
    assert banker("add-judge", "--db", db, "--name", "Lee", "--pin", PIN).exit_code == 0
    script.write_text(f'{parse_command(NEW_GAME).model_dump_json(exclude_none=True)}\n'
                      f'{parse_command(REFUND).model_dump_json(exclude_none=True)}\n')
    result = banker("run", script, "--db", db, "--judge", "Lee", "--pin", PIN)
    assert result.exit_code == 0, result.output
    entries = ledger_json(banker, db)
    assert [(e["type"], e["actor"]) for e in entries] == [
        ("game_started", {"role": "banker", "name": "banker"}),
        ("cash_adjusted", {"role": "judge", "name": "Lee"})]


def test_banker_run_takes_the_pin_from_the_environment(tmp_path: Path, banker: Banker) -> None:
    db, script = tmp_path / "table.db", tmp_path / "game.jsonl"
    banker("add-judge", "--db", db, "--name", "Lee", "--pin", PIN)
    script.write_text(f'{parse_command(NEW_GAME).model_dump_json(exclude_none=True)}\n'
                      f'{parse_command(REFUND).model_dump_json(exclude_none=True)}\n')
    result = CliRunner(env={"BANKER_JUDGE_PIN": PIN}).invoke(
        main, ["run", str(script), "--db", str(db), "--judge", "Lee"], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def test_banker_run_with_a_wrong_pin_exits_3_and_records_nothing(tmp_path: Path, banker: Banker) -> None:
    # The CLI waits the real first delay (1 second) before refusing.
    db, script = tmp_path / "table.db", tmp_path / "game.jsonl"
    banker("add-judge", "--db", db, "--name", "Lee", "--pin", PIN)
    script.write_text(f'{parse_command(NEW_GAME).model_dump_json(exclude_none=True)}\n')
    result = banker("run", script, "--db", db, "--judge", "Lee", "--pin", "0000")
    assert result.exit_code == EXIT_REFUSED == 3
    assert "wrong PIN" in result.stderr
    table = TableGame.open(str(db))
    try:
        assert table.game_id is None
        assert failures(table.ledger, "Lee") == 1
    finally:
        table.close()


def test_banker_run_without_a_judge_stops_at_the_adjustment(tmp_path: Path, banker: Banker) -> None:
    db, script = tmp_path / "table.db", tmp_path / "game.jsonl"
    script.write_text(f'{parse_command(NEW_GAME).model_dump_json(exclude_none=True)}\n'
                      f'{parse_command(REFUND).model_dump_json(exclude_none=True)}\n')
    result = banker("run", script, "--db", db)
    assert result.exit_code == EXIT_REFUSED
    assert "line 2" in result.stderr
    assert [e["type"] for e in ledger_json(banker, db)] == ["game_started"]
