"""A read-only table of rows the tournament service gave: cells in words, a row's kind coloured
(advancing green, a tie amber), a tooltip with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ui.columns_model import Index, LinesModel

KINDS = {"in": QColor("#DDF0DD"), "tie": QColor("#FFE3A3"), "out": QColor("#EEEEEE")}
KEY_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Line:
    """One row: its key (a player's id, a table's number), its cells, its kind, its tooltip."""

    key: Any
    cells: tuple[str, ...]
    kind: str | None = None  # "in", "tie", "out" or None
    tip: str = ""


class RowsModel(LinesModel):
    """Columns named once; rows replaced whole when the service's data changes."""

    def __init__(self, columns: Sequence[str], numbers: Sequence[str] = (),
                 header_tips: dict[str, str] | None = None) -> None:
        super().__init__(columns)
        self.numbers = {self.columns.index(c) for c in numbers}
        self.header_tips = header_tips or {}
        self.lines: list[Line] = []

    def key(self, row: int) -> Any:
        return self.lines[row].key if 0 <= row < len(self.lines) else None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tips.get(self.columns[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        line: Line | None = self.item(index)
        if line is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return line.cells[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self.numbers:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and line.kind is not None:
            return KINDS[line.kind]
        if role == Qt.ItemDataRole.ForegroundRole and line.kind is not None:
            return QColor("#1B1B1B")  # dark text on the light colours, whatever the theme
        if role == Qt.ItemDataRole.ToolTipRole and line.tip:
            return line.tip
        if role == KEY_ROLE:
            return line.key
        return None
