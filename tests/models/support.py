"""Small helpers the engine tests share: refusals that leave the game untouched, quiet set-ups."""

from __future__ import annotations

from typing import Any

import pytest

from models.errors import RuleViolation
from tests.models.conftest import Game


def refused(game: Game, clause: str, **command: Any) -> RuleViolation:
    """Assert `command` is refused citing `clause`, and that neither state nor log moved."""
    before = game.state.model_dump() if game.state is not None else None
    logged = len(game.log)
    with pytest.raises(RuleViolation) as info:
        game.do(**command)
    assert info.value.clause == clause, info.value
    after = game.state.model_dump() if game.state is not None else None
    assert after == before
    assert len(game.log) == logged
    return info.value


def give(game: Game, owner: str | None, *spaces: int, mortgaged: bool = False) -> None:
    """Judge: hand the deeds on `spaces` to `owner` (None = the Bank)."""
    for space in spaces:
        game.judge(type="adjust_deed", space=space, owner=owner, mortgaged=mortgaged)


def put(game: Game, player: str, space: int) -> None:
    """Judge: put a token on a space (no salary, nothing due for landing)."""
    game.judge(type="adjust_token", player=player, space=space)


def roll(game: Game, player: str, a: int, b: int) -> list[Any]:
    """The player's dice, as the banker records them."""
    return game.do(type="roll", player=player, dice=[a, b])


def replays(game: Game) -> None:
    """The fold of the log reproduces the state the game reached."""
    assert game.replayed() == game.state
