"""The head judge's window: every table on the hub, live, and the stage's standings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMainWindow,
    QMenu,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from models.errors import BankerError
from ui.hall.window import HallWindow, toggle_hall
from ui.head_judge.flags_panel import FlagsPanel
from ui.head_judge.hub_judge import open_on_hub
from ui.head_judge.reader import Hall, HallReader
from ui.head_judge.round_entry import (
    ROUND_ACTIONS,
    RoundAction,
    RoundEntryDialog,
    record_entry,
    resumed_words,
)
from ui.head_judge.standings_model import COLUMNS as STANDINGS_COLUMNS
from ui.head_judge.standings_panel import StandingsPanel
from ui.head_judge.summary_bar import SummaryBar
from ui.head_judge.tables_model import (
    COLUMNS,
    GAME_ROLE,
    LABEL_ROLE,
    SORT_ROLE,
    VERSION,
    TablesModel,
    shared_prefix,
)
from ui.judge.window import JudgeWindow
from ui.messages import MessageArea
from ui.polling import Polling
from ui.waiting import sleep_painting

STANDINGS_STATUS = STANDINGS_COLUMNS.index("Status")
TITLE = "Head judge"
POLL_MS = 3000
"""How often the hub is read: ages tick on, new entries show within a few seconds."""
FLAG_ROOM = 28  # the Flag column's least width beside the others, in average characters
CAPPED = {COLUMNS.index("Table"): 22, VERSION: 14}  # columns' most widths, in average characters
STATUS_ROOM = 20  # the standings' Status column's least width, in average characters
HINT = ("Up/Down: tables · Enter or double-click: open the table's game in the judge's window "
        "(read-only) · F5: read the hub now · Ctrl+1 tables · Ctrl+2 standings · click a "
        "heading to sort (Last entry: the stalled ones first) · the round: Ctrl+Shift+S start, "
        "Ctrl+Shift+P pause, Ctrl+Shift+R resume, Ctrl+Shift+A announce")


class HeadJudgeWindow(QMainWindow):
    """Polls the hub every POLL_MS on a thread of its own (the window never waits on the hub;
    `threaded=False` reads on the window's thread, for tests and the screenshot). `refreshed`
    is emitted after each reading is shown, `unreachable(str)` when the hub did not answer."""

    refreshed = Signal()
    unreachable = Signal(str)

    def __init__(self, reader: HallReader, *, threaded: bool = True,
                 poll_ms: int | None = POLL_MS, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reader = reader
        self.judges: dict[str, JudgeWindow] = {}
        self.tournament_window: QMainWindow | None = None
        self.hall: HallWindow | None = None  # the hall display, F11
        self.opener: Callable[[str, str], JudgeWindow] = self._open_judge
        self.model = TablesModel()
        self.sorted = QSortFilterProxyModel(self)
        self.sorted.setSourceModel(self.model)
        self.sorted.setSortRole(SORT_ROLE)
        self.tables = self._tables_view()
        self.standings = StandingsPanel()
        self.flags = FlagsPanel()
        self.summary = SummaryBar(_without_password(reader.hub_url))
        self.messages = MessageArea()
        self.messages.say(HINT)
        self._busy = False
        self.round_dialog: RoundEntryDialog | None = None  # the round's entry being asked
        self.pause_said: str | None = None  # the message line's pause, until it is over
        self.pin_sleep: Callable[[float], None] = lambda s: sleep_painting(s, self)
        self._compose()
        self._menus()
        self.polling = Polling(reader, self, threaded=threaded)
        self.polling.poller.found.connect(self._show_hall)
        self.polling.poller.failed.connect(self._show_failure)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        if poll_ms:
            self.timer.start(poll_ms)
            QTimer.singleShot(0, self.refresh)
        self.setWindowTitle(f"{TITLE} — {self.summary.hub}")
        self.resize(1366, 768)
        self.tables.setFocus()

    def _tables_view(self) -> QTableView:
        view = QTableView()
        view.setAccessibleName("The hall's tables")
        view.setAccessibleDescription("One row a table: its entries, its last entry's age, "
                                      "stalled or diverged in words; Enter opens its game")
        view.setTabKeyNavigation(False)  # Tab leaves the list for the standings
        view.setModel(self.sorted)
        view.setSortingEnabled(True)
        view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setWordWrap(False)
        # A see-through highlight: the selected table's red or amber still shows under it.
        view.setStyleSheet("QTableView { selection-background-color: rgba(21, 101, 192, 70); "
                           "selection-color: black; }")
        view.verticalHeader().hide()
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("Flag"), QHeaderView.ResizeMode.Stretch)
        # A table's label and a version at most so many characters wide (a game without a
        # table's label is named by its id; a build from a checkout names its commit): elided,
        # whole in the cell's tooltip; set by `arrange`.
        for capped in CAPPED:
            header.setSectionResizeMode(capped, QHeaderView.ResizeMode.Interactive)
        view.doubleClicked.connect(self._open_index)
        view.activated.connect(self._open_index)  # Enter on a row
        return view

    def _compose(self) -> None:
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.tables, stretch=1)
        column.addWidget(self.flags)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.standings)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.split = split
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(split, stretch=1)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)

    def _menus(self) -> None:
        hall = self.menuBar().addMenu("&Hall")
        self._action(hall, "&Open the selected table (read-only)", "Ctrl+O", self.open_selected)
        self._action(hall, "&Read the hub now", "F5", self.refresh)
        self._action(hall, "&Tournament…", "Ctrl+T", self.open_tournament)
        self._action(hall, "The &hall display (projector)", "F11", self.toggle_hall)
        self._action(hall, "&Close", "Ctrl+W", self.close)
        round_menu = self.menuBar().addMenu("&Round")
        for entry in ROUND_ACTIONS:
            self._action(round_menu, entry.label, entry.keys, partial(self.ask_round, entry))
        view = self.menuBar().addMenu("&View")
        self._action(view, "The &tables", "Ctrl+1", self.tables.setFocus)
        self._action(view, "The &standings", "Ctrl+2", self.standings.view.setFocus)

    def _action(self, menu: QMenu, text: str, keys: str, slot: Callable[[], object]) -> None:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _=False, s=slot: s())
        menu.addAction(action)

    # Reading the hub ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the hub (unless a reading is still under way)."""
        if self._busy:
            return
        self._busy = True
        self.polling.ask()

    def _show_hall(self, hall: Hall) -> None:
        self._busy = False
        chosen = self.selected_game()
        self.model.show_rows(hall.rows)
        self.summary.show_hall(hall, shared_prefix([r.label for r in hall.rows]))
        self.flags.show_rows(hall.rows, hall.round_unlisted, hall.not_followed)
        self.standings.show_standings(hall.standings, hall.standings_problem)
        self._pause_over(hall)
        if chosen is not None:
            self.select_game(chosen)
        elif hall.rows and not self.tables.selectionModel().hasSelection():
            self.tables.selectRow(0)
        self.arrange()  # the columns' widths follow their words
        self.refreshed.emit()

    def arrange(self) -> None:
        """The tables and the standings side by side when the window is wide enough for every
        column of the tables (the Flag at least FLAG_ROOM characters) beside the standings'
        (their Status at least STATUS_ROOM); else the standings below the tables, every
        column of the tables in sight (a laptop at 1366x768: Disputes, Flag and Version
        scrolled off to the right before)."""
        room = self.fontMetrics().averageCharWidth()
        for column, chars in CAPPED.items():
            width = min(max(self.tables.sizeHintForColumn(column),
                            self.tables.horizontalHeader().sectionSizeHint(column)), chars * room)
            if self.tables.columnWidth(column) != width:
                self.tables.setColumnWidth(column, width)
        needed = (_columns_width(self.tables, COLUMNS.index("Flag")) + FLAG_ROOM * room
                  + _columns_width(self.standings.view, STANDINGS_STATUS) + STATUS_ROOM * room
                  + 4 * self.split.handleWidth() + 40)  # the frames, the scroll bars, margins
        wanted = (Qt.Orientation.Horizontal if self.width() >= needed
                  else Qt.Orientation.Vertical)
        if self.split.orientation() != wanted:
            self.split.setOrientation(wanted)
            if wanted == Qt.Orientation.Vertical:  # once laid out: the tables the most of it
                QTimer.singleShot(0, self, self._share_height)

    def _share_height(self) -> None:
        total = sum(self.split.sizes())
        if self.split.orientation() == Qt.Orientation.Vertical and total:
            self.split.setSizes([total * 5 // 8, total - total * 5 // 8])

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.arrange()

    def _pause_over(self, hall: Hall) -> None:
        """The pause this window said is over: the message line says the resume instead."""
        if self.pause_said is None or hall.round is None:
            return
        resumed = resumed_words(hall.round.hall)
        if resumed is not None:
            if self.messages.text() == self.pause_said:
                self.messages.say(resumed)
            self.pause_said = None

    def _show_failure(self, reason: str) -> None:
        self._busy = False
        self.summary.show_failure(reason, datetime.now(UTC))
        self.unreachable.emit(reason)

    # The tables --------------------------------------------------------------------------

    def selected_game(self) -> str | None:
        rows = self.tables.selectionModel().selectedRows()
        return str(rows[0].data(GAME_ROLE)) if rows else None

    def select_game(self, game_id: str) -> bool:
        for row in range(self.sorted.rowCount()):
            if self.sorted.index(row, 0).data(GAME_ROLE) == game_id:
                self.tables.selectRow(row)
                return True
        return False

    def open_selected(self) -> JudgeWindow | None:
        """Enter, Ctrl+O: the selected table's game in the judge's window, read-only."""
        rows = self.tables.selectionModel().selectedRows()
        return self._open_index(rows[0]) if rows else None

    def _open_index(self, index: QModelIndex) -> JudgeWindow | None:
        game_id = index.siblingAtColumn(0).data(GAME_ROLE)
        label = index.siblingAtColumn(0).data(LABEL_ROLE)
        if not game_id:
            return None
        open_already = self.judges.get(game_id)
        if open_already is not None and open_already.isVisible():
            open_already.raise_()
            open_already.activateWindow()
            return open_already
        try:
            window = self.opener(str(game_id), str(label))
        except BankerError as e:
            self.messages.say(f"{label} cannot be opened from the hub: {e}", "refused")
            return None
        self.judges[str(game_id)] = window
        window.show()
        self.messages.say(f"{label} opened in the judge's window, read-only (the hub's copy).")
        return window

    def _open_judge(self, game_id: str, label: str) -> JudgeWindow:
        return open_on_hub(self.reader.hub_url, game_id, label, self)

    def open_tournament(self) -> QMainWindow:
        """Ctrl+T: the tournament's window on the tournament shown here (to rule a tie, publish)."""
        from ui.tournament.window import TournamentWindow  # noqa: PLC0415

        if self.tournament_window is None or not self.tournament_window.isVisible():
            self.tournament_window = TournamentWindow(self.reader.tournament)
            self.tournament_window.changed.connect(self.refresh)  # a ruling shows here at once
        self.tournament_window.show()
        self.tournament_window.raise_()
        return self.tournament_window

    # The hall's round ---------------------------------------------------------------------

    def ask_round(self, action: RoundAction) -> RoundEntryDialog | None:
        """Ctrl+Shift+S/P/R/A: ask the head judge's name and PIN (and a pause's reason, an
        announcement's words) for the round of the tournament and stage shown, then record it
        through the tournament service; a refusal is said in the message line."""
        tid = self.reader.tournament
        last = self.summary.last
        stage = self.reader.stage or (last.round_stage if last is not None else None)
        if tid is None or stage is None:
            why = ("no tournament is followed (open the window with --tournament)"
                   if tid is None else (last.round_problem if last is not None
                                        and last.round_problem else "no stage is drawn yet"))
            self.messages.say(f"The round cannot be entered: {why}; nothing recorded",
                              "refused")
            return None
        dialog = RoundEntryDialog(action, f"{tid}, {stage}", self)
        self.round_dialog = dialog

        def signed() -> None:
            words, name, pin = dialog.take()
            said, recorded = record_entry(tid, stage, action.kind, words, name, pin,
                                          self.pin_sleep)
            self.messages.say(said if recorded else f"{said}. Nothing recorded",
                              "info" if recorded else "refused")
            # A pause said here stays said only while it holds (a resume may come from the CLI).
            self.pause_said = self.messages.text() if recorded and action.kind == "pause" \
                else None
            self.refresh()

        dialog.accepted.connect(signed)
        dialog.cancelled.connect(self.messages.say)
        dialog.open()
        return dialog

    def toggle_hall(self) -> None:
        """F11: the hall display of the tournament followed, live from the hub, on the second
        screen; again closes it."""
        self.hall, said = toggle_hall(self.hall, self.reader.tournament, self.reader.hub_url,
                                      self)
        self.messages.say(said)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.timer.stop()
        if self.hall is not None:
            self.hall.close()
        if self.tournament_window is not None:
            self.tournament_window.close()
        for window in self.judges.values():
            window.close()
        self.polling.release()
        super().closeEvent(event)


def _without_password(url: str) -> str:
    """The hub's URL as it may be shown on a screen in the hall: no password."""
    scheme, _, rest = url.partition("://")
    if "@" not in rest:
        return url
    who, _, where = rest.rpartition("@")
    return f"{scheme}://{who.split(':', 1)[0]}@{where}"


def _columns_width(view: QTableView, stretched: int) -> int:
    """The width `view`'s columns take as sized to their words (one of a set width: that
    width), the `stretched` one left out."""
    header = view.horizontalHeader()
    fitted = QHeaderView.ResizeMode.ResizeToContents
    return sum(max(header.sectionSizeHint(column), view.sizeHintForColumn(column))
               if header.sectionResizeMode(column) == fitted else header.sectionSize(column)
               for column in range(header.count())
               if column != stretched and not header.isSectionHidden(column))
