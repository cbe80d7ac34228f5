"""A fake table for engine tests: commands in, events and state out, no database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from app.editions import rulebook
from models.commands import COMMAND_ADAPTER
from models.engine import Table, decide, legal_commands, replay
from models.events import Event
from models.fold import apply, start
from models.state import GameState


@dataclass
class Game:
    """A game driven through `decide` and `apply`, keeping every event for replay checks."""

    table: Table
    state: GameState | None = None
    log: list[Event] = field(default_factory=list)

    def do(self, **command: Any) -> list[Event]:
        """Decide and apply one command given as JSON fields; returns its events."""
        events = decide(self.table, self.state, COMMAND_ADAPTER.validate_python(command))
        for event in events:
            self.state = start(event) if self.state is None else apply(self.state, event)  # type: ignore[arg-type]
        self.log.extend(events)
        return events

    def types(self, events: list[Event]) -> list[str]:
        return [e.type for e in events]

    def cash(self, name: str) -> int:
        assert self.state is not None
        return self.state.player(name).cash

    def position(self, name: str) -> int:
        assert self.state is not None
        return self.state.player(name).position

    def judge(self, **command: Any) -> list[Event]:
        """An adjustment with a reason filled in."""
        return self.do(reason="set up for the test", **command)

    def legal(self) -> list[Any]:
        assert self.state is not None
        return legal_commands(self.table, self.state)

    def replayed(self) -> GameState | None:
        return replay(self.table, self.log)


def new_game(profile: str = "classic", players: tuple[str, ...] = ("Ann", "Bob", "Cy"),
             board: str | None = None) -> Game:
    """A game whose first player is the first name given (the roll-off is rigged for it)."""
    game = Game(table=rulebook.table(profile, board))
    throws = {name: [1, 2] for name in players}
    throws[players[0]] = [6, 6]
    game.do(type="new_game", profile=profile, board=board, players=list(players),
            roll_off=[throws])
    if game.table.profile.setup != "none":
        clear_setup(game)
    return game


def clear_setup(game: Game) -> None:
    """PX: deal (seed 1), let the retained deeds' auctions pass unsold, pre-build nothing, start,
    then hand every deed back to the Bank by adjustment, so a test builds the position it needs."""
    game.do(type="deal_deeds", seed=1)
    while game.state is not None and game.state.phase == "auction":
        game.do(type="close_auction")
    game.do(type="start_play")
    assert game.state is not None
    for space, deed in sorted(game.state.deeds.items()):
        if deed.owner is not None:
            game.judge(type="adjust_deed", space=space, owner=None)


@pytest.fixture
def classic() -> Game:
    """A classic three-player game: Ann, then Bob, then Cy, each with 1500 on GO."""
    return new_game("classic")


@pytest.fixture
def sg() -> Game:
    """An SG championship game: Ann, Bob, Cy, Dee."""
    return new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
