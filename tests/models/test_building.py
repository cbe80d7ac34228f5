"""Building on whole colour sets (CL, SG): the set, mortgages, evenness, hotels, the Bank's stock, when."""

from __future__ import annotations

import pytest

from models.events import BuildingsBought, StepChange
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses, steps, stock
from tests.models.support import give, refused, replays, roll

CLAUSES = {
    "classic": {"build": "CL Build", "build_evenly": "CL Build ii", "hotel": "CL Build iv",
                "building_shortage": "CL Build (building shortage)"},
    "sg-championship": {"build": "SG Building Houses", "build_evenly": "SG Building Houses",
                        "hotel": "SG Building Hotels",
                        "building_shortage": "SG Running Out Of Buildings"},
}


@pytest.fixture(params=["classic", "sg-championship"])
def game(request: pytest.FixtureRequest) -> Game:
    """Ann, Bob and Cy at a CL table, then at an SG one (both build on whole colour sets)."""
    return new_game(request.param, ("Ann", "Bob", "Cy"))


def cite(game: Game, rule: str) -> str:
    return CLAUSES[game.table.profile.id][rule]


# Whole colour sets, none of them mortgaged -------------------------------------------------------


def test_houses_are_bought_only_on_a_whole_colour_set(game: Game) -> None:
    # CL Build / SG Building Houses: houses only once you own all the streets of the colour.
    # Ann holds Park Place (37) alone: refused; with Boardwalk (39) Bob's: refused.
    give(game, "Ann", 37)
    refused(game, cite(game, "build"), type="build", player="Ann", add={37: 1})
    give(game, "Bob", 39)
    refused(game, cite(game, "build"), type="build", player="Ann", add={37: 1})
    # Once both are Ann's: Park Place and Boardwalk house cost 200 each -> 2 houses = 400;
    # Ann 1500 - 400 = 1100; the Bank's houses 32 - 2 = 30.
    give(game, "Ann", 39)
    events = game.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert events == [BuildingsBought(player="Ann", amount=400, changes=[
        StepChange(space=37, before=0, after=1), StepChange(space=39, before=0, after=1)])]
    assert game.cash("Ann") == 1100
    assert stock(game) == (30, 12)
    replays(game)


def test_only_the_owner_of_the_set_may_build_on_it(game: Game) -> None:
    # CL Build / SG Building Houses: the dark-blue set is Ann's; Bob cannot build on it.
    give(game, "Ann", 37, 39)
    refused(game, cite(game, "build"), type="build", player="Bob", add={37: 1, 39: 1})


def test_a_railway_takes_no_buildings(game: Game) -> None:
    # CL Build / SG Building Houses: houses go on streets; Reading Railroad (5) is a railway.
    give(game, "Ann", 5, 15, 25, 35)
    refused(game, cite(game, "build"), type="build", player="Ann", add={5: 1})


def test_no_house_goes_on_a_set_with_a_mortgaged_street(game: Game) -> None:
    # CL Build "Important" / SG Building Houses: no building if any street of the set is
    # mortgaged. Ann mortgages Park Place (37) for 175: 1500 + 175 = 1675; a house on Boardwalk
    # (39) is then refused.
    give(game, "Ann", 37, 39)
    game.do(type="mortgage", player="Ann", space=37)
    assert game.cash("Ann") == 1675
    refused(game, cite(game, "build"), type="build", player="Ann", add={39: 1})
    # CL/SG Mortgage: lifting Park Place costs 175 + 10% (17.5, rounded up to 18) = 193:
    # 1675 - 193 = 1482. Then a house on each, 2 x 200 = 400: 1482 - 400 = 1082.
    game.do(type="lift", player="Ann", space=37)
    assert game.cash("Ann") == 1482
    game.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert game.cash("Ann") == 1082
    replays(game)


# Evenness -------------------------------------------------------------------------------------


def test_evenness_is_judged_on_the_counts_after_the_whole_command(game: Game) -> None:
    # CL Build ii / SG Building Houses: build evenly. Light blue (6, 8, 9), house cost 50 each.
    give(game, "Ann", 6, 8, 9)
    # +2 on Oriental alone would leave 2, 0, 0 (most - least = 2): refused.
    refused(game, cite(game, "build_evenly"), type="build", player="Ann", add={6: 2})
    # +1 on each of the three: 1, 1, 1; 3 x 50 = 150: Ann 1500 - 150 = 1350.
    events = game.do(type="build", player="Ann", add={6: 1, 8: 1, 9: 1})
    assert events[0].amount == 150  # type: ignore[union-attr]
    assert game.cash("Ann") == 1350
    # RULES.md Decisions (evenness after the whole command): +2 on Oriental with +1 on each of
    # the others gives 3, 2, 2, even: 4 x 50 = 200: 1350 - 200 = 1150.
    game.do(type="build", player="Ann", add={6: 2, 8: 1, 9: 1})
    assert steps(game, 6, 8, 9) == [3, 2, 2]
    assert game.cash("Ann") == 1150
    # +2 on Vermont now: 3, 4, 2 (most - least = 2): refused.
    refused(game, cite(game, "build_evenly"), type="build", player="Ann", add={8: 2})
    assert stock(game) == (32 - 7, 12)
    replays(game)


# Hotels ---------------------------------------------------------------------------------------


def test_a_hotel_returns_its_four_houses_to_the_bank(game: Game) -> None:
    # CL Build iv / SG Building Hotels: with 4 houses on every street of the set, pay the hotel
    # cost and hand back the 4 houses. Light blue: 12 houses x 50 = 600: 1500 - 600 = 900, the
    # Bank 32 - 12 = 20 houses. The hotel on Oriental (hotel cost 50): 900 - 50 = 850; the Bank
    # gets Oriental's 4 houses back (20 + 4 = 24) and gives a hotel (12 - 1 = 11).
    give(game, "Ann", 6, 8, 9)
    game.do(type="build", player="Ann", add={6: 4, 8: 4, 9: 4})
    assert (game.cash("Ann"), stock(game)) == (900, (20, 12))
    events = game.do(type="build", player="Ann", add={6: 1})
    assert events == [BuildingsBought(player="Ann", amount=50,
                                      changes=[StepChange(space=6, before=4, after=5)])]
    assert (game.cash("Ann"), stock(game)) == (850, (24, 11))
    assert game.state is not None
    assert (game.state.deeds[6].houses, game.state.deeds[6].hotel) == (0, True)
    replays(game)


def test_a_hotel_is_refused_while_another_street_of_the_set_has_fewer_than_four(game: Game) -> None:
    # CL Build iv / SG Building Hotels ("four houses on each street of a complete color set");
    # RULES.md Decisions: a hotel needs 4 houses on every street of the set. Light blue built
    # 4, 4, 3 (11 x 50 = 550: 1500 - 550 = 950); a hotel on Oriental is refused citing the hotel
    # clause (it would also be uneven, 5, 4, 3, but the hotel rule is the one to cite).
    give(game, "Ann", 6, 8, 9)
    game.do(type="build", player="Ann", add={6: 4, 8: 4, 9: 3})
    assert game.cash("Ann") == 950
    refused(game, cite(game, "hotel"), type="build", player="Ann", add={6: 1})
    # The fourth house on Connecticut (50) and then the hotel (50): 950 - 100 = 850.
    game.do(type="build", player="Ann", add={9: 1})
    game.do(type="build", player="Ann", add={6: 1})
    assert game.cash("Ann") == 850
    replays(game)


def test_houses_and_hotels_may_be_bought_in_one_command(game: Game) -> None:
    # CL Build / SG Building Hotels: brown (1, 3), house and hotel cost 50 each. 4 houses and a
    # hotel on both = 10 steps x 50 = 500: 1500 - 500 = 1000. The Bank lends 8 houses and takes
    # them back with the hotels: houses 32, hotels 12 - 2 = 10.
    give(game, "Ann", 1, 3)
    game.do(type="build", player="Ann", add={1: 5, 3: 5})
    assert steps(game, 1, 3) == [5, 5]
    assert (game.cash("Ann"), stock(game)) == (1000, (32, 10))
    replays(game)


def test_a_street_holds_no_more_than_one_hotel(game: Game) -> None:
    # CL Build iv / SG Building Hotels: one hotel per street. Brown both at a hotel (500 paid:
    # 1000 left); one more step on Mediterranean is refused, nothing paid.
    give(game, "Ann", 1, 3)
    game.do(type="build", player="Ann", add={1: 5, 3: 5})
    refused(game, cite(game, "hotel"), type="build", player="Ann", add={1: 1})
    assert game.cash("Ann") == 1000


# The Bank's stock -----------------------------------------------------------------------------


def _no_houses_left(game: Game) -> None:
    """Ann: dark blue at 4 and 4 (8 houses) and brown empty; Bob: green and red at 4 each
    (24 houses). 8 + 24 = 32: the Bank has no house left, and 12 hotels."""
    houses(game, "Ann", {37: 4, 39: 4})
    give(game, "Ann", 1, 3)
    houses(game, "Bob", {31: 4, 32: 4, 34: 4, 21: 4, 23: 4, 24: 4})
    assert stock(game) == (0, 12)


def test_with_no_house_in_the_bank_a_house_is_refused_but_a_hotel_frees_four(game: Game) -> None:
    # CL Build (building shortage) / SG Running Out Of Buildings: no house while the Bank has none.
    _no_houses_left(game)
    refused(game, cite(game, "building_shortage"), type="build", player="Ann", add={1: 1, 3: 1})
    # RULES.md Decisions: a hotel can still be bought when the street qualifies. Boardwalk's hotel
    # costs 200: 1500 - 200 = 1300; its 4 houses go back: the Bank 0 + 4 = 4 houses, 11 hotels.
    game.do(type="build", player="Ann", add={39: 1})
    assert (game.cash("Ann"), stock(game)) == (1300, (4, 11))
    # Those 4 houses may then be bought: 2 on each brown street, 4 x 50 = 200: 1300 - 200 = 1100.
    game.do(type="build", player="Ann", add={1: 2, 3: 2})
    assert (game.cash("Ann"), stock(game)) == (1100, (0, 11))
    refused(game, cite(game, "building_shortage"), type="build", player="Ann", add={1: 1, 3: 1})
    replays(game)


def test_a_hotel_and_the_houses_it_frees_may_be_bought_in_one_command(game: Game) -> None:
    # RULES.md Decisions (shortage): the hotel on Park Place (200) frees 4 houses, which pay for
    # one house on each brown street (2 x 50 = 100): 300 in all, 1500 - 300 = 1200; the Bank
    # 0 + 4 - 2 = 2 houses, 11 hotels.
    _no_houses_left(game)
    game.do(type="build", player="Ann", add={37: 1, 1: 1, 3: 1})
    assert steps(game, 37, 39, 1, 3) == [5, 4, 1, 1]
    assert (game.cash("Ann"), stock(game)) == (1200, (2, 11))
    replays(game)


def test_with_no_hotel_in_the_bank_a_hotel_is_refused(game: Game) -> None:
    # CL Build (building shortage) / SG Running Out Of Buildings: Bob holds all 12 hotels (green,
    # red, yellow, orange: 12 streets); Ann's brown at 4 and 4 cannot take a hotel.
    houses(game, "Bob", dict.fromkeys((16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34), 5))
    houses(game, "Ann", {1: 4, 3: 4})
    assert stock(game) == (24, 0)
    refused(game, cite(game, "building_shortage"), type="build", player="Ann", add={1: 1})


# When ------------------------------------------------------------------------------------------


def test_a_player_may_build_between_turns(game: Game) -> None:
    # CL Build ("you can buy houses") / SG Building Houses ("on your turn or in between other
    # players' turns"). Ann throws 4 + 6 to Jail, Just Visiting (10); play passes to Bob, who
    # throws 1 + 2 to Baltic Avenue (3) and is offered it. Ann builds meanwhile: 2 x 200 = 400.
    give(game, "Ann", 37, 39)
    roll(game, "Ann", 4, 6)
    assert game.state is not None
    assert game.state.current == "Bob"
    game.do(type="build", player="Ann", add={37: 1, 39: 1})
    roll(game, "Bob", 1, 2)
    assert game.state.phase == "buy"
    game.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert game.cash("Ann") == 1500 - 800
    assert game.state.phase == "buy"
    assert game.state.current == "Bob"
    replays(game)


def test_a_classic_player_in_jail_may_build(classic: Game) -> None:
    # RULES.md switch "in Jail" (CL): may collect rent, build, trade. Ann is in Jail; a house on
    # Park Place and Boardwalk, 2 x 200 = 400: 1500 - 400 = 1100.
    give(classic, "Ann", 37, 39)
    classic.judge(type="adjust_jail", player="Ann", in_jail=True)
    classic.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert classic.cash("Ann") == 1100
    replays(classic)


def test_building_is_refused_while_an_auction_is_open(game: Game) -> None:
    # CL Build / SG Building Houses (banker's reading, docs/commands.md build): not while an
    # auction is under way. Ann throws 1 + 2 to Baltic Avenue and declines: the auction opens.
    give(game, "Ann", 37, 39)
    roll(game, "Ann", 1, 2)
    game.do(type="decline", player="Ann")
    refused(game, cite(game, "build"), type="build", player="Ann", add={37: 1, 39: 1})
    # Once it closes unsold, the same 400 of houses are bought: 1500 - 400 = 1100.
    game.do(type="close_auction")
    game.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert game.cash("Ann") == 1100
    replays(game)


def test_building_is_refused_while_a_card_is_to_be_drawn(game: Game) -> None:
    # docs/commands.md build: not while a card is under way. Ann throws 3 + 4 to Chance (7).
    give(game, "Ann", 37, 39)
    roll(game, "Ann", 3, 4)
    assert game.state is not None
    assert game.state.phase == "card"
    refused(game, cite(game, "build"), type="build", player="Ann", add={37: 1, 39: 1})


def test_building_that_costs_more_than_the_cash_is_refused(game: Game) -> None:
    # CL Build i / SG Building Houses: the price on the deed is paid. A house on Park Place and
    # Boardwalk costs 2 x 200 = 400; Ann with 399 is refused, with 400 she ends on 0.
    give(game, "Ann", 37, 39)
    drain(game, "Ann", 399)
    refused(game, cite(game, "build"), type="build", player="Ann", add={37: 1, 39: 1})
    game.judge(type="adjust_cash", from_account="bank", to_account="Ann", amount=1)
    game.do(type="build", player="Ann", add={37: 1, 39: 1})
    assert game.cash("Ann") == 0
    replays(game)
