"""The ledger for the judge: every entry in words, filtered by player, kind, time and text."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import (
    QDateTime,
    QEvent,
    QItemSelectionModel,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from ui.judge.entries_cells import EntryCells
from ui.judge.entries_model import (
    CLOCK_COLUMN,
    ENTRY_COLUMN,
    SEQ_ROLE,
    EntriesFilter,
    EntriesModel,
    clock_text,
    entry_words,
    who,
)
from ui.judge.entries_rows import EntryRows
from ui.judge.session import JudgeSession
from ui.table.columns import Fence
from ui.table.wrapped_rows import VisibleRowsFit

EVERY_PLAYER = "every player"
PLAYER_FILTER_LETTERS = 12  # the player filter's least width, in letters
EVERY_KIND = "every kind"
TIME_FORMAT = "HH:mm:ss"
MEASURE_SLICE_S = 0.004  # rows measured ahead at one turn of the event loop: some 100


def _qt_time(at: datetime) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(at.timestamp() * 1000))


def _py_time(at: QDateTime) -> datetime:
    return datetime.fromtimestamp(at.toMSecsSinceEpoch() / 1000, UTC)


class EntriesPanel(Fence):
    """The filters above the list of entries. `picked(int)` when the current entry changes (by
    keys or a click); `step(int)` for Left/Right (one entry back or on, filtered or not);
    `now()` for End."""

    picked = Signal(int)
    step = Signal(int)
    now = Signal()

    def __init__(self, session: JudgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._quiet = False  # the cursor follows time travel without asking it to move
        self.model = EntriesModel(session.entries)
        self.proxy = EntriesFilter(self.model)
        self.player = QComboBox()
        self.player.setObjectName("playerFilter")
        # As wide as the column gives it, not as the longest name: a name of 40 letters made
        # the judge's window wider than a 1366-pixel screen. The list that drops down shows
        # each name whole.
        self.player.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.player.setMinimumContentsLength(PLAYER_FILTER_LETTERS)
        self.kind = QComboBox()
        self.kind.setObjectName("kindFilter")
        self.kind.addItems([EVERY_KIND, *review.CATEGORIES])
        self.timed = QCheckBox("between")
        self.timed.setObjectName("timeFilter")
        self.since = QDateTimeEdit()
        self.until = QDateTimeEdit()
        for edit in (self.since, self.until):
            edit.setDisplayFormat(TIME_FORMAT)
            edit.setEnabled(False)
        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setPlaceholderText("Find words in the entries…  [Ctrl+F]")
        self.search.setClearButtonEnabled(True)
        self.count = QLabel()
        self.count.setObjectName("entryCount")
        # The list cuts long entries: the one under the cursor in full words, on every tab.
        self.words = QLabel()
        self.words.setObjectName("entryWords")
        self.words.setWordWrap(True)
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._words_width = -1  # the width the words' room is held at (_hold_words_room)
        self.table = QTableView()
        self.table.setObjectName("entries")
        self.table.setTabKeyNavigation(False)  # Tab leaves the list (Up and Down move in it)
        for widget, name in ((self.player, "Show the entries of player"),
                             (self.kind, "Show the entries of kind"),
                             (self.timed, "Only the entries recorded between two times"),
                             (self.since, "From"), (self.until, "Until"),
                             (self.search, "Find words in the entries"),
                             (self.table, "The game's entries")):
            widget.setAccessibleName(name)
        self.table.setAccessibleDescription("Every entry of the ledger, the filters applied; "
                                            "the one chosen is read in full below")
        self._compose()
        self._players()
        self._time_range()
        self.player.currentIndexChanged.connect(self.apply_filter)
        self.kind.currentIndexChanged.connect(self.apply_filter)
        self.timed.toggled.connect(self._timed)
        self.since.dateTimeChanged.connect(self.apply_filter)
        self.until.dateTimeChanged.connect(self.apply_filter)
        self.search.textChanged.connect(self.apply_filter)
        self.measuring = self._measuring()
        self.table.selectionModel().currentRowChanged.connect(self._current)
        self.table.installEventFilter(self)
        session.changed.connect(self._ledger_changed)
        self._counted()

    def _compose(self) -> None:
        table = self.table
        table.setModel(self.proxy)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        # An entry's words wrap whole in their column (a name is never cut to "…"): each row
        # in sight as tall as its entry, measured as drawn (a Chinese or Tamil line is taller),
        # each cell laid out once and drawn from that layout (EntryCells).
        self.cells = EntryCells(self.model, self.proxy, table)
        table.setItemDelegate(self.cells)
        # The rows measured once each and the columns as wide as the widest entry (EntryRows):
        # a jump lays out and paints its rows once, and moves no column.
        self.rows = EntryRows(table, self.model, self.proxy, self.cells)
        self.rows_fit = VisibleRowsFit(table, self.rows.height)
        table.setWordWrap(True)
        table.setAlternatingRowColors(True)
        table.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = table.horizontalHeader()
        # The headings stay as they are whichever row is chosen: highlighted (the default),
        # each jump repainted them for a row that every column always holds.
        header.setHighlightSections(False)
        # Nor repainted at all for a row chosen: the header is an item view itself and, on the
        # list's selection, repainted every heading for each row chosen (a row holds every
        # column). It shows no selection, so it has one of its own that nothing selects in.
        header.setSelectionModel(QItemSelectionModel(self.proxy, header))
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(ENTRY_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.rows.fit_columns()
        filters = QGridLayout()
        filters.addWidget(QLabel("Player"), 0, 0)
        filters.addWidget(self.player, 0, 1)
        filters.addWidget(QLabel("Kind"), 0, 2)
        filters.addWidget(self.kind, 0, 3)
        filters.addWidget(self.timed, 1, 0)
        filters.addWidget(self.since, 1, 1)
        filters.addWidget(QLabel("and"), 1, 2)
        filters.addWidget(self.until, 1, 3)
        filters.addWidget(self.search, 2, 0, 1, 4)
        filters.setColumnStretch(1, 1)
        filters.setColumnStretch(3, 1)
        layout = QVBoxLayout(self.inner)  # a fence: the entry's words laid out here, no higher
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(table, stretch=1)
        layout.addWidget(self.words)
        layout.addWidget(self.count)

    def _players(self) -> None:
        state = self.session.game.state
        names = [p.name for p in state.players] if state is not None else []
        chosen = self.player.currentText()
        self.player.blockSignals(True)
        self.player.clear()
        self.player.addItems([EVERY_PLAYER, *names])
        self.player.setCurrentText(chosen if chosen in names else EVERY_PLAYER)
        self.player.blockSignals(False)

    def _time_range(self) -> None:
        entries = self.model.entries
        # An untimed game (or one whose clock has not started) has no clock column.
        self.table.setColumnHidden(CLOCK_COLUMN, not self.model.timed)
        if not entries:
            return
        first, last = _qt_time(entries[0].recorded_at), _qt_time(entries[-1].recorded_at)
        for edit in (self.since, self.until):
            edit.blockSignals(True)
            edit.setDateTimeRange(first, last.addSecs(1))
        if not self.timed.isChecked():
            self.since.setDateTime(first)
            self.until.setDateTime(last.addSecs(1))
        for edit in (self.since, self.until):
            edit.blockSignals(False)

    # Filtering ---------------------------------------------------------------------------

    def _timed(self, on: bool) -> None:
        self.since.setEnabled(on)
        self.until.setEnabled(on)
        self.apply_filter()

    def apply_filter(self) -> None:
        """Narrow the list to what the filters ask for, keeping the current entry if shown."""
        keep = self.current_seq()
        player, kind = self.player.currentText(), self.kind.currentText()
        timed = self.timed.isChecked()
        self.proxy.set_filter(
            players=() if player == EVERY_PLAYER else (player,),
            categories=() if kind == EVERY_KIND else (kind,),
            since=_py_time(self.since.dateTime()) if timed else None,
            until=_py_time(self.until.dateTime()) if timed else None,
            text=self.search.text().strip())
        if keep is not None:
            self.select(keep, emit=False)
        self._counted()

    def _counted(self) -> None:
        shown, every = self.proxy.rowCount(), self.model.rowCount()
        voided = self.model.voided
        words = f"{every:,} entries ({voided:,} voided)"
        self.count.setText(f"Showing {shown:,} of {words}" if self.proxy.active else
                           f"Every entry: {words}")

    # The current entry -------------------------------------------------------------------

    def current_seq(self) -> int | None:
        """The entry the list's cursor is on."""
        index = self.table.currentIndex()
        return int(index.data(SEQ_ROLE)) if index.isValid() else None

    def selected_seqs(self) -> list[int]:
        """The selected entries, oldest first."""
        rows = self.table.selectionModel().selectedRows()
        return sorted(int(index.data(SEQ_ROLE)) for index in rows)

    def select(self, seq: int, *, emit: bool = True) -> bool:
        """Put the cursor on entry `seq` if the filters show it; True if they do."""
        row = self.model.row_of(seq)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            self.table.clearSelection()
            return False
        table = self.table
        # A jump (the entry out of sight): the entry in the middle of the list, it and the rows
        # around it given their heights before the list scrolls there (the cursor's move
        # scrolls it) and is painted; a step to the next entry moves the list no more than it
        # must. Each row is measured once (EntryRows).
        jump = not table.viewport().rect().intersects(table.visualRect(index))
        if jump:
            # The entry's words first, and the panel laid out around them: their label's new
            # height (one line or three) is the list's height the entry is centred in.
            self._say_words(seq)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            top = self.rows.fit_around(index.row())
            if table.verticalScrollMode() == QAbstractItemView.ScrollMode.ScrollPerItem:
                table.verticalScrollBar().setValue(top)  # a row's index is its scroll value
            else:
                table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        self._quiet = not emit
        try:
            table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        finally:
            self._quiet = False
        if not jump:
            table.scrollTo(index)
        self.rows_fit.fit()  # any row come into sight at its height (each known after once)
        return True

    def _current(self) -> None:
        seq = self.current_seq()
        self._say_words(seq)
        if seq is not None and not self._quiet:
            self.picked.emit(seq)

    def _say_words(self, seq: int | None) -> None:
        row = None if seq is None else self.model.row_of(seq)
        if row is None:
            self.words.setText("")
            return
        entry = self.model.entries[row]
        played = clock_text(entry.clock_ms)
        self.words.setText(f"#{entry.seq} · {entry.recorded_at.astimezone():%H:%M:%S}"
                           f"{' · played ' + played if played else ''} · {who(entry.actor)}:"
                           f" {entry_words(entry)}")
        self._hold_words_room()

    def _hold_words_room(self) -> None:
        """The chosen entry's words keep the most lines they have taken at their label's width
        (a wider or narrower label starts again): stepping from a long entry to a short one
        leaves the list where it stands, neither grown nor its rows fitted and painted anew."""
        words = self.words
        if not words.isVisible():
            return
        width = words.width()
        if width != self._words_width:
            self._words_width = width
            words.setMinimumHeight(0)
        needed = words.heightForWidth(width)
        if needed > words.minimumHeight():
            words.setMinimumHeight(needed)

    def lay_out_words(self) -> None:
        """The chosen entry's words (a judge may select them: a text document) laid out at
        their label's width now, after the layouts and before the paint, not in the paint
        (from where the label asks for a second paint of the window)."""
        if self.words.isVisible():
            self.words.heightForWidth(self.words.width())

    def _measuring(self) -> QTimer:
        """While the window is idle, the rows not yet in sight are measured ahead, a slice at
        a time (EntryRows.measure_ahead), as the session folds the game ahead: a jump then
        lays out only the words it paints. Again for a new column width, font or entries."""
        measuring = QTimer(self)
        measuring.setInterval(0)  # whenever the event loop has nothing else to do
        measuring.timeout.connect(self._measure_ahead)
        self.table.horizontalHeader().sectionResized.connect(self._resized)
        return measuring

    def _measure_ahead(self) -> None:
        if not self.table.isVisible() or not self.rows.measure_ahead(MEASURE_SLICE_S):
            self.measuring.stop()  # hidden: started again when shown (showEvent)

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if column == ENTRY_COLUMN:
            self.measuring.start()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.measuring.start()

    def _ledger_changed(self) -> None:
        at_end = self.current_seq() in (None, len(self.model.entries))
        changed = self.model.show_entries(self.session.entries)
        if changed is None:
            self.rows.entries_replaced()
        elif changed:
            self.rows.rows_changed(changed)
        self._players()
        self._time_range()
        self.rows.fit_columns()
        # The filter follows the rows added and changed itself (its dynamic filter): matched
        # again whole only when the list was replaced, which resets it.
        self._counted()
        self.measuring.start()
        if at_end:
            self.table.scrollToBottom()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.table and event.type() in (QEvent.Type.FontChange,
                                                      QEvent.Type.StyleChange,
                                                      QEvent.Type.PaletteChange):
            self.rows.forget()  # every measure again, in the new font, style or colours
            self.rows.fit_columns()
            self.rows_fit.later()
            self.measuring.start()
        # Left/Right step through time (the list's columns need no cursor), End: now.
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
                return False
            key = event.key()
            if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                self.step.emit(-1 if key == Qt.Key.Key_Left else 1)
                return True
            if key == Qt.Key.Key_End:
                self.now.emit()
                return True
        return False
