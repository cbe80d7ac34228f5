"""The application: the start page and, once a game is opened, its table window, in one window."""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMainWindow, QStackedWidget

import resources
from app.games import folder as games
from app.games.folder import utc_now
from models.errors import BankerError
from ui import (
    crash_guard,
    desktop,
    first_window,
    fonts,
    light,
    none_kept,
    screen_fit,
    source_scan,
)
from ui.qt_start import platform_watched
from ui.settings import keep_qt_in_data_folder, kept
from ui.sounds import Sounds
from ui.start.page import StartPage

if TYPE_CHECKING:
    from ui.table.window import TableWindow

# The table window, the new-game form and the ledger behind them are imported when a game is
# opened or started: the start page paints first (docs/benchmarks.md, "Window"). The table's
# modules are then imported while the banker looks at the start page (PREPARE_MS after the games
# are listed), so opening a game costs the game's own work (docs/benchmarks.md, "Speed").
PREPARE_MS = 300

STYLES = Path(resources.__file__).resolve().parent / "styles" / "app.qss"
TITLE = "Championship Banker"
GEOMETRY_KEY = "window/main"  # the main window's place, restored only where it fits


class MainWindow(QMainWindow):
    """Shows the start page until a game is opened, then that game's table window; closing the
    game (Ctrl+W) comes back to the start page with the list brought up to date."""

    def __init__(self, now: Callable[[], datetime] = utc_now, *, sounds: Sounds | None = None,
                 settings: QSettings | None = None, tick_ms: int | None = 1000,
                 list_later: bool = False, opening: Path | None = None) -> None:
        super().__init__()
        self.now, self.tick_ms, self.settings = now, tick_ms, settings
        self.sounds = sounds or Sounds(self)
        QTimer.singleShot(1500, self, self._prepare_sounds)  # after the first paint
        self.start = StartPage()
        self.table: TableWindow | None = None
        self.left_behind: str | None = None  # what the last closed table's hub copy lacks
        self.stack = QStackedWidget()
        self.stack.addWidget(self.start)
        self.setCentralWidget(self.stack)
        self.start.open_game.connect(self.open_game)
        self.start.new_game.connect(self.new_game)
        self.start.sample.connect(self.open_sample)
        self.start.open_file.connect(self.ask_file)
        self.start.edit_board.connect(self.edit_board)
        self.board_editor: QMainWindow | None = None
        self.start.tournaments.connect(self.open_tournaments)
        self.tournament_window: QMainWindow | None = None
        self.start.open_judge.connect(self.open_judge)
        self.start.about.connect(self.show_about)
        self.judges: list[QMainWindow] = []  # the judge's windows opened from here
        self.about: QDialog | None = None  # Help ▸ About, once opened
        self._prepared = False  # the table's modules imported ahead (_prepare_table)
        self._opening = opening if list_later else None  # opened once the window has painted
        self._menu()
        self.setWindowTitle(TITLE)
        # Where it was last closed, if that still fits this screen; else 1366×768 or less.
        screen_fit.restore(self, self._places(), GEOMETRY_KEY, QSize(1366, 768))
        if not list_later:
            self.show_start()
            return
        # The app lists the games once the window is up: each file is read through the ledger.
        # A game given on the command line (`banker --db FILE`) is opened then instead, as the
        # start page opens one: the window paints before the ledger and the table's modules load.
        self.stack.setCurrentWidget(self.start)
        self.start.messages.say("Reading the games in the data folder…" if opening is None
                                else f"Opening {opening.name}…")
        self._listed = False
        self.installEventFilter(self)
        QTimer.singleShot(2000, self, self._first_list)  # in case no paint comes (hidden)

    def _prepare_sounds(self) -> None:
        # Without Qt Multimedia's system library (libpulse0) the window works, silent: say so.
        self.sounds.prepare()
        if self.sounds.problem is not None:
            self.start.show_notice(self.sounds.problem)
            self.start.messages.say(self.sounds.problem, "warning")

    def _places(self) -> QSettings:
        return self.settings or kept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # Once the window is painted, the games are read (see `list_later`).
        if watched is self and event.type() == QEvent.Type.Paint and not self._listed:
            self._listed = True
            self.removeEventFilter(self)
            QTimer.singleShot(0, self, self._first_list)
        return False

    def _first_list(self) -> None:
        if self._opening is not None:
            path, self._opening = self._opening, None
            self.open_game(path)  # on failure: the games listed, and why on the start page
            return
        if self.table is None and self.stack.currentWidget() is self.start and (
                not self.start.model.rowCount() and "Reading" in self.start.messages.text()):
            self.show_start()
        QTimer.singleShot(PREPARE_MS, self, self._prepare_table)

    def _prepare_table(self) -> None:
        """Import the table window's modules (the engine, the ledger, SQLAlchemy: most of a
        second), once; then move everything loaded so far out of the cycle collector's sight
        (gc.freeze: modules, classes and the start page live as long as the program), so a
        collection while a game is read walks only what the game adds (a full one over all
        of it took about 50 ms of every opening). The collector is off while they load: the
        imports make a few hundred thousand objects and no garbage, and collecting as they came
        cost about a tenth of their time (docs/benchmarks.md, issue 31)."""
        if self._prepared:
            return
        self._prepared = True
        collecting = gc.isenabled()
        gc.disable()
        try:
            for module in ("ui.table.session", "ui.table.window"):
                importlib.import_module(module)
            importlib.import_module("app.table.positions").state_format()  # a digest, cached
        finally:
            if collecting:
                gc.enable()
        gc.freeze()

    def _menu(self) -> None:
        menu = self.menuBar().addMenu("&Game")
        for text, keys, slot in (("&New game…", "Ctrl+N", self.new_game),
                                 ("&Open a ledger file…", "Ctrl+O", self.ask_file),
                                 ("Open as &judge…", "Ctrl+J", self._judge),
                                 ("Edit a &board…", "Ctrl+B", self.edit_board),
                                 ("&Tournaments…", "Ctrl+T", self.open_tournaments),
                                 ("Back to the &games list", "Ctrl+W", self.show_start),
                                 ("&Quit", "Ctrl+Q", self.close)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, s=slot: s())
            menu.addAction(action)
        about = QAction("&About Championship Banker", self)
        about.triggered.connect(lambda _=False: self.show_about())
        self.menuBar().addMenu("&Help").addAction(about)

    def show_about(self) -> None:
        """The app's name, version, what it runs on and the fonts' licences (ui/about.py)."""
        from ui.about import AboutDialog  # noqa: PLC0415

        self.about = AboutDialog(self)
        self.about.open()  # window-modal; Close or Escape shuts it

    # The start page ----------------------------------------------------------------------

    def show_start(self) -> None:
        """Close the open game (everything is already in its ledger) and list the games."""
        self._close_table()
        self.start.show_games(games.recent_games(), games.games_dir())
        self.stack.setCurrentWidget(self.start)
        self.setWindowTitle(TITLE)
        if self.left_behind is not None:
            self.start.messages.say(self.left_behind, "refused")

    def new_game(self) -> None:
        """The new-game form; the game it records opens at once."""
        from ui.start.new_game import NewGameForm  # noqa: PLC0415

        # The tournament, banker and judge are remembered where the window keeps its font size.
        form = NewGameForm(self._create, self, from_draw=self._start_table,
                           settings=self.settings or kept())
        form.cancelled.connect(self.start.messages.say)
        if form.exec() and form.path is not None:
            self.open_game(form.path)

    def _create(self, command: dict[str, object], banker: str, judge: tuple[str, str] | None,
                minutes: int | None) -> Path:
        return games.create_game(command, banker, judge, minutes, now=self.now)

    def _start_table(self, tid: str, stage: str, table: int,
                     roll_off: list[dict[str, list[int]]], banker: str,
                     judge: tuple[str, str] | None) -> Path:
        from app.tournament import service as tournaments  # noqa: PLC0415

        return tournaments.start_table(tid, stage, table, roll_off, banker, judge, now=self.now)

    def open_sample(self) -> None:
        """Record the sample game afresh and open it."""
        from app.table.actions import refusal_text  # noqa: PLC0415

        self._close_table()
        try:
            path = games.open_sample(self.now)
        except BankerError as e:
            self.start.messages.say(f"The sample game could not be recorded: {refusal_text(e)}",
                                    "error")
            return
        self.open_game(path)

    def ask_file(self) -> None:
        """Choose any ledger file to open."""
        name, _ = QFileDialog.getOpenFileName(self, "Open a ledger file", str(games.games_dir()),
                                              "Ledger files (*.db *.sqlite);;All files (*)")
        if name:
            self.open_game(Path(name))

    # The judge's window ------------------------------------------------------------------

    def _judge(self) -> None:
        # Ctrl+J: the open game's judge's window, or the selected game's on the start page.
        if self.table is not None:
            self.table.open_judge()
        else:
            self.start.judge_selected()

    def open_judge(self, path: Path) -> QMainWindow | None:
        """The judge's window on a game file, beside this one (read-only until a judge signs
        in); on failure say why on the start page."""
        from app.table.actions import refusal_text  # noqa: PLC0415
        from ui.judge.session import JudgeSession  # noqa: PLC0415
        from ui.judge.window import JudgeWindow  # noqa: PLC0415

        try:
            session = JudgeSession(str(path), now=self.now)
        except BankerError as e:
            self.start.messages.say(f"{path.name} cannot be opened: {refusal_text(e)}",
                                    "refused")
            return None
        window = JudgeWindow(session)
        self.judges = [w for w in self.judges if w.isVisible()] + [window]
        window.show()
        return window

    # The board editor --------------------------------------------------------------------

    def edit_board(self) -> QMainWindow:
        """The board editor, beside this window (one at a time; it comes forward if open)."""
        from ui.board_editor.window import BoardEditorWindow  # noqa: PLC0415

        if self.board_editor is None or not self.board_editor.isVisible():
            self.board_editor = BoardEditorWindow()
        self.board_editor.show()
        self.board_editor.raise_()
        self.board_editor.activateWindow()
        return self.board_editor

    # The tournament's window -------------------------------------------------------------

    def open_tournaments(self) -> QMainWindow:
        """The tournament's window, beside this one (one at a time; it comes forward if open);
        a table's game started there opens here."""
        from ui.tournament.window import TournamentWindow  # noqa: PLC0415

        if self.tournament_window is None or not self.tournament_window.isVisible():
            self.tournament_window = TournamentWindow(now=self.now, open_game=self.open_game)
        self.tournament_window.show()
        self.tournament_window.raise_()
        self.tournament_window.activateWindow()
        return self.tournament_window

    # The table ---------------------------------------------------------------------------

    def open_game(self, path: Path) -> TableWindow | None:
        """Open a game file where its last entry left it; on failure say why on the start page."""
        from app.table.actions import refusal_text  # noqa: PLC0415
        from ui.table.session import TableSession  # noqa: PLC0415
        from ui.table.window import TableWindow  # noqa: PLC0415

        self._close_table()
        self._prepare_table()
        try:
            game = games.open_game(path, self.now)
        except (BankerError, OSError) as e:
            self.show_start()
            why = refusal_text(e) if isinstance(e, BankerError) else str(e)
            self.start.messages.say(f"{path.name} cannot be opened: {why}", "refused")
            return None
        if game.state is None:
            game.close()
            self.show_start()
            self.start.messages.say(f"{path.name} holds no game", "refused")
            return None
        session = TableSession(game, tick_ms=self.tick_ms)
        session.announcement.connect(self.sounds.play)
        session.time_up.connect(lambda: self.sounds.play("time"))
        table = TableWindow(session, self.settings)
        table.windowTitleChanged.connect(self.setWindowTitle)
        self.table = table
        self.stack.addWidget(table)
        self.stack.setCurrentWidget(table)
        self.setWindowTitle(f"{TITLE} — {path.stem}")
        table.setFocus()
        return table

    def _close_table(self) -> None:
        table, self.table = self.table, None
        if table is None:
            return
        behind = table.session.close()
        self.stack.removeWidget(table)
        table.deleteLater()
        self.left_behind = behind
        if behind is not None:
            print(f"WARNING: {behind}", file=sys.stderr)  # the window may be closing for good

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self.board_editor is not None and not self.board_editor.close():
            event.ignore()  # the organiser kept the editor's unsaved changes
            return
        self._close_table()
        screen_fit.remember(self, self._places(), GEOMETRY_KEY)
        for judge in self.judges:
            judge.close()
        if self.tournament_window is not None:
            self.tournament_window.close()
        super().closeEvent(event)


def application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the app's names and style sheet."""
    source_scan.skip()  # the modules imported from now on are not read by PySide's hook
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        with platform_watched():  # a missing system library said in plain words, exit 1
            app = QApplication(argv or ["banker"])
    keep_qt_in_data_folder()  # nothing under the user's config folder (ui/settings.py)
    app.setApplicationName("Championship Banker")
    app.setOrganizationName("Championship Banker")
    desktop.identify(app)  # the window's icon, and the desktop entry it belongs to
    light.keep_light(app)  # one light palette, whatever the system's scheme
    fonts.use_everywhere(app)  # the shipped Noto families first, the laptop's fonts behind
    if STYLES.exists():
        app.setStyleSheet(STYLES.read_text(encoding="utf-8"))
    return app


def run(game: Path | None = None) -> int:
    """Open the main window, on `game`'s table when given, and run until it is closed."""
    app = application(sys.argv[:1])
    crash_guard.install(app)
    none_kept.keep_for_the_day(app)  # a table's day of Qt calls repaid (ui/none_kept.py)
    window = MainWindow(list_later=True, opening=game)
    # BANKER_FIRST_WINDOW: a smoke test's look at the first window, then quit (ui/first_window.py).
    first_window.watch(window, window.start.model.rowCount, window.sounds)
    window.show()
    return app.exec()
