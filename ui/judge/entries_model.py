"""Every ledger entry as a table row (review.Entry), and the filter the judge narrows it with."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from itertools import compress, count
from operator import is_not
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from app.review import service as review
from ui.fonts import isolated

COLUMNS = ("#", "Time", "Played", "By", "Entry")  # the kind: in the tooltip and the filter
# "Played", not "Clock": beside the time of day, a game clock of 14:00 read as 2 pm.
HEADER_TIPS = ("The ledger entry's number", "When it was recorded (time of day)",
               "Game clock played at the entry, minutes:seconds", "Who recorded it",
               "What the entry says (a voided one is struck out)")
ENTRY_COLUMN = COLUMNS.index("Entry")
CLOCK_COLUMN = COLUMNS.index("Played")
VOIDED_GREY = "#8A8A8A"
IN_PLACE = 500  # more rows changed than this (a game read again): the list is replaced whole
SEQ_ROLE = Qt.ItemDataRole.UserRole + 1  # the entry's seq, whatever the column
Index = QModelIndex | QPersistentModelIndex
# The roles as the plain numbers Qt hands data() (a comparison with the enum costs more, and a
# jump's repaint asks some 400 times).
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_FONT = Qt.ItemDataRole.FontRole.value
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole.value
_SEQ = SEQ_ROLE
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def clock_text(clock_ms: int | None) -> str:
    """Game-clock time elapsed at an entry, as m:ss (blank before the clock starts)."""
    if clock_ms is None:
        return ""
    minutes, seconds = divmod(clock_ms // 1000, 60)
    return f"{minutes}:{seconds:02d}"


def entry_words(entry: review.Entry) -> str:
    """The entry's words, with its void and its dispute said."""
    text = entry.text
    if entry.dispute is not None:
        text += f"  [dispute {entry.dispute}]"
    if entry.voided:
        text += f"  — voided by #{entry.voided_by}" if entry.voided_by else "  — voided"
    return text


def who(actor: str) -> str:
    """Who recorded an entry, in short: "banker: banker" is the banker, "judge: Lee" Lee."""
    role, _, name = actor.partition(":")
    name = name.strip()
    return role if not name or name == role else f"{role} {name}"


def cells(entry: review.Entry) -> tuple[str, ...]:
    """One row's words."""
    return (str(entry.seq), f"{entry.recorded_at.astimezone():%H:%M:%S}",
            clock_text(entry.clock_ms), who(entry.actor), entry_words(entry))


class EntriesModel(QAbstractTableModel):
    """The game's entries, oldest first; voided ones grey, struck out and saying what voided them."""

    def __init__(self, entries: Sequence[review.Entry] = ()) -> None:
        super().__init__()
        self.entries: list[review.Entry] = list(entries)
        self.voided = sum(1 for e in self.entries if e.voided)  # how many entries are voided
        self.timed = any(e.clock_ms is not None for e in self.entries)  # any on the game clock
        self._struck = QFont()
        self._struck.setStrikeOut(True)
        self._grey = QColor(VOIDED_GREY)
        # Each row's words, worked out the first time the row is drawn and kept until the list
        # is replaced (rows appended leave the earlier ones as they were).
        self._cells: dict[int, tuple[str, ...]] = {}

    def show_entries(self, entries: Sequence[review.Entry]) -> list[int] | None:
        """Show `entries`: the rows of entries that changed (a void marks earlier entries
        voided) changed in place and new entries appended; the rows changed in place (none
        when rows were only added), or None when the whole list was replaced (fewer entries,
        or many changed: a game read again)."""
        entries = list(entries)
        old = self.entries
        changed = None
        if len(entries) >= len(old):
            # The rows whose entry is another object (a C loop), then those whose entry differs.
            changed = [row for row in compress(count(), map(is_not, old, entries))
                       if old[row] != entries[row]]
        if changed is None or len(changed) > IN_PLACE:
            self.beginResetModel()
            self.entries = entries
            self.voided = sum(1 for e in entries if e.voided)
            self.timed = any(e.clock_ms is not None for e in entries)
            self._cells = {}
            self.endResetModel()
            return None
        if changed:
            self.entries = entries[:len(old)]
            self.voided += sum(entries[row].voided - old[row].voided for row in changed)
            last = len(COLUMNS) - 1
            for row in changed:
                self._cells.pop(row, None)
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        if len(entries) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(entries) - 1)
            self.entries = entries
            added = entries[len(old):]
            self.voided += sum(1 for e in added if e.voided)
            self.timed = self.timed or any(e.clock_ms is not None for e in added)
            self.endInsertRows()
        return changed

    def row_words(self, row: int) -> tuple[str, ...]:
        """Row `row`'s words, made once and kept (what DisplayRole answers, a cell at a time)."""
        words = self._cells.get(row)
        if words is None:
            words = self._cells[row] = tuple(isolated(c) for c in cells(self.entries[row]))
        return words

    def row_of(self, seq: int) -> int | None:
        """The row of entry `seq` (seqs run 1, 2, 3… with no gap)."""
        row = seq - 1
        if 0 <= row < len(self.entries) and self.entries[row].seq == seq:
            return row
        return next((r for r, e in enumerate(self.entries) if e.seq == seq), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's API)
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        if not 0 <= row < len(self.entries) or not index.isValid():
            return None
        if role == _DISPLAY:
            return self.row_words(row)[index.column()]
        entry = self.entries[row]
        if role == _TOOLTIP:
            return (f"#{entry.seq} · {entry.category} ({entry.type}) · recorded by {entry.actor}"
                    f"\n{entry_words(entry)}")
        if role == _SEQ:
            return entry.seq
        if role == _FOREGROUND and entry.voided:
            return QColor(self._grey)
        if role == _FONT and entry.voided:
            return self._struck
        if role == _ALIGNMENT and index.column() in (0, 2):
            return _RIGHT
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's API)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS[section]
        return None


class EntriesFilter(QSortFilterProxyModel):
    """The entries the judge asked for: any of the players, any of the kinds, a time range and
    words to find (the match itself is review.matching's)."""

    def __init__(self, model: EntriesModel) -> None:
        super().__init__()
        self.entries_model = model
        self.setSourceModel(model)
        self.players: tuple[str, ...] = ()
        self.categories: tuple[str, ...] = ()
        self.since: datetime | None = None
        self.until: datetime | None = None
        self.text = ""
        self.accepted: set[int] | None = None  # None: no filter, every entry
        self._matched: list[review.Entry] | None = None  # the list `accepted` was matched on

    def set_filter(self, *, players: Sequence[str] = (), categories: Sequence[str] = (),
                   since: datetime | None = None, until: datetime | None = None,
                   text: str = "") -> None:
        """Show only the entries that match (every argument left out: no filter on it)."""
        self.players, self.categories = tuple(players), tuple(categories)
        self.since, self.until, self.text = since, until, text
        self.rematch()

    def rematch(self) -> None:
        """Match the filter again (the entries changed under it)."""
        self.beginFilterChange()
        self._matched = None
        self.endFilterChange()

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return bool(self.players or self.categories or self.since or self.until or self.text)

    @property
    def in_order(self) -> bool:
        """Whether the list shows every entry in the model's order (no filter, not sorted):
        a row of the list is then its entry's row in the model, with no mapping asked."""
        return not self.active and self.sortColumn() < 0

    def _match(self) -> set[int] | None:
        """The seqs that match, worked out once per filter and per list of entries (the model
        replaces its list whenever entries come or change)."""
        entries = self.entries_model.entries
        if self._matched is not entries:
            self._matched = entries
            self.accepted = None if not self.active else {e.seq for e in review.matching(
                entries, players=self.players, categories=self.categories,
                since=self.since, until=self.until, text=self.text)}
        return self.accepted

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802
        accepted = self._match()
        if accepted is None:
            return True
        entries = self.entries_model.entries
        return 0 <= source_row < len(entries) and entries[source_row].seq in accepted
