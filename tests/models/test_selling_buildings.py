"""Selling buildings back to the Bank: half price, evenly; a hotel comes down or (SG) goes outright."""

from __future__ import annotations

import pytest

from models.events import BuildingsSold, StepChange
from tests.models.conftest import Game, new_game
from tests.models.estate import houses, steps, stock
from tests.models.support import give, refused, replays, roll

SELL = {"classic": "CL Sell buildings", "sg-championship": "SG Selling Houses"}


@pytest.fixture(params=["classic", "sg-championship"])
def game(request: pytest.FixtureRequest) -> Game:
    """Ann, Bob and Cy at a CL table, then at an SG one."""
    return new_game(request.param, ("Ann", "Bob", "Cy"))


def _light_blue_at_two(game: Game) -> None:
    """Ann builds 2 houses on each light-blue street: 6 x 50 = 300, 1500 - 300 = 1200."""
    give(game, "Ann", 6, 8, 9)
    game.do(type="build", player="Ann", add={6: 2, 8: 2, 9: 2})
    assert game.cash("Ann") == 1200


def _brown_hotels(game: Game) -> None:
    """Ann builds brown up to a hotel on each: 10 steps x 50 = 500, 1500 - 500 = 1000."""
    give(game, "Ann", 1, 3)
    game.do(type="build", player="Ann", add={1: 5, 3: 5})
    assert game.cash("Ann") == 1000


def test_houses_sell_back_at_half_the_house_cost(game: Game) -> None:
    # CL Sell buildings / SG Selling Property: half the listed price. Light blue house cost 50:
    # one off each street, 3 x 25 = 75: 1200 + 75 = 1275; the Bank 26 + 3 = 29 houses.
    _light_blue_at_two(game)
    events = game.do(type="sell_buildings", player="Ann", remove={6: 1, 8: 1, 9: 1})
    assert events == [BuildingsSold(payer="bank", payee="Ann", amount=75, changes=[
        StepChange(space=6, before=2, after=1), StepChange(space=8, before=2, after=1),
        StepChange(space=9, before=2, after=1)])]
    assert (game.cash("Ann"), stock(game)) == (1275, (29, 12))
    replays(game)


def test_an_uneven_sale_is_refused_citing_the_selling_clause(game: Game) -> None:
    # CL Sell buildings ("Houses must be sold evenly in the same way that they were bought") /
    # SG Selling Houses ("You must sell houses evenly"). Two off Oriental would leave 0, 2, 2
    # (most - least = 2): refused, nothing paid (Ann still 1200).
    _light_blue_at_two(game)
    refused(game, SELL[game.table.profile.id], type="sell_buildings", player="Ann", remove={6: 2})
    # One off Oriental alone (1, 2, 2) is even: 25, 1200 + 25 = 1225.
    game.do(type="sell_buildings", player="Ann", remove={6: 1})
    assert game.cash("Ann") == 1225
    replays(game)


def test_selling_more_than_stands_is_refused(game: Game) -> None:
    # CL Sell buildings / SG Selling Houses: Oriental holds 2 houses; 3 cannot be taken off.
    _light_blue_at_two(game)
    refused(game, SELL[game.table.profile.id], type="sell_buildings", player="Ann",
            remove={6: 3, 8: 2, 9: 2})


def test_a_classic_hotel_comes_down_to_four_houses_for_half_the_hotel_cost(classic: Game) -> None:
    # CL Sell buildings: "Hotels are sold for half the listed price and immediately exchanged for
    # 4 houses." Mediterranean's hotel (hotel cost 50) -> 25: 1000 + 25 = 1025. The Bank gives 4
    # houses (32 - 4 = 28) and takes the hotel back (10 + 1 = 11).
    _brown_hotels(classic)
    events = classic.do(type="sell_buildings", player="Ann", remove={1: 1})
    assert events == [BuildingsSold(payer="bank", payee="Ann", amount=25,
                                    changes=[StepChange(space=1, before=5, after=4)])]
    assert steps(classic, 1, 3) == [4, 5]
    assert (classic.cash("Ann"), stock(classic)) == (1025, (28, 11))
    replays(classic)


def test_a_classic_hotel_cannot_come_down_while_the_bank_lacks_four_houses(classic: Game) -> None:
    # CL Sell buildings: the hotel is exchanged for 4 houses, so the Bank must have 4. Bob holds
    # green and red at 4 (24 houses) and light blue at 2, 2, 1 (5): the Bank 32 - 29 = 3 houses.
    _brown_hotels(classic)
    houses(classic, "Bob", {31: 4, 32: 4, 34: 4, 21: 4, 23: 4, 24: 4, 6: 2, 8: 2, 9: 1})
    assert stock(classic) == (3, 10)
    refused(classic, "CL Sell buildings", type="sell_buildings", player="Ann", remove={1: 1})
    # Taking the hotel right off (5 steps each) also passes through 4 houses: refused as well.
    refused(classic, "CL Sell buildings", type="sell_buildings", player="Ann", remove={1: 5, 3: 5})
    # Once Bob sells one house (Oriental, half of 50 = 25: 1500 + 25 = 1525), the Bank has 4.
    classic.do(type="sell_buildings", player="Bob", remove={6: 1})
    assert classic.cash("Bob") == 1525
    classic.do(type="sell_buildings", player="Ann", remove={1: 1})
    assert (classic.cash("Ann"), stock(classic)) == (1025, (0, 11))
    replays(classic)


def test_selling_a_classic_hotel_to_the_ground_pays_half_the_hotel_and_half_four_houses(
        classic: Game) -> None:
    # CL Sell buildings: each hotel -> 4 houses (half of 50 = 25), then the 4 houses (4 x 25 =
    # 100): 125 a street, 250 for both: 1000 + 250 = 1250. The 8 houses lent come straight back:
    # the Bank 32 houses, 10 + 2 = 12 hotels.
    _brown_hotels(classic)
    events = classic.do(type="sell_buildings", player="Ann", remove={1: 5, 3: 5})
    assert events[0].amount == 250  # type: ignore[union-attr]
    assert steps(classic, 1, 3) == [0, 0]
    assert (classic.cash("Ann"), stock(classic)) == (1250, (32, 12))
    replays(classic)


def test_sg_sells_a_hotel_outright_even_when_the_bank_has_no_houses(sg: Game) -> None:
    # SG Selling Hotels: "half the price of the hotel plus half the price of the four houses".
    # Brown hotels (500 paid: 1000 left); Bob's green, red at 4 and light blue at 3, 3, 2 take
    # the Bank's 32 houses (12 + 12 + 8).
    _brown_hotels(sg)
    houses(sg, "Bob", {31: 4, 32: 4, 34: 4, 21: 4, 23: 4, 24: 4, 6: 3, 8: 3, 9: 2})
    assert stock(sg) == (0, 10)
    # Breaking a hotel down to 4 houses needs the Bank's houses: refused.
    refused(sg, "SG Selling Houses", type="sell_buildings", player="Ann", remove={1: 1})
    # Outright: per street 50 / 2 + 4 x 50 / 2 = 25 + 100 = 125; both 250: 1000 + 250 = 1250.
    # No house moves (the Bank still 0); the hotels come back (10 + 2 = 12).
    events = sg.do(type="sell_buildings", player="Ann", remove={1: 5, 3: 5})
    assert events == [BuildingsSold(payer="bank", payee="Ann", amount=250, changes=[
        StepChange(space=1, before=5, after=0), StepChange(space=3, before=5, after=0)])]
    assert (sg.cash("Ann"), stock(sg)) == (1250, (0, 12))
    replays(sg)


def test_sg_may_still_break_a_hotel_down_to_four_houses(sg: Game) -> None:
    # SG Selling Hotels: "sell a hotel for half its cost and receive four houses in exchange":
    # 25 for Street 1 (brown)'s hotel: 1000 + 25 = 1025; the Bank 32 - 4 = 28 houses, 11 hotels.
    _brown_hotels(sg)
    sg.do(type="sell_buildings", player="Ann", remove={1: 1})
    assert steps(sg, 1, 3) == [4, 5]
    assert (sg.cash("Ann"), stock(sg)) == (1025, (28, 11))
    replays(sg)


def test_buildings_may_be_sold_while_a_card_is_to_be_drawn(game: Game) -> None:
    # CL Help! I'm in debt! / SG Running Out Of Money: raising money is allowed at any moment.
    # Ann throws 3 + 4 to Chance (7): the card waits. Ann sells one light-blue house each
    # (3 x 25 = 75: 1200 + 75 = 1275), and so may Bob, whose turn it is not: brown at 1, 1
    # (judge), one off each, 2 x 25 = 50: 1500 + 50 = 1550.
    _light_blue_at_two(game)
    houses(game, "Bob", {1: 1, 3: 1})
    roll(game, "Ann", 3, 4)
    assert game.state is not None
    assert game.state.phase == "card"
    game.do(type="sell_buildings", player="Ann", remove={6: 1, 8: 1, 9: 1})
    game.do(type="sell_buildings", player="Bob", remove={1: 1, 3: 1})
    assert (game.cash("Ann"), game.cash("Bob")) == (1275, 1550)
    assert game.state.phase == "card"
    # The card still follows: "Advance to GO" (ch_advance_go) pays 200: 1275 + 200 = 1475.
    game.do(type="draw_card", card="ch_advance_go")
    assert game.cash("Ann") == 1475
    replays(game)
