"""The table's officials: toilet breaks, absent players, disputes, fines, disqualification,
cash counts, the lock after the scoresheet, and the judge's own commands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from models import events as ev
from models.clock import remaining_ms
from models.errors import BadInput
from models.state import CashCheck
from tests.models.conftest import Game, new_game
from tests.models.support import give, refused, replays

BREAK = "SG Toilet Break Policy"  # "pause for a maximum of 5 minutes ... their turn will be skipped"
ABSENT = "SG Missing Players"  # "automatically be declared bankrupt ... token will remain inactive"
DISPUTE = "SG Raising a Dispute"  # "Once the score sheet is collected, no further disputes"
LOCKED = "SG Raising a Dispute"  # the SG profile cites the same heading for the lock
DISQUALIFY = "SG Cheating & Dispute Policy"  # "Any form of cheating will result in ... disqualification"
CASH_COUNT = "SG The Banker"  # the banker is in charge of the notes
JUDGE_CLAUSE = "SG Judges & Briefing"
PX_FINE = "PX 5.7"  # "a fine of ₺100 which will be paid to the Bank"
JUDGE = {"role": "judge", "name": "Lee"}
BANKER = {"role": "banker", "name": "Sam"}
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)


def at(minutes: int, seconds: int = 0) -> datetime:
    return T + timedelta(minutes=minutes, seconds=seconds)


def visit(game: Game, player: str, minutes: int, seconds: int = 0) -> list[ev.Event]:
    """The player throws 4+6 at T+`minutes`: from GO to Just Visiting (10), from 10 to Free
    Parking (20); nothing is due on either, so the turn passes on."""
    return game.do(type="roll", player=player, dice=[4, 6], at=at(minutes, seconds))


def passed_to(events: list[ev.Event]) -> list[str]:
    return [e.player for e in events if isinstance(e, ev.TurnPassed)]


def skipped(events: list[ev.Event]) -> list[str]:
    return [e.player for e in events if isinstance(e, ev.TurnSkipped)]


@pytest.fixture
def timed(sg: Game) -> Game:
    """The SG game (Ann, Bob, Cy, Dee; Ann to throw) with its 60-minute clock started at T."""
    sg.do(type="start_clock", at=at(0))
    return sg


def over(game: Game) -> Game:
    """Time called on a timed game at T+60: the game is over and the scoresheet can be collected."""
    game.do(type="clock_tick", at=at(60))
    assert game.state is not None and game.state.phase == "over"
    return game


# Toilet breaks --------------------------------------------------------------------------------


def test_a_toilet_break_pauses_play_for_five_minutes_while_the_clock_keeps_running(timed: Game) -> None:
    # SG Toilet Break Policy: Bob leaves at T+10; "the game will pause for a maximum of 5
    # minutes": Ann's throw at T+12 and at T+14:59 is refused.
    assert timed.do(type="toilet_break", player="Bob", at=at(10)) == [
        ev.BreakStarted(player="Bob", at=at(10))]
    refused(timed, BREAK, type="roll", player="Ann", dice=[4, 6], at=at(12))
    refused(timed, BREAK, type="roll", player="Ann", dice=[4, 6], at=at(14, 59))
    # RULES.md: "The clock keeps running (no extension)": 60 − 12 = 48 minutes left at T+12.
    assert timed.state is not None and timed.state.clock is not None
    assert remaining_ms(timed.state.clock, at(12)) == 48 * 60_000
    # At T+15 the 5 minutes are over: play resumes without Bob.
    events = visit(timed, "Ann", 15)
    assert timed.types(events)[0] == "dice_rolled"


def test_after_five_minutes_the_away_players_turns_are_skipped_until_they_return(timed: Game) -> None:
    # SG Toilet Break Policy: "their turn will be skipped until they return". Bob leaves at T+10;
    # Ann throws at T+15 and play passes Bob by: to Bob, Bob skipped, to Cy.
    timed.do(type="toilet_break", player="Bob", at=at(10))
    events = visit(timed, "Ann", 15)
    assert passed_to(events) == ["Bob", "Cy"]
    assert skipped(events) == ["Bob"]
    visit(timed, "Cy", 16)
    # A whole round later Bob is still away: skipped again after Ann.
    visit(timed, "Dee", 17)
    assert skipped(visit(timed, "Ann", 18)) == ["Bob"]
    # Bob returns at T+19; his next turn is his.
    assert timed.do(type="player_returned", player="Bob", at=at(19)) == [
        ev.BreakEnded(player="Bob", at=at(19))]
    visit(timed, "Cy", 19, 30)
    events = visit(timed, "Dee", 20)
    assert (passed_to(events), skipped(events)) == (["Ann"], [])
    assert passed_to(visit(timed, "Ann", 21)) == ["Bob"]
    assert timed.state is not None and timed.state.current == "Bob"
    replays(timed)


def test_a_tick_skips_the_player_to_throw_once_they_are_away_past_the_limit(timed: Game) -> None:
    # SG Toilet Break Policy: Ann is to throw and leaves at T+10. At T+14:59 the pause still holds
    # and the tick does nothing; at T+15 the game resumes without her: her turn is skipped.
    timed.do(type="toilet_break", player="Ann", at=at(10))
    assert timed.do(type="clock_tick", at=at(14, 59)) == []
    assert timed.do(type="clock_tick", at=at(15)) == [ev.TurnSkipped(player="Ann"),
                                                      ev.TurnPassed(player="Bob", turn_no=2)]
    assert timed.types(visit(timed, "Bob", 15, 30))[0] == "dice_rolled"


def test_a_player_back_within_five_minutes_ends_the_pause_at_once(timed: Game) -> None:
    # The pause lasts "while waiting for the player to return": Bob is back at T+12, so Ann may
    # throw at T+12:30, and Bob's turn is his.
    timed.do(type="toilet_break", player="Bob", at=at(10))
    timed.do(type="player_returned", player="Bob", at=at(12))
    assert passed_to(visit(timed, "Ann", 12, 30)) == ["Bob"]


def test_a_second_break_for_a_player_already_away_and_a_return_of_one_present_are_refused(
        timed: Game) -> None:
    timed.do(type="toilet_break", player="Bob", at=at(10))
    refused(timed, BREAK, type="toilet_break", player="Bob", at=at(11))
    refused(timed, BREAK, type="player_returned", player="Cy", at=at(11))


# A missing player ------------------------------------------------------------------------------


def test_a_player_absent_at_the_start_is_bankrupt_and_their_token_never_plays(sg: Game) -> None:
    # SG Missing Players: Dee does not show up: "automatically declared bankrupt"; her 1500 go
    # to the Bank; she is the first out (rank 1).
    events = sg.do(type="declare_absent", player="Dee")
    assert events == [ev.PlayerAbsent(player="Dee"),
                      ev.CashSurrendered(payer="Dee", payee="bank", amount=1500),
                      ev.PlayerBankrupt(player="Dee", creditor="bank", rank=1)]
    assert sg.state is not None
    dee = sg.state.player("Dee")
    assert (dee.bankrupt, dee.bankrupt_rank, dee.cash) == (True, 1, 0)
    # "Their token will remain inactive": after Cy play passes to Ann, never to Dee.
    assert passed_to(visit(sg, "Ann", 1)) == ["Bob"]
    assert passed_to(visit(sg, "Bob", 2)) == ["Cy"]
    assert passed_to(visit(sg, "Cy", 3)) == ["Ann"]
    replays(sg)


def test_the_first_player_declared_absent_hands_the_first_throw_to_the_next(sg: Game) -> None:
    # Ann was to throw first; absent, she is out and Bob throws first.
    events = sg.do(type="declare_absent", player="Ann")
    assert events[-1] == ev.TurnPassed(player="Bob", turn_no=2)
    assert sg.state is not None and sg.state.current == "Bob"


def test_a_player_cannot_be_declared_absent_once_the_first_throw_is_made(sg: Game) -> None:
    # SG Missing Players is about not showing up "for their scheduled game": once Ann has
    # thrown (1+2 to Street 2 (brown), offered to her) the game is under way.
    sg.do(type="roll", player="Ann", dice=[1, 2])
    refused(sg, ABSENT, type="declare_absent", player="Dee")
    sg.do(type="buy", player="Ann")
    refused(sg, ABSENT, type="declare_absent", player="Dee")


def test_a_player_already_out_cannot_be_declared_absent_again(sg: Game) -> None:
    sg.do(type="declare_absent", player="Dee")
    refused(sg, ABSENT, type="declare_absent", player="Dee")


# Disputes -------------------------------------------------------------------------------------


def test_disputes_are_numbered_in_the_order_they_are_raised(timed: Game) -> None:
    # SG Raising a Dispute: "Players may raise disputes at any time"; each gets the next number.
    first = timed.do(type="raise_dispute", raised_by="Cy", about="Ann was paid rent twice",
                     entries=[2, 1, 2], at=at(5))
    second = timed.do(type="raise_dispute", raised_by="judge", about="Bob touched Dee's notes",
                      at=at(6))
    assert first == [ev.DisputeRaised(dispute=1, raised_by="Cy", about="Ann was paid rent twice",
                                      entries=[1, 2])]
    assert second == [ev.DisputeRaised(dispute=2, raised_by="judge", about="Bob touched Dee's notes",
                                       entries=[])]
    assert timed.state is not None
    assert [(d.dispute, d.ruling) for d in timed.state.disputes] == [(1, None), (2, None)]
    # "Time will continue running while a dispute is being addressed": no pause recorded.
    assert timed.state.clock is not None and timed.state.clock.paused_at is None


def test_a_dispute_naming_an_entry_the_ledger_lacks_is_bad_input(sg: Game) -> None:
    # Entries are numbered from 1; the upper bound is the ledger's head, which the table service
    # checks (tests/app/table/test_undo_rewind.py), since voided entries stay in the ledger.
    with pytest.raises(BadInput):
        sg.do(type="raise_dispute", raised_by="Cy", about="x", entries=[0])


def test_the_judge_rules_once_on_a_dispute(sg: Game) -> None:
    # SG Cheating & Dispute Policy: "The Judge/Head Judge's decision is final": one ruling.
    sg.do(type="raise_dispute", raised_by="Cy", about="Ann was paid rent twice")
    assert sg.do(type="rule_dispute", dispute=1, ruling="refund Cy", actor=JUDGE) == [
        ev.DisputeRuled(dispute=1, ruling="refund Cy")]
    refused(sg, DISPUTE, type="rule_dispute", dispute=1, ruling="changed my mind", actor=JUDGE)
    refused(sg, DISPUTE, type="rule_dispute", dispute=2, ruling="no such dispute", actor=JUDGE)


def test_an_adjustment_carrying_a_dispute_number_links_to_that_dispute(sg: Game) -> None:
    # docs/commands.md: "corrections are adjustments with "dispute": N". Ann pays Cy back 26:
    # Ann 1500 − 26 = 1474, Cy 1500 + 26 = 1526, and the event names dispute 1.
    sg.do(type="raise_dispute", raised_by="Cy", about="Ann was paid rent twice")
    events = sg.do(type="adjust_cash", from_account="Ann", to_account="Cy", amount=26,
                   reason="Ruling on dispute 1", dispute=1, actor=JUDGE)
    assert events == [ev.CashAdjusted(payer="Ann", payee="Cy", amount=26,
                                      reason="Ruling on dispute 1", dispute=1)]


def test_an_adjustment_for_a_dispute_moves_the_money_it_names(sg: Game) -> None:
    # Whatever its link, the correction itself: Ann 1500 − 26 = 1474, Cy 1500 + 26 = 1526.
    sg.do(type="raise_dispute", raised_by="Cy", about="Ann was paid rent twice")
    sg.do(type="adjust_cash", from_account="Ann", to_account="Cy", amount=26,
          reason="Ruling on dispute 1", dispute=1, actor=JUDGE)
    assert (sg.cash("Ann"), sg.cash("Cy")) == (1474, 1526)


# The scoresheet and the lock ------------------------------------------------------------------


def test_the_scoresheet_is_collected_only_once_the_game_is_over(timed: Game) -> None:
    refused(timed, LOCKED, type="collect_scoresheet", at=at(30))


def test_no_dispute_is_accepted_once_the_scoresheet_is_collected(timed: Game) -> None:
    # SG Raising a Dispute: "Once the score sheet is collected, no further disputes will be
    # accepted." Time is called at T+60, the sheet collected at T+61.
    over(timed)
    timed.do(type="raise_dispute", raised_by="Cy", about="before the sheet", at=at(60, 30))
    timed.do(type="collect_scoresheet", at=at(61))
    assert timed.state is not None and timed.state.locked
    refused(timed, LOCKED, type="raise_dispute", raised_by="Cy", about="too late", at=at(62))


@pytest.mark.parametrize("command", [
    {"type": "roll", "player": "Ann", "dice": [4, 6]},
    {"type": "fine", "player": "Ann", "amount": 100, "reason": "late"},
    {"type": "adjust_cash", "from_account": "bank", "to_account": "Ann", "amount": 10,
     "reason": "late", "actor": JUDGE},
    {"type": "count_cash", "player": "Ann", "counted": 1500},
    {"type": "rule_dispute", "dispute": 1, "ruling": "late", "actor": JUDGE},
    {"type": "clock_tick"},
    {"type": "collect_scoresheet"},
    {"type": "toilet_break", "player": "Bob"},
    {"type": "disqualify", "player": "Bob", "reason": "late", "actor": JUDGE},
], ids=lambda c: c["type"])
def test_a_locked_game_refuses_everything_but_unlock(timed: Game, command: dict[str, Any]) -> None:
    over(timed)
    timed.do(type="raise_dispute", raised_by="Cy", about="open at the end", at=at(60, 30))
    timed.do(type="collect_scoresheet", at=at(61))
    refused(timed, LOCKED, at=at(62), **command)


def test_the_judge_unlocks_a_locked_game_and_disputes_are_accepted_again(timed: Game) -> None:
    over(timed)
    timed.do(type="collect_scoresheet", at=at(61))
    assert timed.do(type="unlock", reason="sheet added up wrongly", actor=JUDGE, at=at(62)) == [
        ev.GameUnlocked(reason="sheet added up wrongly")]
    assert timed.state is not None and not timed.state.locked
    raised = timed.do(type="raise_dispute", raised_by="Cy", about="the sum", at=at(63))
    assert timed.types(raised) == ["dispute_raised"]


def test_unlocking_a_game_that_is_not_locked_is_refused(sg: Game) -> None:
    refused(sg, LOCKED, type="unlock", reason="nothing to reopen", actor=JUDGE)


# Fines ------------------------------------------------------------------------------------------


def test_a_fine_is_paid_to_the_bank(sg: Game) -> None:
    # RULES.md Table officials: fines go to the Bank. Ann 1500 − 100 = 1400.
    events = sg.do(type="fine", player="Ann", amount=100, reason="moved Bob's token")
    assert events == [ev.FineImposed(payer="Ann", payee="bank", amount=100, reason="moved Bob's token")]
    assert sg.cash("Ann") == 1400
    replays(sg)


def test_a_fine_beyond_the_players_cash_becomes_a_debt_to_the_bank(sg: Game) -> None:
    # Ann is left 50 (1500 − 1450 by adjustment); a fine of 100 cannot be paid from cash: it is
    # a debt of 100 to the Bank (RULES.md: "short of cash it is a debt"), her cash untouched.
    sg.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1450)
    events = sg.do(type="fine", player="Ann", amount=100, reason="moved Bob's token")
    assert events == [ev.DebtIncurred(debtor="Ann", creditor="bank", amount=100,
                                      reason="fine: moved Bob's token")]
    assert sg.cash("Ann") == 50
    assert sg.state is not None
    assert [(d.debtor, d.creditor, d.amount) for d in sg.state.debts] == [("Ann", "bank", 100)]


def test_px_fines_moving_another_players_token_100_and_not_a_player_who_is_out() -> None:
    # PX 5.7: "a fine of ₺100 which will be paid to the Bank". Eve is absent at the start
    # (PX 9.2, SG Missing Players), so she is out; fining her is refused citing PX 5.7.
    px = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee", "Eve"))
    start = px.cash("Bob")
    px.do(type="fine", player="Bob", amount=100, reason="moved Cy's token")
    assert px.cash("Bob") == start - 100
    px.do(type="declare_absent", player="Eve")
    refused(px, PX_FINE, type="fine", player="Eve", amount=100, reason="moved Cy's token")


# Disqualification ------------------------------------------------------------------------------


def test_a_disqualified_player_goes_out_to_the_bank_and_their_deeds_are_auctioned(sg: Game) -> None:
    # SG Cheating & Dispute Policy: cheating disqualifies; as for a bankruptcy to the Bank (SG
    # Bankruptcy, "Owing the Banker"): buildings sold to the Bank at half, cash and deeds to the
    # Bank, mortgages cancelled, each deed auctioned.
    give(sg, "Bob", 1, 3)
    give(sg, "Bob", 5, mortgaged=True)
    sg.judge(type="adjust_buildings", space=1, houses=1)
    events = sg.do(type="disqualify", player="Bob", reason="palmed a 500", actor=JUDGE)
    # The house on Street 1 (brown) sells at half its cost of 50: 25; Bob hands 1500 + 25 = 1525.
    assert events[:3] == [
        ev.PlayerDisqualified(player="Bob", reason="palmed a 500"),
        ev.BuildingsSold(payer="bank", payee="Bob", amount=25,
                         changes=[ev.StepChange(space=1, before=1, after=0)]),
        ev.CashSurrendered(payer="Bob", payee="bank", amount=1525),
    ]
    assert [(e.space, e.to, e.mortgaged) for e in events if isinstance(e, ev.DeedSurrendered)] == [
        (1, "bank", False), (3, "bank", False), (5, "bank", False)]
    assert ev.PlayerBankrupt(player="Bob", creditor="bank", rank=1) in events
    assert sg.state is not None and sg.state.auction is not None
    assert (sg.state.phase, sg.state.auction.space, sg.state.auction.queue) == ("auction", 1, [3, 5])
    assert sg.state.bank_houses == 32
    assert sg.cash("Bob") == 0
    replays(sg)


def test_a_player_cannot_be_disqualified_twice_nor_during_an_auction(sg: Game) -> None:
    give(sg, "Bob", 1)
    sg.do(type="disqualify", player="Bob", reason="palmed a 500", actor=JUDGE)
    refused(sg, DISQUALIFY, type="disqualify", player="Bob", reason="again", actor=JUDGE)
    # Bob's deed is under the hammer: Cy cannot be disqualified until it is closed.
    refused(sg, DISQUALIFY, type="disqualify", player="Cy", reason="peeked", actor=JUDGE)


# Cash counts -----------------------------------------------------------------------------------


def test_a_count_that_matches_the_ledger_leaves_no_open_check(sg: Game) -> None:
    # SG The Banker: Ann's notes counted at 1500 = her balance of 1500: difference 0.
    assert sg.do(type="count_cash", player="Ann", counted=1500) == [
        ev.CashCounted(check=1, player="Ann", counted=1500, balance=1500)]
    assert sg.state is not None
    assert [c.difference for c in sg.state.checks] == [0]
    # Nothing to settle: refused citing the banker's clause.
    refused(sg, CASH_COUNT, type="settle_count", check=1, finding="count_wrong", reason="x",
            actor=JUDGE)


def test_a_count_that_differs_stays_open_until_the_judge_settles_it(sg: Game) -> None:
    # Ann's notes counted at 1480 against 1500 in the ledger: 1480 − 1500 = −20, open.
    sg.do(type="count_cash", player="Ann", counted=1480)
    assert sg.state is not None
    assert sg.state.checks == [CashCheck(check=1, player="Ann", counted=1480, balance=1500)]
    assert sg.state.checks[0].difference == -20
    assert sg.do(type="settle_count", check=1, finding="count_wrong", reason="a 20 stuck to a 500",
                 actor=JUDGE) == [ev.CountSettled(check=1, finding="count_wrong",
                                                  reason="a 20 stuck to a 500")]
    assert sg.state.checks[0].finding == "count_wrong"
    # Settled: a second finding is refused; the ledger's cash never moved.
    refused(sg, CASH_COUNT, type="settle_count", check=1, finding="ledger_corrected", reason="x",
            actor=JUDGE)
    refused(sg, CASH_COUNT, type="settle_count", check=2, finding="count_wrong", reason="x",
            actor=JUDGE)
    assert sg.cash("Ann") == 1500


# The judge's commands --------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    {"type": "pause_clock", "reason": "alarm"},
    {"type": "resume_clock"},
    {"type": "set_game_length", "minutes": 90, "reason": "final"},
    {"type": "rule_dispute", "dispute": 1, "ruling": "refund"},
    {"type": "disqualify", "player": "Bob", "reason": "cheated"},
    {"type": "settle_count", "check": 1, "finding": "count_wrong", "reason": "miscount"},
    {"type": "unlock", "reason": "reopen"},
    {"type": "adjust_cash", "from_account": "bank", "to_account": "Ann", "amount": 10, "reason": "r"},
    {"type": "adjust_turn", "player": "Cy", "reason": "r"},
], ids=lambda c: c["type"])
def test_a_judges_command_given_by_the_banker_is_refused(timed: Game, command: dict[str, Any]) -> None:
    # SG Judges & Briefing / Judge Responsibilities: rulings, pauses, disqualification and
    # corrections are the judge's. A dispute and a differing count are open, so only the actor
    # stands between each command and its acceptance.
    timed.do(type="raise_dispute", raised_by="Cy", about="x", at=at(1))
    timed.do(type="count_cash", player="Ann", counted=1400, at=at(1))
    refused(timed, JUDGE_CLAUSE, actor=BANKER, at=at(2), **command)
