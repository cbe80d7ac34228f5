"""The recent games as a table model: label, profile, players, state, last entry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from app.games.folder import GameSummary

COLUMNS = ("Game", "Profile", "Players", "State", "Last entry")
Index = QModelIndex | QPersistentModelIndex


def _when(game: GameSummary) -> str:
    if game.last_entry is None:
        return ""
    return game.last_entry.astimezone().strftime("%a %d %b %Y, %H:%M")


def cells(game: GameSummary) -> tuple[str, ...]:
    """One row's words."""
    if game.problem is not None:
        return (game.path.name, "", "", f"cannot be opened: {game.problem}", "")
    state = f"{game.state} ({game.entries} entr{'y' if game.entries == 1 else 'ies'})"
    return (game.label, game.profile, ", ".join(game.players), state, _when(game))


class GamesModel(QAbstractTableModel):
    """The games of the data folder, one per row, latest first."""

    def __init__(self, games: Sequence[GameSummary] = ()) -> None:
        super().__init__()
        self.games: list[GameSummary] = list(games)

    def show_games(self, games: Sequence[GameSummary]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self.games = list(games)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.games)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.games):
            return None
        game = self.games[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return cells(game)[index.column()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None
