"""The stage's standings as the tournament service ranks them: those advancing stand out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from ui.head_judge.reader import StandingsLine

COLUMNS = ("Pos", "Player", "Table", "Score", "Place", "Wins", "Status")
NUMBERS = {COLUMNS.index(c) for c in ("Pos", "Table", "Score", "Place", "Wins")}
ADVANCES = QColor("#DDF0DD")
TIE = QColor("#FFE3A3")
Index = QModelIndex | QPersistentModelIndex


def cells(line: StandingsLine) -> tuple[str, ...]:
    return (line.position, line.name, str(line.table),
            "" if line.score is None else f"{line.score:,}",
            "" if line.place is None else str(line.place), str(line.wins), line.status)


class StandingsModel(QAbstractTableModel):
    """One row a player, in the service's order; advancing rows green, ties to rule amber."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[StandingsLine] = []

    def show_lines(self, lines: Sequence[StandingsLine]) -> None:
        lines = list(lines)
        if lines == self.lines:
            return
        self.beginResetModel()
        self.lines = lines
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.lines):
            return None
        line = self.lines[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return cells(line)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            if line.status.startswith("tie"):
                return TIE
            return ADVANCES if line.advances else None
        return None
