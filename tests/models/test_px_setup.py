"""PX setting up: the table, the deal, the auctions of the deeds retained, the pre-build, the start."""

from __future__ import annotations

import pytest

from app.editions import rulebook
from models.events import (
    AuctionOpened,
    AuctionUnsold,
    AuctionWon,
    DeedsDealt,
    HousesPrebuilt,
    PlayStarted,
    StepChange,
)
from tests.models.conftest import Game
from tests.models.estate import stock
from tests.models.support import refused, replays, roll

PX = "propnex-championship"
FOUR = ("Ann", "Bob", "Cy", "Dee")
FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")
ALL_DEEDS = [1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29, 31,
             32, 34, 35, 37, 39]

# A recorded deal at four: Ann holds a street of each zone (1 Industrial B1, 11 OCR, 21 RCR,
# 31 CCR) and a railway and a utility; Bob two streets (3, 13) and four other deeds; Cy six
# streets; Dee six streets. Left over: 23 (220), 34 (320), 37 (350), 39 (400).
HANDS = {
    "Ann": [1, 5, 11, 12, 21, 31],
    "Bob": [3, 13, 15, 25, 28, 35],
    "Cy": [6, 8, 9, 14, 16, 18],
    "Dee": [19, 24, 26, 27, 29, 32],
}
# A deal where Cy holds a single street, Ang Mo Kio/Bishan (24, RCR), and five other deeds.
ONE_STREET = {
    "Ann": [1, 3, 6, 8, 9, 11],
    "Bob": [13, 14, 16, 18, 19, 21],
    "Cy": [5, 12, 15, 24, 25, 35],
    "Dee": [23, 26, 27, 28, 29, 31],
}


def _seated(players: tuple[str, ...] = FOUR) -> Game:
    """A PX table in the deal phase; the first name wins the roll-off (12 against 3)."""
    game = Game(table=rulebook.table(PX))
    throws = {name: [1, 2] for name in players}
    throws[players[0]] = [6, 6]
    game.do(type="new_game", profile=PX, players=list(players), roll_off=[throws])
    return game


def _dealt(hands: dict[str, list[int]] = HANDS) -> Game:
    """The recorded deal, then the four retained deeds' auctions closed with nobody bidding."""
    game = _seated()
    game.do(type="deal_deeds", hands=hands)
    while game.state is not None and game.state.phase == "auction":
        game.do(type="close_auction")
    return game


def _owners(game: Game) -> dict[int, str | None]:
    assert game.state is not None
    return {space: deed.owner for space, deed in game.state.deeds.items()}


# The table ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [FOUR, FIVE])
def test_a_propnex_table_of_four_or_five_opens_in_the_deal_phase(players: tuple[str, ...]) -> None:
    # PX 3.1: 4 to 5 players a table; PX 3.2: 1500 each; PX 3.4: the deeds are dealt first.
    game = _seated(players)
    assert game.state is not None
    assert game.state.phase == "deal"
    assert {p.cash for p in game.state.players} == {1500}
    assert all(owner is None for owner in _owners(game).values())


@pytest.mark.parametrize("count", [3, 6])
def test_a_propnex_table_of_three_or_six_is_refused(count: int) -> None:
    # PX 3.1: "each table should host 4 to 5 Players": 3 and 6 are refused, no game is opened.
    game = Game(table=rulebook.table(PX))
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:count]
    throws = {name: [1, 2] for name in players}
    throws["Ann"] = [6, 6]
    refused(game, "PX 3.1", type="new_game", profile=PX, players=players, roll_off=[throws])
    assert game.state is None


# The deal -------------------------------------------------------------------------------------


def test_a_recorded_deal_gives_four_players_six_deeds_each_and_auctions_the_four_left_cheapest_first(
) -> None:
    # PX 3.4: 28 deeds, 6 each to 4 players = 24, 4 retained. PX 3.5: lowest value first:
    # 23 (220), 34 (320), 37 (350), 39 (400); the first opens at its board price 220.
    game = _seated()
    events = game.do(type="deal_deeds", hands=HANDS)
    assert events == [
        DeedsDealt(hands=HANDS, retained=[23, 34, 37, 39]),
        AuctionOpened(space=23, opening_bid=220, excluded=[], queue=[34, 37, 39], resume="prebuild"),
    ]
    owners = _owners(game)
    for name, hand in HANDS.items():
        assert [space for space, owner in sorted(owners.items()) if owner == name] == hand
    assert [space for space, owner in sorted(owners.items()) if owner is None] == [23, 34, 37, 39]
    replays(game)


def test_five_players_are_dealt_five_deeds_each_and_three_are_retained() -> None:
    # PX 3.4: 5 each to 5 players = 25, 3 retained: 37 (350), 34 (320), 39 (400) are left and
    # go under the hammer in the order 34, 37, 39.
    game = _seated(FIVE)
    hands = {"Ann": [1, 3, 5, 6, 8], "Bob": [9, 11, 12, 13, 14], "Cy": [15, 16, 18, 19, 21],
             "Dee": [23, 24, 25, 26, 27], "Eve": [28, 29, 31, 32, 35]}
    events = game.do(type="deal_deeds", hands=hands)
    assert events[0] == DeedsDealt(hands=hands, retained=[34, 37, 39])
    assert events[1] == AuctionOpened(space=34, opening_bid=320, excluded=[], queue=[37, 39],
                                      resume="prebuild")


def test_retained_deeds_of_the_same_price_go_in_board_order() -> None:
    # PX 3.5 + RULES.md (board order breaks ties): left over 6 (100), 8 (100), 1 (60), 3 (60):
    # 1 and 3 at 60 first, in board order, then 6 and 8 at 100.
    game = _seated()
    hands = {"Ann": [5, 9, 11, 12, 13, 14], "Bob": [15, 16, 18, 19, 21, 23],
             "Cy": [24, 25, 26, 27, 28, 29], "Dee": [31, 32, 34, 35, 37, 39]}
    events = game.do(type="deal_deeds", hands=hands)
    assert events[0] == DeedsDealt(hands=hands, retained=[1, 3, 6, 8])
    assert events[1] == AuctionOpened(space=1, opening_bid=60, excluded=[], queue=[3, 6, 8],
                                      resume="prebuild")


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    # PX 3.4: 6 deeds each at four. Ann given 7 (Bob's 3 added) and Bob 5: refused.
    game = _seated()
    hands = {**HANDS, "Ann": [*HANDS["Ann"], 3], "Bob": [13, 15, 25, 28, 35]}
    refused(game, "PX 3.4", type="deal_deeds", hands=hands)
    # Every hand of 5 at a four-player table (the five-player count) is refused as well.
    refused(game, "PX 3.4", type="deal_deeds", hands={n: h[:5] for n, h in HANDS.items()})


def test_a_deed_dealt_twice_is_refused() -> None:
    # PX 3.4: each deed is dealt once. Dee's 32 swapped for Ann's 31: 31 in two hands.
    game = _seated()
    refused(game, "PX 3.4", type="deal_deeds", hands={**HANDS, "Dee": [19, 24, 26, 27, 29, 31]})


def test_a_deal_missing_a_player_is_refused() -> None:
    # PX 3.4: every player is dealt a hand; Dee's is missing.
    game = _seated()
    refused(game, "PX 3.4", type="deal_deeds", hands={n: h for n, h in HANDS.items() if n != "Dee"})


def test_the_deeds_are_dealt_only_once() -> None:
    # PX 3.4: a second deal, once the first's auctions are over, is refused.
    game = _dealt()
    refused(game, "PX 3.4", type="deal_deeds", hands=HANDS)


def test_a_seeded_deal_is_the_same_for_the_same_seed_and_accounts_for_every_deed() -> None:
    # PX 3.4 + docs (deal by a recorded seed): the same seed deals the same hands at another
    # table; 4 hands of 6 and the 4 retained are the 28 deeds, each once.
    first, second = _seated(), _seated()
    dealt = first.do(type="deal_deeds", seed=20261121)[0]
    again = second.do(type="deal_deeds", seed=20261121)[0]
    assert isinstance(dealt, DeedsDealt)
    assert dealt == again
    assert dealt.seed == 20261121
    assert sorted(dealt.hands) == sorted(FOUR)
    assert {len(hand) for hand in dealt.hands.values()} == {6}
    assert len(dealt.retained) == 4
    every = [space for hand in dealt.hands.values() for space in hand] + dealt.retained
    assert sorted(every) == ALL_DEEDS
    # Retained cheapest first (PX 3.5).
    prices = [first.table.board.deed(space).price for space in dealt.retained]
    assert prices == sorted(prices)
    replays(first)


def test_a_seeded_deal_at_five_deals_five_each_and_keeps_three() -> None:
    # PX 3.4: 5 × 5 = 25 dealt, 3 retained, 28 in all.
    game = _seated(FIVE)
    dealt = game.do(type="deal_deeds", seed=5)[0]
    assert isinstance(dealt, DeedsDealt)
    assert {len(hand) for hand in dealt.hands.values()} == {5}
    assert sorted([s for h in dealt.hands.values() for s in h] + dealt.retained) == ALL_DEEDS
    assert len(dealt.retained) == 3


# The auctions of the deeds retained --------------------------------------------------------------


def test_a_retained_deed_opens_at_the_board_price_and_raises_are_at_least_ten() -> None:
    # PX 3.5: Bidadari's sibling Balestier/Toa Payoh (23) opens at its board price 220; a bid of
    # 210 is refused (PX 3.5). Bob 220; Cy's 225 (a raise of 5) is refused citing the profile's
    # auction raise (PX 3.5); Cy 230 (+10) stands. Cy pays 230: 1500 - 230 = 1270.
    game = _seated()
    game.do(type="deal_deeds", hands=HANDS)
    refused(game, "PX 3.5", type="bid", player="Bob", amount=210)
    game.do(type="bid", player="Bob", amount=220)
    refused(game, "PX 3.5", type="bid", player="Cy", amount=225)
    game.do(type="bid", player="Cy", amount=230)
    events = game.do(type="close_auction")
    # The next retained deed, Holland/Bukit Timah (34), opens at 320.
    assert events == [
        AuctionWon(payer="Cy", payee="bank", amount=230, space=23),
        AuctionOpened(space=34, opening_bid=320, excluded=[], queue=[37, 39], resume="prebuild"),
    ]
    assert game.cash("Cy") == 1270
    assert _owners(game)[23] == "Cy"
    replays(game)


def test_a_retained_deed_nobody_bids_for_stays_with_the_bank_and_then_the_prebuild_opens() -> None:
    # PX 9.2 / RULES.md: nobody bidding leaves the deed with the Bank. 23 and 34 unsold; Dee
    # buys Marina Bay Financial Centre (37) at its price 350 (1500 - 350 = 1150); 39 unsold.
    game = _seated()
    game.do(type="deal_deeds", hands=HANDS)
    assert game.do(type="close_auction")[0] == AuctionUnsold(space=23)
    assert game.do(type="close_auction")[0] == AuctionUnsold(space=34)
    game.do(type="bid", player="Dee", amount=350)
    game.do(type="close_auction")
    assert game.do(type="close_auction") == [AuctionUnsold(space=39)]
    owners = _owners(game)
    assert (owners[23], owners[34], owners[37], owners[39]) == (None, None, "Dee", None)
    assert game.cash("Dee") == 1150
    assert game.state is not None
    assert game.state.phase == "prebuild"
    replays(game)


# The pre-build ---------------------------------------------------------------------------------


def test_one_house_each_on_an_industrial_an_ocr_and_a_ccr_plot_costs_350() -> None:
    # PX 3.7 / 6.2.9: Ann has four streets, so one house on each of three: Street 1 (brown, 1,
    # Industrial B1) 50 + Street 1 (pink, 11, OCR) 100 + River Valley (31, CCR) 200 = 350.
    # Ann 1500 - 350 = 1150; the Bank's houses 32 - 3 = 29.
    game = _dealt()
    events = game.do(type="prebuild", player="Ann", houses={1: 1, 11: 1, 31: 1})
    assert events == [HousesPrebuilt(player="Ann", amount=350, changes=[
        StepChange(space=1, before=0, after=1), StepChange(space=11, before=0, after=1),
        StepChange(space=31, before=0, after=1)])]
    assert game.cash("Ann") == 1150
    assert stock(game) == (29, 12)
    replays(game)


def test_three_streets_or_more_take_the_three_houses_on_three_different_plots() -> None:
    # PX 3.7 / RULES.md: with 3 or more streets, one house each on 3 separate plots. Ann (four
    # streets) asking 2 on Bidadari (21) and 1 on River Valley (31) is refused; so is 3 on one.
    game = _dealt()
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={21: 2, 31: 1})
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={21: 3})


def test_two_streets_take_one_each_and_the_third_on_either() -> None:
    # PX 3.7: Bob holds two streets, Street 2 (brown, 3, Industrial) and Street 2 (pink, 13, OCR).
    # 3 on 13 and none on 3 is refused; 2 on 13 + 1 on 3 is allowed:
    # 13: 1st 100 + 2nd 120 (+20% ABSD) = 220; 3: 1st 50. Total 270: Bob 1500 - 270 = 1230.
    game = _dealt()
    refused(game, "PX 3.7", type="prebuild", player="Bob", houses={13: 3})
    events = game.do(type="prebuild", player="Bob", houses={3: 1, 13: 2})
    assert events == [HousesPrebuilt(player="Bob", amount=270, changes=[
        StepChange(space=3, before=0, after=1), StepChange(space=13, before=0, after=2)])]
    assert game.cash("Bob") == 1230
    replays(game)


def test_a_single_street_takes_all_three_houses_at_525_on_an_rcr_plot() -> None:
    # PX 3.7: Cy's only street is Ang Mo Kio/Bishan (24, RCR): all 3 houses on it,
    # 150 + 180 (+20%) + 195 (+30%) = 525 (PX 6.2.9). Cy 1500 - 525 = 975; the Bank 32 - 3 = 29.
    game = _dealt(ONE_STREET)
    events = game.do(type="prebuild", player="Cy", houses={24: 3})
    assert events == [HousesPrebuilt(player="Cy", amount=525,
                                     changes=[StepChange(space=24, before=0, after=3)])]
    assert game.cash("Cy") == 975
    assert stock(game) == (29, 12)
    assert game.state is not None
    assert game.state.deeds[24].houses == 3
    replays(game)


def test_no_house_is_prebuilt_on_a_railway_or_a_utility() -> None:
    # PX 3.6: no house on PropNex Group of Services (railway 5) or a Utility (12), both Ann's.
    game = _dealt()
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={5: 1})
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={1: 1, 12: 1})


def test_more_than_three_houses_or_another_players_street_are_refused() -> None:
    # PX 3.6: 3 houses at most: one on each of Ann's four streets (4) is refused. Cy's Street 1
    # (light blue, 6) is not Ann's.
    game = _dealt()
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={1: 1, 11: 1, 21: 1, 31: 1})
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={6: 1})


def test_fewer_houses_may_be_prebuilt_and_the_rest_stay_with_the_bank_for_nothing() -> None:
    # PX 3.8: a house not built stays with the Bank and nothing is paid for it. Dee builds one
    # house on Street 3 (orange, 19, OCR) for 100: 1500 - 100 = 1400; the Bank 32 - 1 = 31.
    game = _dealt()
    game.do(type="prebuild", player="Dee", houses={19: 1})
    assert game.cash("Dee") == 1400
    assert stock(game) == (31, 12)


def test_a_player_prebuilds_only_once() -> None:
    # PX 6.2.1 "one-time opportunity": after Ann's house on Street 1 (brown) a second pre-build
    # is refused, even of the houses she left unbuilt.
    game = _dealt()
    game.do(type="prebuild", player="Ann", houses={1: 1})
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={11: 1})


def test_the_prebuild_waits_for_the_auctions_of_the_deeds_retained() -> None:
    # PX 5.1: deal, then the auctions, then the pre-build; while 23 is under the hammer Ann may
    # not pre-build, and play may not start.
    game = _seated()
    game.do(type="deal_deeds", hands=HANDS)
    refused(game, "PX 3.7", type="prebuild", player="Ann", houses={1: 1})
    refused(game, "PX 3.7", type="start_play")


# The start -------------------------------------------------------------------------------------


def test_nothing_but_setting_up_is_accepted_before_play_starts() -> None:
    # PX 5.1: play starts only once the Banker has dealt, auctioned and pre-built. Before the
    # deal and before start_play a roll (or a purchase, or a sale offer) is refused citing PX 3.4.
    game = _seated()
    refused(game, "PX 3.4", type="roll", player="Ann", dice=[3, 4])
    game.do(type="deal_deeds", hands=HANDS)
    refused(game, "PX 3.4", type="roll", player="Ann", dice=[3, 4])
    while game.state is not None and game.state.phase == "auction":
        game.do(type="close_auction")
    refused(game, "PX 3.4", type="roll", player="Ann", dice=[3, 4])
    refused(game, "PX 3.4", type="buy", player="Ann")
    refused(game, "PX 3.4", type="offer_sale", player="Ann", space=1, minimum=60)


def test_after_start_play_the_first_player_rolls_and_no_more_prebuilding() -> None:
    # PX 5.2: the roll-off winner (Ann) throws first: 3 + 4 = 7 from GO to Chance (7). Pre-build
    # after the start is refused (PX 3.7).
    game = _dealt()
    game.do(type="prebuild", player="Ann", houses={1: 1})
    assert game.do(type="start_play") == [PlayStarted()]
    assert game.state is not None
    assert (game.state.phase, game.state.current) == ("roll", "Ann")
    refused(game, "PX 3.7", type="prebuild", player="Bob", houses={3: 1})
    refused(game, "PX 3.7", type="start_play")
    refused(game, "PX 5.2", type="roll", player="Bob", dice=[3, 4])
    roll(game, "Ann", 3, 4)
    assert game.position("Ann") == 7
    replays(game)
