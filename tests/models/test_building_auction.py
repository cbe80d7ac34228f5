"""SG building auctions: a short stock is auctioned one building at a time to players with room."""

from __future__ import annotations

from models.events import AuctionOpened, BuildingAuctionWon, BuildingsBought, StepChange
from tests.models.conftest import Game
from tests.models.estate import houses, steps, stock
from tests.models.support import give, refused, replays

SHORTAGE = "SG Running Out Of Buildings"


def _two_houses_left(sg: Game) -> None:
    """Cy: brown at 4, 4 and light blue at 4, 4, 4 (20 houses, house cost 50, no room). Ann:
    orange at 2, 2, 2 (6 houses, house cost 100). Bob: dark blue at 2, 2 (4 houses, house cost
    200). Dee: nothing. 20 + 6 + 4 = 30 houses out: the Bank has 32 - 30 = 2."""
    houses(sg, "Cy", {1: 4, 3: 4, 6: 4, 8: 4, 9: 4})
    houses(sg, "Ann", {16: 2, 18: 2, 19: 2})
    houses(sg, "Bob", {37: 2, 39: 2})
    assert stock(sg) == (2, 12)


def _bob_wins_a_house_for_250(sg: Game) -> None:
    sg.do(type="auction_building", kind="house")
    sg.do(type="bid", player="Ann", amount=100)
    sg.do(type="bid", player="Bob", amount=250)
    events = sg.do(type="close_auction")
    assert events == [BuildingAuctionWon(payer="Bob", payee="bank", amount=250, kind="house")]


def test_a_house_auction_opens_at_the_lowest_house_price_among_streets_with_room(sg: Game) -> None:
    # SG Running Out Of Buildings: "starting at the lowest price shown on the relevant Title Deed
    # card(s)". With room: Ann's orange (100) and Bob's dark blue (200); Cy's full brown and light
    # blue (50) are not relevant. The bidding opens at 100, not 50.
    _two_houses_left(sg)
    events = sg.do(type="auction_building", kind="house")
    assert events == [AuctionOpened(space=None, kind="house", opening_bid=100, excluded=[],
                                    resume="roll")]
    refused(sg, "SG Running Out Of Buildings", type="bid", player="Ann", amount=99)
    replays(sg)


def test_only_a_player_with_room_for_the_house_may_bid(sg: Game) -> None:
    # SG Running Out Of Buildings, Note: "You can only join in the bidding if you have room for
    # that house". Cy's sets are full, Dee has none: both refused; Ann and Bob may bid.
    _two_houses_left(sg)
    sg.do(type="auction_building", kind="house")
    refused(sg, SHORTAGE, type="bid", player="Cy", amount=300)
    refused(sg, SHORTAGE, type="bid", player="Dee", amount=300)
    sg.do(type="bid", player="Ann", amount=100)
    sg.do(type="bid", player="Bob", amount=250)
    assert sg.state is not None
    assert sg.state.auction is not None
    assert (sg.state.auction.high_bidder, sg.state.auction.high_bid) == ("Bob", 250)


def test_the_winner_pays_the_bid_and_places_that_one_house_for_nothing_more(sg: Game) -> None:
    # SG Running Out Of Buildings: Bob wins at 250: 1500 - 250 = 1250. He must place it now
    # ("You can never buy a house or hotel to use later"): one step on Street 1 (dark blue,
    # 37), 2 -> 3, costing nothing more (still 1250); the Bank 2 - 1 = 1.
    _two_houses_left(sg)
    _bob_wins_a_house_for_250(sg)
    assert sg.cash("Bob") == 1250
    assert sg.state is not None
    assert sg.state.phase == "placement"
    events = sg.do(type="build", player="Bob", add={37: 1})
    assert events == [BuildingsBought(player="Bob", amount=0,
                                      changes=[StepChange(space=37, before=2, after=3)])]
    assert sg.cash("Bob") == 1250
    assert steps(sg, 37, 39) == [3, 2]
    assert stock(sg) == (1, 12)
    # Play resumes where it stood: Ann, before her roll.
    assert (sg.state.phase, sg.state.current) == ("roll", "Ann")
    replays(sg)


def test_nothing_else_happens_before_the_house_won_is_placed(sg: Game) -> None:
    # SG Running Out Of Buildings: Bob must place exactly the one house he won, himself.
    _two_houses_left(sg)
    _bob_wins_a_house_for_250(sg)
    refused(sg, SHORTAGE, type="roll", player="Ann", dice=(1, 2))
    refused(sg, SHORTAGE, type="build", player="Ann", add={16: 1})
    refused(sg, SHORTAGE, type="build", player="Bob", add={37: 1, 39: 1})
    refused(sg, SHORTAGE, type="build", player="Bob", add={37: 2})
    refused(sg, SHORTAGE, type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [16]}, second_gives={"cash": 10})
    refused(sg, SHORTAGE, type="auction_building", kind="house")
    sg.do(type="build", player="Bob", add={39: 1})
    assert sg.cash("Bob") == 1250


def test_the_winner_cannot_mortgage_anything_before_placing_the_house(sg: Game) -> None:
    # docs/commands.md build: "After a building auction, the winner's next command is a build of
    # exactly that one building". Bob also holds MRT Station 1 (5, no buildings); mortgaging it
    # for 100 before placing the house is refused, and so is Ann's selling a house or lifting.
    _two_houses_left(sg)
    give(sg, "Bob", 5)
    give(sg, "Ann", 15, mortgaged=True)
    _bob_wins_a_house_for_250(sg)
    refused(sg, SHORTAGE, type="mortgage", player="Bob", space=5)
    refused(sg, SHORTAGE, type="sell_buildings", player="Ann", remove={16: 1, 18: 1, 19: 1})
    refused(sg, SHORTAGE, type="lift", player="Ann", space=15)
    # Once the house stands on Street 1 (dark blue), the mortgage is taken: 1250 + 100 = 1350.
    sg.do(type="build", player="Bob", add={37: 1})
    sg.do(type="mortgage", player="Bob", space=5)
    assert sg.cash("Bob") == 1350
    replays(sg)


def test_a_house_auction_needs_two_players_with_room(sg: Game) -> None:
    # SG Running Out Of Buildings: an auction when "two or more players wish to buy". Cy's brown
    # at 4, 4 (8) and Bob's dark blue at 4, 4 (8) are full, Dee has no set; only Ann's orange
    # (2, 2, 2: 6) has room. The Bank has 32 - 22 = 10 houses, but no auction.
    houses(sg, "Cy", {1: 4, 3: 4})
    houses(sg, "Ann", {16: 2, 18: 2, 19: 2})
    houses(sg, "Bob", {37: 4, 39: 4})
    assert stock(sg) == (10, 12)
    refused(sg, SHORTAGE, type="auction_building", kind="house")


def test_no_house_auction_when_the_bank_has_no_house(sg: Game) -> None:
    # SG Running Out Of Buildings: "If the banker has no houses left, you must wait". Cy's brown
    # and light blue at 4 (20) and Dee's green at 4 (12): 32 out. Ann (orange) and Bob (dark
    # blue) have room, but there is nothing to auction.
    houses(sg, "Cy", {1: 4, 3: 4, 6: 4, 8: 4, 9: 4})
    houses(sg, "Dee", {31: 4, 32: 4, 34: 4})
    houses(sg, "Ann", {16: 0, 18: 0, 19: 0})
    houses(sg, "Bob", {37: 0, 39: 0})
    assert stock(sg) == (0, 12)
    refused(sg, SHORTAGE, type="auction_building", kind="house")
