"""A judge takes back a wrongly recorded time call: the clock runs on and play continues."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from app.editions import rulebook
from models import events as ev
from models.clock import remaining_ms
from models.describe import describe
from models.engine import Table
from tests.models.conftest import Game
from tests.models.support import refused, replays

TIME = "SG Judge Responsibilities"
JUDGE_CLAUSE = "SG Judges & Briefing"
JUDGE = {"role": "judge", "name": "Lee"}
BANKER = {"role": "banker", "name": "Sam"}
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
TYPO = datetime(2031, 11, 21, 10, 10, tzinfo=UTC)  # 2031 typed for 2026
MINUTE_MS = 60_000
REASON = "the tick's date was mistyped (2031 for 2026)"


def at(minutes: int, seconds: int = 0) -> datetime:
    return T + timedelta(minutes=minutes, seconds=seconds)


def withdraw(game: Game, when: datetime, **extra: object) -> list[ev.Event]:
    return game.do(type="withdraw_time_call", reason=REASON, actor=JUDGE, at=when, **extra)


@pytest.fixture
def timed(sg: Game) -> Game:
    """SG (Ann, Bob, Cy, Dee), 60-minute clock started at T; Ann threw 4+6 at T+5 (Just
    Visiting, nothing to buy), so it is Bob's turn to throw."""
    sg.do(type="start_clock", at=at(0))
    sg.do(type="roll", player="Ann", dice=[4, 6], at=at(5))
    return sg


def test_a_judge_withdraws_a_time_call_made_at_a_mistyped_time_and_play_continues(timed: Game) -> None:
    # A tick dated 2031 crossed every mark and called time: 15, 10, 5, 1 announced, the SG
    # game ended at once ("stop"). At T+11 the judge withdraws it: 60 - 11 = 49 minutes are
    # left, so none of the four marks was due and all four are withdrawn; Bob throws next.
    called = timed.do(type="clock_tick", at=TYPO)
    assert timed.types(called) == ["announcement_made"] * 4 + ["time_called", "game_ended"]
    events = withdraw(timed, at(11))
    assert events == [ev.TimeCallWithdrawn(at=at(11), reason=REASON, reopened=True,
                                           announcements=[15, 10, 5, 1])]
    state = timed.state
    assert state is not None and state.clock is not None
    assert (state.phase, state.current, state.ended, state.clock.called_at) == ("roll", "Bob",
                                                                               None, None)
    assert state.clock.announced == []
    assert remaining_ms(state.clock, at(11)) == 49 * MINUTE_MS
    assert timed.types(timed.do(type="roll", player="Bob", dice=[4, 6], at=at(12)))[0] == \
        "dice_rolled"
    # The marks are made again when real time reaches them: 15 minutes left at T+45.
    assert [e.minutes_left for e in timed.do(type="clock_tick", at=at(45))
            if isinstance(e, ev.AnnouncementMade)] == [15]
    replays(timed)


def test_announcements_that_were_genuinely_due_stay_recorded(timed: Game) -> None:
    # The wrong call came at T+50 (10 minutes left in truth). Withdrawn at T+50: 15 and 10
    # were due (10 minutes left is not more than 10), 5 and 1 were not and are withdrawn.
    timed.do(type="clock_tick", at=TYPO)
    events = withdraw(timed, at(50))
    assert isinstance(events[0], ev.TimeCallWithdrawn) and events[0].announcements == [5, 1]
    assert timed.state is not None and timed.state.clock is not None
    assert timed.state.clock.announced == [15, 10]


def test_a_time_call_that_genuinely_ran_out_is_withdrawn_only_with_a_new_game_length(
        timed: Game) -> None:
    # Time was called at T+60 in truth; at T+61 nothing of the 60 minutes is left, so the
    # withdrawal alone is refused. With a new length of 90 minutes, 90 - 61 = 29 are left.
    timed.do(type="clock_tick", at=at(60))
    refused(timed, TIME, type="withdraw_time_call", reason=REASON, actor=JUDGE, at=at(61))
    events = withdraw(timed, at(61), minutes=90)
    assert [e.type for e in events] == ["time_call_withdrawn", "game_length_set"]
    assert events[1] == ev.GameLengthSet(minutes=90, reason=REASON)
    assert timed.state is not None and timed.state.clock is not None
    assert remaining_ms(timed.state.clock, at(61)) == 29 * MINUTE_MS
    assert timed.state.phase == "roll"
    replays(timed)


def test_a_withdrawal_without_a_time_call_is_refused(timed: Game) -> None:
    refused(timed, TIME, type="withdraw_time_call", reason=REASON, actor=JUDGE, at=at(20))


def test_only_a_judge_may_withdraw_a_time_call(timed: Game) -> None:
    timed.do(type="clock_tick", at=TYPO)
    refused(timed, JUDGE_CLAUSE, type="withdraw_time_call", reason=REASON, actor=BANKER,
            at=at(11))


def test_an_auction_cut_off_by_the_wrong_call_is_reopened_with_its_bids(sg: Game) -> None:
    # Ann throws 1+2 to Street 2 (brown) and declines; Bob bids 50; the mistyped tick ends the
    # game and clears the auction. The withdrawal puts the auction back, Bob's 50 standing.
    sg.do(type="start_clock", at=at(0))
    sg.do(type="roll", player="Ann", dice=[1, 2], at=at(1))
    sg.do(type="decline", player="Ann", at=at(2))
    sg.do(type="bid", player="Bob", amount=50, at=at(3))
    sg.do(type="clock_tick", at=TYPO)
    assert sg.state is not None and sg.state.auction is None
    withdraw(sg, at(4))
    assert sg.state is not None and sg.state.auction is not None
    assert (sg.state.phase, sg.state.auction.high_bidder, sg.state.auction.high_bid) == \
        ("auction", "Bob", 50)
    won = sg.do(type="close_auction", at=at(5))
    assert any(isinstance(e, ev.AuctionWon) and (e.payer, e.amount) == ("Bob", 50) for e in won)
    replays(sg)


def equal_turns_game() -> Game:
    """SG under a variant profile whose time call plays out the round; Ann first, clock at T."""
    base = rulebook.table("sg-championship")
    table = Table(board=base.board, decks=base.decks,
                  profile=base.profile.model_copy(update={"time_up": "equal_turns"}))
    game = Game(table=table)
    names = ["Ann", "Bob", "Cy", "Dee"]
    throws = {name: [1, 2] for name in names}
    throws["Ann"] = [6, 6]
    game.do(type="new_game", profile="sg-championship", players=names, roll_off=[throws])
    game.do(type="start_clock", at=at(0))
    return game


def test_with_equal_turns_a_withdrawn_call_no_longer_plays_out_the_round() -> None:
    # Ann has thrown; the mistyped tick calls time and asks for the round to be played out.
    # Withdrawn, the final round is off: after Dee's throw play passes to Ann, no end.
    game = equal_turns_game()
    game.do(type="roll", player="Ann", dice=[4, 6], at=at(5))
    game.do(type="clock_tick", at=TYPO)
    assert game.state is not None and game.state.final_round
    assert withdraw(game, at(6))[0].type == "time_call_withdrawn"
    for minute, name in ((7, "Bob"), (8, "Cy"), (9, "Dee")):
        events = game.do(type="roll", player=name, dice=[4, 6], at=at(minute))
    assert events[-1] == ev.TurnPassed(player="Ann", turn_no=5)
    assert game.state is not None and game.state.phase == "roll" and not game.state.final_round


def test_with_equal_turns_an_ended_game_reopens_and_play_passes_to_the_first_player() -> None:
    # The round was played out after a true call at T+60 (Bob, Cy, Dee threw; the game ended
    # as play would return to Ann). With a new length of 90 minutes the judge reopens it at
    # T+64: play stood between Dee's turn and Ann's, so it passes to Ann (turn 5).
    game = equal_turns_game()
    game.do(type="roll", player="Ann", dice=[4, 6], at=at(5))
    game.do(type="clock_tick", at=at(60))
    for minute, name in ((61, "Bob"), (62, "Cy"), (63, "Dee")):
        game.do(type="roll", player=name, dice=[4, 6], at=at(minute))
    assert game.state is not None and game.state.phase == "over"
    events = withdraw(game, at(64), minutes=90)
    assert [e.type for e in events] == ["time_call_withdrawn", "game_length_set", "turn_passed"]
    assert events[-1] == ev.TurnPassed(player="Ann", turn_no=5)
    assert game.state is not None
    assert (game.state.phase, game.state.current, game.state.ended) == ("roll", "Ann", None)
    replays(game)


def test_the_withdrawal_reads_as_a_sentence_in_the_ledger() -> None:
    board = rulebook.board("classic-us")
    said = describe(ev.TimeCallWithdrawn(at=T, reason="date mistyped", reopened=True,
                                         announcements=[5, 1]), board)
    assert said == ("Time call withdrawn by the judge: the clock runs on and play resumes "
                    "(announcements withdrawn: 5, 1 minutes): date mistyped")
