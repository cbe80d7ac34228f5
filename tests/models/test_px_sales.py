"""PX sales by Bank auction (7.1): offers to sell or to buy, the minimum, the 10% commission."""

from __future__ import annotations

import pytest

from models.errors import RuleViolation
from models.events import (
    AuctionOpened,
    BidPlaced,
    DebtIncurred,
    DebtPaid,
    DeedSold,
    ProposalAnswered,
    PurchaseProposed,
    SaleAborted,
    SaleDecisionRequired,
    SaleOffered,
)
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses, steps
from tests.models.support import give, put, refused, replays, roll


@pytest.fixture
def game() -> Game:
    """A PX table, Ann to throw first; every deed with the Bank, everyone on GO with 1500."""
    return new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))


def _owner(game: Game, space: int) -> str | None:
    assert game.state is not None
    return game.state.deeds[space].owner


def _refused_quietly(game: Game, **command: object) -> RuleViolation:
    """The command is refused (whatever the clause) and neither state nor log moves."""
    assert game.state is not None
    before, logged = game.state.model_dump(), len(game.log)
    with pytest.raises(RuleViolation) as info:
        game.do(**command)
    assert game.state.model_dump() == before
    assert len(game.log) == logged
    return info.value


# When an offer may be made ---------------------------------------------------------------------


def test_a_sale_is_offered_on_ones_own_turn_and_before_the_throw(game: Game) -> None:
    # PX 7.1.1 / 5.3: "during his/her turn but before he/she throws the dice". Bob on Ann's turn:
    # refused; Ann after her throw (4 + 6 from GO to Just Visiting, 10; play passes to Bob) neither.
    give(game, "Ann", 21)
    give(game, "Bob", 23)
    refused(game, "PX 7.1.4", type="offer_sale", player="Bob", space=23, minimum=200)
    roll(game, "Ann", 4, 6)
    assert game.state is not None
    assert game.state.current == "Bob"
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=21, minimum=200)


def test_an_offer_after_a_double_is_too_late_for_the_turn(game: Game) -> None:
    # PX 7.1.1: before throwing. Ann throws 2 + 2 (GO to 4, Income Tax 200: 1500 - 200 = 1300)
    # and throws again; an offer now comes after a throw and is refused.
    give(game, "Ann", 21)
    roll(game, "Ann", 2, 2)
    assert game.cash("Ann") == 1300
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=21, minimum=200)


def test_only_one_offer_to_sell_or_to_buy_a_turn(game: Game) -> None:
    # PX 7.1.4: one offer a turn. Ann offers Bidadari (21, minimum 300); nobody bids, the sale
    # is aborted (no commission, Ann keeps 1500 and the deed). A second sale offer, or an
    # offer to buy Bob's Balestier/Toa Payoh (23), is refused this turn.
    give(game, "Ann", 21, 24)
    give(game, "Bob", 23)
    game.do(type="offer_sale", player="Ann", space=21, minimum=300)
    assert game.do(type="close_auction") == [SaleAborted(seller="Ann", space=21)]
    assert (game.cash("Ann"), _owner(game, 21)) == (1500, "Ann")
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=24, minimum=300)
    refused(game, "PX 7.1.4", type="offer_purchase", player="Ann", space=23, price=250)
    replays(game)


def test_a_mortgaged_deed_cannot_be_offered_and_the_refusal_leaves_the_turns_offer_unused(
        game: Game) -> None:
    # PX 7.2.3: "The owner of the mortgaged Title Deed cannot put up the mortgaged Title Deed
    # for sale": refused, citing PX 7.2.3 and naming the deed.
    # RULES.md: a refused offer does not use up the turn's one offer: Ann then offers Bidadari.
    give(game, "Ann", 21)
    give(game, "Ann", 23, mortgaged=True)
    error = refused(game, "PX 7.2.3", type="offer_sale", player="Ann", space=23, minimum=100)
    assert error.message == "Balestier/Toa Payoh is mortgaged and cannot be offered for sale"
    events = game.do(type="offer_sale", player="Ann", space=21, minimum=300)
    assert events[0] == SaleOffered(seller="Ann", space=21, minimum=300)


def test_a_deed_not_ones_own_cannot_be_offered(game: Game) -> None:
    # PX 7.1.1: one sells one's own Title Deeds; Bidadari (21) is Bob's, 24 the Bank's.
    give(game, "Bob", 21)
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=21, minimum=100)
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=24, minimum=100)


def test_a_player_in_jail_makes_no_offer(game: Game) -> None:
    # PX 6.6.3: in Jail a player may not take part in selling or buying via auction.
    give(game, "Ann", 21)
    give(game, "Bob", 23)
    game.judge(type="adjust_jail", player="Ann", in_jail=True)
    refused(game, "PX 6.6.3", type="offer_sale", player="Ann", space=21, minimum=100)
    refused(game, "PX 6.6.3", type="offer_purchase", player="Ann", space=23, price=250)


# The auction: who bids, the minimum, the commission -------------------------------------------------


def test_the_seller_and_players_in_jail_cannot_bid(game: Game) -> None:
    # PX 7.1.2 / 6.6.3: the Bank auctions the seller's deed to the others; Dee is in Jail.
    # The auction opens at the least bid 10 and excludes Ann and Dee; both bids are refused and
    # change nothing.
    give(game, "Ann", 21)
    game.judge(type="adjust_jail", player="Dee", in_jail=True)
    events = game.do(type="offer_sale", player="Ann", space=21, minimum=300)
    assert events[1] == AuctionOpened(space=21, kind="sale", opening_bid=10, excluded=["Ann", "Dee"],
                                      resume="roll", seller="Ann", minimum=300)
    _refused_quietly(game, type="bid", player="Ann", amount=300)
    _refused_quietly(game, type="bid", player="Dee", amount=300)


def test_other_players_bid_at_a_sale_and_the_highest_at_the_minimum_buys(game: Game) -> None:
    # PX 7.1.2-7.1.3: Ann offers Bidadari (21) at a minimum of 400; Bob 300, Cy 455 (bids rise
    # by 10 or more; Cy's 305 is refused). 455 >= 400: Cy buys. Commission 10% of 455 = 45.5,
    # rounded up 46 (RULES.md). Cy 1500 - 455 = 1045; Ann 1500 + 455 - 46 = 1909 (nets 409).
    give(game, "Ann", 21)
    game.do(type="offer_sale", player="Ann", space=21, minimum=400)
    game.do(type="bid", player="Bob", amount=300)
    refused(game, "PX 7.1.2", type="bid", player="Cy", amount=305)
    game.do(type="bid", player="Cy", amount=455)
    events = game.do(type="close_auction")
    assert events == [DeedSold(buyer="Cy", seller="Ann", space=21, amount=455, commission=46)]
    assert (game.cash("Cy"), game.cash("Ann")) == (1045, 1909)
    assert _owner(game, 21) == "Cy"
    replays(game)


def test_a_bid_from_jail_at_a_sale_is_refused_citing_px_6_6_3(game: Game) -> None:
    # PX 6.6.3: Dee, in Jail, may not take part in buying via auction; the refusal should say so.
    give(game, "Ann", 21)
    game.judge(type="adjust_jail", player="Dee", in_jail=True)
    game.do(type="offer_sale", player="Ann", space=21, minimum=300)
    refused(game, "PX 6.6.3", type="bid", player="Dee", amount=300)


def test_the_sellers_own_bid_is_not_refused_as_a_winner_who_could_not_pay(game: Game) -> None:
    # PX 7.1.2: the Bank sells the seller's deed to the other players; Ann's own bid is refused,
    # but not for having failed to pay a winning bid (PX 9.2), which she never did.
    give(game, "Ann", 21)
    game.do(type="offer_sale", player="Ann", space=21, minimum=300)
    error = _refused_quietly(game, type="bid", player="Ann", amount=300)
    assert error.clause != "PX 9.2"
    assert "could not pay" not in error.message


def test_a_sale_for_455_pays_the_bank_46_commission_and_the_seller_nets_409(game: Game) -> None:
    # PX 7.1.1-7.1.3: Ann offers to buy Bob's Bidadari (21) for 455; Bob puts it up at a minimum
    # of 400; Ann's 455 stands as the highest bid and 455 >= 400: sold to Ann. Commission 10%
    # of 455 = 45.5, rounded up 46 (RULES.md): Bob 1500 + 455 - 46 = 1909 (nets 409);
    # Ann 1500 - 455 = 1045; the Bank + 46.
    give(game, "Bob", 21)
    game.do(type="offer_purchase", player="Ann", space=21, price=455)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=400)
    events = game.do(type="close_auction")
    assert events == [DeedSold(buyer="Ann", seller="Bob", space=21, amount=455, commission=46)]
    assert [t.amount for t in events[0].transfers()] == [455, 46]
    assert (game.cash("Ann"), game.cash("Bob")) == (1045, 1909)
    assert _owner(game, 21) == "Ann"
    # Play resumes with Ann's throw.
    assert game.state is not None
    assert (game.state.phase, game.state.current) == ("roll", "Ann")
    replays(game)


def test_a_bid_equal_to_the_minimum_sells(game: Game) -> None:
    # PX 7.1.2: "bid equal to or more than the minimum". Ann's 250 for Bob's Bidadari (21),
    # minimum 250: sold; commission 25: Bob 1500 + 250 - 25 = 1725; Ann 1250.
    give(game, "Bob", 21)
    game.do(type="offer_purchase", player="Ann", space=21, price=250)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=250)
    assert game.do(type="close_auction") == [
        DeedSold(buyer="Ann", seller="Bob", space=21, amount=250, commission=25)]
    assert (game.cash("Bob"), game.cash("Ann")) == (1725, 1250)


def test_below_the_minimum_the_seller_may_still_sell_paying_the_commission(game: Game) -> None:
    # PX 7.1.2: Ann's 300 for Bob's Bidadari (21) is below his minimum 500: the seller decides,
    # and only he may (Ann's decision refused); play waits (Ann's throw refused). He sells:
    # commission 30: Bob 1500 + 300 - 30 = 1770, Ann 1200.
    give(game, "Bob", 21)
    game.do(type="offer_purchase", player="Ann", space=21, price=300)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=500)
    assert game.do(type="close_auction") == [
        SaleDecisionRequired(seller="Bob", space=21, buyer="Ann", amount=300)]
    refused(game, "PX 7.1.4", type="decide_sale", player="Ann", sell=True)
    refused(game, "PX 5.2", type="roll", player="Ann", dice=[1, 2])
    assert game.do(type="decide_sale", player="Bob", sell=True) == [
        DeedSold(buyer="Ann", seller="Bob", space=21, amount=300, commission=30)]
    assert (game.cash("Bob"), game.cash("Ann")) == (1770, 1200)
    assert _owner(game, 21) == "Ann"
    replays(game)


def test_below_the_minimum_the_seller_may_abort_and_nothing_moves(game: Game) -> None:
    # PX 7.1.2 / RULES.md: an aborted sale pays no commission: Ann and Bob keep 1500, Bob keeps
    # Bidadari; then Ann throws as usual (1 + 2 from GO to 3).
    give(game, "Bob", 21)
    game.do(type="offer_purchase", player="Ann", space=21, price=300)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=500)
    game.do(type="close_auction")
    assert game.do(type="decide_sale", player="Bob", sell=False) == [SaleAborted(seller="Bob", space=21)]
    assert (game.cash("Ann"), game.cash("Bob"), _owner(game, 21)) == (1500, 1500, "Bob")
    roll(game, "Ann", 1, 2)
    assert game.position("Ann") == 3
    replays(game)


def test_buildings_go_with_the_deed(game: Game) -> None:
    # PX 7.1.1 "together with the houses or hotel": Bob's Bidadari (21) with 2 houses sold to
    # Ann for 600, commission 60: Bob 1500 + 600 - 60 = 2040, Ann 900; the 2 houses are Ann's.
    houses(game, "Bob", {21: 2})
    game.do(type="offer_purchase", player="Ann", space=21, price=600)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=600)
    game.do(type="close_auction")
    assert (game.cash("Bob"), game.cash("Ann")) == (2040, 900)
    assert _owner(game, 21) == "Ann"
    assert steps(game, 21) == [2]


def test_a_winner_who_cannot_pay_is_struck_out_and_the_sale_is_held_again(game: Game) -> None:
    # RULES.md (all profiles): Ann offered 600 for Bob's Bidadari (21) with 500 left
    # (1500 - 1000): struck out, the sale opens again without her (and Bob); nobody bids: the
    # sale is aborted, no commission, nothing moves.
    give(game, "Bob", 21)
    drain(game, "Ann", 500)
    game.do(type="offer_purchase", player="Ann", space=21, price=600)
    game.do(type="answer_proposal", player="Bob", accept=True, minimum=300)
    events = game.do(type="close_auction")
    assert game.types(events) == ["auction_winner_struck_out", "auction_opened"]
    assert isinstance(events[1], AuctionOpened)
    assert events[1].excluded == ["Bob", "Ann"]
    assert game.do(type="close_auction") == [SaleAborted(seller="Bob", space=21)]
    assert (game.cash("Ann"), game.cash("Bob"), _owner(game, 21)) == (500, 1500, "Bob")


# Offers to buy ----------------------------------------------------------------------------------


def test_an_offer_to_buy_accepted_with_a_minimum_stands_as_the_opening_bid(game: Game) -> None:
    # PX 7.1.1: Ann offers to buy Bob's Bidadari (21) for 250; only Bob answers (Cy refused).
    # Bob accepts with a minimum of 250: the Bank auctions it with Ann's 250 as the first bid;
    # nobody bids more: sold to Ann. Commission 25 from Bob: Bob 1500 + 250 - 25 = 1725;
    # Ann 1500 - 250 = 1250.
    give(game, "Bob", 21)
    assert game.do(type="offer_purchase", player="Ann", space=21, price=250) == [
        PurchaseProposed(buyer="Ann", space=21, price=250)]
    refused(game, "PX 7.1.4", type="answer_proposal", player="Cy", accept=True, minimum=250)
    events = game.do(type="answer_proposal", player="Bob", accept=True, minimum=250)
    assert events == [
        ProposalAnswered(owner="Bob", accepted=True),
        SaleOffered(seller="Bob", space=21, minimum=250),
        AuctionOpened(space=21, kind="sale", opening_bid=10, excluded=["Bob"], resume="roll",
                      seller="Bob", minimum=250),
        BidPlaced(player="Ann", amount=250),
    ]
    assert game.do(type="close_auction") == [
        DeedSold(buyer="Ann", seller="Bob", space=21, amount=250, commission=25)]
    assert (game.cash("Ann"), game.cash("Bob"), game.cash("Cy")) == (1250, 1725, 1500)
    assert _owner(game, 21) == "Ann"
    replays(game)


def test_an_offer_to_buy_refused_by_the_owner_still_uses_up_the_turns_offer(game: Game) -> None:
    # PX 7.1.4: one offer to sell OR to buy a turn. Bob refuses Ann's offer for Bidadari (21);
    # nothing moves, and Ann's offer to sell her Balestier/Toa Payoh (23) is then refused.
    give(game, "Bob", 21)
    give(game, "Ann", 23)
    game.do(type="offer_purchase", player="Ann", space=21, price=250)
    assert game.do(type="answer_proposal", player="Bob", accept=False) == [
        ProposalAnswered(owner="Bob", accepted=False)]
    assert (game.cash("Ann"), game.cash("Bob"), _owner(game, 21)) == (1500, 1500, "Bob")
    refused(game, "PX 7.1.4", type="offer_sale", player="Ann", space=23, minimum=200)
    roll(game, "Ann", 1, 2)


def test_an_offer_to_buy_needs_another_players_unmortgaged_deed(game: Game) -> None:
    # PX 7.1.1 / 7.2.3: not one's own (21), not the Bank's (24), not a mortgaged one (23).
    give(game, "Ann", 21)
    give(game, "Bob", 23, mortgaged=True)
    refused(game, "PX 7.1.4", type="offer_purchase", player="Ann", space=21, price=250)
    refused(game, "PX 7.1.4", type="offer_purchase", player="Ann", space=24, price=250)
    refused(game, "PX 7.2.3", type="offer_purchase", player="Ann", space=23, price=250)


def test_direct_trades_between_players_are_refused(game: Game) -> None:
    # PX 7.1 / RULES.md: deeds change hands only by a Bank auction; a deal of Bidadari (21) for
    # 300 cash is refused.
    give(game, "Ann", 21)
    refused(game, "PX 7.1", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [21]}, second_gives={"cash": 300})


# Selling to raise money --------------------------------------------------------------------------


def _bob_owes_ann_300_on_cys_turn(game: Game) -> None:
    """Ann owns Ang Mo Kio/Bishan (24) with 2 houses (rent 300); Bob has 100, Balestier/Toa
    Payoh (23) unbuilt and Bidadari (21) with a house. Ann 4 + 6 (GO to Just Visiting); Bob
    2 + 4 (18 to 24): claim 1 for 300; play passes to Cy. Ann collects; Bob, with 100 < 300,
    owes it as a debt (PX 7.3.1)."""
    houses(game, "Ann", {24: 2})
    give(game, "Bob", 23)
    houses(game, "Bob", {21: 1})
    drain(game, "Bob", 100)
    put(game, "Bob", 18)
    roll(game, "Ann", 4, 6)
    roll(game, "Bob", 2, 4)
    events = game.do(type="collect_rent", claim=1)
    assert events == [DebtIncurred(debtor="Bob", creditor="Ann", amount=300,
                                   reason="rent on Ang Mo Kio/Bishan", claim=1)]


def test_a_player_in_debt_may_put_a_deed_up_for_auction_outside_their_turn(game: Game) -> None:
    # PX 7.3.1c: auction off deeds (after the houses on them are sold) to raise the money.
    _bob_owes_ann_300_on_cys_turn(game)
    # Play waits on the debt: Cy's throw is refused (PX 7.3.1).
    refused(game, "PX 7.3.1", type="roll", player="Cy", dice=[1, 2])
    # A built deed is not auctioned to raise money before its house is sold (PX 7.3.1c).
    refused(game, "PX 7.3.1", type="offer_sale", player="Bob", space=21, minimum=200)
    # On Cy's turn Bob puts 23 up (minimum 200); Bob, the seller, may not bid on it (PX 7.1.4).
    events = game.do(type="offer_sale", player="Bob", space=23, minimum=200)
    assert events == [
        SaleOffered(seller="Bob", space=23, minimum=200, to_raise_money=True),
        AuctionOpened(space=23, kind="sale", opening_bid=10, excluded=["Bob"], resume="roll",
                      seller="Bob", minimum=200),
    ]
    refused(game, "PX 7.1.4", type="bid", player="Bob", amount=200)
    # Nobody bids: aborted, and Bob may try again (a debtor's sale is outside the one offer).
    game.do(type="close_auction")
    game.do(type="offer_sale", player="Bob", space=23, minimum=100)
    replays(game)


def test_a_player_in_debt_may_auction_a_deed_outside_their_turn_to_raise_the_money(
        game: Game) -> None:
    # PX 7.3.1c: on Cy's turn Bob auctions 23 (minimum 200); Cy bids 230: sold, commission 23:
    # Bob 100 + 230 - 23 = 307; Cy 1500 - 230 = 1270. Bob pays the 300: Bob 7, Ann 1800.
    _bob_owes_ann_300_on_cys_turn(game)
    game.do(type="offer_sale", player="Bob", space=23, minimum=200)
    game.do(type="bid", player="Cy", amount=230)
    assert game.do(type="close_auction") == [
        DeedSold(buyer="Cy", seller="Bob", space=23, amount=230, commission=23)]
    assert game.cash("Bob") == 307
    assert game.do(type="pay_debt", player="Bob") == [DebtPaid(payer="Bob", payee="Ann", amount=300)]
    assert (game.cash("Bob"), game.cash("Ann"), game.cash("Cy")) == (7, 1800, 1270)
    roll(game, "Cy", 1, 2)
