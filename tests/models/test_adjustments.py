"""The judge's adjustments: each moves exactly what it says, and the totals still balance."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.commands import COMMAND_ADAPTER
from models.errors import BadInput
from models.events import CashAdjusted
from tests.models.conftest import Game
from tests.models.support import give, put, refused, replays, roll

RULING = "CL rules (banker's decision)"


def _bad_input(game: Game, **command: object) -> None:
    assert game.state is not None
    before, logged = game.state.model_dump(), len(game.log)
    with pytest.raises(BadInput):
        game.judge(**command)
    assert game.state.model_dump() == before
    assert len(game.log) == logged


# Cash -----------------------------------------------------------------------------------------


def test_adjust_cash_moves_money_between_two_players(classic: Game) -> None:
    # RULES.md Table officials: money moves between accounts, never appears. Ann pays Bob 200:
    # Ann 1500 − 200 = 1300, Bob 1500 + 200 = 1700, Cy untouched.
    events = classic.judge(type="adjust_cash", from_account="Ann", to_account="Bob", amount=200)
    assert events == [CashAdjusted(payer="Ann", payee="Bob", amount=200, reason="set up for the test")]
    assert [classic.cash(n) for n in ("Ann", "Bob", "Cy")] == [1300, 1700, 1500]
    replays(classic)


def test_adjust_cash_moves_money_to_and_from_the_bank(classic: Game) -> None:
    # RULES.md Table officials: the Bank gives Ann 100 (1600), then Bob pays the Bank a 100 fine
    # (PX 5.7 style): 1500 − 100 = 1400.
    classic.judge(type="adjust_cash", from_account="bank", to_account="Ann", amount=100)
    classic.judge(type="adjust_cash", from_account="Bob", to_account="bank", amount=100)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1600, 1400)
    replays(classic)


def test_adjust_cash_cannot_overdraw_a_player(classic: Game) -> None:
    # RULES.md Table officials: the totals balance, so nobody goes below zero: Ann has 1500,
    # taking 1501 is refused; exactly 1500 leaves her at 0.
    refused(classic, RULING, type="adjust_cash", from_account="Ann", to_account="bank", amount=1501,
            reason="fine")
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1500)
    assert classic.cash("Ann") == 0


def test_adjust_cash_between_one_account_and_itself_is_bad_input(classic: Game) -> None:
    # An adjustment moves money between two accounts; Ann to Ann moves nothing: bad input.
    _bad_input(classic, type="adjust_cash", from_account="Ann", to_account="Ann", amount=10)


def test_adjust_cash_to_an_unknown_account_is_bad_input(classic: Game) -> None:
    # Nobody called Zed plays and Zed is not the Bank: bad input.
    _bad_input(classic, type="adjust_cash", from_account="bank", to_account="Zed", amount=10)


# Deeds ----------------------------------------------------------------------------------------


def test_adjust_deed_sets_the_owner_and_the_mortgage_flag(classic: Game) -> None:
    # RULES.md Table officials: a deed's owner and mortgage flag. Boardwalk (39) to Ann,
    # mortgaged; then to Bob unmortgaged; then back to the Bank. No money moves (all 1500).
    give(classic, "Ann", 39, mortgaged=True)
    assert classic.state is not None
    assert (classic.state.deeds[39].owner, classic.state.deeds[39].mortgaged) == ("Ann", True)
    give(classic, "Bob", 39)
    assert (classic.state.deeds[39].owner, classic.state.deeds[39].mortgaged) == ("Bob", False)
    give(classic, None, 39)
    assert classic.state.deeds[39].owner is None
    assert [p.cash for p in classic.state.players] == [1500, 1500, 1500]
    replays(classic)


def test_a_deed_with_the_bank_is_never_mortgaged(classic: Game) -> None:
    # RULES.md Table officials: the Bank holds deeds unmortgaged.
    refused(classic, RULING, type="adjust_deed", space=39, owner=None, mortgaged=True, reason="x")


def test_adjust_deed_on_a_space_that_is_no_deed_is_bad_input(classic: Game) -> None:
    # Space 7 is Chance, not a deed.
    _bad_input(classic, type="adjust_deed", space=7, owner="Ann")


# Buildings ------------------------------------------------------------------------------------


def test_adjust_buildings_takes_houses_from_the_banks_stock_and_returns_them(classic: Game) -> None:
    # RULES.md Table officials: buildings come from and go to the Bank's stock (32 houses, 12
    # hotels). 3 houses on Oriental: 32 − 3 = 29; a hotel instead: the 3 come back (32), hotels
    # 12 − 1 = 11; nothing: hotels back to 12.
    give(classic, "Ann", 6)
    classic.judge(type="adjust_buildings", space=6, houses=3)
    assert classic.state is not None
    assert (classic.state.deeds[6].houses, classic.state.bank_houses) == (3, 29)
    classic.judge(type="adjust_buildings", space=6, houses=0, hotel=True)
    assert classic.state.deeds[6].hotel
    assert (classic.state.bank_houses, classic.state.bank_hotels) == (32, 11)
    classic.judge(type="adjust_buildings", space=6, houses=0)
    assert (classic.state.deeds[6].steps, classic.state.bank_houses, classic.state.bank_hotels) == (0, 32, 12)
    replays(classic)


def test_more_houses_than_the_bank_holds_are_refused(classic: Game) -> None:
    # RULES.md Table officials: buildings never appear from nowhere. 8 streets × 4 houses = 32, the
    # whole stock; one more house on St. James Place (16) is refused.
    streets = (1, 3, 6, 8, 9, 11, 13, 14)
    give(classic, "Ann", *streets, 16)
    for space in streets:
        classic.judge(type="adjust_buildings", space=space, houses=4)
    assert classic.state is not None
    assert classic.state.bank_houses == 0
    refused(classic, RULING, type="adjust_buildings", space=16, houses=1, reason="x")
    replays(classic)


def test_more_hotels_than_the_bank_holds_are_refused(classic: Game) -> None:
    # RULES.md Table officials: 12 hotels on 12 streets empty the stock (12 − 12 = 0); a 13th on
    # Boardwalk (39) is refused.
    streets = (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21)
    give(classic, "Ann", *streets, 39)
    for space in streets:
        classic.judge(type="adjust_buildings", space=space, houses=0, hotel=True)
    assert classic.state is not None
    assert classic.state.bank_hotels == 0
    refused(classic, RULING, type="adjust_buildings", space=39, houses=0, hotel=True, reason="x")


def test_buildings_on_a_mortgaged_deed_are_refused(classic: Game) -> None:
    # CL Mortgage properties: no building on a mortgaged street; Oriental is mortgaged.
    give(classic, "Ann", 6, mortgaged=True)
    refused(classic, RULING, type="adjust_buildings", space=6, houses=1, reason="x")


def test_buildings_on_a_deed_with_the_bank_are_refused(classic: Game) -> None:
    # RULES.md Table officials: buildings stand on an owned street; Oriental is the Bank's.
    refused(classic, RULING, type="adjust_buildings", space=6, houses=1, reason="x")


def test_buildings_on_a_railway_are_refused(classic: Game) -> None:
    # RULES.md Board and deeds: only streets carry buildings; Reading Railroad (5) is Ann's.
    give(classic, "Ann", 5)
    refused(classic, RULING, type="adjust_buildings", space=5, houses=1, reason="x")


def test_houses_and_a_hotel_together_are_bad_input(classic: Game) -> None:
    # RULES.md Building: a hotel is the 5th step, so a street holds houses or a hotel, not both.
    give(classic, "Ann", 6)
    _bad_input(classic, type="adjust_buildings", space=6, houses=2, hotel=True)


def test_a_deed_carrying_buildings_cannot_go_to_the_bank_or_be_mortgaged(classic: Game) -> None:
    # RULES.md Table officials: remove the buildings first. Oriental with 2 houses can neither go to
    # the Bank nor be mortgaged; it may pass to Bob with its 2 houses (stock stays 32 − 2 = 30).
    give(classic, "Ann", 6)
    classic.judge(type="adjust_buildings", space=6, houses=2)
    refused(classic, RULING, type="adjust_deed", space=6, owner=None, reason="x")
    refused(classic, RULING, type="adjust_deed", space=6, owner="Ann", mortgaged=True, reason="x")
    give(classic, "Bob", 6)
    assert classic.state is not None
    assert (classic.state.deeds[6].owner, classic.state.deeds[6].houses) == ("Bob", 2)
    assert classic.state.bank_houses == 30
    replays(classic)


# Tokens, Jail, cards, turns -------------------------------------------------------------------


def test_adjust_token_moves_the_token_with_no_salary_and_nothing_due(classic: Game) -> None:
    # RULES.md Table officials: a token's space. Ann to 39, then "round" to 5: no salary (1500);
    # then onto Go To Jail (30): no landing, so she is not sent to Jail.
    put(classic, "Ann", 39)
    put(classic, "Ann", 5)
    assert (classic.position("Ann"), classic.cash("Ann")) == (5, 1500)
    put(classic, "Ann", 30)
    assert classic.state is not None
    assert classic.position("Ann") == 30
    assert not classic.state.player("Ann").in_jail
    assert classic.state.phase == "roll"
    replays(classic)


def test_adjust_jail_sends_to_jail_with_turns_served_and_frees(classic: Game) -> None:
    # RULES.md Table officials: Jail status and turns served. Ann from 25 to Jail (10) with 2
    # served; freed, she stays on 10 (Just Visiting) with 0 served.
    put(classic, "Ann", 25)
    classic.judge(type="adjust_jail", player="Ann", in_jail=True, turns_served=2)
    assert classic.state is not None
    ann = classic.state.player("Ann")
    assert (ann.in_jail, ann.jail_turns, ann.position) == (True, 2, 10)
    classic.judge(type="adjust_jail", player="Ann", in_jail=False)
    ann = classic.state.player("Ann")
    assert (ann.in_jail, ann.jail_turns, ann.position) == (False, 0, 10)
    replays(classic)


def test_adjust_jail_with_three_turns_served_is_bad_input_at_parse(classic: Game) -> None:
    # RULES.md Jail: out within three turns; a third turn served would already have freed the
    # player, so 0–2 are the only counts.
    with pytest.raises(ValidationError):
        COMMAND_ADAPTER.validate_python({"type": "adjust_jail", "player": "Ann", "in_jail": True,
                                         "turns_served": 3, "reason": "x"})


def test_adjust_card_hands_a_jail_card_to_a_player_and_back_to_its_deck(classic: Game) -> None:
    # RULES.md Table officials: cards held. cc_goojf to Bob, then from Bob to Cy, then to the deck.
    classic.judge(type="adjust_card", card="cc_goojf", holder="Bob")
    assert classic.state is not None
    assert classic.state.jail_cards == {"cc_goojf": "Bob"}
    classic.judge(type="adjust_card", card="cc_goojf", holder="Cy")
    assert classic.state.jail_cards == {"cc_goojf": "Cy"}
    classic.judge(type="adjust_card", card="cc_goojf", holder=None)
    assert classic.state.jail_cards == {}
    replays(classic)


def test_adjust_card_is_only_for_get_out_of_jail_free_cards(classic: Game) -> None:
    # CL Chance or Community Chest: only Get Out of Jail Free cards are kept; the 200 card is not.
    refused(classic, RULING, type="adjust_card", card="cc_200", holder="Ann", reason="x")


def test_adjust_card_with_an_unknown_card_is_bad_input(classic: Game) -> None:
    # The classic decks hold no card "ch_unknown".
    _bad_input(classic, type="adjust_card", card="ch_unknown", holder="Ann")


def test_adjust_turn_makes_it_that_players_turn_before_their_roll(classic: Game) -> None:
    # RULES.md Table officials: whose turn it is. Ann 1 + 2 is offered Baltic; the judge gives the
    # turn to Cy: the offer is gone, Ann may not roll, Cy throws 4 + 6 = 10 to Just Visiting.
    roll(classic, "Ann", 1, 2)
    classic.judge(type="adjust_turn", player="Cy")
    assert classic.state is not None
    assert (classic.state.current, classic.state.phase, classic.state.offer) == ("Cy", "roll", None)
    refused(classic, "CL On your turn", type="roll", player="Ann", dice=[1, 2])
    roll(classic, "Cy", 4, 6)
    assert classic.position("Cy") == 10
    assert classic.state.current == "Ann"
    replays(classic)


@pytest.mark.parametrize("reason", ["", "   ", "\t"])
def test_an_adjustment_with_a_blank_reason_is_refused_at_parse(classic: Game, reason: str) -> None:
    # RULES.md Table officials: every correction is a new ledger entry with a reason.
    command = {"type": "adjust_cash", "from_account": "bank", "to_account": "Ann", "amount": 10,
               "reason": reason}
    with pytest.raises(ValidationError):
        COMMAND_ADAPTER.validate_python(command)
    with pytest.raises(ValidationError):
        classic.do(**command)
    assert classic.cash("Ann") == 1500
    assert len(classic.log) == 1


def test_an_adjustment_without_a_reason_is_refused_at_parse() -> None:
    # RULES.md Table officials: no reason, no entry.
    with pytest.raises(ValidationError):
        COMMAND_ADAPTER.validate_python({"type": "adjust_token", "player": "Ann", "space": 5})
