"""The start page: resume the game in progress, open another, start a new one or the sample."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.games.folder import GameSummary, in_progress
from ui.about import VersionTip
from ui.messages import MessageArea
from ui.start.games_model import GamesModel
from ui.table.wrapped_rows import WrappedRows
from ui.wrapped_button import WrappedButton


class ResumeButton(WrappedButton):
    """The game in progress, its players whole however long (issue 30): the words wrap."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("resumeWords", (10, 5, 10, 5), parent)

    def set_full(self, text: str) -> None:
        """The whole text, drawn wrapping (its tooltip and accessible name too)."""
        self.words.setText(text)
        self.setToolTip(text)
        self.setAccessibleName(text)


def _selectable(name: str) -> QLabel:
    """A wrapping label whose words can be selected and copied (a folder's path)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _games_table(model: GamesModel) -> QTableView:
    """The games list: a row a game, its players wrapping whole, Tab leaving it."""
    table = QTableView()
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    # Each row as tall as its wrapped players (as the Players column is widened or narrowed).
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # A game's players wrap in their column (names in any script whole, never "…").
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideNone)
    # Tab leaves the list for the buttons (Up and Down choose a game in it).
    table.setTabKeyNavigation(False)
    table.setAccessibleName("Games in this data folder")
    table.setAccessibleDescription("The latest first; Enter opens the chosen game")
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    # Measured as drawn: a line in a fallback font (Chinese, Tamil) is taller than the
    # table's own font says.
    table.setItemDelegateForColumn(2, WrappedRows(table, column=2))
    return table


class StartPage(QWidget):
    """Says what each button does; emits what the banker chose (the main window acts on it)."""

    open_game = Signal(Path)
    open_judge = Signal(Path)
    new_game = Signal()
    sample = Signal()
    open_file = Signal()
    edit_board = Signal()
    tournaments = Signal()
    about = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("start")
        self.model = GamesModel()
        self.table = _games_table(self.model)
        self.table.doubleClicked.connect(self._open_row)
        self.table.activated.connect(self._open_row)
        self.resume_button = ResumeButton()
        self.resume_button.setObjectName("resume")
        self.open_button = QPushButton("Open the selected game  [Enter]")
        self.judge_button = QPushButton("Open as judge…  [Ctrl+J]")
        self.judge_button.setObjectName("openJudge")
        self.judge_button.setToolTip("The judge's window on the selected game: every entry, "
                                     "time travel, disputes; read-only until a judge signs in")
        self.new_button = QPushButton("New game…  [Ctrl+N]")
        self.sample_button = QPushButton("Open the sample game")
        self.file_button = QPushButton("Open a ledger file…  [Ctrl+O]")
        self.board_button = QPushButton("Edit a board…")
        self.board_button.setObjectName("editBoard")
        self.board_button.setToolTip("Check a board's names and figures against the physical set "
                                     "and save it as your own edition")
        self.tournament_button = QPushButton("Tournaments…  [Ctrl+T]")
        self.tournament_button.setObjectName("tournaments")
        self.tournament_button.setToolTip("The tournament's window: players, draws, the tables' "
                                          "games, results, standings, rulings, publishing")
        self.about_button = QPushButton("About…")
        self.about_button.setObjectName("about")
        self.about_button.setToolTip("The app's version, what it runs on and the fonts' licences")
        self.messages = MessageArea()
        self.empty = QLabel("No games yet in this data folder: start a new game, or open the "
                            "sample game to look around.")
        self.empty.setWordWrap(True)
        # Where this machine keeps the games (and the error log): a banker can find the files.
        self.folder = _selectable("dataFolder")
        # What this machine lacks, said for as long as it lacks it (the sounds' library).
        self.notice = _selectable("notice")
        self.notice.hide()
        self._compose()
        self.resume_button.clicked.connect(self._resume)
        self.open_button.clicked.connect(lambda: self._open_row(self.table.currentIndex()))
        self.judge_button.clicked.connect(self.judge_selected)
        self.new_button.clicked.connect(self.new_game.emit)
        self.sample_button.clicked.connect(self.sample.emit)
        self.file_button.clicked.connect(self.open_file.emit)
        self.board_button.clicked.connect(self.edit_board.emit)
        self.tournament_button.clicked.connect(self.tournaments.emit)
        self.about_button.clicked.connect(self.about.emit)
        self.show_games([])

    def _compose(self) -> None:
        title = QLabel("Championship Banker")
        title.setObjectName("title")
        self.title = title
        VersionTip(title)  # its tooltip: the version
        buttons = QHBoxLayout()
        for button in (self.new_button, self.sample_button, self.file_button, self.board_button,
                       self.tournament_button):
            buttons.addWidget(button)
        buttons.addStretch()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 18)
        layout.addWidget(title)
        layout.addWidget(self.resume_button)
        layout.addWidget(QLabel("Games in this data folder, the latest first:"))
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        row = QHBoxLayout()
        row.addWidget(self.open_button)
        row.addWidget(self.judge_button)
        row.addStretch()
        row.addWidget(self.about_button)  # at the right of the row, where there is room
        layout.addLayout(row)
        layout.addLayout(buttons)
        layout.addWidget(self.folder)
        layout.addWidget(self.notice)
        layout.addWidget(self.messages)

    def show_games(self, games: Sequence[GameSummary], folder: Path | None = None) -> None:
        """List the games; offer to resume the one in progress."""
        self.model.show_games(games)
        self.table.resizeColumnsToContents()
        self.empty.setVisible(not games)
        self.open_button.setEnabled(bool(games))
        self.judge_button.setEnabled(bool(games))
        current = in_progress(games)
        self.resume = current
        if current is not None:
            self.resume_button.set_full(f"Resume {current.label}  ({', '.join(current.players)}; "
                                        f"{current.profile})  [Enter]")
            self.table.selectRow(list(games).index(current))
        else:
            self.resume_button.set_full("No game in progress")
            if games:
                self.table.selectRow(0)
        self.resume_button.setEnabled(current is not None)
        self.resume_button.setDefault(current is not None)
        if folder is not None:
            self.folder.setText(f"Data folder: {folder.parent}  (games in {folder.name}/, the "
                                "error log in logs/)")
        where = f" Games are kept in {folder}." if folder else ""
        self.messages.say("Choose a game to open, or start a new one." + where)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_notice(self, text: str) -> None:
        """Say what this machine lacks (e.g. the clock's sounds off), below the buttons, kept."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _resume(self) -> None:
        if self.resume is not None:
            self.open_game.emit(self.resume.path)

    def _open_row(self, index: QModelIndex) -> None:
        path = self._openable(index)
        if path is not None:
            self.open_game.emit(path)

    def judge_selected(self) -> None:
        """Open the selected game in the judge's window (Ctrl+J)."""
        path = self._openable(self.table.currentIndex())
        if path is not None:
            self.open_judge.emit(path)

    def _openable(self, index: QModelIndex) -> Path | None:
        if not index.isValid():
            return None
        game = self.model.games[index.row()]
        if game.problem is not None:
            self.messages.say(f"{game.path.name} cannot be opened: {game.problem}", "refused")
            return None
        return game.path
