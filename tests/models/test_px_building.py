"""PX building (6.2): on landing on one's own plot, evenly across the group, ABSD prices, hotels."""

from __future__ import annotations

import pytest

from models.events import BuildingsBought, BuildingsSold, OwnPlotLanded, StepChange
from tests.models.conftest import Game, new_game
from tests.models.estate import houses, steps, stock
from tests.models.support import give, put, refused, replays, roll


@pytest.fixture
def game() -> Game:
    """A PX table, Ann to throw first; every deed with the Bank, everyone on GO with 1500."""
    return new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))


def _land_ann_on_bidadari(game: Game) -> None:
    """Ann from Chance (15 + 6) to Bidadari (21, RCR) with 2 + 4: no double, no GO."""
    put(game, "Ann", 15)
    roll(game, "Ann", 2, 4)
    assert game.position("Ann") == 21


def _empty_the_bank_of_houses(game: Game, ann_houses_on_bidadari: int) -> None:
    """Judge: Bidadari (21) Ann's with some houses; Bob's plots take the rest of the 32."""
    houses(game, "Ann", {21: ann_houses_on_bidadari})
    left = 32 - ann_houses_on_bidadari
    for space in (1, 3, 6, 8, 9, 11, 13, 14):
        take = min(4, left)
        if take:
            houses(game, "Bob", {space: take})
            left -= take
    assert stock(game) == (0, 12)


# Only on landing on one's own plot ---------------------------------------------------------------


def test_building_is_refused_until_the_player_lands_on_their_own_plot(game: Game) -> None:
    # PX 6.2.2: "whenever a Player lands on his/her own Property Title Deed ... he/she may
    # start building". Ann owns Bidadari (21) but stands on GO: refused.
    give(game, "Ann", 21)
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 1})
    # She lands on it (15 + 2 + 4 = 21): the landing is recorded with its plots' steps (0), and a
    # first house costs the RCR base 150 (PX 6.2.8a): 1500 - 150 = 1350.
    put(game, "Ann", 15)
    events = roll(game, "Ann", 2, 4)
    assert OwnPlotLanded(player="Ann", space=21, at_landing={21: 0}) in events
    events = game.do(type="build", player="Ann", add={21: 1})
    assert events == [BuildingsBought(player="Ann", amount=150,
                                      changes=[StepChange(space=21, before=0, after=1)])]
    assert game.cash("Ann") == 1350
    assert stock(game) == (31, 12)
    replays(game)


def test_landing_on_another_players_plot_gives_no_right_to_build(game: Game) -> None:
    # PX 6.2.2: only one's *own* plot. Ann lands on Bob's Bidadari (21); neither Ann nor Bob may
    # build there, and Bob may not build on his Balestier/Toa Payoh (23) where nobody landed.
    give(game, "Bob", 21, 23)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 1})
    refused(game, "PX 6.2.2", type="build", player="Bob", add={21: 1})
    refused(game, "PX 6.2.2", type="build", player="Bob", add={23: 1})


def test_a_railway_or_utility_landing_gives_no_right_to_build(game: Game) -> None:
    # PX 6.2.2: no building on PropNex Group of Services or Utilities. Ann lands on her own
    # PropNex Group of Services 1 (5) with 2 + 3: no landing right is opened, a build is refused.
    give(game, "Ann", 5)
    events = roll(game, "Ann", 2, 3)
    assert not any(isinstance(e, OwnPlotLanded) for e in events)
    refused(game, "PX 6.2.2", type="build", player="Ann", add={5: 1})


# That plot alone, or evenly on every plot of its group the player owns --------------------------


def test_the_same_number_on_every_plot_of_the_group_owned_without_the_full_set(game: Game) -> None:
    # PX 6.2.2-6.2.3: Ann owns Bidadari (21) and Balestier/Toa Payoh (23) but not Ang Mo
    # Kio/Bishan (24, Bob's); the full set is not needed. 2 houses each:
    # 2 × (150 + 180) = 660 (PX 6.2.9): 1500 - 660 = 840; the Bank 32 - 4 = 28.
    give(game, "Ann", 21, 23)
    give(game, "Bob", 24)
    _land_ann_on_bidadari(game)
    events = game.do(type="build", player="Ann", add={21: 2, 23: 2})
    assert events == [BuildingsBought(player="Ann", amount=660, changes=[
        StepChange(space=21, before=0, after=2), StepChange(space=23, before=0, after=2)])]
    assert game.cash("Ann") == 840
    assert stock(game) == (28, 12)
    replays(game)


def test_three_rcr_plots_from_none_to_two_houses_cost_990(game: Game) -> None:
    # PX 6.2.9 / RULES.md: three RCR plots from 0 to 2 houses: 3 × (150 + 180) = 990.
    # Ann 1500 - 990 = 510; the Bank 32 - 6 = 26.
    give(game, "Ann", 21, 23, 24)
    _land_ann_on_bidadari(game)
    events = game.do(type="build", player="Ann", add={21: 2, 23: 2, 24: 2})
    assert [e.amount for e in events if isinstance(e, BuildingsBought)] == [990]
    assert game.cash("Ann") == 510
    assert steps(game, 21, 23, 24) == [2, 2, 2]
    assert stock(game) == (26, 12)
    replays(game)


def test_unequal_numbers_on_the_group_are_refused(game: Game) -> None:
    # PX 6.2.3: building on more than one plot of a group adds the same number to each:
    # 2 on Bidadari (21) and 1 on Balestier/Toa Payoh (23) is refused.
    give(game, "Ann", 21, 23)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.3", type="build", player="Ann", add={21: 2, 23: 1})


def test_only_the_landed_plot_or_every_plot_of_the_group_may_take_houses(game: Game) -> None:
    # PX 6.2.3 / RULES.md: the landed plot alone, or every unmortgaged plot of the group owned.
    # Ann landed on Bidadari (21): Balestier/Toa Payoh (23) alone, or 21 and 23 without her
    # Ang Mo Kio/Bishan (24), are refused; so is a plot of another group, Street 1 (pink, 11).
    give(game, "Ann", 11, 21, 23, 24)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.3", type="build", player="Ann", add={23: 1})
    refused(game, "PX 6.2.3", type="build", player="Ann", add={21: 1, 23: 1})
    refused(game, "PX 6.2.3", type="build", player="Ann", add={11: 1})
    refused(game, "PX 6.2.3", type="build", player="Ann", add={11: 1, 21: 1})


def test_four_houses_may_go_up_at_one_go_but_not_a_hotel_with_them(game: Game) -> None:
    # PX 6.2.4: up to 4 houses at one go: Bidadari (21) 0 -> 4 costs
    # 150 + 180 + 195 + 195 = 720 (PX 6.2.9): 1500 - 720 = 780. Five steps (4 houses and the
    # hotel) at one landing are refused first: the hotel needs 4 houses standing at landing (PX 6.2.5).
    give(game, "Ann", 21)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.5", type="build", player="Ann", add={21: 5})
    events = game.do(type="build", player="Ann", add={21: 4})
    assert [e.amount for e in events if isinstance(e, BuildingsBought)] == [720]
    assert game.cash("Ann") == 780
    assert steps(game, 21) == [4]
    replays(game)


# Hotels ---------------------------------------------------------------------------------------


def test_the_fourth_house_and_the_hotel_are_not_built_at_one_landing(game: Game) -> None:
    # PX 6.2.5: a hotel "the next time the Player lands on the same Plot". Bidadari (21) holds 3
    # houses when Ann lands: 4th house + hotel (2 steps) refused citing PX 6.2.5.
    houses(game, "Ann", {21: 3})
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.5", type="build", player="Ann", add={21: 2})
    # The 4th house alone: 30% rate 195: 1500 - 195 = 1305. The same landing gives one building
    # order only, so the hotel now is refused as building without a landing (PX 6.2.2).
    game.do(type="build", player="Ann", add={21: 1})
    assert game.cash("Ann") == 1305
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 1})
    replays(game)


def test_a_hotel_costs_the_thirty_percent_rate_and_returns_the_four_houses(game: Game) -> None:
    # PX 6.2.5 / 6.2.9: 4 houses stood on Bidadari (21) at landing: the hotel costs one more
    # house at the 30% rate, 150 × 1.3 = 195: 1500 - 195 = 1305. PX 6.2.7: the 4 houses go
    # back: the Bank 32 - 4 + 4 = 32 houses, 12 - 1 = 11 hotels.
    houses(game, "Ann", {21: 4})
    assert stock(game) == (28, 12)
    _land_ann_on_bidadari(game)
    events = game.do(type="build", player="Ann", add={21: 1})
    assert events == [BuildingsBought(player="Ann", amount=195,
                                      changes=[StepChange(space=21, before=4, after=5)])]
    assert game.cash("Ann") == 1305
    assert stock(game) == (32, 11)
    assert game.state is not None
    assert (game.state.deeds[21].houses, game.state.deeds[21].hotel) == (0, True)
    # PX 6.2.7: only one hotel a plot.
    replays(game)


def test_another_four_house_plot_of_the_group_is_upgraded_at_the_same_landing(game: Game) -> None:
    # PX 6.2.6: Bidadari (21) and Balestier/Toa Payoh (23) each hold 4 houses; Ann lands on 21
    # and upgrades both: 2 × 195 = 390: 1500 - 390 = 1110; the Bank gets 8 houses back
    # (32 - 8 + 8 = 32) and gives 2 hotels (12 - 2 = 10).
    houses(game, "Ann", {21: 4, 23: 4})
    _land_ann_on_bidadari(game)
    events = game.do(type="build", player="Ann", add={21: 1, 23: 1})
    assert [e.amount for e in events if isinstance(e, BuildingsBought)] == [390]
    assert game.cash("Ann") == 1110
    assert steps(game, 21, 23) == [5, 5]
    assert stock(game) == (32, 10)
    replays(game)


def test_a_hotel_on_another_plot_needs_its_four_houses_standing_at_the_landing(game: Game) -> None:
    # PX 6.2.5-6.2.6: Bidadari (21) has 4 houses, Balestier/Toa Payoh (23) 3. One more on each
    # would make a hotel on 21 and a 4th house on 23: allowed (195 + 195 = 390). A step taking
    # 23 to a hotel too is refused, since it did not hold 4 houses when Ann landed.
    houses(game, "Ann", {21: 4, 23: 3})
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.5", type="build", player="Ann", add={21: 2, 23: 2})
    game.do(type="build", player="Ann", add={21: 1, 23: 1})
    assert game.cash("Ann") == 1500 - 390
    assert steps(game, 21, 23) == [5, 4]


def test_with_no_houses_in_the_bank_a_hotel_is_bought_directly_paying_every_missing_step(
        game: Game) -> None:
    # PX 6.2.11 / RULES.md: the Bank has none of its 32 houses left; Bidadari (21) holds 1 house
    # at landing. A house is refused (PX 6.2.11), but the hotel may be bought at once, paying
    # the 2nd house 180 + 3rd 195 + 4th 195 + hotel 195 = 765: 1500 - 765 = 735. The one house
    # standing goes back to the Bank (0 + 1 = 1), which ends the privilege; hotels 12 - 1 = 11.
    _empty_the_bank_of_houses(game, ann_houses_on_bidadari=1)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.11", type="build", player="Ann", add={21: 1})
    events = game.do(type="build", player="Ann", add={21: 4})
    assert events == [BuildingsBought(player="Ann", amount=765,
                                      changes=[StepChange(space=21, before=1, after=5)])]
    assert game.cash("Ann") == 735
    assert stock(game) == (1, 11)
    replays(game)


def test_the_direct_hotel_ends_once_the_bank_has_houses_again(game: Game) -> None:
    # PX 6.2.11: "This option will cease when houses are made available again". Bob sells one
    # house back from Street 1 (brown, 1): half the base 50 = 25 (PX 6.2.10); the Bank has 1.
    # Ann then lands on Bidadari (21, 1 house): the direct hotel is refused (PX 6.2.5, 1 house
    # at landing, not 4), and the one house in the Bank may be bought: 2nd house 180.
    _empty_the_bank_of_houses(game, ann_houses_on_bidadari=1)
    game.do(type="sell_buildings", player="Bob", remove={1: 1})
    assert game.cash("Bob") == 1525
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.5", type="build", player="Ann", add={21: 4})
    game.do(type="build", player="Ann", add={21: 1})
    assert game.cash("Ann") == 1500 - 180
    assert stock(game) == (0, 12)


# When the right ends, and mortgaged plots ---------------------------------------------------------


def test_the_right_to_build_ends_at_the_next_throw(game: Game) -> None:
    # PX 6.2.2 / docs: the right lasts until the next throw of anyone. Ann lands on Bidadari
    # (21) with 2 + 4; Bob throws 1 + 2 (GO to 3, unowned: he declines, nobody bids). Ann's
    # build is then refused.
    give(game, "Ann", 21)
    _land_ann_on_bidadari(game)
    roll(game, "Bob", 1, 2)
    game.do(type="decline", player="Bob")
    game.do(type="close_auction")
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 1})


def test_a_double_onto_ones_plot_may_be_built_on_before_the_second_throw_only(game: Game) -> None:
    # PX 6.2.2 + 5.6: Ann lands on Bidadari (21) with 3 + 3 from 15 and throws again. Before the
    # second throw she may build; not after it (1 + 2 to 24, Ang Mo Kio/Bishan, the Bank's).
    give(game, "Ann", 21)
    put(game, "Ann", 15)
    roll(game, "Ann", 3, 3)
    assert game.state is not None
    assert (game.state.current, game.state.phase) == ("Ann", "roll")
    roll(game, "Ann", 1, 2)
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 1})


def test_a_mortgaged_plot_takes_no_building_until_it_is_lifted(game: Game) -> None:
    # PX 7.2.4: Bidadari (21) is mortgaged when Ann lands: building refused citing PX 7.2.4.
    # RULES.md: lifting and then building at the same landing is allowed. Lift: 110 + 10%
    # (11) = 121; a first house 150: 1500 - 121 - 150 = 1229.
    give(game, "Ann", 21, mortgaged=True)
    _land_ann_on_bidadari(game)
    refused(game, "PX 7.2.4", type="build", player="Ann", add={21: 1})
    game.do(type="lift", player="Ann", space=21)
    assert game.cash("Ann") == 1379
    game.do(type="build", player="Ann", add={21: 1})
    assert game.cash("Ann") == 1229
    replays(game)


def test_a_mortgaged_plot_of_the_group_is_left_out_of_an_even_build(game: Game) -> None:
    # PX 7.2.4 / RULES.md: "every unmortgaged plot of that group": Balestier/Toa Payoh (23) is
    # mortgaged, so 1 each on 21 and 23 is refused (PX 6.2.3); 21 alone takes its house: 150.
    give(game, "Ann", 21)
    give(game, "Ann", 23, mortgaged=True)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.3", type="build", player="Ann", add={21: 1, 23: 1})
    game.do(type="build", player="Ann", add={21: 1})
    assert game.cash("Ann") == 1350
    assert steps(game, 21, 23) == [1, 0]


def test_building_beyond_the_cash_is_refused(game: Game) -> None:
    # PX 6.2.2 / 3.10: Ann has 300 (1500 - 1200 to the Bank); 2 houses on Bidadari cost
    # 150 + 180 = 330 > 300: refused; one, 150, is fine.
    give(game, "Ann", 21)
    game.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1200)
    _land_ann_on_bidadari(game)
    refused(game, "PX 6.2.2", type="build", player="Ann", add={21: 2})
    game.do(type="build", player="Ann", add={21: 1})
    assert game.cash("Ann") == 150


# Selling back ---------------------------------------------------------------------------------


def test_houses_sell_back_at_half_the_base_cost_and_the_absd_is_not_refunded(game: Game) -> None:
    # PX 6.2.10 / 7.3.1a: Ann builds 3 houses on Bidadari (21, RCR) at landing:
    # 150 + 180 + 195 = 525: 1500 - 525 = 975. Selling all 3 back pays half the base 150 each:
    # 3 × 75 = 225 (not half of 525): 975 + 225 = 1200; the Bank has its 32 houses again.
    give(game, "Ann", 21)
    _land_ann_on_bidadari(game)
    game.do(type="build", player="Ann", add={21: 3})
    assert game.cash("Ann") == 975
    events = game.do(type="sell_buildings", player="Ann", remove={21: 3})
    assert events == [BuildingsSold(payer="bank", payee="Ann", amount=225,
                                    changes=[StepChange(space=21, before=3, after=0)])]
    assert game.cash("Ann") == 1200
    assert stock(game) == (32, 12)
    replays(game)


def test_a_hotel_comes_down_to_four_houses_for_half_the_base_cost(game: Game) -> None:
    # RULES.md PX selling back: a hotel comes down to 4 houses (from the Bank) for half the base
    # cost: Orchard (39, CCR, base 200) pays 100: 1500 + 100 = 1600; the Bank 32 - 4 = 28 houses,
    # 11 + 1 = 12 hotels.
    houses(game, "Ann", {39: 5})
    assert stock(game) == (32, 11)
    game.do(type="sell_buildings", player="Ann", remove={39: 1})
    assert game.cash("Ann") == 1600
    assert steps(game, 39) == [4]
    assert stock(game) == (28, 12)


def test_a_hotel_sold_outright_with_enough_houses_in_the_bank_pays_five_half_bases(
        game: Game) -> None:
    # RULES.md PX selling back: half the base per step; a hotel sold right down (5 steps) on
    # Orchard (39, base 200) pays 5 × 100 = 500: 1500 + 500 = 2000; the plot is left empty.
    houses(game, "Ann", {39: 5})
    game.do(type="sell_buildings", player="Ann", remove={39: 5})
    assert game.cash("Ann") == 2000
    assert steps(game, 39) == [0]
    assert stock(game) == (32, 12)


def test_a_hotel_is_sold_outright_when_the_bank_lacks_four_houses(game: Game) -> None:
    # RULES.md Decisions (PX selling back): "a hotel comes down to 4 houses (from the Bank) for
    # half the base cost, or, if the Bank lacks 4 houses, is sold outright for half of 5× base,
    # the plot left empty". Bidadari (21, RCR, base 150) holds a hotel; the Bank has no houses.
    # Sold outright: 5 × 75 = 375: 1500 + 375 = 1875; the Bank's houses stay 0, hotels 11 + 1.
    houses(game, "Ann", {21: 5})
    for space in (1, 3, 6, 8, 9, 11, 13, 14):
        houses(game, "Bob", {space: 4})
    assert stock(game) == (0, 11)
    game.do(type="sell_buildings", player="Ann", remove={21: 5})
    assert game.cash("Ann") == 1875
    assert steps(game, 21) == [0]
    assert stock(game) == (0, 12)


def test_buildings_cannot_be_sold_back_from_jail(game: Game) -> None:
    # PX 6.6.3: in Jail a player may not sell houses. Ann in Jail with 2 houses on Bidadari.
    houses(game, "Ann", {21: 2})
    game.judge(type="adjust_jail", player="Ann", in_jail=True)
    refused(game, "PX 6.6.3", type="sell_buildings", player="Ann", remove={21: 1})


def test_hotels_go_on_the_4_house_plots_alone_when_another_plot_of_the_group_has_fewer(
        game: Game) -> None:
    # PX 6.2.6: "If the Player has other same colour group Property Plot with 4 houses on them,
    # the Player can build concurrently on all the Property Plots ... to have 1 hotel on each".
    # Ann holds the red group: 21 and 23 with 4 houses, 24 with 2. Landing on 21 she takes hotels
    # on 21 and 23 only, each at the 30% rate of the RCR base 150: 2 x 195 = 390.
    give(game, "Ann", 21, 23, 24)
    game.judge(type="adjust_buildings", space=21, houses=4)
    game.judge(type="adjust_buildings", space=23, houses=4)
    game.judge(type="adjust_buildings", space=24, houses=2)
    put(game, "Ann", 16)
    roll(game, "Ann", 2, 3)  # 16 + 5 = 21, her own plot
    before = game.cash("Ann")
    game.do(type="build", player="Ann", add={"21": 1, "23": 1})
    assert game.cash("Ann") == before - 390
    assert game.state is not None
    assert (game.state.deeds[21].hotel, game.state.deeds[23].hotel, game.state.deeds[24].houses) == (
        True, True, 2)
