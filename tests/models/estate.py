"""Helpers the building, mortgage, deal and bankruptcy tests share: quiet set-ups and look-ups."""

from __future__ import annotations

from tests.models.conftest import Game
from tests.models.support import give


def drain(game: Game, name: str, leave: int) -> None:
    """Judge: take a player's cash down to `leave`, into the Bank."""
    take = game.cash(name) - leave
    if take:
        game.judge(type="adjust_cash", from_account=name, to_account="bank", amount=take)


def houses(game: Game, owner: str, steps: dict[int, int]) -> None:
    """Judge: hand `owner` the streets and set the buildings on each (5 = a hotel)."""
    give(game, owner, *steps)
    for space, count in steps.items():
        if count == 5:
            game.judge(type="adjust_buildings", space=space, houses=0, hotel=True)
        else:
            game.judge(type="adjust_buildings", space=space, houses=count)


def steps(game: Game, *spaces: int) -> list[int]:
    """The building steps on each street (0–4 houses, 5 = hotel)."""
    assert game.state is not None
    return [game.state.deeds[s].steps for s in spaces]


def stock(game: Game) -> tuple[int, int]:
    """The Bank's houses and hotels."""
    assert game.state is not None
    return game.state.bank_houses, game.state.bank_hotels
