"""Long games for the ledger benchmarks: random legal play recorded through TableGame."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from random import Random

from app.simulator.simulate import roll_off
from app.table import judges
from app.table.service import TableGame
from models.choices import random_command
from models.commands import Command, NewGame
from models.engine import first_accepted

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


class SteppingClock:
    """A wall clock that moves on 10 ms at each reading, so every command is in order."""

    def __init__(self, at: datetime = START) -> None:
        self.at = at

    def __call__(self) -> datetime:
        self.at += timedelta(milliseconds=10)
        return self.at


JUDGE, PIN = "Lee", "246802"


def open_game(db: str, seed: int = 7, players: int = 4) -> TableGame:
    """A new classic game in a new ledger file at `db`, on a stepping clock, with judge Lee
    registered and signed in (a rewind is a judge's)."""
    game = TableGame.open(db, now=SteppingClock())
    names = [f"P{i}" for i in range(1, players + 1)]
    game.submit(NewGame(type="new_game", profile="classic", players=names,
                        roll_off=roll_off(names, Random(seed)),
                        judges=[judges.registration(JUDGE, PIN)]))
    game.sign_in_judge(JUDGE, PIN)
    return game


def reopen(db: str) -> TableGame:
    """The game in `db` opened again, judge Lee signed in, on a clock after its last entry."""
    game = TableGame.open(db)
    assert game.last_at is not None
    game.now = SteppingClock(game.last_at)
    game.sign_in_judge(JUDGE, PIN)
    return game


def next_command(game: TableGame, rng: Random) -> Command:
    """The first command the random player tries that the rules accept; no buildings, so rent
    stays small against the GO salary and a game runs as long as wanted (the events are the
    usual mix: rolls, moves, purchases, auctions, rent, cards, jail)."""
    assert game.table is not None and game.state is not None
    command = first_accepted(game.table, game.state,
                             random_command(game.table, game.state, rng),
                             skip=("build", "declare_bankruptcy"))
    if command is None:
        raise RuntimeError(f"no command accepted at event {game.head_seq}")
    return command


def play_to(game: TableGame, events: int, rng: Random,
            each: Callable[[TableGame, Command], None] | None = None) -> None:
    """Submit random commands until the game holds at least `events` events; `each` (if given)
    submits each command instead (to time it)."""
    while game.head_seq < events:
        command = next_command(game, rng)
        if each is None:
            game.submit(command)
        else:
            each(game, command)
