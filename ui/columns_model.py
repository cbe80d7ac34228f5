"""A read-only flat table model with named columns: the row and column counts and the header."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex

__all__ = ["ColumnsModel", "Index", "LinesModel"]


class ColumnsModel(QAbstractTableModel):
    """One row for each item `shown()` gives, one column for each name in `columns`."""

    def __init__(self, columns: Sequence[str]) -> None:
        super().__init__()
        self.columns = tuple(columns)

    def shown(self) -> Sequence[Any]:
        """The items shown, one a row (each subclass says where they are kept)."""
        raise NotImplementedError

    def item(self, index: Index) -> Any:
        """The item on `index`'s row, or None for an index outside the table."""
        items = self.shown()
        if not index.isValid() or not 0 <= index.row() < len(items):
            return None
        return items[index.row()]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.shown())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self.columns)):
            return self.columns[section]
        return None


class LinesModel(ColumnsModel):
    """A ColumnsModel over `lines`, replaced whole (and only) when they change."""

    def __init__(self, columns: Sequence[str]) -> None:
        super().__init__(columns)
        self.lines: list[Any] = []

    def shown(self) -> Sequence[Any]:
        return self.lines

    def show_lines(self, lines: Sequence[Any]) -> None:
        lines = list(lines)
        if lines == self.lines:
            return
        self.beginResetModel()
        self.lines = lines
        self.endResetModel()
