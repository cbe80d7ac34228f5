"""The hall's pause holds the table: while the head judge's pause of the round holds the clock,
play is refused with its clause; the officials' commands and a judge's adjustments stay open; a
table that missed the pause and its resume records both at the hall's times and gets the
paused time back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from models import events as ev
from models.clock import remaining_ms
from models.errors import BadInput
from tests.models.conftest import Game, new_game
from tests.models.support import refused

HALL_PAUSE_SG = "SG Judge Responsibilities (the Head Judge oversees overall game flow)"
HALL_PAUSE_PX = "PX 9.2 (the Game Marshal's final say)"
ROUND = "t-1/Qualifying"
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)


def at(minutes: int, seconds: int = 0) -> datetime:
    return T + timedelta(minutes=minutes, seconds=seconds)


def hall_paused(profile: str = "sg-championship") -> Game:
    """A game whose clock started with the hall's round at T and the hall paused at T+10."""
    names = ("Ann", "Bob", "Cy", "Dee") if profile == "sg-championship" else (
        "Ann", "Bob", "Cy", "Dee", "Eve")
    game = new_game(profile, names)
    game.do(type="start_clock", round=ROUND, hall_entry=1, at=at(0))
    game.do(type="pause_clock", reason="the hall is paused: fire alarm", round=ROUND,
            hall_entry=2, at=at(10))
    return game


def test_a_roll_during_the_halls_pause_is_refused_in_words_with_its_clause() -> None:
    game = hall_paused()
    refusal = refused(game, HALL_PAUSE_SG, type="roll", player="Ann", dice=[4, 6], at=at(10, 30))
    assert "the hall is paused" in refusal.message and "no play" in refusal.message


@pytest.mark.parametrize("command", [
    {"type": "buy", "player": "Ann"},
    {"type": "build", "player": "Ann", "add": {"1": 1}},
    {"type": "declare_bankruptcy", "player": "Ann"},
])
def test_every_play_command_is_refused_while_the_hall_is_paused(command: dict[str, object]
                                                                 ) -> None:
    game = hall_paused()
    refused(game, HALL_PAUSE_SG, **command, at=at(10, 30))


def test_the_px_profile_cites_its_own_clause_for_the_halls_pause() -> None:
    game = hall_paused("propnex-championship")
    before = game.state
    assert before is not None and before.clock is not None
    with pytest.raises(Exception) as info:
        game.do(type="roll", player=before.current, dice=[4, 6], at=at(10, 30))
    assert getattr(info.value, "clause", None) == HALL_PAUSE_PX


def test_a_judges_correction_and_the_officials_stay_open_during_the_halls_pause() -> None:
    game = hall_paused()
    events = game.judge(type="adjust_cash", from_account="Ann", to_account="Bob", amount=50,
                        at=at(10, 20))
    assert any(isinstance(e, ev.CashAdjusted) for e in events)
    assert game.state is not None
    # 1500 - 50 = 1450 and 1500 + 50 = 1550.
    assert (game.state.player("Ann").cash, game.state.player("Bob").cash) == (1450, 1550)
    game.do(type="toilet_break", player="Cy", at=at(10, 25))


def test_after_the_halls_resume_play_goes_on_and_the_pause_did_not_run() -> None:
    game = hall_paused()
    game.do(type="resume_clock", round=ROUND, hall_entry=3, at=at(10, 43))
    game.do(type="roll", player="Ann", dice=[4, 6], at=at(11))
    assert game.state is not None and game.state.clock is not None
    # Run: 10:00 to 11:00 less the 43 s pause = 10 min 17 s; left 60:00 - 10:17 = 49:43.
    assert remaining_ms(game.state.clock, at(11)) == (49 * 60 + 43) * 1000


def test_a_pause_this_tables_judge_made_does_not_hold_play() -> None:
    game = new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.do(type="start_clock", at=at(0))
    game.do(type="pause_clock", reason="a spilt drink", at=at(5))
    game.do(type="roll", player="Ann", dice=[4, 6], at=at(6))


def test_a_table_that_missed_the_pause_and_its_resume_records_both_at_the_halls_times() -> None:
    game = new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.do(type="start_clock", round=ROUND, hall_entry=1, at=at(0))
    # The laptop was off from 10:05 to 10:20; the hall paused 10:10:00 and resumed 10:10:43.
    paused = game.do(type="pause_clock", reason="the hall is paused: fire alarm", round=ROUND,
                     hall_entry=2, since=at(10), at=at(20))
    resumed = game.do(type="resume_clock", round=ROUND, hall_entry=3, since=at(10, 43),
                      at=at(20))
    assert paused[0] == ev.ClockPaused(at=at(10), reason="the hall is paused: fire alarm",
                                       round=ROUND, hall_entry=2)
    assert resumed[0] == ev.ClockResumed(at=at(10, 43), round=ROUND, hall_entry=3)
    assert game.state is not None and game.state.clock is not None
    # 43 s given back: at 10:20, 20:00 - 0:43 = 19:17 run, 60:00 - 19:17 = 40:43 left.
    assert game.state.clock.paused_ms == 43_000
    assert remaining_ms(game.state.clock, at(20)) == (40 * 60 + 43) * 1000


def test_a_pause_time_outside_the_clocks_run_is_refused() -> None:
    game = new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.do(type="start_clock", round=ROUND, hall_entry=1, at=at(5))
    with pytest.raises(BadInput, match="outside"):
        game.do(type="pause_clock", reason="the hall is paused", round=ROUND, hall_entry=2,
                since=at(4), at=at(20))
    with pytest.raises(BadInput, match="round"):
        game.do(type="pause_clock", reason="a spill", since=at(6), at=at(20))


def test_an_older_games_stored_profile_without_the_clause_cites_its_time_clause() -> None:
    from models.profile import Profile  # noqa: PLC0415

    game = new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
    data = game.table.profile.model_dump()
    del data["clauses"]["hall_pause"]
    older = Profile.model_validate(data)
    assert "hall_pause" not in older.model_dump()["clauses"]  # dumped as it was stored
    assert older.clause("hall_pause") == "SG Judge Responsibilities"
