"""A table's game whose file was deleted or replaced while it was open: saved through its open
connection (app/ledger/rescue.py) to a new file in the data folder's games/, and recorded there
from then on, every entry kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.games.folder import games_dir
from app.ledger import rescue
from app.table.service import TableGame


@dataclass(frozen=True)
class Rescued:
    """The lost file's path and the new file the game now records into."""

    lost: Path
    saved: Path

    def words(self) -> str:
        """The message line's words."""
        return (f"The game's file {self.lost} was deleted or replaced while the game was open. "
                f"Every entry is saved to {self.saved}, and the game goes on there.")


def rescue_if_lost(game: TableGame, folder: Path | None = None) -> Rescued | None:
    """Whether `game`'s ledger file is still at its path; if not (deleted, or another file put
    there), the game saved to a new file in `folder` (default: the data folder's games/), the
    game recording into it from now on. None when the file is in place. Raises
    LedgerWriteError when the new file cannot be made (the game records on into the lost
    file: say so and keep trying)."""
    if not rescue.replaced(game.ledger):
        return None
    lost = Path(game.ledger.location)
    target = rescue.rescue_name(lost, folder or games_dir())
    return Rescued(lost, rescue.save_as(game.ledger, target))
