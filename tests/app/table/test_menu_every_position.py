"""At every position of simulated games of each profile, the banker's menu and every entry read."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from app.editions import rulebook
from app.ledger import StoredEvent
from app.review import entries as review_entries
from app.simulator.simulate import play, roll_off
from app.table import actions, view_build
from app.table.service import TableGame
from app.table.voids import stored_to_event
from models.choices import random_command
from models.commands import NewGame
from models.describe import describe
from models.engine import decide
from models.errors import BankerError

# Whole games, each to its end (400 to 900 commands; about 15 s in all). The classic ones offer
# "Auction a house" (the Bank short of houses) on their way, the PX ones open sales and mortgagee
# sales: the menus that once failed to describe an auction with no space.
GAMES = [("classic", 1), ("classic", 4), ("sg-championship", 2), ("sg-championship", 4),
         ("propnex-championship", 3), ("propnex-championship", 7)]


def _start(tmp_path: Path, profile: str, rng: Random) -> tuple[TableGame, list[StoredEvent]]:
    """A new ledger seated as the simulator seats the game of this seed (the same draws)."""
    game = TableGame.open(str(tmp_path / f"{profile}.db"))
    profile_rules = rulebook.table(profile).profile
    count = rng.randint(profile_rules.players_min, min(profile_rules.players_max, 5))
    names = [f"P{i}" for i in range(1, count + 1)]
    stored = game.submit(NewGame(type="new_game", profile=profile, players=names,
                                 roll_off=roll_off(names, rng)))
    return game, stored


def _menu_reads(game: TableGame, stored: list[StoredEvent]) -> None:
    """The window's menu (Undo included) with every label and preview in words."""
    for action in actions.menu(game, stored):
        assert action.label, action
        assert all(action.preview), action


@pytest.mark.parametrize(("profile", "seed"), GAMES)
def test_every_position_builds_the_menu_and_every_entry_reads(tmp_path: Path, profile: str,
                                                              seed: int) -> None:
    rng = Random(seed)
    game, stored = _start(tmp_path, profile, rng)
    commands = 0
    try:
        assert game.table is not None and game.state is not None
        while game.state.phase != "over":
            _menu_reads(game, stored)
            # The simulator's random player: its first command the rules accept, recorded.
            for command in random_command(game.table, game.state, rng):
                try:
                    decide(game.table, game.state, command)
                except BankerError:
                    continue
                stored += game.submit(command)
                commands += 1
                break
            else:
                pytest.fail(f"no command accepted at {game.state.phase} after {commands}")
        _menu_reads(game, stored)
        board = game.table.board
        assert all(describe(stored_to_event(s), board) for s in stored)
        assert len(view_build.feed_entries(game, last=len(stored))) == len(stored)
        assert all(e.text for e in review_entries.entries(game))
    finally:
        game.close()
    # The same game as `banker simulate` plays from this seed: the walk covers what it checks.
    assert commands == play(profile, seed, invariants=False).commands
