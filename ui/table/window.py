"""The banker's table window: board, players, clock and ledger feed beside the action area."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QFont, QFontMetrics, QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.table import actions
from app.table.actions import Action
from app.table.scoresheet import pdf_path, scoresheet
from app.table.view_build import feed_entries, recent_events, table_view
from app.table.views import TableView
from models.errors import BadInput, BankerError
from ui import scale
from ui.display.window import DisplayWindow
from ui.messages import MessageArea, untrusted
from ui.scoresheet.dialog import ScoresheetDialog
from ui.settings import kept
from ui.table import keymap, window_keys
from ui.table.action_area import ActionArea
from ui.table.action_panel import listed
from ui.table.action_params import ParamsDialog
from ui.table.board_view import BoardView
from ui.table.clock_widget import ClockWidget
from ui.table.columns import Columns, ColumnScroll
from ui.table.deal_dialog import DealDialog, SaleDialog
from ui.table.form_dialog import FormDialog
from ui.table.hall_banner import HallBanner
from ui.table.help_overlay import HelpOverlay
from ui.table.judge_dialog import JudgeDialog
from ui.table.ledger_feed import LedgerFeed
from ui.table.palette_dialog import PaletteDialog
from ui.table.players_panel import PlayersPanel
from ui.table.prompt_banner import PromptBanner
from ui.table.session import TableSession
from ui.table.setup_dialogs import DealHandsDialog, PrebuildDialog
from ui.table.toolbar import Tool, Toolbar

FEED_ENTRIES = 60
FEED_MIN_LINES = 6
SETTLE_MS = 100  # the action area follows the board's paint, or this long after a change
RIGHT_MIN = 620  # players and actions beside the board: two readable columns on 1366 pixels
COLUMN_MIN = 260  # a player's name and cash, an action's words, never squeezed below


class _Body(QWidget):
    """The board on the left, square and as tall as the window allows (leaving RIGHT_MIN
    pixels beside it); players, feed, clock and actions beside it."""

    def __init__(self, board: QWidget, right: QWidget) -> None:
        super().__init__()
        self.board = board
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(board, stretch=100)
        layout.addWidget(right, stretch=1)
        right.setMinimumWidth(RIGHT_MIN // 2)
        self.right_min = RIGHT_MIN

    def set_base_pt(self, base: int) -> None:
        """Larger text leaves the players and actions more room beside the board (up to 60% of
        the width): a name at the largest size wraps in two or three lines, not five."""
        self.right_min = round(RIGHT_MIN * max(1.0, base / scale.BASE_PT))
        if self.isVisible():  # else its first resize fits the board (the columns then wrap)
            self._fit_board()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_board()

    def _fit_board(self) -> None:
        right = min(self.right_min, max(RIGHT_MIN, round(self.width() * 0.6)))
        side = max(self.board.minimumWidth(), min(self.height(), self.width() - right))
        if self.board.maximumWidth() != side:
            self.board.setMaximumWidth(side)


def _control(event: QKeyEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)


class TableWindow(QMainWindow):
    """One game's window. Every key press or button becomes one command to the session; the
    session's `changed` signal redraws every part from the new state."""

    def __init__(self, session: TableSession, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.settings = settings or kept()
        self.confirm: Callable[[str, str], bool] = self._ask  # tests answer for the banker
        self.view: TableView | None = None
        self._menu: list[Action] = []
        self._due = False  # the action area and the feed wait for `settle`
        self.events: list[Any] = []  # the game's latest stored events, for the feed (_events)
        self.sheet: ScoresheetDialog | None = None
        self.dialog: QDialog | None = None  # the dialog asking something now, if any
        self.judge_window: QMainWindow | None = None  # the judge's window (Ctrl+J), once opened
        self.display: DisplayWindow | None = None  # the players' screen (F11), once opened
        self.board = BoardView()
        self.players = PlayersPanel()
        self.clock = ClockWidget()
        self.feed = LedgerFeed()
        self.actions_area = ActionArea()
        self.messages = MessageArea()
        self.prompt_banner = PromptBanner()  # the table's next step (app/table/phases.py)
        self.prompt_banner.asked.connect(self._run_step)
        self.hall_banner = HallBanner()  # the hall's round: announcement, pause, flag
        self.hall_banner.said.connect(lambda text: self.messages.say(text, "time"))
        self.help = HelpOverlay(self, states=self.key_states)
        self._compose()
        self.font_pt = scale.remembered(self.settings)
        self._apply_font()
        self.board.viewport().installEventFilter(self)
        session.changed.connect(self.refresh)
        session.refused.connect(lambda text: self.messages.say(text, "refused"))
        session.moved.connect(lambda text: self.messages.say(text, "warning"))
        session.clock_off.connect(lambda text: self.messages.say(text, "warning"))
        session.ledger_failed.connect(self._ledger_failed)
        session.announcement.connect(self._announced)
        session.time_up.connect(self._time_up)
        session.hall.connect(self.hall_banner.show_notice)
        session.timer.timeout.connect(self._clock_only)
        self.actions_area.chosen.connect(self.run)
        self.actions_area.deal.connect(self.open_deal)
        self.actions_area.palette_asked.connect(lambda words: self.open_palette(scope=words))
        self.actions_area.said.connect(self.messages.say)
        self.actions_area.refused.connect(lambda text: self.messages.say(text, "refused"))
        self.setWindowTitle("Championship Banker — table")
        self.resize(1366, 768)
        self.refresh([])
        if session.game.problems:  # shown as the game it truly is, and said plainly
            self.messages.say(untrusted(session.game.problems), "warning")

    # Layout ------------------------------------------------------------------------------

    def _compose(self) -> None:
        self.toolbar = Toolbar((
            Tool("Undo", "Ctrl+Z", "Undo the last entry: shows what it takes back before "
                 "doing it", self.undo),
            Tool("All actions", "Ctrl+K", "Every action allowed now, filtered as you type",
                 self.open_palette),
            Tool("Scoresheet", "Ctrl+S", "Preview, print, PDF, collect", self.open_scoresheet),
            Tool("Judge's window", "Ctrl+J", "This game for the judge: every entry, time "
                 "travel, disputes; its own window, read-only until a judge signs in",
                 self.open_judge),
            Tool("Display", "F11", "The table display: clock, turn and money for the players "
                 "and spectators, full screen on a second screen, else its own window; F11 "
                 "again closes it", self.toggle_display),
            Tool("Help", "F1", "The keys for what is on screen now (all of them: "
                 "docs/keys.md)", self.help.toggle)))
        # The players and the actions scroll in their columns, as wide as the column, rather
        # than run off a laptop's screen (six players, a card, a long debt list); the feed keeps
        # its few lines (docs/decisions.md, "The layout on a 13-inch screen").
        self.players_scroll = ColumnScroll(self.players)
        self.feed.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.players_scroll)
        column.addWidget(self.feed, stretch=1)
        acting = QWidget()
        column = QVBoxLayout(acting)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.clock)
        self.actions_scroll = ColumnScroll(self.actions_area, fill=True)
        column.addWidget(self.actions_scroll, stretch=1)
        for side in (middle, acting):
            side.setMinimumWidth(COLUMN_MIN)
        split = Columns(middle, acting)
        self.split = split
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.toolbar)
        column.addWidget(split, stretch=1)
        self.board.setAccessibleName("Board")
        self.board.setAccessibleDescription("The players' tokens, owners and buildings; the "
                                            "players' cards beside it say the same in words")
        for widget in (self.board, self.players, self.clock):
            self._no_focus(widget)  # the display never takes the keys from the window
        # The board as large as the height allows (square), the rest for players and actions.
        body = _Body(self.board, right)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.hall_banner)
        layout.addWidget(self.prompt_banner)
        layout.addWidget(body, stretch=1)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    @staticmethod
    def _no_focus(widget: QWidget) -> None:
        widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for child in widget.findChildren(QWidget):
            child.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        # The window itself holds the focus as it opens (Tab then moves it): a stray Space
        # must not press the first button Tab would reach.
        if self.focusWidget() is None:
            self.setFocus(Qt.FocusReason.OtherFocusReason)
        # Once laid out (wrapped rows have their heights), the feed shows the newest entry.
        QTimer.singleShot(0, self.feed.scrollToBottom)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.help.isVisible():
            self.help.setGeometry(self.rect())

    # Showing the state -------------------------------------------------------------------

    def refresh(self, stored: list[Any] | None = None) -> None:
        """Redraw every part from the game as it now stands."""
        game = self.session.game
        if game.state is None:
            return
        self._events(stored or [])
        self.view = table_view(game)
        self.board.show(self.view)
        self.players.show(self.view)
        self.clock.show(self.view)
        # What the rules allow now and the feed follow at once, after the board is painted;
        # a key, a click or a look at `menu` before then brings them up to date first.
        if not self._due:
            QTimer.singleShot(SETTLE_MS, self, self.settle)  # if the board is not painted
        self._due = True
        if stored and any(s.type == "game_ended" for s in stored):
            if self.messages.level != "time":  # the time call has said it already
                self.messages.say(f"The game is over ({game.state.ended}): the scoresheet is "
                                  "open.", "time")
            if self.sheet is None or not self.sheet.isVisible():
                self.open_scoresheet()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # The board has been painted: the rest of the window follows straight after.
        if event.type() == QEvent.Type.Paint and self._due:
            QTimer.singleShot(0, self, self.settle)
        return False

    def settle(self) -> None:
        """Bring the action area, the menu and the feed up to date with the last refresh."""
        if not self._due:
            return
        self._due = False
        game = self.session.game
        assert self.view is not None
        try:
            self._menu = self.session.menu(undo=False)
            self.feed.show_entries(feed_entries(game, last=FEED_ENTRIES, events=self.events))
            self.actions_area.refresh(self.view, self._menu, actions.debt_lines(game))
            self._show_prompt()
            # Tab in reading order: the prompt, the toolbar, the ledger, then the actions from
            # the top of their column down (buttons made for this state come last otherwise).
            window_keys.chain([self.prompt_banner.button, *self.toolbar.buttons, self.feed,
                               *window_keys.layout_order(self.actions_area)])
        except BaseException:
            self._due = True  # not brought up to date: the next key or paint tries again
            raise

    @property
    def menu(self) -> list[Action]:
        """What the banker may do now (and what the rules refuse, with why)."""
        self.settle()
        return self._menu

    def _events(self, stored: list[Any]) -> list[Any]:
        """The game's latest FEED_ENTRIES events: the ones held, with the entries just recorded
        added; after a void, a reload, or anything that does not follow on, only the latest are
        read again (never the whole ledger: the same cost at entry 20,000 as at entry 20)."""
        held = self.events
        follows = (held and stored and stored[0].seq == held[-1].seq + 1
                   and stored[-1].seq == self.session.game.head_seq
                   and not any(s.type == "commands_voided" for s in stored))
        self.events = ((held + stored)[-FEED_ENTRIES:] if follows
                       else recent_events(self.session.game, FEED_ENTRIES))
        return self.events

    def _show_prompt(self) -> None:
        prompt = self.view.prompt if self.view is not None else None
        step = next((a for a in self._menu if prompt and a.id == prompt.action and a.enabled),
                    None)
        key = keymap.STEP_KEYS.get(prompt.action or "") if prompt is not None else None
        self.prompt_banner.show_prompt(prompt, step.label if step is not None else None, key)
        if prompt is not None and prompt.holds_roll and self.messages.text().startswith("Ready."):
            # Not "Ready" while rolls wait; the key of the step said with it.
            self.messages.say(prompt.text + (f" [{key}]" if key else ""), "warning")

    def _run_step(self, action_id: str) -> None:
        step = next((a for a in self.menu if a.id == action_id), None)
        if step is not None:
            self.run(step)

    def _roll_held(self, event: QKeyEvent) -> bool:
        """A digit typed while play waits for a step (the clock, the start of play) is not a
        roll yet: the step is said instead (app/table/phases.py decides what waits)."""
        prompt = self.view.prompt if self.view is not None else None
        if prompt is None or not prompt.holds_roll or not event.text().isdigit() \
                or self.actions_area.expects_digit():  # a seat, a claim's row, a bid
            return False
        self.messages.say(f"the roll waits. {prompt.text}", "refused")
        return True

    def _clock_only(self) -> None:
        if self.view is None or self.view.clock is None:
            return
        left = self.session.quiet_left  # worked out by the session's tick, just before
        if left is None:
            left = actions.time_left_ms(self.session.game)
        if left is not None:
            self.clock.show_left(self.view.clock, left)

    # Running actions ---------------------------------------------------------------------

    def run(self, action: Action, values: dict[str, Any] | None = None) -> None:
        """Ask for what the action still needs (its values, then the judge), then send it.
        The dialogs are window-modal but never block: each answer continues the run."""
        self.settle()
        values = dict(values or {})
        if action.refused and not action.params:
            self.messages.say(action.refused, "refused")
            return
        if action.form is not None:
            self.open_form(action)
            return
        if action.command.get("type") == "declare_bankruptcy" and not self._bankrupt_ok(action):
            return
        if action.id == "start_play" and not self._start_ok():
            return
        if any(p.path not in values for p in action.params):
            dialog = ParamsDialog(action, values, self)
            self.dialog = dialog
            dialog.cancelled.connect(self.messages.say)
            dialog.accepted.connect(lambda: self._judge_then_send(action,
                                                                  values | dialog.values()))
            dialog.open()
            return
        self._judge_then_send(action, values)

    def _bankrupt_ok(self, action: Action) -> bool:
        """Bankruptcy cannot be taken back by the table: the banker confirms what it records."""
        who = action.command.get("player", "")
        text = (f"{who} declares bankruptcy and leaves the game. This records:\n  "
                + "\n  ".join(action.preview or (action.label,)))
        if self.confirm(f"Bankruptcy of {who}", text):
            return True
        self.messages.say(f"Bankruptcy not declared: nothing recorded, {who} plays on")
        return False

    def _start_ok(self) -> bool:
        """Ending the PX setting up with nobody pre-built (one Ctrl+Enter more than the
        retained deeds' auctions need) asks first: pre-building is lost once play starts."""
        state = self.session.game.state
        could = [a.command.get("player", "") for a in self.menu
                 if a.id.startswith("prebuild:") and a.enabled]
        if state is None or state.prebuilt or not could:
            return True
        text = (f"Nobody has pre-built. Start play now, without any pre-build? "
                f"{listed(could)} could still pre-build (P then the seat); once play starts "
                "they cannot (PX 3.6).")
        if self.confirm("Start play without any pre-build?", text):
            return True
        self.messages.say("Setting up goes on: play not started, nothing recorded. P then a "
                          f"seat pre-builds; {keymap.END_PHASE} starts play", "warning")
        return False

    def _judge_then_send(self, action: Action, values: dict[str, Any]) -> None:
        """A judge's action asks for the judge's name and PIN every time; the service checks
        them, and the judge is signed out again once the action is recorded or refused."""
        if not action.judge:
            self._send(action, values)
            return
        dialog = JudgeDialog(action.label, self)
        self.dialog = dialog

        def signed() -> None:
            name, pin = dialog.take()
            refused = self.session.sign_in_judge(name, pin)
            if refused is not None:
                self.messages.say(f"Refused: judge not signed in, nothing recorded. {refused}",
                                  "refused")
                return
            try:
                self._send(action, values, by=f"judge {name}")
            finally:
                self.session.sign_out_judge()

        dialog.accepted.connect(signed)
        dialog.rejected.connect(lambda: self.messages.say("Judge's action cancelled: nothing "
                                                          "recorded"))
        dialog.open()

    def _send(self, action: Action, values: dict[str, Any], by: str = "") -> bool:
        try:
            command = actions.fill(action, values)
        except BankerError as e:  # a value that is not one, a PIN that is not 6+ digits
            self.messages.say(actions.refusal_text(e), "refused")
            return False
        if self.session.send(command):
            said = self.session.recorded_words() or action.label
            self.messages.say(f"Recorded{' (' + by + ')' if by else ''}: {said}")
            return True
        return False

    # Forms -------------------------------------------------------------------------------

    def open_deal(self) -> None:
        """Ctrl+D: the deal form (CL, SG) or the sale-offer form (PX), when one is allowed."""
        form = next((a for a in self.menu if a.form in ("deal", "sale", "deal_hands")), None)
        if form is None:
            self.messages.say("No deal or sale offer is allowed now (between rolls, before the "
                              "throw for a PX offer)", "refused")
            return
        self.open_form(form)

    def open_form(self, action: Action) -> None:
        """The form that gathers the action's command; Record sends it."""
        if action.form == "scoresheet":
            self.open_scoresheet()
            return
        game = self.session.game
        dialog: FormDialog
        if action.form == "deal":
            dialog = DealDialog(game, action.label, self)
        elif action.form == "sale":
            dialog = SaleDialog(game, self.menu, self)
        elif action.form == "deal_hands":
            dialog = DealHandsDialog(game, self)
        else:
            dialog = PrebuildDialog(game, str(action.command.get("player")), self)
        self.dialog = dialog

        def record() -> None:
            if dialog.chosen is not None and self.session.send(dialog.chosen):
                self.messages.say(f"Recorded: {dialog.outcome.text().removeprefix('Records: ')}")

        dialog.accepted.connect(record)
        dialog.cancelled.connect(self.messages.say)
        dialog.open()

    def open_palette(self, text: str = "", scope: str = "") -> None:
        """Ctrl+K: every action allowed now; the one picked runs. `scope`: words every line
        holds (H, S, M or L and a seat: that player's builds, sales, mortgages, lifts)."""
        undo = self.session.undo_action()
        offered = self.menu + ([undo] if undo is not None else [])
        dialog = PaletteDialog(offered, text if isinstance(text, str) else "", self,
                               scope=scope)
        self.dialog = dialog
        dialog.cancelled.connect(self.messages.say)
        def picked() -> None:
            if dialog.chosen is not None:
                if dialog.chosen.id == "undo":  # asks first, as Ctrl+Z does
                    self.undo()
                else:
                    self.run(dialog.chosen)

        dialog.accepted.connect(picked)
        dialog.open()

    def undo(self) -> bool:
        """Ctrl+Z: say what Undo takes back, and take it back if the banker agrees."""
        try:
            taken = self.session.undo_preview()
        except BankerError as e:
            self.messages.say(actions.refusal_text(e), "refused")
            return False
        text = "Undo takes back:\n  " + "\n  ".join(taken)
        if not self.confirm("Undo the last entry", text):
            self.messages.say("Nothing taken back")
            return False
        if self.session.undo():
            self.messages.say("Taken back: " + "; ".join(taken))
            return True
        return False

    def _ask(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    # Time, the end, failures -------------------------------------------------------------

    def _announced(self, minutes: int) -> None:
        self.messages.say(f"{minutes} minute{'s' * (minutes != 1)} left", "time")

    def _time_up(self) -> None:
        self.messages.say("TIME. Play stops; only what the rules still allow is offered. "
                          "The scoresheet is open.", "time")
        self.open_scoresheet()

    def toggle_display(self) -> None:
        """F11: the table display for the players and spectators (full screen on a second
        screen, else its own window), or close it if it is open."""
        if self.display is not None and self.display.isVisible():
            self.display.close()
            self.messages.say("Table display closed")
            return
        if self.display is None:
            self.display = DisplayWindow(self.session, self)
        self.messages.say(self.display.present(self.screen()))
        self.activateWindow()  # the banker's keys stay here

    def open_judge(self) -> None:
        """Ctrl+J: the judge's window on this game, in its own window; what the judge records
        there is shown here at once."""
        from ui.judge.session import JudgeSession  # noqa: PLC0415 (loaded when asked for)
        from ui.judge.window import JudgeWindow  # noqa: PLC0415

        if self.judge_window is not None and self.judge_window.isVisible():
            self.judge_window.raise_()
            self.judge_window.activateWindow()
            return
        game = self.session.game
        try:
            judge = JudgeSession(game.ledger.location, game.game_id, now=game.now)
        except BankerError as e:
            self.messages.say(f"The judge's window cannot open: {actions.refusal_text(e)}",
                              "refused")
            return
        judge.recorded.connect(self._judge_recorded)
        self.judge_window = JudgeWindow(judge)
        self.judge_window.show()
        self.messages.say("The judge's window is open on this game (read-only until a judge "
                          "signs in)")

    def _judge_recorded(self, text: str) -> None:
        try:
            self.session.game.follow()  # the judge's entries (the rows after the head alone)
        except BankerError as e:
            self.messages.say(actions.refusal_text(e), "error")
            return
        # Through the session's one signal, as every change: this window and the table
        # display both read the ledger again (an empty list: nothing that follows on).
        self.session.changed.emit([])
        self.messages.say(text)

    def open_scoresheet(self) -> None:
        """The scoresheet window: preview, print, PDF, collect."""
        try:
            sheet = scoresheet(self.session.game)
        except BankerError as e:
            self.messages.say(actions.refusal_text(e), "refused")
            return
        if self.sheet is not None:
            self.sheet.close()
        self.sheet = ScoresheetDialog(sheet, collect=self._collect, parent=self,
                                      pdf_path=pdf_path(self.session.game))
        self.sheet.show()

    def _collect(self) -> dict[str, Any]:
        if not self.session.send({"type": "collect_scoresheet"}):
            raise BadInput("the scoresheet was not collected: see the window's message")
        return scoresheet(self.session.game)

    def _ledger_failed(self, text: str) -> None:
        self.messages.say(text, "error")
        self.actions_area.setEnabled(False)
        self.setWindowTitle("Championship Banker — STOPPED: nothing more is recorded")

    # Keys and fonts ----------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        self.settle()
        key = event.key()
        if self.help.isVisible():
            self.help.hide()
            return
        if key == Qt.Key.Key_F1:
            self.help.toggle()
        elif key == Qt.Key.Key_F11:
            self.toggle_display()
        elif _control(event) and key == Qt.Key.Key_K:
            self.open_palette()
        elif _control(event) and key == Qt.Key.Key_Z:
            self.undo()
        elif _control(event) and key == Qt.Key.Key_S:
            self.open_scoresheet()
        elif _control(event) and key == Qt.Key.Key_J:
            self.open_judge()
        elif _control(event) and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.end_phase()
        elif _control(event) and key == Qt.Key.Key_D:
            self.open_deal()
        elif _control(event) and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.set_font(self.font_pt + 1)
        elif _control(event) and key == Qt.Key.Key_Minus:
            self.set_font(self.font_pt - 1)
        elif self.session.stopped is not None:
            self.messages.say(self.session.stopped, "error")
        elif self._roll_held(event) or self.actions_area.key(event):
            pass
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # a stray Enter records nothing
            self.messages.say("Enter confirms only what is typed or chosen: nothing recorded "
                              "(F1: the keys now)")
        elif (why := self.actions_area.why(event)) is not None:  # never silently nothing
            self.messages.say(why, "refused")
        else:
            super().keyPressEvent(event)

    def key_states(self) -> list[str]:
        """The states of ui/table/keymap on screen now (F1 shows their keys)."""
        self.settle()
        return self.actions_area.states()

    def end_phase(self) -> None:
        """Ctrl+Enter: close the auction, or end the setting up (Ctrl+Z takes either back)."""
        refused = self.actions_area.end_phase()
        if refused is not None:
            self.messages.say(refused, "refused")

    def set_font(self, points: int) -> None:
        """Text size for the whole window, remembered for next time."""
        self.font_pt = scale.clamp(points)
        self.settings.setValue(scale.FONT_KEY, self.font_pt)
        self._apply_font()

    def _apply_font(self) -> None:
        # One base size on the window (its dialogs too); the widgets that size their own text
        # (the clock, the cash) take theirs relative to it.
        pt = self.font_pt
        self.setStyleSheet(
            f"QWidget {{ font-size: {pt}pt; }}"
            f"QLabel#big {{ font-size: {scale.pt(pt, 1.25)}pt; font-weight: bold; }}"
            f"QLabel#reason {{ font-size: {scale.pt(pt, 0.85)}pt; color: #7A4B00; }}"
            f"QPushButton {{ text-align: left; padding: 3px 6px; }}")
        scale.rescale(self, pt)
        self.toolbar.relayout()  # the buttons' words (and keys, if they fit) at the new size
        font = QFont(self.feed.font())
        font.setPointSize(pt)
        self.feed.setMinimumHeight(FEED_MIN_LINES * QFontMetrics(font).lineSpacing() + 6)
        # The message line keeps two lines' room, so a refusal's border or a second line never
        # changes the board's size and with it the columns beside it (the clock stays put).
        self.messages.setMinimumHeight(2 * QFontMetrics(font).lineSpacing() + 16)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.session.timer.stop()
        if self.display is not None:
            self.display.close()
        super().closeEvent(event)
