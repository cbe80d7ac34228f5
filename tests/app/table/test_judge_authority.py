"""Only judges act as judges: judges are entries of the game's ledger, the first comes with the new
game, later ones come from a signed-in judge, and no actor can claim to be a judge unsigned."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command as alembic
from click.testing import CliRunner, Result
from sqlalchemy import create_engine

from app.cli.main import EXIT_REFUSED, main
from app.ledger import open_ledger
from app.ledger.migration import alembic_config
from app.review.verify import verify_game
from app.table.command_text import parse_command
from app.table.judges import JudgeAuthError, failures, judges_field
from app.table.service import TableGame
from models.errors import BadInput

PIN, KIM_PIN = "739104", "502817"
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
NEW_GAME: dict[str, Any] = {
    "type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
    "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2]}]}
REFUND = {"type": "adjust_cash", "from_account": "bank", "to_account": "Cy", "amount": 26,
          "reason": "rent paid twice"}
LEE = {"role": "judge", "name": "Lee"}


def cli(*args: str | Path, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    """`banker ARGS...` in-process with its own environment (the PIN variables) and input."""
    return CliRunner(env=env).invoke(main, [str(a) for a in args], input=stdin,
                                     catch_exceptions=False)


def script(path: Path, *commands: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
    return path


def entries(db: Path) -> list[dict[str, Any]]:
    result = cli("ledger", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    data: list[dict[str, Any]] = json.loads(result.stdout)
    return data


class FakeSleep:
    """Records the waits asked for; the wall clock stands still, as if each process had just
    started (so only the ledger's log of failures can make a process wait)."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


def session(db: Path, sleep: FakeSleep | None = None) -> TableGame:
    game = TableGame.open(str(db))
    game.sleep, game.wall = sleep or FakeSleep(), lambda: T
    return game


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A ledger whose SG game (Ann, Bob, Cy) registered judge Lee with the new game."""
    path = tmp_path / "table.db"
    game = session(path)
    game.submit(parse_command({**NEW_GAME, "judges": judges_field([("Lee", PIN)])}))
    game.close()
    return path


@pytest.fixture
def game(db: Path) -> Iterator[TableGame]:
    table = session(db)
    yield table
    table.close()


def untouched(game: TableGame) -> tuple[Any, ...]:
    assert game.game_id is not None
    return (game.events(), game.ledger.commands(game.game_id), game.state_json())


def test_nobody_can_add_a_judge_to_a_game_that_has_none(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    game = session(db)
    game.submit(parse_command(NEW_GAME))
    before = untouched(game)
    with pytest.raises(JudgeAuthError, match="registered with the new game"):
        game.add_judge("Mallory", "123456")
    with pytest.raises(JudgeAuthError, match="registered with the new game"):
        game.submit(parse_command({"type": "add_judge", "name": "Mallory",
                                   "pin_hash": judges_field([("x", "123456")])[0]["pin_hash"]}))
    assert untouched(game) == before
    game.close()
    # Nor from the command line: `banker add-judge` needs a signed-in judge of the game.
    refused = cli("add-judge", "--db", db, "--name", "Mallory", "--judge", "Mallory",
                  env={"BANKER_JUDGE_PIN": "123456", "BANKER_NEW_JUDGE_PIN": "123456"})
    assert refused.exit_code == EXIT_REFUSED
    assert "Traceback" not in refused.output
    assert [e["type"] for e in entries(db)] == ["game_started"]


def test_a_judge_who_is_not_signed_in_cannot_add_a_judge(game: TableGame) -> None:
    before = untouched(game)
    with pytest.raises(JudgeAuthError, match="must sign in"):
        game.add_judge("Mallory", "123456")
    assert untouched(game) == before


def test_a_spoofed_judge_actor_on_a_players_command_is_refused_and_records_nothing(
        game: TableGame) -> None:
    # Ann's roll is not a judge's command, but the line claims judge Lee wrote it.
    before = untouched(game)
    with pytest.raises(JudgeAuthError, match="'Lee' is not signed in"):
        game.submit(parse_command({"type": "roll", "player": "Ann", "dice": [3, 4], "actor": LEE}))
    with pytest.raises(JudgeAuthError):
        game.submit(parse_command({"type": "raise_dispute", "raised_by": "Bob", "about": "x",
                                   "actor": {"role": "judge", "name": "Nobody"}}))
    assert untouched(game) == before
    # The same roll without the false claim is the banker's and is recorded.
    game.submit(parse_command({"type": "roll", "player": "Ann", "dice": [3, 4]}))
    assert game.events()[2].actor_role == "banker"


def test_a_spoofed_judge_actor_on_a_judges_command_is_refused(game: TableGame) -> None:
    before = untouched(game)
    with pytest.raises(JudgeAuthError):
        game.submit(parse_command({**REFUND, "actor": LEE}))
    # Signed in as Lee, a line claiming judge Kim is still refused.
    game.sign_in_judge("Lee", PIN)
    with pytest.raises(JudgeAuthError, match="'Kim' is not signed in"):
        game.submit(parse_command({**REFUND, "actor": {"role": "judge", "name": "Kim"}}))
    assert untouched(game) == before
    assert game.state is not None and game.state.player("Cy").cash == 1500


def test_banker_run_registers_the_first_judge_with_the_new_game_from_the_environment(
        tmp_path: Path) -> None:
    # The Bank refunds Cy 26 under judge Lee, registered when the script opened the game:
    # 1500 + 26 = 1526.
    db = tmp_path / "table.db"
    ran = cli("run", script(tmp_path / "s.jsonl", NEW_GAME, REFUND), "--db", db, "--judge", "Lee",
              env={"BANKER_JUDGE_PIN": PIN})
    assert ran.exit_code == 0, ran.output
    recorded = entries(db)
    assert [(e["type"], e["actor"]["role"]) for e in recorded] == [
        ("game_started", "banker"), ("judge_added", "banker"), ("cash_adjusted", "judge")]
    assert recorded[1]["payload"]["name"] == "Lee"
    assert recorded[1]["payload"]["pin_hash"].startswith("$argon2")
    state = json.loads(cli("state", "--db", db, "--json").stdout)
    assert state["judges"] == ["Lee"]
    assert [p["cash"] for p in state["players"] if p["name"] == "Cy"] == [1526]


def test_a_signed_in_judge_adds_a_second_judge_as_a_ledger_entry(tmp_path: Path, db: Path) -> None:
    added = cli("add-judge", "--db", db, "--name", "Kim", "--judge", "Lee",
                env={"BANKER_JUDGE_PIN": PIN, "BANKER_NEW_JUDGE_PIN": KIM_PIN})
    assert added.exit_code == 0, added.output
    assert KIM_PIN not in added.output
    recorded = entries(db)
    assert [(e["seq"], e["type"], e["actor"]) for e in recorded] == [
        (1, "game_started", {"role": "banker", "name": "banker"}),
        (2, "judge_added", {"role": "banker", "name": "banker"}),
        (3, "judge_added", LEE)]
    listed = cli("ledger", "--db", db)
    assert "Judge Kim registered" in listed.stdout
    # Kim now signs in and refunds Cy 26 (1500 + 26 = 1526), under Kim's name.
    ran = cli("run", script(tmp_path / "k.jsonl", REFUND), "--db", db, "--judge", "Kim",
              env={"BANKER_JUDGE_PIN": KIM_PIN})
    assert ran.exit_code == 0, ran.output
    assert entries(db)[-1]["actor"] == {"role": "judge", "name": "Kim"}
    ledger = open_ledger(str(db))
    try:
        game_id = ledger.latest_game_id()
        assert game_id is not None
        assert verify_game(ledger, game_id) == []
    finally:
        ledger.close()


def test_the_second_judge_can_also_be_added_through_the_service(game: TableGame) -> None:
    game.sign_in_judge("Lee", PIN)
    stored = game.add_judge("Kim", KIM_PIN)
    assert [(s.type, s.actor_role, s.actor_name, s.payload["name"]) for s in stored] == [
        ("judge_added", "judge", "Lee", "Kim")]
    assert game.state is not None and sorted(game.state.judges) == ["Kim", "Lee"]
    with pytest.raises(BadInput, match="already registered"):
        game.add_judge("kim", "111111")


def test_a_pin_of_five_digits_is_refused_and_nothing_is_recorded(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    ran = cli("run", script(tmp_path / "s.jsonl", NEW_GAME), "--db", db, "--judge", "Lee",
              env={"BANKER_JUDGE_PIN": "12345"})
    assert ran.exit_code == EXIT_REFUSED
    assert "at least 6 digits" in ran.stderr
    assert not db.exists()  # nothing was recorded, so no ledger file is left behind
    with pytest.raises(JudgeAuthError, match="digits only"):
        judges_field([("Lee", "12345x")])


def test_a_raw_pin_in_place_of_a_hash_is_refused_as_bad_input() -> None:
    with pytest.raises(BadInput, match="never a PIN"):
        parse_command({**NEW_GAME, "judges": [{"name": "Lee", "pin_hash": PIN}]})
    with pytest.raises(BadInput, match="never a PIN"):
        parse_command({"type": "add_judge", "name": "Kim", "pin_hash": KIM_PIN})


def test_the_wrong_pin_delay_holds_across_two_sessions_on_one_file(db: Path) -> None:
    # Both sessions read the same standing clock. A's wrong PIN is logged at T and answered
    # after 1 s (one recent failure). B, a second program, then waits out that second before
    # it checks Lee's right PIN. A second wrong PIN makes 2 failures: the next try waits 2 s.
    slept_a, slept_b, slept_c = FakeSleep(), FakeSleep(), FakeSleep()
    a, b, c = session(db, slept_a), session(db, slept_b), session(db, slept_c)
    try:
        with pytest.raises(JudgeAuthError, match="wrong PIN"):
            a.sign_in_judge("Lee", "000000")
        assert slept_a.calls == [1]
        b.sign_in_judge("Lee", PIN)
        assert (slept_b.calls, b.judge) == ([1], "Lee")
        with pytest.raises(JudgeAuthError, match="wrong PIN"):
            a.sign_in_judge("Lee", "111111")
        assert slept_a.calls == [1, 1, 2]  # waited its own last delay, then answered after 2
        c.sign_in_judge("Lee", PIN)
        assert slept_c.calls == [2]
        assert failures(a.ledger, "Lee") == 2
    finally:
        for game in (a, b, c):
            game.close()


def test_a_wrong_pin_given_by_another_program_during_the_wait_refuses_the_waiting_try(
        db: Path) -> None:
    # B waits out A's first failure; meanwhile A tries again and fails. B's right PIN is then
    # not even checked: only one PIN is tried per delay, whichever program asks.
    a = session(db)
    with pytest.raises(JudgeAuthError):
        a.sign_in_judge("Lee", "000000")

    def meanwhile(seconds: float) -> None:
        with pytest.raises(JudgeAuthError):
            a.sign_in_judge("Lee", "222222")

    b = session(db)
    b.sleep = meanwhile
    try:
        with pytest.raises(JudgeAuthError, match="just given"):
            b.sign_in_judge("Lee", PIN)
        assert b.judge is None
        assert failures(b.ledger, "Lee") == 2
    finally:
        a.close()
        b.close()


def test_state_json_shows_the_judges_names_and_never_a_pin_hash(db: Path) -> None:
    result = cli("state", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    assert "argon2" not in result.stdout
    assert json.loads(result.stdout)["judges"] == ["Lee"]


def test_a_ledger_from_before_migration_0003_loses_its_unchained_judges_table(
        tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        alembic.upgrade(alembic_config(connection), "0002")
        connection.exec_driver_sql(
            "INSERT INTO judges VALUES ('Lee', '$argon2id$x', '2026-01-01T00:00:00.000000+00:00')")
    engine.dispose()
    open_ledger(str(path)).close()
    with sqlite3.connect(path) as connection:
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
    assert "judges" not in tables
    assert "pin_failures" in tables
