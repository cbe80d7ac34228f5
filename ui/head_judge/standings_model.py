"""The stage's standings as the tournament service ranks them: those advancing stand out."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ui.columns_model import Index, LinesModel
from ui.head_judge.reader import StandingsLine

COLUMNS = ("Pos", "Player", "Table", "Score", "Place", "Wins", "Status")
NUMBERS = {COLUMNS.index(c) for c in ("Pos", "Table", "Score", "Place", "Wins")}
ADVANCES = QColor("#DDF0DD")
TIE = QColor("#FFE3A3")


def cells(line: StandingsLine) -> tuple[str, ...]:
    return (line.position, line.name, str(line.table),
            "" if line.score is None else f"{line.score:,}",
            "" if line.place is None else str(line.place), str(line.wins), line.status)


class StandingsModel(LinesModel):
    """One row a player, in the service's order; advancing rows green, ties to rule amber."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)
        self.lines: list[StandingsLine] = []

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        line: StandingsLine | None = self.item(index)
        if line is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return cells(line)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            if line.status.startswith("tie"):
                return TIE
            return ADVANCES if line.advances else None
        return None
