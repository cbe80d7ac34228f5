"""The ledger feed: the latest entries in the words of `banker ledger`, voided ones struck through."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFocusEvent, QFont
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from app.table.views import FeedEntry
from ui.announce import announce
from ui.fonts import isolated
from ui.table import palette
from ui.table.window_keys import reachable
from ui.table.wrapped_rows import WrappedRows

SEQ_ROLE = Qt.ItemDataRole.UserRole
VOIDED_ROLE = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex


class FeedModel(QAbstractListModel):
    """A list model over feed entries, oldest first; updates insert, remove or change rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[FeedEntry] = []
        self.fonts = (QFont(), QFont())
        self.set_font(QFont())

    def set_font(self, font: QFont) -> None:
        """The view's font (its size follows the window's), plain and struck through."""
        struck = QFont(font)
        struck.setStrikeOut(True)
        self.fonts = (QFont(font), struck)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 (Qt's API)
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.entries):
            return None
        entry = self.entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return isolated(f"{entry.seq}  {entry.time:%H:%M:%S}  {entry.text}")
        if role == Qt.ItemDataRole.ToolTipRole:
            return entry.line().strip()
        if role == Qt.ItemDataRole.FontRole:
            return self.fonts[entry.voided]
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor(palette.MUTED_TEXT if entry.voided else palette.TEXT)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return ("voided: " if entry.voided else "") + entry.text
        if role == SEQ_ROLE:
            return entry.seq
        if role == VOIDED_ROLE:
            return entry.voided
        return None

    def set_entries(self, entries: Sequence[FeedEntry]) -> None:
        """Show `entries`: rows that scrolled off are removed, new ones added, changed ones redrawn."""
        new = list(entries)
        seqs = [e.seq for e in self.entries]
        if not seqs or not new or new[0].seq not in seqs:
            self._reset(new)
            return
        drop = seqs.index(new[0].seq)
        if drop:
            self.beginRemoveRows(QModelIndex(), 0, drop - 1)
            self.entries = self.entries[drop:]
            self.endRemoveRows()
        kept = min(len(self.entries), len(new))
        if [e.seq for e in self.entries[:kept]] != [e.seq for e in new[:kept]]:
            self._reset(new)
            return
        if len(self.entries) > len(new):
            self.beginRemoveRows(QModelIndex(), len(new), len(self.entries) - 1)
            self.entries = self.entries[:len(new)]
            self.endRemoveRows()
        for row in range(kept):
            if self.entries[row] != new[row]:
                self.entries[row] = new[row]
                self.dataChanged.emit(self.index(row), self.index(row))
        if len(new) > kept:
            self.beginInsertRows(QModelIndex(), kept, len(new) - 1)
            self.entries = self.entries + new[kept:]
            self.endInsertRows()

    def _reset(self, entries: list[FeedEntry]) -> None:
        self.beginResetModel()
        self.entries = entries
        self.endResetModel()


class LedgerFeed(QListView):
    """The feed's view: follows the newest entry unless the banker has scrolled back.

    Whether it follows is decided by the banker's own scrolling (the scroll bar's actions: the
    wheel, a drag, a click), never by where the bar stands when entries arrive: wrapped rows
    are laid out after they are added, so the bar's range grows after the view was scrolled,
    and a view that judged by the bar's position stopped following for good, 5 to 20 entries
    behind the latest (issue 21). It scrolls to the newest once its range has grown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ledgerFeed")
        self.feed = FeedModel(self)
        self.setModel(self.feed)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.rows = WrappedRows(self)
        self.setItemDelegate(self.rows)
        self.setAlternatingRowColors(True)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)  # no gap below
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Tab reaches it (a screen reader's user reads the entries with Up and Down); a click
        # does not take the keys from the window, and the game's keys go on to the window.
        reachable(self, reads=True)
        self.setTabKeyNavigation(False)
        self.setAccessibleName("Ledger: the latest entries")
        self.setAccessibleDescription("Every entry recorded, the newest last; voided ones are "
                                      "struck through and read as voided")
        self.following = True  # the newest entry is kept in sight
        bar = self.verticalScrollBar()
        bar.actionTriggered.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        # Tab into the ledger: the newest entry is the one read first (Up reads back).
        super().focusInEvent(event)
        rows = self.feed.rowCount()
        if rows and event.reason() in (Qt.FocusReason.TabFocusReason,
                                       Qt.FocusReason.BacktabFocusReason):
            self.setCurrentIndex(self.feed.index(rows - 1))

    def _scrolled(self, _action: int) -> None:
        # The banker scrolled: follow again once back at the foot (the bar's slider position is
        # already the new one while the action is being taken).
        bar = self.verticalScrollBar()
        self.following = bar.sliderPosition() >= bar.maximum() - 2

    def _range_changed(self, _low: int, high: int) -> None:
        if self.following:
            self.verticalScrollBar().setValue(high)

    def show_entries(self, entries: Sequence[FeedEntry]) -> None:
        """Show `entries` and keep the newest in sight unless the banker has scrolled back;
        the entries newly recorded are announced to a screen reader (ui/announce.py)."""
        following = self.following
        last = self.feed.entries[-1].seq if self.feed.entries else None
        if self.font() != self.feed.fonts[0]:  # Ctrl+plus or Ctrl+minus
            self.feed.set_font(self.font())
            if self.feed.entries:
                self.feed.dataChanged.emit(self.feed.index(0),
                                           self.feed.index(len(self.feed.entries) - 1))
        self.feed.set_entries(entries)
        if following:
            self.scrollToBottom()
        if last is not None:  # not the entries a game opens with
            recorded = [e.text for e in entries if e.seq > last]
            if recorded:
                announce(self, "Recorded: " + "; ".join(recorded))
