"""Jail: the ways out (fine, card, double, third failed roll), Just Visiting, and rent while inside."""

from __future__ import annotations

import pytest

from models.events import (
    DebtIncurred,
    JailCardKept,
    JailCardReturned,
    JailFinePaid,
    JailTurnServed,
    LeftJail,
    RentClaimOpened,
)
from tests.models.conftest import Game, new_game
from tests.models.support import give, refused, replays, roll


def _jail(game: Game, name: str = "Ann", served: int = 0) -> None:
    """Judge: put `name` in Jail (space 10) with `served` turns already served there."""
    game.judge(type="adjust_jail", player=name, in_jail=True, turns_served=served)


def _px() -> Game:
    return new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))


# The fine -------------------------------------------------------------------------------------


def test_paying_the_fine_before_rolling_frees_the_player_who_then_moves_normally(classic: Game) -> None:
    # CL How do I get out of Jail?: pay 50 before rolling: 1500 − 50 = 1450; then 1 + 2 = 3 from
    # 10 to States Avenue (13), offered at 140.
    _jail(classic)
    events = classic.do(type="pay_jail_fine", player="Ann")
    assert events == [JailFinePaid(payer="Ann", payee="bank", amount=50), LeftJail(player="Ann", how="fine")]
    assert classic.cash("Ann") == 1450
    assert classic.state is not None
    assert not classic.state.player("Ann").in_jail
    assert classic.state.phase == "roll"
    roll(classic, "Ann", 1, 2)
    assert classic.position("Ann") == 13
    assert classic.state.phase == "buy"
    replays(classic)


def test_the_fine_is_refused_for_a_player_not_in_jail(classic: Game) -> None:
    # CL Go to Jail: Ann is on GO, not in Jail; there is nothing to pay her way out of.
    refused(classic, "CL Go to Jail", type="pay_jail_fine", player="Ann")


def test_the_fine_is_refused_for_a_player_with_less_than_50(classic: Game) -> None:
    # CL How do I get out of Jail?: Ann has 49 (1500 − 1451) < 50; she must roll instead.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1451)
    _jail(classic)
    refused(classic, "CL How do I get out of Jail?", type="pay_jail_fine", player="Ann")


def test_the_fine_is_refused_out_of_turn(classic: Game) -> None:
    # CL On your turn: Bob is in Jail but it is Ann's turn; he pays before his own roll.
    _jail(classic, "Bob")
    refused(classic, "CL On your turn", type="pay_jail_fine", player="Bob")


def test_the_fine_is_refused_after_the_player_has_thrown(classic: Game) -> None:
    # CL How do I get out of Jail?: the fine is paid before rolling; Ann's first failed throw
    # (1 + 2) ended her turn, so paying now is out of turn for her.
    _jail(classic)
    roll(classic, "Ann", 1, 2)
    refused(classic, "CL On your turn", type="pay_jail_fine", player="Ann")


# The Get Out of Jail Free card ----------------------------------------------------------------


def test_a_get_out_of_jail_free_card_frees_the_player_and_goes_back_to_its_deck(classic: Game) -> None:
    # CL How do I get out of Jail?: Ann uses ch_goojf, no money moves (1500); the card is back in
    # the Chance deck, so after 6 + 6 = 12 from 10 to Chance (22) it can be drawn (and kept) again.
    classic.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    _jail(classic)
    events = classic.do(type="use_jail_card", player="Ann")
    assert events == [JailCardReturned(player="Ann", card="ch_goojf"), LeftJail(player="Ann", how="card")]
    assert classic.cash("Ann") == 1500
    assert classic.state is not None
    assert classic.state.jail_cards == {}
    roll(classic, "Ann", 6, 6)
    assert classic.position("Ann") == 22
    events = classic.do(type="draw_card", card="ch_goojf")
    assert JailCardKept(player="Ann", card="ch_goojf") in events
    assert classic.state.jail_cards == {"ch_goojf": "Ann"}
    replays(classic)


def test_using_a_card_without_holding_one_is_refused(classic: Game) -> None:
    # CL How do I get out of Jail?: Ann holds no Get Out of Jail Free card (Bob holds cc_goojf).
    classic.judge(type="adjust_card", card="cc_goojf", holder="Bob")
    _jail(classic)
    refused(classic, "CL How do I get out of Jail?", type="use_jail_card", player="Ann")


def test_using_a_card_when_not_in_jail_is_refused(classic: Game) -> None:
    # CL Go to Jail: Ann holds ch_goojf but is on GO, not in Jail.
    classic.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    refused(classic, "CL Go to Jail", type="use_jail_card", player="Ann")


# Doubles in Jail ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["classic", "sg-championship"])
def test_a_double_in_jail_moves_by_that_roll_and_ends_the_turn(profile: str) -> None:
    # RULES.md Decisions: CL and SG move by the double out of Jail and roll no more that turn.
    # Ann throws 2 + 2 = 4 from 10 to 14 (her own, nothing due); no fine (1500); Bob plays.
    game = new_game(profile, ("Ann", "Bob", "Cy"))
    give(game, "Ann", 14)
    _jail(game)
    events = roll(game, "Ann", 2, 2)
    assert LeftJail(player="Ann", how="double", rolls_again=False) in events
    assert game.types(events)[-1] == "turn_passed"
    assert game.position("Ann") == 14
    assert game.cash("Ann") == 1500
    assert game.state is not None
    assert not game.state.player("Ann").in_jail
    assert game.state.current == "Bob"
    replays(game)


def test_sg_a_second_roll_after_a_double_out_of_jail_is_refused_by_getting_out_of_jail() -> None:
    # SG Getting out of Jail: "Rolling a double. (You do not roll again after rolling a double
    # to get out of Jail)." Ann throws 3 + 3 = 6 from 10 to 16 (unowned, offered): a second
    # throw by her is refused by that clause, not by the turn's (How to Play 2) nor the
    # doubles' (How to Play 6); after she buys it (180: 1500 - 180 = 1320) the turn passes to
    # Bob, and it is refused the same way until Bob throws.
    game = new_game("sg-championship", ("Ann", "Bob", "Cy"))
    _jail(game)
    events = roll(game, "Ann", 3, 3)
    assert LeftJail(player="Ann", how="double", rolls_again=False) in events
    error = refused(game, "SG Getting out of Jail", type="roll", player="Ann", dice=[2, 5])
    assert "Ann left Jail with a double and does not roll again" in error.message
    game.do(type="buy", player="Ann")
    assert game.cash("Ann") == 1320
    assert game.state is not None and game.state.current == "Bob"
    error = refused(game, "SG Getting out of Jail", type="roll", player="Ann", dice=[2, 5])
    assert error.message.endswith("; it is Bob's turn")
    roll(game, "Bob", 1, 2)
    # Bob has thrown: Ann's roll is now simply out of turn (How to Play 2).
    refused(game, "SG How to Play 2", type="roll", player="Ann", dice=[2, 5])
    replays(game)


def test_a_propnex_double_out_of_jail_moves_and_throws_again() -> None:
    # PX 6.6.5c: move by the double and throw again. Ann 2 + 2 = 4 from 10 to 14 (her own), then
    # it is still her turn: another throw 1 + 2 = 3 takes her to 17, Community Chest.
    game = _px()
    give(game, "Ann", 14)
    _jail(game)
    events = roll(game, "Ann", 2, 2)
    assert LeftJail(player="Ann", how="double", rolls_again=True) in events
    assert game.types(events)[-1] == "roll_again"
    assert game.state is not None
    assert game.state.current == "Ann"
    assert game.state.phase == "roll"
    roll(game, "Ann", 1, 2)
    assert game.position("Ann") == 17
    replays(game)


# Failed rolls ---------------------------------------------------------------------------------


def test_the_first_two_failed_rolls_keep_the_player_in_jail_and_the_third_pays_and_moves(
        classic: Game) -> None:
    # RULES.md Jail: out by a double within three turns; after the third failed roll pay 50 and move
    # by that roll. Ann fails with 1 + 2 twice (turns served 1, 2; still on 10, 1500); the third
    # 1 + 2 pays 50 (1450) and moves 10 + 3 = 13, States Avenue.
    _jail(classic)
    for served in (1, 2):
        events = roll(classic, "Ann", 1, 2)
        assert JailTurnServed(player="Ann", turns_served=served) in events
        assert classic.types(events)[-1] == "turn_passed"
        assert classic.position("Ann") == 10
        assert classic.cash("Ann") == 1500
        roll(classic, "Bob", 4, 6)
        roll(classic, "Cy", 4, 6)
    events = roll(classic, "Ann", 1, 2)
    assert JailFinePaid(payer="Ann", payee="bank", amount=50) in events
    assert LeftJail(player="Ann", how="third_roll") in events
    assert classic.cash("Ann") == 1450
    assert classic.position("Ann") == 13
    assert classic.state is not None
    assert not classic.state.player("Ann").in_jail
    replays(classic)


def test_a_third_failed_roll_with_less_than_50_still_moves_and_leaves_the_fine_owed(
        classic: Game) -> None:
    # CL Help! I'm in debt!: Ann has 20 (1500 − 1480) < 50 at her third failed roll 1 + 2: a debt
    # of 50 to the Bank, and she still moves 10 + 3 = 13, cash still 20.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1480)
    _jail(classic, served=2)
    events = roll(classic, "Ann", 1, 2)
    assert DebtIncurred(debtor="Ann", creditor="bank", amount=50, reason="jail fine") in events
    assert classic.position("Ann") == 13
    assert classic.cash("Ann") == 20
    replays(classic)


def test_a_failed_roll_in_jail_leaves_the_token_on_the_jail_space(classic: Game) -> None:
    # RULES.md Jail: a failed roll in Jail moves nothing; 5 + 6 would have been 21 but Ann stays
    # on 10, with 1 turn served, and Bob plays.
    _jail(classic)
    roll(classic, "Ann", 5, 6)
    assert classic.position("Ann") == 10
    assert classic.state is not None
    assert classic.state.player("Ann").jail_turns == 1
    assert classic.state.current == "Bob"


def test_landing_on_jail_by_dice_is_just_visiting(classic: Game) -> None:
    # RULES.md Jail: landing on Jail by a roll is Just Visiting. Ann 4 + 6 = 10: not in Jail,
    # and next turn she throws 3 + 4 = 7 from 10 to 17 like anyone else.
    roll(classic, "Ann", 4, 6)
    assert classic.position("Ann") == 10
    assert classic.state is not None
    assert not classic.state.player("Ann").in_jail
    roll(classic, "Bob", 4, 6)
    roll(classic, "Cy", 4, 6)
    roll(classic, "Ann", 3, 4)
    assert classic.position("Ann") == 17
    replays(classic)


# Rent while in Jail ---------------------------------------------------------------------------


def test_a_propnex_owner_in_jail_is_owed_no_rent() -> None:
    # PX 6.6.3: no rent to an owner in Jail. Bob is in Jail; Ann 2 + 4 lands on his Street 1
    # (light blue): no claim, both keep 1500.
    game = _px()
    give(game, "Bob", 6)
    _jail(game, "Bob")
    events = roll(game, "Ann", 2, 4)
    assert not any(isinstance(e, RentClaimOpened) for e in events)
    assert game.state is not None
    assert game.state.claims == []
    assert (game.cash("Ann"), game.cash("Bob")) == (1500, 1500)
    replays(game)


def test_a_propnex_owner_jailed_after_the_landing_cannot_collect() -> None:
    # PX 6.6.3: claim 1 (6 on Street 1, light blue) opened while Bob was free; the judge then puts
    # him in Jail, and his claim is refused.
    game = _px()
    give(game, "Bob", 6)
    roll(game, "Ann", 2, 4)
    _jail(game, "Bob")
    refused(game, "PX 6.6.3", type="collect_rent", claim=1)


def test_a_classic_owner_in_jail_still_collects_rent(classic: Game) -> None:
    # RULES.md CL in Jail: may collect rent. Bob in Jail, Ann 2 + 4 on his Oriental Avenue: base
    # 6; he collects: Ann 1494, Bob 1506.
    give(classic, "Bob", 6)
    _jail(classic, "Bob")
    events = roll(classic, "Ann", 2, 4)
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [6]
    classic.do(type="collect_rent", claim=1)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1494, 1506)
    replays(classic)
