"""Judges sign in with a PIN kept only as an argon2 hash in the game's ledger; wrong PINs are slowed
down and logged."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli.main import EXIT_REFUSED, main
from app.table.command_text import parse_command
from app.table.judges import JudgeAuthError, failures, judges_field
from app.table.service import TableGame
from models.errors import BadInput
from tests.app.conftest import Banker, ledger_json

PIN = "739104"
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}]}
REFUND = {"type": "adjust_cash", "from_account": "bank", "to_account": "Cy", "amount": 26,
          "reason": "rent paid twice"}


@pytest.fixture
def game(tmp_path: Path) -> Iterator[TableGame]:
    """An SG game (Ann, Bob, Cy) whose new game registered judge Lee, who is not signed in."""
    table = TableGame.open(str(tmp_path / "table.db"))
    table.submit(parse_command({**NEW_GAME, "judges": judges_field([("Lee", PIN)])}))
    yield table
    table.close()


class FakeSleep:
    """Records the delays asked for instead of waiting, and moves a fake wall clock on by them."""

    def __init__(self) -> None:
        self.calls: list[float] = []
        self.at = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)
        self.at += timedelta(seconds=seconds)

    def now(self) -> datetime:
        return self.at


def rows(db: Path) -> list[tuple[str, Any]]:
    """Every value in every table of the file, with its table's name."""
    with sqlite3.connect(db) as connection:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [(name, value) for name in names
                for row in connection.execute(f'SELECT * FROM "{name}"') for value in row]


def test_a_judges_registration_records_an_argon2_hash_and_never_the_pin(tmp_path: Path) -> None:
    # docs/commands.md: "the PIN is recorded only as an argon2 hash".
    db = tmp_path / "table.db"
    table = TableGame.open(str(db))
    table.submit(parse_command({**NEW_GAME, "judges": judges_field([("Lee", PIN)])}))
    registered = [s.payload for s in table.events() if s.type == "judge_added"]
    table.close()
    assert not [(name, value) for name, value in rows(db) if PIN in str(value)]
    for leftover in tmp_path.glob("table.db*"):  # the file and any journal beside it
        assert PIN.encode() not in leftover.read_bytes()
    assert [payload["name"] for payload in registered] == ["Lee"]
    assert registered[0]["pin_hash"].startswith("$argon2")


def test_a_judge_is_registered_once_and_with_a_pin_of_six_digits_or_more(game: TableGame) -> None:
    game.sign_in_judge("Lee", PIN)
    with pytest.raises(BadInput, match="already registered"):
        game.add_judge("Lee", "999999")
    with pytest.raises(JudgeAuthError, match="at least 6 digits"):
        game.add_judge("Kim", "12345")
    with pytest.raises(JudgeAuthError, match="digits only"):
        game.add_judge("Kim", "12345a")
    assert [s.type for s in game.events()] == ["game_started", "judge_added"]


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
    game.sleep, game.wall = sleep, sleep.now
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Lee", "000000")
    assert sleep.calls == [1]
    with pytest.raises(JudgeAuthError):
        game.sign_in_judge("Lee", "111111")
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
    sleep = FakeSleep()
    game.sleep, game.wall = sleep, sleep.now
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


def script_of(path: Path, *commands: dict[str, Any]) -> Path:
    """A script file holding `commands`, one JSON line each."""
    path.write_text("".join(parse_command(c).model_dump_json(exclude_none=True) + "\n"
                            for c in commands))
    return path


def test_banker_run_registers_the_judge_with_the_new_game_and_signs_them_in(
        tmp_path: Path, banker: Banker) -> None:
    # The PIN is typed at the hidden prompt, twice (a new judge's PIN is confirmed).
    db = tmp_path / "table.db"
    script = script_of(tmp_path / "game.jsonl", NEW_GAME, REFUND)
    result = CliRunner().invoke(main, ["run", str(script), "--db", str(db), "--judge", "Lee"],
                                input=f"{PIN}\n{PIN}\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert PIN not in result.output
    entries = ledger_json(banker, db)
    assert [(e["type"], e["actor"]) for e in entries] == [
        ("game_started", {"role": "banker", "name": "banker"}),
        ("judge_added", {"role": "banker", "name": "banker"}),
        ("cash_adjusted", {"role": "judge", "name": "Lee"})]


def test_banker_run_signs_in_with_the_pin_from_the_environment(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    runner = CliRunner(env={"BANKER_JUDGE_PIN": PIN})
    first = runner.invoke(main, ["run", str(script_of(tmp_path / "a.jsonl", NEW_GAME)),
                                 "--db", str(db), "--judge", "Lee"], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    second = runner.invoke(main, ["run", str(script_of(tmp_path / "b.jsonl", REFUND)),
                                  "--db", str(db), "--judge", "Lee"], catch_exceptions=False)
    assert second.exit_code == 0, second.output


def test_banker_run_with_a_wrong_pin_exits_3_and_records_nothing(tmp_path: Path) -> None:
    # The CLI waits the real first delay (1 second) before refusing.
    db = tmp_path / "table.db"
    CliRunner(env={"BANKER_JUDGE_PIN": PIN}).invoke(
        main, ["run", str(script_of(tmp_path / "a.jsonl", NEW_GAME)), "--db", str(db),
               "--judge", "Lee"], catch_exceptions=False)
    result = CliRunner(env={"BANKER_JUDGE_PIN": "000000"}).invoke(
        main, ["run", str(script_of(tmp_path / "b.jsonl", REFUND)), "--db", str(db),
               "--judge", "Lee"], catch_exceptions=False)
    assert result.exit_code == EXIT_REFUSED == 3
    assert "wrong PIN" in result.stderr
    table = TableGame.open(str(db))
    try:
        assert [s.type for s in table.events()] == ["game_started", "judge_added"]
        assert failures(table.ledger, "Lee") == 1
    finally:
        table.close()


def test_banker_run_without_a_judge_stops_at_the_adjustment(tmp_path: Path, banker: Banker) -> None:
    db = tmp_path / "table.db"
    script = script_of(tmp_path / "game.jsonl", NEW_GAME, REFUND)
    result = banker("run", script, "--db", db)
    assert result.exit_code == EXIT_REFUSED
    assert "line 2" in result.stderr
    assert [e["type"] for e in ledger_json(banker, db)] == ["game_started"]
