"""Every table on the hub as one row: clock, turn, entries, last entry's age, disputes, flags."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont

from app.hub.versions import version_words
from ui.columns_model import ColumnsModel, Index
from ui.head_judge.reader import STALLED_AMBER_S, STALLED_RED_S, TableRow

COLUMNS = ("Table", "State", "Time left", "Round clock", "Turn", "Entries", "Last entry",
           "Disputes", "Version", "Flag")  # the Flag's words last, in the room left
LAST_ENTRY = COLUMNS.index("Last entry")
DISPUTES = COLUMNS.index("Disputes")
VERSION = COLUMNS.index("Version")
GAME_ROLE = Qt.ItemDataRole.UserRole + 1  # the game's id, whatever the column
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # a value that sorts as the column means
LABEL_ROLE = Qt.ItemDataRole.UserRole + 3  # the table's whole label
RED, RED_TEXT = QColor("#F8D0D0"), QColor("#7A0010")
AMBER, AMBER_TEXT = QColor("#FFE3A3"), QColor("#4A3000")
STALLED_RED = QColor("#E53935")
FINISHED = QColor("#E6EFE6")
NUMBERS = {COLUMNS.index(c) for c in ("Turn", "Entries", "Disputes")}


def age_text(seconds: float | None) -> str:
    """'42 s ago', '3 min 05 s ago', '1 h 02 min ago'; 'nothing yet' without an entry."""
    if seconds is None:
        return "nothing yet"
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s ago"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s ago"
    return f"{minutes // 60} h {minutes % 60:02d} min ago"


def time_left_text(row: TableRow) -> str:
    """The clock as the hub's copy of the game has it at the reading's moment."""
    facts = row.facts
    if facts is None or facts.clock_minutes is None:
        return "no clock"
    if facts.time_called or row.finished:
        return "time called" if facts.time_called else "—"
    if not facts.clock_started:
        return f"{facts.clock_minutes} min, not started"
    left = row.time_left_ms or 0
    minutes, seconds = divmod(left // 1000, 60)
    return f"{minutes}:{seconds:02d}" + ("  paused" if facts.clock_paused else "")


def state_text(row: TableRow) -> str:
    facts = row.facts
    if facts is None:
        return "nothing held"
    if facts.problem:
        return "unreadable"
    if row.finished:
        return f"finished: {facts.winner} wins" if facts.winner else "finished"
    if facts.clock_paused:
        return "clock paused"
    return "in play"


def short_labels(labels: Sequence[str]) -> list[str]:
    """The tables' labels without the part they all share ("Open · Qualifying · table 3" ->
    "table 3"), which the window says once, so the reasons beside them have room."""
    parts = [label.split(" · ") for label in labels]
    if len(parts) < 2:
        return list(labels)
    shared = 0
    while all(len(p) > shared + 1 and p[shared] == parts[0][shared] for p in parts):
        shared += 1
    return [" · ".join(p[shared:]) for p in parts]


def shared_prefix(labels: Sequence[str]) -> str:
    """What short_labels left out ("Open · Qualifying"), or ""."""
    shortened = short_labels(labels)
    if not labels or shortened[0] == labels[0]:
        return ""
    return labels[0][: len(labels[0]) - len(shortened[0])].removesuffix(" · ")


def stall_words(row: TableRow) -> str:
    """A stalled table's state in words, as its amber or red says it: never colour alone."""
    if row.stall == "red":
        return f"STALLED over {STALLED_RED_S // 60} min — go and see"
    if row.stall == "amber":
        return f"stalled over {STALLED_AMBER_S // 60} min"
    return ""


def cells(row: TableRow, label: str | None = None) -> tuple[str, ...]:
    facts = row.facts
    stalled = stall_words(row)
    return (label or row.label, state_text(row), time_left_text(row), row.round_clock or "",
            "" if facts is None or facts.turn is None else str(facts.turn), f"{row.entries:,}",
            age_text(row.age_s) + (f" · {stalled}" if stalled else ""),
            "" if facts is None else str(facts.disputes_open or ""), version_text(row),
            row.flagged or row.settled or "")


def version_text(row: TableRow) -> str:
    """The app's version the table's entries name; on another than the hall's, said so in
    words (never the colour alone)."""
    if not row.entries:
        return ""
    return row.other_version or version_words(row.version)


def sort_key(row: TableRow, column: int) -> Any:
    facts = row.facts
    keys: tuple[Any, ...] = (
        re.sub(r"\d+", lambda m: m.group().zfill(6), row.label),  # table 2 before table 10
        state_text(row), -1 if row.time_left_ms is None else row.time_left_ms,
        (row.round_flag is None, row.round_clock or ""),  # the flagged ones first
        -1 if facts is None or facts.turn is None else facts.turn, row.entries,
        -1.0 if row.age_s is None else row.age_s, 0 if facts is None else facts.disputes_open,
        (row.other_version is None, row.version or ""), row.flagged or "")  # the odd first
    return keys[column]


class TablesModel(ColumnsModel):
    """The tables of one hub reading; red rows are diverged or refused (the reason in the Flag
    column), a stalled table's last-entry cell amber then red, finished games green-grey."""

    def __init__(self) -> None:
        super().__init__(COLUMNS)
        self.rows: list[TableRow] = []
        self.labels: list[str] = []
        self._bold = QFont()
        self._bold.setBold(True)

    def show_rows(self, rows: Sequence[TableRow]) -> None:
        """Replace the rows with a new reading (changed cells only when the tables are the same)."""
        rows = list(rows)
        labels = short_labels([r.label for r in rows])
        if [r.game_id for r in rows] == [r.game_id for r in self.rows] and rows:
            self.rows, self.labels = rows, labels
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self.rows, self.labels = rows, labels
        self.endResetModel()

    def shown(self) -> Sequence[TableRow]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row: TableRow | None = self.item(index)
        if row is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return cells(row, self.labels[index.row()])[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(row)
        if role == GAME_ROLE:
            return row.game_id
        if role == LABEL_ROLE:
            return row.label
        if role == SORT_ROLE:
            return sort_key(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(row, column)
        if role == Qt.ItemDataRole.FontRole and (row.flagged or (
                column == LAST_ENTRY and row.stall) or (column == DISPUTES and row.facts
                                                        and row.facts.disputes_open) or (
                column == VERSION and row.other_version)):
            return self._bold
        return None

    def _background(self, row: TableRow, column: int) -> QColor | None:
        if row.flagged:
            return RED
        if column == LAST_ENTRY and row.stall:
            return STALLED_RED if row.stall == "red" else AMBER
        if column == DISPUTES and row.facts is not None and row.facts.disputes_open:
            return AMBER
        if column == VERSION and row.other_version:
            return AMBER
        return FINISHED if row.finished else None

    def _foreground(self, row: TableRow, column: int) -> QColor | None:
        if row.flagged:
            return RED_TEXT
        if column == LAST_ENTRY and row.stall == "red":
            return QColor("white")
        if (column == LAST_ENTRY and row.stall) or (column == DISPUTES and row.facts is not None
                                                     and row.facts.disputes_open) or (
                column == VERSION and row.other_version):
            return AMBER_TEXT
        return None

    @staticmethod
    def _tip(row: TableRow) -> str:
        lines = [f"{row.label} — game {row.game_id}"]
        if row.facts is not None and row.facts.players:
            lines.append("Players: " + ", ".join(row.facts.players))
        if row.stall:
            lines.append(f"No entry for {age_text(row.age_s).removesuffix(' ago')}: "
                         "go and see the table")
        if row.flagged or row.settled:
            lines.append(row.flagged or row.settled or "")
        if row.entries:
            lines.append(f"Recorded by Championship Banker {version_words(row.version)}"
                         + (f" ({row.other_version})" if row.other_version else ""))
        lines.append("Enter or double-click: open the game in the judge's window (read-only)")
        return "\n".join(lines)

    def game_at(self, row: int) -> TableRow | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None
