"""The games on the hub read as tables' games (read-only): what the head judge's window folds."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from app.ledger import Ledger, open_ledger
from app.table.service import TableGame, utc_now


class HubGames:
    """One read-only ledger on the hub's database and a table game per game read from it,
    each read again (its new entries only) when asked for once more."""

    def __init__(self, hub_url: str, now: Callable[[], datetime] = utc_now) -> None:
        self.hub_url = hub_url
        self.now = now
        self._ledger: Ledger | None = None
        self._games: dict[str, TableGame] = {}

    def game(self, game_id: str) -> TableGame:
        """The game as the hub holds it now; raises LedgerError (a copy that cannot be read)."""
        game = self._games.get(game_id)
        if game is not None:
            game.reload()
            return game
        if self._ledger is None:
            self._ledger = open_ledger(self.hub_url, create=False, readonly=True)
        game = TableGame(ledger=self._ledger, game_id=game_id, table=None, state=None,
                         now=self.now)
        game.reload()
        self._games[game_id] = game
        return game

    def known(self, game_id: str) -> TableGame | None:
        """The game as last read, without reading it again (None if never read)."""
        return self._games.get(game_id)

    def forget(self, game_id: str) -> None:
        """Read the game afresh next time (its copy did not read)."""
        self._games.pop(game_id, None)

    def close(self) -> None:
        """Release the hub's connection (a later `game` opens it again)."""
        if self._ledger is not None:
            self._ledger.close()
        self._ledger = None
        self._games.clear()
