"""The invariant check the simulator runs after every event: what it reports, and when."""

from __future__ import annotations

from collections import defaultdict

from models.invariants import broken
from tests.models.conftest import Game
from tests.models.support import give


def _balances(game: Game) -> dict[str, int]:
    balances: dict[str, int] = defaultdict(int)
    for event in game.log:
        for source, target, amount in event.transfers():
            balances[source] -= amount
            balances[target] += amount
    return balances


def _broken(game: Game, balances: dict[str, int]) -> list[str]:
    assert game.state is not None
    return broken(game.table, game.state, balances)


def test_a_fresh_game_breaks_nothing(classic: Game) -> None:
    assert _broken(classic, _balances(classic)) == []


def test_cash_that_its_transfers_do_not_give_is_reported(classic: Game) -> None:
    # Ann starts with M1500 from the Bank; transfers that give her M1490 (and sum to -10) disagree.
    balances = _balances(classic)
    balances["Ann"] -= 10
    assert _broken(classic, balances) == ["transfers sum to -10, not 0",
                                         "Ann has 1500 but transfers give 1490"]


def test_a_colour_set_built_unevenly_is_reported(classic: Game) -> None:
    # Classic 4.2 builds evenly: Old Kent Road (1) with 3 houses and Whitechapel (3) with 1 differ
    # by 2; the judge's adjustment may set that, the invariant names it.
    give(classic, "Ann", 1, 3)
    classic.judge(type="adjust_buildings", space=1, houses=3, hotel=False)
    classic.judge(type="adjust_buildings", space=3, houses=1, hotel=False)
    assert _broken(classic, _balances(classic)) == ["the brown set is built unevenly: [3, 1]"]


def test_buildings_on_a_set_split_between_players_are_reported(classic: Game) -> None:
    give(classic, "Ann", 1)
    give(classic, "Bob", 3)
    classic.judge(type="adjust_buildings", space=1, houses=1, hotel=False)
    assert _broken(classic, _balances(classic)) == [
        "the brown set carries buildings but is not one player's"]


def test_an_even_set_of_one_owner_breaks_nothing(classic: Game) -> None:
    give(classic, "Ann", 1, 3)
    classic.judge(type="adjust_buildings", space=1, houses=2, hotel=False)
    classic.judge(type="adjust_buildings", space=3, houses=1, hotel=False)
    assert _broken(classic, _balances(classic)) == []
