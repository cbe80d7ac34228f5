"""Tables for the hub's tests: random legal games recorded through TableGame in their own files,
and the hubs they copy to (a SQLite file always; PostgreSQL when its server can start)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random

from sqlalchemy.engine import make_url

from app.hub import Hub
from app.simulator.simulate import roll_off
from app.table import judges
from app.table.service import TableGame
from models.choices import random_command
from models.commands import NewGame
from models.engine import first_accepted
from tests.postgres import hub_url

HUBS = ["sqlite", "postgresql"]
"""Every hub test runs on both; the PostgreSQL half is skipped, saying why, without a server."""

JUDGE, PIN = "Lee", "246802"


class StepClock:
    """Moves on 10 ms at each reading from a fixed morning, so every entry is in order."""

    def __init__(self, start: datetime | None = None) -> None:
        self.at = start or datetime(2026, 11, 21, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(milliseconds=10)
        return self.at


def new_table(folder: Path, number: int, seed: int | None = None) -> TableGame:
    """Table `number`: a classic game for four in folder/table-N.db, labelled "table N"."""
    game = TableGame.open(str(folder / f"table-{number}.db"), now=StepClock())
    names = ["Ann", "Bob", "Cy", "Dee"]
    game.submit(NewGame(type="new_game", profile="classic", players=names,
                        label=f"table {number}", roll_off=roll_off(names, Random(seed or number)),
                        judges=[judges.registration(JUDGE, PIN)]))
    return game


def play(game: TableGame, commands: int, rng: Random) -> None:
    """Record `commands` random commands the rules accept (no building: games stay long)."""
    for _ in range(commands):
        assert game.table is not None and game.state is not None
        if game.state.phase == "over":
            return
        command = first_accepted(game.table, game.state,
                                 random_command(game.table, game.state, rng),
                                 skip=("build", "declare_bankruptcy"))
        if command is not None:
            game.submit(command)


def fresh_hub(kind: str, folder: Path) -> str:
    """A new empty hub of `kind` (see tests.postgres.hub_url), made as `banker hub push` or
    `hub add-judge` would make it (reading a hub never creates one)."""
    url = hub_url(kind, folder)
    Hub.open(url, create=True).close()
    return url


def as_role(url: str, role: str) -> str:
    """The same hub as `role` (the test server trusts 127.0.0.1: no password is asked)."""
    return make_url(url).set(username=role).render_as_string(hide_password=False)
