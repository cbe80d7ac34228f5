"""The board editor's tables: the 40 spaces and the colour sets as item models over a BoardDraft.

An edit goes to the draft, which checks it with the board's rules; a refused edit changes nothing
and leaves its cell marked (red, the reason in its tooltip) until the next accepted edit."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from app.editions.board_editor import (
    GROUP_FIELDS,
    HEADERS,
    SPACE_FIELDS,
    BoardDraft,
    applies,
    typed_text,
)
from models.errors import BadInput

Index = QModelIndex | QPersistentModelIndex
REFUSED_BACKGROUND = "#F4B6B6"
REFUSED_TEXT = "#5A0000"
UNCONFIRMED_BACKGROUND = "#FFF3D6"
NOT_APPLICABLE = "#EDEDED"
Role = Qt.ItemDataRole


class _DraftModel(QAbstractTableModel):
    """What the two tables share: the draft, the refusal marks and the signals."""

    refused = Signal(str)  # the reason in plain words, for the message line
    accepted = Signal(str)  # what changed, in words
    board_changed = Signal()
    fields: tuple[str, ...] = ()

    def __init__(self, draft: BoardDraft) -> None:
        super().__init__()
        self.draft = draft
        self.marks: dict[tuple[int, int], str] = {}  # refused cells: (row, column) -> reason

    def set_draft(self, draft: BoardDraft) -> None:
        """Show another board (all marks go)."""
        self.beginResetModel()
        self.draft, self.marks = draft, {}
        self.endResetModel()

    def refresh(self) -> None:
        """Show the draft again after an edit made through the other table (marks go)."""
        self.marks = {}
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1,
                                                                self.columnCount() - 1))

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.fields)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Role.DisplayRole) -> Any:
        if role != Role.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.fields):
            return HEADERS[self.fields[section]]
        if orientation == Qt.Orientation.Vertical and 0 <= section < self.rowCount():
            return str(section)
        return None

    def _valid(self, index: Index) -> bool:
        return (index.isValid() and 0 <= index.row() < self.rowCount()
                and 0 <= index.column() < len(self.fields))

    def _mark(self, index: Index, role: int) -> Any:
        reason = self.marks.get((index.row(), index.column()))
        if reason is None:
            return None
        if role == Role.BackgroundRole:
            return QBrush(QColor(REFUSED_BACKGROUND))
        if role == Role.ForegroundRole:
            return QBrush(QColor(REFUSED_TEXT))
        if role == Role.ToolTipRole:
            return f"Refused: {reason}. The value shown is kept."
        return None

    def _refused_words(self, index: Index, words: str) -> str:
        """What a screen reader says of a cell: its words, and the refusal the red shows."""
        reason = self.marks.get((index.row(), index.column()))
        return f"{words}; refused: {reason}" if reason is not None else words

    def _apply(self, index: Index, typed: object, change: Any) -> bool:
        """Run one edit on the draft: mark the cell and say why when refused (False)."""
        kept = self.data(index, Role.DisplayRole)
        try:
            said = change()
        except BadInput as e:
            self.refresh()
            self.marks = {(index.row(), index.column()): str(e)}
            self.dataChanged.emit(index, index)
            stays = f"; it stays {kept}" if kept else ""
            self.refused.emit(f"Refused {typed_text(typed)} for {self._where(index)}: {e}{stays}.")
            return False
        self.refresh()
        self.accepted.emit(str(said))
        self.board_changed.emit()
        return True

    def _where(self, index: Index) -> str:
        return f"{self.header(index.column())} of row {index.row()}"

    def header(self, column: int) -> str:
        """A column's title on one line (the table's headers take two)."""
        return HEADERS[self.fields[column]].replace("\n", " ")

    def refusal(self, row: int, column: int) -> str | None:
        """Why the last value typed into this cell was refused (None when it was not)."""
        return self.marks.get((row, column))


class SpacesModel(_DraftModel):
    """One row per space: number, kind, name, confirmed, colour set and figures."""

    fields = SPACE_FIELDS

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.draft.board.spaces)

    def column(self, field: str) -> int:
        """The column that shows `field`."""
        return self.fields.index(field)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        field = self.fields[index.column()]
        if field in ("index", "kind") or not applies(self.draft.space_kind(index.row()), field):
            return flags
        if field == "name_confirmed":
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        marked = self._mark(index, role)
        if marked is not None:
            return marked
        row, field = index.row(), self.fields[index.column()]
        kind = self.draft.space_kind(row)
        if role == Role.DisplayRole:
            return "" if field == "name_confirmed" else self.draft.text(row, field)
        if role == Role.AccessibleTextRole:
            return self._refused_words(index, self._spoken(row, field, kind))
        if role == Role.EditRole:
            value = self.draft.value(row, field)
            return self.draft.text(row, field) if field in ("rents", "group") or value is None \
                else value if isinstance(value, str) else str(value)
        if role == Role.CheckStateRole and field == "name_confirmed":
            confirmed = bool(self.draft.value(row, field))
            return Qt.CheckState.Checked if confirmed else Qt.CheckState.Unchecked
        if role == Role.BackgroundRole:
            if not applies(kind, field) and field not in ("index", "kind"):
                return QBrush(QColor(NOT_APPLICABLE))
            if field in ("name", "name_confirmed") and not self.draft.value(row, "name_confirmed"):
                return QBrush(QColor(UNCONFIRMED_BACKGROUND))
        if role == Role.ToolTipRole:
            return self._tip(row, field)
        if role == Role.TextAlignmentRole and field in ("index", "price", "house_cost",
                                                        "hotel_cost", "mortgage", "amount"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _spoken(self, row: int, field: str, kind: str) -> str:
        # What the grey and the yellow say, in words: a field that does not apply to this
        # kind of space, a name not yet checked against the physical board.
        confirmed = bool(self.draft.value(row, "name_confirmed"))
        if field == "name_confirmed":
            return "confirmed" if confirmed else "not confirmed"
        if not applies(kind, field) and field not in ("index", "kind"):
            return "does not apply"
        words = self.draft.text(row, field) or "blank"
        return f"{words} (not confirmed)" if field == "name" and not confirmed else words

    def _tip(self, row: int, field: str) -> str | None:
        kind = self.draft.space_kind(row)
        if field in ("name", "name_confirmed") and not self.draft.value(row, "name_confirmed"):
            return "Name not confirmed: check it against the physical board, then tick confirmed."
        if field == "mortgage" and applies(kind, field):
            return "Half the price: it follows the price."
        if field == "rents" and applies(kind, field):
            return "Six rents: the site alone, with 1, 2, 3 and 4 houses, with a hotel; none lower " \
                   "than the one before."
        return None

    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:  # noqa: N802
        if not self._valid(index) or not self.flags(index) & (
                Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable):
            return False
        row, field = index.row(), self.fields[index.column()]
        if field == "name_confirmed":
            if role != Role.CheckStateRole:
                return False
            checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value)
            return self._apply(index, checked, lambda: self.draft.edit(row, field, checked))
        if role != Role.EditRole:
            return False
        return self._apply(index, value, lambda: self.draft.edit(row, field, value))

    def _where(self, index: Index) -> str:
        space = self.draft.board.spaces[index.row()]
        return f"{space.label()} ({self.header(index.column())})"


class GroupsModel(_DraftModel):
    """One row per colour set: id, name, colour (with its swatch) and PX zone."""

    fields = GROUP_FIELDS

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.draft.board.groups)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags if self.fields[index.column()] == "id" else flags | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        marked = self._mark(index, role)
        if marked is not None:
            return marked
        row, field = index.row(), self.fields[index.column()]
        if role in (Role.DisplayRole, Role.EditRole):
            return self.draft.group_text(row, field)
        if role == Role.AccessibleTextRole:
            return self._refused_words(index, self.draft.group_text(row, field) or "blank")
        if role == Role.DecorationRole and field == "colour":
            return QColor(self.draft.board.groups[row].colour)
        return None

    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:  # noqa: N802
        if role != Role.EditRole or not self._valid(index) or not (
                self.flags(index) & Qt.ItemFlag.ItemIsEditable):
            return False
        row, field = index.row(), self.fields[index.column()]
        return self._apply(index, value, lambda: self.draft.edit_group(row, field, value))

    def _where(self, index: Index) -> str:
        return f"colour set {self.draft.board.groups[index.row()].id} " \
               f"({self.header(index.column())})"
