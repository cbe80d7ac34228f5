"""The game clock: announcements at 15, 10, 5 and 1 minutes, pauses, the time call, the game's length."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from app.editions import rulebook
from models import events as ev
from models.clock import remaining_ms
from models.engine import Table
from tests.models.conftest import Game
from tests.models.support import give, put, refused

TIME = "SG Judge Responsibilities"  # "Announce official time reminders (15, 10, 5, and 1 minute left)";
# "At the end of 60 minutes, all gameplay must stop immediately."
CLASSIC_TIME = "CL rules (banker's decision)"
JUDGE = {"role": "judge", "name": "Lee"}
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
MINUTE_MS = 60_000


def at(minutes: int, seconds: int = 0) -> datetime:
    """The wall time `minutes`:`seconds` after T, when the clock is started."""
    return T + timedelta(minutes=minutes, seconds=seconds)


def tick(game: Game, minutes: int, seconds: int = 0) -> list[ev.Event]:
    return game.do(type="clock_tick", at=at(minutes, seconds))


def roll_at(game: Game, player: str, minutes: int, seconds: int = 0) -> list[ev.Event]:
    """The player throws 4+6 at T+`minutes`:`seconds` (from GO: Just Visiting, no purchase)."""
    return game.do(type="roll", player=player, dice=[4, 6], at=at(minutes, seconds))


def announced(events: list[ev.Event]) -> list[int]:
    return [e.minutes_left for e in events if isinstance(e, ev.AnnouncementMade)]


def left_ms(game: Game, minutes: int, seconds: int = 0) -> int:
    assert game.state is not None and game.state.clock is not None
    return remaining_ms(game.state.clock, at(minutes, seconds))


@pytest.fixture
def timed(sg: Game) -> Game:
    """The SG game (Ann, Bob, Cy, Dee) with its 60-minute clock started at T."""
    sg.do(type="start_clock", at=at(0))
    return sg


def time_called(game: Game) -> Game:
    """Run the clock of `game` out: a tick at T+60 (no pause)."""
    tick(game, 60)
    assert game.state is not None and game.state.phase == "over"
    return game


# Starting -------------------------------------------------------------------------------------


def test_an_sg_game_has_a_sixty_minute_clock_that_starts_at_the_given_time(sg: Game) -> None:
    # SG Judges & Briefing / Judge Responsibilities: "At the end of 60 minutes" — the profile's
    # game_minutes = 60 gives the game a clock; it runs from the start_clock's `at`.
    assert sg.state is not None and sg.state.clock is not None
    assert sg.state.clock.started_at is None
    events = sg.do(type="start_clock", at=at(0))
    assert events == [ev.ClockStarted(minutes=60, at=T)]
    # 60 minutes = 3,600,000 ms left at the start; 59 minutes at T+1.
    assert left_ms(sg, 0) == 60 * MINUTE_MS
    assert left_ms(sg, 1) == 59 * MINUTE_MS


def test_starting_the_clock_twice_is_refused(timed: Game) -> None:
    # A clock runs once per game: a second start_clock is refused citing the time clause.
    refused(timed, TIME, type="start_clock", at=at(5))


def test_a_classic_game_has_no_clock_until_the_judge_sets_a_length(classic: Game) -> None:
    # Classic rules have no time limit: no clock, so start_clock is refused (banker's decision).
    assert classic.state is not None and classic.state.clock is None
    refused(classic, CLASSIC_TIME, type="start_clock", at=at(0))
    # The judge gives this game 45 minutes; the clock then starts for 45 minutes.
    classic.do(type="set_game_length", minutes=45, reason="short game", actor=JUDGE, at=at(0))
    assert classic.do(type="start_clock", at=at(0)) == [ev.ClockStarted(minutes=45, at=T)]
    # Classic announces nothing (announcement_minutes = []); time is called at T+45.
    assert tick(classic, 30) == []
    assert classic.types(tick(classic, 45)) == ["time_called", "game_ended"]


# Announcements ---------------------------------------------------------------------------------


def test_the_fifteen_minute_announcement_comes_at_exactly_forty_five_minutes(timed: Game) -> None:
    # SG Judge Responsibilities: 15 minutes left of 60 is 45:00 played; at 44:59 there are 15:01
    # left and nothing is announced.
    assert tick(timed, 44, 59) == []
    assert tick(timed, 45) == [ev.AnnouncementMade(minutes_left=15, at=at(45))]
    assert timed.state is not None and timed.state.clock is not None
    assert timed.state.clock.announced == [15]


def test_one_late_tick_announces_ten_and_five_together_and_only_once(timed: Game) -> None:
    # At T+56 4 minutes are left: both the 10 (T+50) and the 5 (T+55) marks were crossed since
    # the last tick (T+45); one tick records both, the larger first, and the next tick neither.
    tick(timed, 45)
    assert tick(timed, 56) == [ev.AnnouncementMade(minutes_left=10, at=at(56)),
                               ev.AnnouncementMade(minutes_left=5, at=at(56))]
    assert tick(timed, 57) == []
    # The last mark, 1 minute left, at T+59.
    assert announced(tick(timed, 59)) == [1]
    assert timed.state is not None and timed.state.clock is not None
    assert timed.state.clock.announced == [15, 10, 5, 1]


def test_time_is_called_at_sixty_minutes_and_the_game_ends(timed: Game) -> None:
    # SG Judge Responsibilities: "At the end of 60 minutes, all gameplay must stop immediately";
    # time_up = "stop": the time call ends the game at once.
    for minutes in (45, 50, 55, 59):
        tick(timed, minutes)
    assert tick(timed, 59, 59) == []
    assert tick(timed, 60) == [ev.TimeCalled(at=at(60), play_out_round=False),
                               ev.GameEnded(reason="time called", winner=None)]
    assert timed.state is not None and timed.state.phase == "over"
    assert left_ms(timed, 60) == 0


# Pausing --------------------------------------------------------------------------------------


def test_a_pause_of_ten_minutes_shifts_every_mark_by_ten_minutes(timed: Game) -> None:
    # The judge pauses at T+20 and resumes at T+30: the 10 paused minutes do not count.
    timed.do(type="pause_clock", reason="fire alarm", actor=JUDGE, at=at(20))
    # While paused the clock stands: 60 − 20 = 40 minutes left at T+25 as at T+20, and a tick
    # during the pause calls nothing even at T+70.
    assert left_ms(timed, 25) == 40 * MINUTE_MS
    assert tick(timed, 70) == []
    timed.do(type="resume_clock", actor=JUDGE, at=at(30))
    # At T+40: 40 − 10 paused = 30 minutes played, 30 left.
    assert left_ms(timed, 40) == 30 * MINUTE_MS
    # 15 minutes left after 45 played: T+45+10 = T+55, not T+45.
    assert tick(timed, 45) == []
    assert tick(timed, 54, 59) == []
    assert announced(tick(timed, 55)) == [15]
    # Time is called after 60 played: T+60+10 = T+70.
    assert announced(tick(timed, 69)) == [10, 5, 1]
    assert tick(timed, 69, 59) == []
    assert timed.types(tick(timed, 70)) == ["time_called", "game_ended"]


def test_resuming_a_clock_that_is_not_paused_is_refused(timed: Game) -> None:
    refused(timed, TIME, type="resume_clock", actor=JUDGE, at=at(5))


# After time is called --------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    {"type": "roll", "player": "Ann", "dice": [4, 6]},
    {"type": "buy", "player": "Ann"},
    {"type": "build", "player": "Ann", "add": {"1": 1, "3": 1}},
    {"type": "mortgage", "player": "Ann", "space": 1},
    {"type": "trade", "first": "Ann", "second": "Bob", "first_gives": {"cash": 10}},
    {"type": "pay_jail_fine", "player": "Ann"},
    {"type": "use_jail_card", "player": "Ann"},
], ids=lambda c: c["type"])
def test_every_game_action_is_refused_once_time_is_called(timed: Game, command: dict[str, Any]) -> None:
    # SG Judge Responsibilities: "No further actions (buying, trading, rolling) will be allowed
    # once time is called." Ann holds the brown set, so building is otherwise possible.
    give(timed, "Ann", 1, 3)
    time_called(timed)
    refused(timed, TIME, at=at(61), **command)


def test_the_officials_still_act_after_time_is_called(timed: Game) -> None:
    # RULES.md Table officials: disputes until the scoresheet is collected; fines and the judge's
    # adjustments whatever the state of play; then the scoresheet is collected.
    time_called(timed)
    raised = timed.do(type="raise_dispute", raised_by="Cy", about="Ann moved my token", at=at(61))
    assert timed.types(raised) == ["dispute_raised"]
    # A fine of 100 to the Bank: Ann 1500 − 100 = 1400.
    timed.do(type="fine", player="Ann", amount=100, reason="moved Cy's token", at=at(61))
    # The judge's adjustment: Bank → Cy 100, Cy 1500 + 100 = 1600.
    timed.do(type="adjust_cash", from_account="bank", to_account="Cy", amount=100,
             reason="ruling on dispute 1", dispute=1, actor=JUDGE, at=at(62))
    timed.do(type="rule_dispute", dispute=1, ruling="Ann fined; Cy compensated", actor=JUDGE,
             at=at(62))
    timed.do(type="count_cash", player="Ann", counted=1400, at=at(63))
    assert (timed.cash("Ann"), timed.cash("Cy")) == (1400, 1600)
    assert timed.types(timed.do(type="collect_scoresheet", at=at(64))) == ["scoresheet_collected"]
    assert timed.state is not None and timed.state.locked


def test_a_roll_given_after_zero_is_refused_before_any_tick_has_called_time(timed: Game) -> None:
    # SG Judge Responsibilities: time is up when 60 minutes have run (RULES.md: "when the elapsed
    # time reaches the limit"), whether or not a tick has recorded it yet: a roll at T+60 is
    # refused, and so is one at T+75.
    refused(timed, TIME, type="roll", player="Ann", dice=[4, 6], at=at(60))
    refused(timed, TIME, type="roll", player="Ann", dice=[4, 6], at=at(75))
    # One second before zero the roll is still accepted.
    assert timed.types(roll_at(timed, "Ann", 59, 59))[0] == "dice_rolled"


# The game's length ------------------------------------------------------------------------------


def test_the_judge_can_lengthen_the_game_while_the_clock_runs(timed: Game) -> None:
    # docs/commands.md set_game_length: the judge changes this game's length during play.
    # At T+30 the judge makes it 90 minutes: 90 − 30 = 60 minutes left.
    events = timed.do(type="set_game_length", minutes=90, reason="final table", actor=JUDGE, at=at(30))
    assert events == [ev.GameLengthSet(minutes=90, reason="final table")]
    assert left_ms(timed, 30) == 60 * MINUTE_MS
    # The 15-minute mark moves to 90 − 15 = 75 minutes played.
    assert tick(timed, 45) == []
    assert announced(tick(timed, 75)) == [15]


def test_the_judge_can_set_the_length_before_the_clock_starts(sg: Game) -> None:
    sg.do(type="set_game_length", minutes=30, reason="short round", actor=JUDGE, at=at(0))
    # The clock starts for the judge's 30 minutes, not the profile's 60.
    assert sg.do(type="start_clock", at=at(0)) == [ev.ClockStarted(minutes=30, at=T)]
    assert sg.types(tick(sg, 30))[-2:] == ["time_called", "game_ended"]


@pytest.mark.parametrize("minutes", [20, 30])
def test_a_length_no_longer_than_the_time_already_played_is_refused(timed: Game, minutes: int) -> None:
    # At T+30 30 minutes have been played: a length of 20 (already past) or 30 (time would be
    # up this instant) is refused citing the time clause; 31 would leave one minute.
    refused(timed, TIME, type="set_game_length", minutes=minutes, reason="cut short", actor=JUDGE,
            at=at(30))
    timed.do(type="set_game_length", minutes=31, reason="cut short", actor=JUDGE, at=at(30))
    assert left_ms(timed, 30) == 1 * MINUTE_MS


def test_the_length_cannot_change_once_time_is_called(timed: Game) -> None:
    time_called(timed)
    refused(timed, TIME, type="set_game_length", minutes=90, reason="too late", actor=JUDGE,
            at=at(61))


# The World Championship ending (time_up = "equal_turns") -------------------------------------


def equal_turns_game() -> Game:
    """An SG game under a variant profile whose time call plays out the round (Ann first)."""
    base = rulebook.table("sg-championship")
    table = Table(board=base.board, profile=base.profile.model_copy(update={"time_up": "equal_turns"}),
                  decks=base.decks)
    game = Game(table=table)
    names = ["Ann", "Bob", "Cy", "Dee"]
    throws = {name: [1, 2] for name in names}
    throws["Ann"] = [6, 6]
    game.do(type="new_game", profile="sg-championship", players=names, roll_off=[throws])
    game.do(type="start_clock", at=at(0))
    return game


def test_with_equal_turns_time_called_mid_round_does_not_end_the_game_at_once() -> None:
    # Ann has had her turn (4+6 to Just Visiting); Bob is to throw when time is called at T+60:
    # the time call says the round is to be played out, and the game is not over yet.
    game = equal_turns_game()
    roll_at(game, "Ann", 10)
    events = tick(game, 60)
    assert events[-1] == ev.TimeCalled(at=at(60), play_out_round=True)
    assert "game_ended" not in game.types(events)
    assert game.state is not None
    assert (game.state.phase, game.state.current, game.state.final_round) == ("roll", "Bob", True)


def test_with_equal_turns_the_round_is_played_out_until_play_would_return_to_the_first_player() -> None:
    # docs/commands.md clock_tick: with time_up = "equal_turns" play goes on until every player
    # has had the same number of turns. Ann (first) has thrown; Bob, Cy and Dee each still
    # throw once (4+6 to Just Visiting), and as play would pass back to Ann the game ends.
    game = equal_turns_game()
    roll_at(game, "Ann", 10)
    tick(game, 60)
    assert game.types(roll_at(game, "Bob", 61))[-1] == "turn_passed"
    assert game.types(roll_at(game, "Cy", 62))[-1] == "turn_passed"
    events = roll_at(game, "Dee", 63)
    assert events[-1] == ev.GameEnded(
        reason="time called; every player has had the same number of turns", winner=None)
    assert game.state is not None and game.state.phase == "over"


def test_moving_a_token_by_adjustment_is_allowed_after_time_is_called(timed: Game) -> None:
    # Adjustments are not bound by the game rules (RULES.md Table officials): a judge may still
    # put a token right after the time call.
    time_called(timed)
    put(timed, "Bob", 5)
    assert timed.position("Bob") == 5


# A length change and the marks it jumps (issue 21) ---------------------------------------------


def test_marks_a_shorter_length_puts_behind_are_passed_unannounced(timed: Game) -> None:
    # The judge shortens the 60-minute game to 20 at T+14: 20 − 14 = 6 minutes left. "15
    # minutes left" and "10 minutes left" would both be false now: they are recorded as passed
    # with the change, and a tick at once calls nothing (it called both before issue 21).
    events = timed.do(type="set_game_length", minutes=20, reason="round running late",
                      actor=JUDGE, at=at(14))
    assert events == [ev.GameLengthSet(minutes=20, reason="round running late"),
                      ev.AnnouncementsPassed(marks=[15, 10], at=at(14))]
    assert left_ms(timed, 13, 58) == 6 * MINUTE_MS + 2_000  # 6:02 left
    assert tick(timed, 13, 58) == []
    assert tick(timed, 14, 59) == []
    # 5 minutes left at T+15, 1 at T+19, time at T+20: each called once, in its own time.
    assert tick(timed, 15) == [ev.AnnouncementMade(minutes_left=5, at=at(15))]
    assert announced(tick(timed, 19)) == [1]
    assert timed.types(tick(timed, 20)) == ["time_called", "game_ended"]
    assert timed.state is not None and timed.state.clock is not None
    assert (timed.state.clock.announced, timed.state.clock.passed) == ([5, 1], [15, 10])


def test_a_mark_exactly_at_the_new_time_left_is_still_called(timed: Game) -> None:
    # Shortened to 24 at T+14: exactly 10:00 left. Only 15 is behind; 10 is true now.
    events = timed.do(type="set_game_length", minutes=24, reason="late", actor=JUDGE, at=at(14))
    assert events[-1] == ev.AnnouncementsPassed(marks=[15], at=at(14))
    assert tick(timed, 14) == [ev.AnnouncementMade(minutes_left=10, at=at(14))]


def test_a_length_set_before_the_clock_starts_passes_no_mark(sg: Game) -> None:
    # No time has run: the marks are all ahead (a 12-minute game calls 10, 5 and 1).
    assert sg.do(type="set_game_length", minutes=12, reason="demo", actor=JUDGE, at=at(0)) == \
        [ev.GameLengthSet(minutes=12, reason="demo")]
    sg.do(type="start_clock", at=at(0))
    assert announced(tick(sg, 2)) == [10]
