"""The tournament's window: the organiser and head judge do here what `banker tournament` does —
create, enter players, draw, the tables' games, collect results, standings, rulings, publish."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.games.folder import utc_now
from app.hub import hub_url
from app.hub.errors import HubError
from app.table.actions import refusal_text
from app.tournament import service as tournaments
from app.tournament.hub_store import TournamentChangedMeanwhile
from models.errors import BankerError
from ui.hall.window import HallWindow, toggle_hall
from ui.messages import MessageArea
from ui.tournament import rows
from ui.tournament import widgets as w
from ui.tournament.check_in import CheckInActions
from ui.tournament.desk_dialogs import DeskActions
from ui.tournament.following import POLL_MS, HubFollowing
from ui.tournament.player_actions import PlayerActions
from ui.tournament.rows_model import RowsModel
from ui.tournament.stage_actions import StageActions
from ui.waiting import sleep_painting

TITLE = "Tournament"
NOTE_LINES = 6  # the ties and close calls under the standings: then a scroll bar (issue 22)
HINT = ("Ctrl+N new tournament · Ctrl+T choose one · Ctrl+1 players · Ctrl+2 draw and tables · "
        "Ctrl+3 results and standings · each action's key is in the menus")
NO_TOURNAMENT = "No tournament yet in this data folder: Ctrl+N creates one."
ChooseFile = Callable[[str, str], Path | None]
ChooseFolder = Callable[[str], Path | None]


class TournamentWindow(StageActions, CheckInActions, PlayerActions, DeskActions, HubFollowing,
                       QMainWindow):
    """Every action is one call to app.tournament.service; after it the window reads the tournament
    again and shows it (`changed` is emitted). `choose_file` and `choose_folder` ask the
    organiser (a test gives paths instead); `open_game` opens a started table's game. With a
    hub set, the hub is read every `poll_ms` on a thread of its own (`threaded=False`: on the
    window's, for tests) and another desk's change is shown (following.py)."""

    changed = Signal()

    def __init__(self, tid: str | None = None, *, now: Callable[[], datetime] = utc_now,
                 open_game: Callable[[Path], object] | None = None,
                 poll_ms: int | None = POLL_MS, threaded: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.now, self.open_game = now, open_game
        self.choose_file: ChooseFile = self._ask_file
        self.choose_folder: ChooseFolder = self._ask_folder
        self.dialog: QDialog | None = None  # the dialog open now, if any
        self.t: Any = None
        self.wanted: str | None = tid  # the tournament asked for, until it is shown
        self.unlisted = False  # the tournaments could not be listed (the hub did not answer)
        self.own_reads = 0  # how often the window read the tournament itself
        self.found: Any = None  # the stage's standings as the service gave them
        self.ruled: list[Any] = []  # the stage's ties already ruled: (ruling, tie)
        self.not_followed: tuple[str, ...] = ()  # the judges' decisions no reader follows
        # A wrong PIN's wait: the window paints meanwhile (a test waits not at all).
        self.pin_sleep: Callable[[float], None] = lambda s: sleep_painting(s, self)
        self.picker, self.stage_box = QComboBox(), QComboBox()
        self.picker.setMinimumContentsLength(40)
        self.summary, self.hub_text = w.label(), w.label()
        self.players = RowsModel(rows.PLAYER_COLUMNS, header_tips={
            "Contact (private)": rows.PRIVATE})
        self.cards = RowsModel(rows.CARD_COLUMNS)
        self.standings = RowsModel(rows.STANDING_COLUMNS, rows.STANDING_NUMBERS)
        self.players_view = w.view(self.players, "Entry", "Players")
        self.cards_view = w.view(self.cards, "Players in seat order", "The draw's tables")
        self.standings_view = w.view(self.standings, "Status", "Standings")
        self.draw_text, self.results_text = w.label(), w.label()
        self.state_text, self.notes = w.label(), w.label()
        self.messages = MessageArea()
        self.messages.say(HINT)
        self.tabs = QTabWidget()
        self._compose()
        self._menus()
        self.picker.currentIndexChanged.connect(self._picked)
        self.stage_box.currentIndexChanged.connect(lambda _: self.show_stage())
        self.setWindowTitle(TITLE)
        self.resize(1366, 800)
        self.hall: HallWindow | None = None  # the hall display, F11
        # Never open on the players (their contacts) a mirrored desk screen may put on the wall.
        self.tabs.setCurrentWidget(self.standings_tab)
        self.follow_hub(hub_url(), poll_ms, threaded)
        self.list_tournaments(tid)

    # Layout ------------------------------------------------------------------------------

    def _compose(self) -> None:
        self.draw_button = w.button("&Draw (fresh seed)", self.draw)
        self.redraw_button = w.button("Draw again with &seed…", self.draw_with_seed)
        self.options_button = w.button("Draw with opt&ions…", self.draw_with_options)
        self.options_button.setToolTip("Random or a seeded snake, rematches avoided, groups "
                                       "kept apart; recorded with the draw")
        self.start_button = w.button("S&tart the selected table…", self.start_table)
        self.attach_button = w.button("&Attach a handed-in game file…", self.attach_file)
        self.print_button = w.button("Print for the &hall…", self.print_hall)
        self.print_button.setToolTip("The stage's draw as PDF: a card per table, the wall "
                                     "sheet, a pre-filled scoresheet per table")
        self.players_tab = w.page(self.players_view, w.row(
            w.button("Add a &player…", self.add_player),
            w.button("&Import the sign-up sheet (CSV)…", self.import_players),
            w.button("&Withdraw the selected player…", self.withdraw_selected)))
        self.tables_tab = w.page(self.draw_text, self.cards_view, w.row(
            self.draw_button, self.redraw_button, self.options_button, self.start_button,
            self.attach_button,
            self.print_button))
        # The roll call heads the draw's tab: who is here decides who is drawn.
        self.tables_tab.layout().insertWidget(0, self.roll_call_box(), 2)
        self.rule_button = w.button("&Rule this tie…", self.rule_tie)
        self.notes_area = w.scrolled(self.notes, NOTE_LINES)
        self.standings_tab = w.page(w.row(w.button("&Collect results", self.collect),
                                        w.button("Tak&e in from the hub", self.take_in),
                                        self.rule_button,
                                        w.button("P&ublish CSV, HTML and PDF…", self.publish)),
                                   self.results_text, self.state_text, self.standings_view,
                                   self.notes_area)
        for tab, name in ((self.players_tab, "Players"), (self.tables_tab, "Draw and tables"),
                           (self.standings_tab, "Results and standings")):
            self.tabs.addTab(tab, name)
        top = QHBoxLayout()
        pick = QLabel("T&ournament")
        pick.setBuddy(self.picker)
        stage = QLabel("Sta&ge")
        stage.setBuddy(self.stage_box)
        for widget in (pick, self.picker, w.button("&New tournament…", self.new_tournament),
                       stage, self.stage_box):
            top.addWidget(widget)
        top.addStretch()
        top.addWidget(self.hub_text)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, stretch=1)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)

    def _menus(self) -> None:
        bar = self.menuBar()
        menu = bar.addMenu("&Tournament")
        self._action(menu, "&New tournament…", "Ctrl+N", self.new_tournament)
        self._action(menu, "&Choose the tournament", "Ctrl+T", self.picker.setFocus)
        self._action(menu, "Choose the &stage", "Ctrl+G", self.stage_box.setFocus)
        self._action(menu, "Register a &judge…", "Ctrl+J", self.register_judge)
        self._action(menu, "&Undo the last change…", "Ctrl+Alt+Z", self.undo_last)
        self._action(menu, "&Read it again", "F5", self.reload)
        self._action(menu, "The &hall display (projector)", "F11", self.toggle_hall)
        self._action(menu, "&Close", "Ctrl+W", self.close)
        menu = bar.addMenu("&Players")
        self._action(menu, "The &players", "Ctrl+1", lambda: self._tab(0))
        self._action(menu, "&Add a player…", "Ctrl+Shift+A", self.add_player)
        self._action(menu, "&Import the sign-up sheet (CSV)…", "Ctrl+I", self.import_players)
        self._action(menu, "&Withdraw the selected player…", "Ctrl+Shift+W",
                     self.withdraw_selected)
        menu = bar.addMenu("&Stage")
        self._action(menu, "The draw and &tables", "Ctrl+2", lambda: self._tab(1))
        self._action(menu, "Mar&k the selected players present", "Ctrl+K",
                     self.check_in_selected)
        self._action(menu, "Mark the selected players a&bsent", "Ctrl+Shift+K",
                     self.absent_selected)
        self._action(menu, "Call in the next standb&y for the selected absent player",
                     "Ctrl+Shift+B", self.call_standby_selected)
        self._action(menu, "&Draw (fresh seed)", "Ctrl+D", self.draw)
        self._action(menu, "Draw again with &seed…", "Ctrl+Shift+D", self.draw_with_seed)
        self._action(menu, "Draw with &options…", "Ctrl+Alt+D", self.draw_with_options)
        self._action(menu, "S&tart the selected table…", "Ctrl+Shift+S", self.start_table)
        self._action(menu, "&Attach a handed-in game file…", "Ctrl+Shift+F", self.attach_file)
        self._action(menu, "Print for the &hall…", "Ctrl+Shift+H", self.print_hall)
        menu = bar.addMenu("&Results")
        self._action(menu, "The results and &standings", "Ctrl+3", lambda: self._tab(2))
        self._action(menu, "&Collect results", "Ctrl+R", self.collect)
        self._action(menu, "Tak&e in the tables' games and results from the hub", "Ctrl+Shift+T",
                     self.take_in)
        self._action(menu, "&Move a game sent under another table's login…", "Ctrl+Shift+M",
                     self.move_game)
        self._action(menu, "R&ule this tie…", "Ctrl+Shift+R", self.rule_tie)
        self._action(menu, "&Publish CSV, HTML and PDF…", "Ctrl+P", self.publish)

    def _action(self, menu: QMenu, text: str, keys: str, slot: Callable[[], object]) -> None:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _=False, s=slot: s())
        menu.addAction(action)

    def _tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        view = (self.players_view, self.cards_view, self.standings_view)[index]
        view.setFocus()
        if view.model().rowCount() and not view.selectionModel().hasSelection():
            view.selectRow(0)

    # Choosing and showing ------------------------------------------------------------------

    def list_tournaments(self, chosen: str | None = None) -> None:
        """List the data folder's tournaments and show `chosen` (or the one shown, the first)."""
        keep = chosen or (self.t.id if self.t is not None else None)
        try:
            found = tournaments.list_tournaments()
        except BankerError as e:  # the hub does not answer: asked again when it does
            self.unlisted, self.wanted = True, keep
            self.summary.setText(f"The tournaments cannot be listed just now: {refusal_text(e)}")
            return
        self.unlisted = False
        self.picker.blockSignals(True)
        self.picker.clear()
        for t in found:
            self.picker.addItem(f"{t.name} ({t.id}, {t.profile})", t.id)
        index = self.picker.findData(keep) if keep else 0
        self.picker.setCurrentIndex(max(index, 0))
        self.picker.blockSignals(False)
        if keep and index < 0:
            self.say(f"No tournament {keep!r} in this data folder.", "refused")
        self._picked()

    def _picked(self) -> None:
        tid = self.picker.currentData()
        self.t = None
        if tid is None:
            self.summary.setText(NO_TOURNAMENT)
            self.stage_box.clear()
            self._show()
            return
        self.reload(tid)

    def reload(self, tid: str | None = None) -> None:
        """Read the tournament again and show everything (after each command)."""
        tid = tid or (self.t.id if self.t is not None else None)
        if tid is None:
            return
        self.own_reads += 1  # a reading of the hub under way is older than this one
        try:
            checked = tournaments.load_checked(tid)
        except HubError as e:
            if self.t is not None and self.t.id == tid:  # the hub is down: what is shown stays
                self.say(f"The hub cannot be read just now ({refusal_text(e)}); what is shown "
                         "is as last read.", "warning")
                return
            self._not_shown(e)
            return
        except BankerError as e:
            self._not_shown(e)
            return
        self.show_tournament(checked.tournament, tuple(checked.words))

    def _not_shown(self, e: BankerError) -> None:
        self.t = None
        self.summary.setText(refusal_text(e))
        self._show()

    def show_tournament(self, t: Any, not_followed: tuple[str, ...] = ()) -> None:
        """Show tournament `t` as followed (read here or by the hub's reading) on the stage
        chosen, with the judges' decisions not followed, each in words."""
        self.t, self.wanted, self.not_followed = t, t.id, not_followed
        self.setWindowTitle(f"{TITLE} — {self.t.name}")
        self.summary.setText(rows.summary(self.t))
        stage = self.stage_box.currentData()
        names = [s.name for s in self.t.stages]
        if stage not in names:
            stage = tournaments.current_stage(self.t) or names[0]
        self.stage_box.blockSignals(True)
        self.stage_box.clear()
        for n, name in enumerate(names, start=1):
            self.stage_box.addItem(f"{n}. {name}", name)
        self.stage_box.setCurrentIndex(names.index(stage))
        self.stage_box.blockSignals(False)
        self._show()

    def stage(self) -> str | None:
        return self.stage_box.currentData() if self.t is not None else None

    def _show(self) -> None:
        self.players.show_lines(rows.player_lines(self.t) if self.t is not None else [])
        self.show_stage()

    def show_stage(self) -> None:
        """The chosen stage's draw, tables and standings."""
        stage, self.found, self.ruled = self.stage(), None, []
        cards: list[dict[str, Any]] = []
        self.draw_text.setText(rows.draw_words(self.t, stage) if stage else "")
        self.show_roll_call(stage)
        if stage is not None:
            drawn = self.t.draw(stage) is not None
            if drawn:
                cards = tournaments.cards_of(self.t, stage)
            self.found = tournaments.standings_of(self.t, stage)
            self.ruled = tournaments.ruled_ties(self.t, stage)
            self.draw_button.setEnabled(not drawn)
            self.print_button.setEnabled(drawn)
        self.cards.show_lines(rows.card_lines(cards))
        found = self.found
        self.standings.show_lines(rows.standing_lines(found) if found else [])
        self.state_text.setText(rows.state_html(self.t, found, self.not_followed))
        self.notes.setText("<br>".join(x for x in (
            rows.not_followed_html(self.not_followed), rows.notes_html(found) if found else "")
            if x))
        self.notes_area.setVisible(bool(self.notes.text()))
        self.rule_button.setEnabled(bool(found and (found.ties or self.ruled)))
        self.changed.emit()

    def toggle_hall(self) -> None:
        """F11: the hall display of the tournament shown, on the second screen; again closes it."""
        self.hall, said = toggle_hall(self.hall, self.t.id if self.t is not None else None,
                                      None, self)
        self.say(said)

    def say(self, text: str, level: str = "info") -> None:
        self.messages.say(text, level)  # type: ignore[arg-type]

    def _need(self) -> str | None:
        """The tournament's id, or None after saying one must be chosen first."""
        if self.t is None:
            self.say("Choose or create a tournament first (Ctrl+T, Ctrl+N).", "refused")
            return None
        return str(self.t.id)

    def _run(self, work: Callable[[], str]) -> bool:
        """One command to the service; its answer or refusal is said, then all is read again."""
        try:
            said = work()
        except BankerError as e:
            if isinstance(e, TournamentChangedMeanwhile):
                self.reload()  # another desk's change: shown, so the desk looks again at it
            self.say(refusal_text(e), "refused")
            return False
        except OSError as e:
            self.say(f"Not written: {e}", "error")
            return False
        self.reload()
        self.say(said)
        return True

    def _open(self, dialog: QDialog, done: Callable[[QDialog], None] | None = None) -> None:
        """Show a dialog (window-modal, so the window stays responsive to tests and timers)."""
        self.dialog = dialog

        def accepted() -> None:
            self.say(getattr(dialog, "done_text", "") or "Done.")
            if done is not None:
                done(dialog)
            else:
                self.reload()

        dialog.accepted.connect(accepted)
        dialog.finished.connect(lambda _: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: QDialog) -> None:
        """A dialog is done: a change on the hub held back while it was open is shown now."""
        if self.dialog is dialog:
            self.dialog = None
        self.read_hub()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self.dialog is not None:  # a dialog left open goes with its window (first: its
            self.dialog.close()  # closing asks the hub once more)
        self.stop_following()
        super().closeEvent(event)
