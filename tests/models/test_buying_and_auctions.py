"""Buying an unowned deed at the board price, and the Bank's auction when the lander declines."""

from __future__ import annotations

import pytest

from models.events import AuctionOpened, AuctionWinnerStruckOut, AuctionWon
from tests.models.conftest import Game, new_game
from tests.models.support import refused, replays, roll


def _drain(game: Game, name: str, leave: int) -> None:
    """Judge: take a player's cash down to `leave`, into the Bank."""
    game.judge(type="adjust_cash", from_account=name, to_account="bank", amount=game.cash(name) - leave)


def _decline_baltic(game: Game) -> None:
    """Ann throws 1 + 2 = 3 to Baltic Avenue (price 60) and declines it: the auction opens."""
    roll(game, "Ann", 1, 2)
    game.do(type="decline", player="Ann")


# Buying ---------------------------------------------------------------------------------------


def test_buying_pays_the_board_price_to_the_bank_and_hands_over_the_deed(classic: Game) -> None:
    # CL An unowned property: Ann 1+2 → Baltic Avenue (3), price 60: 1500 − 60 = 1440, the deed
    # is Ann's, and play passes to Bob.
    events = roll(classic, "Ann", 1, 2)
    assert classic.types(events) == ["dice_rolled", "token_moved", "purchase_offered"]
    events = classic.do(type="buy", player="Ann")
    assert classic.types(events) == ["deed_bought", "turn_passed"]
    assert classic.cash("Ann") == 1440
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Ann"
    assert classic.state.current == "Bob"
    replays(classic)


def test_a_buyer_may_spend_down_to_exactly_zero(classic: Game) -> None:
    # CL An unowned property: Ann with exactly 60 buys Baltic Avenue (60): 60 − 60 = 0.
    _drain(classic, "Ann", 60)
    roll(classic, "Ann", 1, 2)
    classic.do(type="buy", player="Ann")
    assert classic.cash("Ann") == 0
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Ann"


def test_buying_with_too_little_cash_is_refused_and_the_offer_stays(classic: Game) -> None:
    # CL An unowned property: Ann is left 59 (1500 − 1441), Baltic Avenue costs 60: refused; the
    # offer is still open and she may still decline it.
    _drain(classic, "Ann", 59)
    roll(classic, "Ann", 1, 2)
    refused(classic, "CL An unowned property", type="buy", player="Ann")
    assert classic.state is not None
    assert classic.state.phase == "buy"
    assert classic.state.offer == 3
    classic.do(type="decline", player="Ann")
    assert classic.state.phase == "auction"
    replays(classic)


def test_only_the_player_who_landed_may_buy_or_decline(classic: Game) -> None:
    # CL On your turn: the offer of Baltic Avenue is Ann's; Bob can neither buy nor decline it.
    roll(classic, "Ann", 1, 2)
    refused(classic, "CL On your turn", type="buy", player="Bob")
    refused(classic, "CL On your turn", type="decline", player="Bob")


def test_buying_when_nothing_is_offered_is_refused(classic: Game) -> None:
    # CL An unowned property: Ann has not thrown yet; no deed is on offer.
    refused(classic, "CL An unowned property", type="buy", player="Ann")
    refused(classic, "CL An unowned property", type="decline", player="Ann")


# Auctions -------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["classic", "sg-championship"])
def test_declining_opens_an_auction_at_the_profiles_opening_bid(profile: str) -> None:
    # CL Auction / SG Auctions: opening bid 1 in both (RULES.md Decisions: CL opening bid 1).
    game = new_game(profile, ("Ann", "Bob", "Cy"))
    roll(game, "Ann", 1, 2)
    events = game.do(type="decline", player="Ann")
    assert game.types(events) == ["purchase_declined", "auction_opened"]
    assert events[1] == AuctionOpened(space=3, opening_bid=1, excluded=[])
    assert game.state is not None
    assert game.state.phase == "auction"
    replays(game)


def test_a_propnex_auction_of_an_unowned_deed_opens_at_the_board_price() -> None:
    # PX 3.5: the opening bid is the board price: Street 2 (brown) on 3 costs 60.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    _decline_baltic(game)
    assert game.state is not None
    assert game.state.auction is not None
    assert game.state.auction.opening_bid == 60


def test_a_bid_below_the_opening_bid_is_refused() -> None:
    # PX 3.5: opening at the board price 60; Bob's 50 is below it.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    _decline_baltic(game)
    refused(game, "PX 3.5", type="bid", player="Bob", amount=50)
    game.do(type="bid", player="Bob", amount=60)
    assert game.state is not None
    assert game.state.auction is not None
    assert game.state.auction.high_bid == 60


def test_a_bid_not_above_the_highest_is_refused(classic: Game) -> None:
    # CL Auction: Bob bids 10; Cy's 10 is not above it (least raise 1), nor is 9.
    _decline_baltic(classic)
    classic.do(type="bid", player="Bob", amount=10)
    refused(classic, "CL Auction", type="bid", player="Cy", amount=10)
    refused(classic, "CL Auction", type="bid", player="Cy", amount=9)
    classic.do(type="bid", player="Cy", amount=11)
    assert classic.state is not None
    assert classic.state.auction is not None
    assert (classic.state.auction.high_bidder, classic.state.auction.high_bid) == ("Cy", 11)


def test_a_propnex_bid_must_rise_by_at_least_ten() -> None:
    # RULES.md PX auction: bids rise by 10 or more (PX 3.5). Bob 60; Cy's 69 = 60 + 9 is refused
    # citing PX 3.5, the rule that sets the raise; 70 = 60 + 10 stands.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    _decline_baltic(game)
    game.do(type="bid", player="Bob", amount=60)
    refused(game, "PX 3.5", type="bid", player="Cy", amount=69)
    game.do(type="bid", player="Cy", amount=70)


def test_a_bid_of_nothing_is_refused_when_the_command_is_read(classic: Game) -> None:
    # CL Auction: "start the bidding for as little as $1": a bid of 0 is refused by that rule.
    _decline_baltic(classic)
    assert refused(classic, "CL Auction", type="bid", player="Bob", amount=0).message == \
        "bids start at M1, not M0"


def test_a_bid_when_no_auction_is_open_is_refused(classic: Game) -> None:
    # CL Auction: nothing is being auctioned before Ann throws.
    refused(classic, "CL Auction", type="bid", player="Bob", amount=10)
    refused(classic, "CL Auction", type="close_auction")


def test_closing_with_no_bids_leaves_the_deed_with_the_bank(classic: Game) -> None:
    # RULES.md Decisions: nobody bidding leaves the deed with the Bank; nobody pays (all 1500)
    # and play passes to Bob.
    _decline_baltic(classic)
    events = classic.do(type="close_auction")
    assert classic.types(events) == ["auction_unsold", "turn_passed"]
    assert classic.state is not None
    assert classic.state.deeds[3].owner is None
    assert [p.cash for p in classic.state.players] == [1500, 1500, 1500]
    assert classic.state.current == "Bob"
    replays(classic)


def test_closing_with_bids_sells_to_the_highest_bidder_at_the_bid(classic: Game) -> None:
    # CL Auction: Bob 10, Cy 25; Cy wins and pays 25 to the Bank: 1500 − 25 = 1475; Bob keeps 1500.
    _decline_baltic(classic)
    classic.do(type="bid", player="Bob", amount=10)
    classic.do(type="bid", player="Cy", amount=25)
    events = classic.do(type="close_auction")
    assert events[0] == AuctionWon(payer="Cy", payee="bank", amount=25, space=3)
    assert classic.cash("Cy") == 1475
    assert classic.cash("Bob") == 1500
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Cy"
    assert classic.state.current == "Bob"
    replays(classic)


def test_the_player_who_declined_may_bid_and_win_below_the_board_price(classic: Game) -> None:
    # CL Auction: any player may bid, the decliner too. Ann declines Baltic (60), bids 40 and wins:
    # 1500 − 40 = 1460.
    _decline_baltic(classic)
    classic.do(type="bid", player="Ann", amount=40)
    classic.do(type="close_auction")
    assert classic.cash("Ann") == 1460
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Ann"
    replays(classic)


def test_a_winner_who_cannot_pay_is_struck_out_and_the_auction_is_held_again(classic: Game) -> None:
    # RULES.md Decisions: the winner who cannot pay: the auction is cancelled and held again
    # without them. Cy has 20 (1500 − 1480) and wins at 30 > 20: struck out, nothing paid, a new
    # auction at the opening bid 1 excludes Cy. Bob then wins at 5: 1500 − 5 = 1495.
    _drain(classic, "Cy", 20)
    _decline_baltic(classic)
    classic.do(type="bid", player="Bob", amount=10)
    classic.do(type="bid", player="Cy", amount=30)
    events = classic.do(type="close_auction")
    assert events == [AuctionWinnerStruckOut(player="Cy", space=3, amount=30),
                      AuctionOpened(space=3, opening_bid=1, excluded=["Cy"])]
    assert classic.cash("Cy") == 20
    assert classic.state is not None
    assert classic.state.deeds[3].owner is None
    assert classic.state.auction is not None
    assert classic.state.auction.high_bid is None
    refused(classic, "CL rules (banker's decision)", type="bid", player="Cy", amount=2)
    classic.do(type="bid", player="Bob", amount=5)
    classic.do(type="close_auction")
    assert classic.cash("Bob") == 1495
    assert classic.state.deeds[3].owner == "Bob"
    replays(classic)


def test_an_sg_winner_who_cannot_pay_is_barred_citing_sg_buying_property(sg: Game) -> None:
    # SG Buying Property: auction cancelled and held again without that player. Dee has 10 and
    # wins at 50 > 10; her next bid cites "SG Buying Property".
    _drain(sg, "Dee", 10)
    _decline_baltic(sg)
    sg.do(type="bid", player="Dee", amount=50)
    sg.do(type="close_auction")
    refused(sg, "SG Buying Property", type="bid", player="Dee", amount=5)
    replays(sg)


def test_a_propnex_player_in_jail_may_not_bid() -> None:
    # RULES.md PX in Jail: may not collect rent, buy, sell or join auctions (PX 6.6.3). Bob is in
    # Jail when Ann declines Street 2 (brown); his bid of 60 (the board price) is refused.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    _decline_baltic(game)
    refused(game, "PX 6.6.3", type="bid", player="Bob", amount=60)
    game.do(type="bid", player="Cy", amount=60)
    replays(game)


def test_a_classic_player_in_jail_may_still_bid(classic: Game) -> None:
    # RULES.md CL in Jail: may collect rent, build, trade; Bob in Jail bids 10 and wins Baltic:
    # 1500 − 10 = 1490.
    classic.judge(type="adjust_jail", player="Bob", in_jail=True)
    _decline_baltic(classic)
    classic.do(type="bid", player="Bob", amount=10)
    classic.do(type="close_auction")
    assert classic.cash("Bob") == 1490
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Bob"


# A deed the judge hands out while it is on offer or under the hammer ----------------------------


def test_the_judge_cannot_hand_out_a_deed_while_it_is_on_offer(classic: Game) -> None:
    # CL rules (banker's decision): Ann 1 + 2 is offered Baltic (60). Giving Baltic to Bob now would
    # let Ann buy a deed the Bank no longer holds, so the adjustment is refused until the offer is
    # settled (or the turn handed on); Ann can still buy it for 60 -> 1440.
    roll(classic, "Ann", 1, 2)
    refused(classic, "CL rules (banker's decision)", type="adjust_deed", space=3, owner="Bob",
            reason="ruling")
    classic.do(type="buy", player="Ann")
    assert classic.cash("Ann") == 1440


def test_the_judge_cannot_hand_out_a_deed_under_the_hammer(classic: Game) -> None:
    # CL Auction: the Bank auctions only its own deeds. While Baltic is auctioned (Cy bids 5),
    # handing it to Bob is refused; closing sells it to Cy for 5 -> 1495.
    _decline_baltic(classic)
    classic.do(type="bid", player="Cy", amount=5)
    refused(classic, "CL rules (banker's decision)", type="adjust_deed", space=3, owner="Bob",
            reason="ruling")
    classic.do(type="close_auction")
    assert classic.state is not None
    assert classic.state.deeds[3].owner == "Cy"
    assert classic.cash("Cy") == 1495
