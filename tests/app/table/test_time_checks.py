"""A command's time is checked before anything is recorded, and a judge can take back a time call."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.table import judges
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.table.times import MAX_SKEW
from models.errors import BadInput, RuleViolation
from tests.app.conftest import Banker

T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
MINUTE_MS = 60_000
PIN = "739104"
TIME = "SG Judge Responsibilities"
ZONE_MESSAGE = "the time must carry a zone, e.g. 2026-11-23T14:05:00+08:00"
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
NEW_GAME = {"type": "new_game", "profile": "sg-championship", "players": PLAYERS,
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2], "Dee": [1, 2]}]}


@dataclass
class FakeClock:
    """This machine's clock, moved on by the test."""

    now: datetime = T

    def __call__(self) -> datetime:
        return self.now

    def set(self, minutes: int, seconds: int = 0) -> datetime:
        self.now = at(minutes, seconds)
        return self.now


def at(minutes: int, seconds: int = 0) -> datetime:
    return T + timedelta(minutes=minutes, seconds=seconds)


def submit(game: TableGame, **command: Any) -> list[Any]:
    if isinstance(command.get("at"), datetime):
        command["at"] = command["at"].isoformat()
    return game.submit(parse_command(command))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def game(tmp_path: Path, clock: FakeClock) -> Iterator[TableGame]:
    """SG (Ann, Bob, Cy, Dee) with judge Lee registered, 60-minute clock started at T; Ann threw
    4+6 at T+5 (Just Visiting), so Bob is to throw. This machine's clock stands at T+10."""
    table = TableGame.open(str(tmp_path / "table.db"), now=clock)
    table.sleep = lambda seconds: None
    submit(table, **NEW_GAME, judges=[{"name": "Lee", "pin_hash": judges.hash_pin(PIN)}],
           at=at(0))
    submit(table, type="start_clock", at=at(0))
    clock.set(5)
    submit(table, type="roll", player="Ann", dice=[4, 6], at=at(5))
    clock.set(10)
    yield table
    table.close()


def snapshot(game: TableGame) -> tuple[int, dict[str, Any]]:
    assert game.state is not None
    return len(game.events()), game.state.model_dump()


def types(game: TableGame) -> list[str]:
    return [e.type for e in game.events()]


def test_a_command_dated_years_ahead_is_refused_and_records_nothing(game: TableGame) -> None:
    # Bob's throw typed with 2031 for 2026: before this check the tick it triggered called
    # time (and ended the game) before the throw itself was refused. Now nothing is recorded,
    # and at T+10 the clock still shows 60 - 10 = 50 minutes left.
    before = snapshot(game)
    with pytest.raises(BadInput, match="ahead of this machine's clock"):
        submit(game, type="roll", player="Bob", dice=[4, 6], at=datetime(2031, 11, 21, 10, 10,
                                                                         tzinfo=UTC))
    assert snapshot(game) == before
    assert game.tick() == []
    assert "time_called" not in types(game)
    assert game.state_json()["time_left_ms"] == 50 * MINUTE_MS
    submit(game, type="roll", player="Bob", dice=[4, 6], at=at(10))


def test_a_command_a_few_seconds_ahead_is_accepted_and_one_further_ahead_is_not(
        game: TableGame) -> None:
    # The skew allowed between two devices at the table is MAX_SKEW (5 s): at T+10, a throw
    # dated T+10:05 is taken; one dated T+10:06 is refused.
    assert timedelta(seconds=5) == MAX_SKEW
    with pytest.raises(BadInput, match="by more than 5 seconds"):
        submit(game, type="roll", player="Bob", dice=[4, 6], at=at(10, 6))
    submit(game, type="roll", player="Bob", dice=[4, 6], at=at(10, 5))


def test_time_a_command_merely_claims_is_never_recorded_as_a_time_call(
        game: TableGame, clock: FakeClock) -> None:
    # At T+59:58 (2 s of play left) Bob's throw is dated T+60:02, within the skew. The clock's
    # marks are recorded at the real time, T+59:58, when time is not up; the throw itself,
    # dated after the limit, is refused; and no time call is recorded until real time gets there.
    clock.set(59, 58)
    with pytest.raises(RuleViolation) as refusal:
        submit(game, type="roll", player="Bob", dice=[4, 6], at=at(60, 2))
    assert refusal.value.clause == TIME
    assert "time_called" not in types(game)
    assert game.state_json()["time_left_ms"] == 2_000
    clock.set(60)
    assert [s.type for s in game.tick()][-2:] == ["time_called", "game_ended"]


def test_a_command_dated_before_the_last_entry_is_refused_naming_both_times(
        game: TableGame) -> None:
    # Ann's throw was recorded at T+5 (10:05); a command dated 10:04 (or 2024) comes too late.
    before = snapshot(game)
    with pytest.raises(BadInput) as refusal:
        submit(game, type="roll", player="Bob", dice=[4, 6], at=at(4))
    assert "2026-11-21T10:04:00Z" in str(refusal.value)
    assert "2026-11-21T10:05:00Z" in str(refusal.value)
    with pytest.raises(BadInput, match="before the ledger's last entry"):
        submit(game, type="roll", player="Bob", dice=[4, 6], at="2024-11-21T10:10:00Z")
    assert snapshot(game) == before


def test_a_time_without_a_zone_is_refused_with_a_message_that_says_so(game: TableGame) -> None:
    with pytest.raises(BadInput, match=re.escape(ZONE_MESSAGE)):
        parse_command({"type": "roll", "player": "Bob", "dice": [4, 6],
                       "at": "2026-11-21T10:06:00"})
    # A command built in code, past the parser, is checked by the service all the same.
    naive = parse_command({"type": "roll", "player": "Bob", "dice": [4, 6]}).model_copy(
        update={"at": datetime(2026, 11, 21, 10, 6)})
    before = snapshot(game)
    with pytest.raises(BadInput, match=re.escape(ZONE_MESSAGE)):
        game.submit(naive)
    assert snapshot(game) == before


def test_year_one_at_plus_fourteen_hours_is_refused_cleanly(game: TableGame) -> None:
    # 0001-01-01T00:00+14:00 is 31 December of year 0 in UTC: no such date in Python.
    with pytest.raises(BadInput, match="outside the calendar"):
        parse_command({"type": "clock_tick", "at": "0001-01-01T00:00:00+14:00"})
    with pytest.raises(BadInput, match="outside the calendar"):
        parse_command({"type": "clock_tick", "at": "9999-12-31T23:00:00-14:00"})


def script(tmp_path: Path, last: str) -> Path:
    """A clocked SG game (clock started at 10:00Z) and then the line `last`."""
    lines = [dict(NEW_GAME, at="2026-11-21T09:55:00Z"),
             {"type": "start_clock", "at": "2026-11-21T10:00:00Z"}]
    path = tmp_path / "script.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n" + last + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("at_text", "message"), [
    ("2026-11-21T10:00:20", ZONE_MESSAGE),
    ("0001-01-01T00:00:00+14:00", "outside the calendar"),
])
def test_banker_run_refuses_a_bad_time_in_a_clocked_game_with_exit_3_and_no_traceback(
        tmp_path: Path, banker: Banker, at_text: str, message: str) -> None:
    line = f'{{"type": "roll", "player": "Ann", "dice": [4, 6], "at": "{at_text}"}}'
    result = banker("run", script(tmp_path, line), "--db", tmp_path / "t.db")
    assert result.exit_code == 3, result.output
    assert "script.jsonl line 3: bad input" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_time_that_genuinely_ran_out_is_recorded_before_the_command_it_refuses(
        game: TableGame, clock: FakeClock) -> None:
    # At T+61 (the machine's clock too) 60 minutes have run: Bob's throw is refused, and the
    # marks that real time made due stay recorded: 15, 10, 5 and 1 minute, the call, the end.
    clock.set(61)
    with pytest.raises(RuleViolation) as refusal:
        submit(game, type="roll", player="Bob", dice=[4, 6], at=at(61))
    assert refusal.value.clause == TIME
    assert types(game)[-6:] == ["announcement_made"] * 4 + ["time_called", "game_ended"]
    assert game.events()[-1].recorded_at == at(61)


def test_a_judge_withdraws_a_time_call_from_a_mistyped_game_length_and_play_continues(
        game: TableGame, clock: FakeClock) -> None:
    # At T+10 the judge means to keep 60 minutes and types 11: time is called at T+11. At
    # T+12 the judge withdraws the call with the length meant, 60: 60 - 12 = 48 minutes are
    # left, the game is open again and Bob throws.
    game.sign_in_judge("Lee", PIN)
    submit(game, type="set_game_length", minutes=11, reason="shortened round", at=at(10))
    clock.set(11)
    assert [s.type for s in game.tick()][-2:] == ["time_called", "game_ended"]
    clock.set(12)
    written = submit(game, type="withdraw_time_call", minutes=60, at=at(12),
                     reason="the length was mistyped: 11 for 60")
    assert [s.type for s in written] == ["time_call_withdrawn", "game_length_set"]
    assert written[0].actor_role == "judge" and written[0].actor_name == "Lee"
    assert game.state_json()["time_left_ms"] == 48 * MINUTE_MS
    assert game.state is not None and (game.state.phase, game.state.current) == ("roll", "Bob")
    submit(game, type="roll", player="Bob", dice=[4, 6], at=at(12))
    reopened = TableGame.open(game.ledger.location, now=clock)
    assert reopened.state == game.state
    reopened.close()


def test_a_withdrawal_is_refused_while_time_has_genuinely_run_out(
        game: TableGame, clock: FakeClock) -> None:
    game.sign_in_judge("Lee", PIN)
    clock.set(61)
    game.tick()
    with pytest.raises(RuleViolation) as refusal:
        submit(game, type="withdraw_time_call", reason="the players want more", at=at(61))
    assert refusal.value.clause == TIME
    assert "genuinely run out" in refusal.value.message


def test_a_banker_cannot_withdraw_a_time_call(game: TableGame, clock: FakeClock) -> None:
    clock.set(61)
    game.tick()
    before = snapshot(game)
    for actor in (None, {"role": "banker", "name": "Sam"}, {"role": "judge", "name": "Lee"}):
        with pytest.raises(judges.JudgeAuthError):
            submit(game, type="withdraw_time_call", reason="please", minutes=90, at=at(61),
                   **({"actor": actor} if actor else {}))
    assert snapshot(game) == before
