"""The hub's tests' fixtures on a real PostgreSQL: a fresh database, and two tables with roles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest

from app.hub import Hub, push_game
from app.hub.roles import init_roles, table_login
from app.ledger import open_ledger
from tests.app.hub_tables import as_role, new_table, play
from tests.postgres import server, skip_reason


@pytest.fixture
def admin_url() -> str:
    found = server()
    if found is None:
        pytest.skip(f"hub roles on PostgreSQL not tested: {skip_reason()}")
    return found.new_database()


@pytest.fixture
def two_tables(admin_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The hub's roles made, and tables 1 and 2 each copying its own game with its own role."""
    init_roles(admin_url, ["1", "2"], password=lambda: "not-used-here")
    games = []
    for number in (1, 2):
        game = new_table(tmp_path, number)
        play(game, 30, Random(number))
        game.close()
        url = as_role(admin_url, table_login(str(number)))
        with Hub.open(url, create=True) as hub, open_ledger(
                tmp_path / f"table-{number}.db", create=False, readonly=True) as ledger:
            [game_id] = ledger.game_ids()
            pushed = push_game(hub, ledger.database, game_id, f"table {number}", commands=5)
        assert pushed.stored == pushed.entries > 0
        games.append(pushed.game_id)
    yield games[0], games[1]
