"""The one Qt object owning the judge's TableGame: read-only until a judge signs in for an action."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget

from app.review import service as review
from app.table import actions
from app.table.command_text import parse_command
from app.table.errors import Actor, ConcurrentWrite, LedgerError, StaleSequence
from app.table.service import TableGame, utc_now
from models.errors import BadInput, BankerError
from ui.table.judge_dialog import JudgeDialog
from ui.waiting import sleep_painting

POLL_MS = 2000

AskPin = Callable[[str], "tuple[str, str] | None"]


class JudgeSession(QObject):
    """Reads a game for the judge and records the judge's commands.

    The file is opened read-only; it is reopened writable the first time a judge's action is
    sent (the PIN check and the entry need the write lock). Every POLL_MS the file's head is
    read: entries the banker's window recorded meanwhile are followed (only the rows after the
    head read: TableGame.follow; the whole game when they do not carry it on) and `changed`
    is emitted.
    `refused(str)` carries a refusal in the engine's words; `recorded(str)` what was recorded."""

    changed = Signal()
    refused = Signal(str)
    recorded = Signal(str)

    def __init__(self, db: str, game_id: str | None = None, *,
                 now: Callable[[], datetime] = utc_now, poll_ms: int | None = POLL_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.now = now
        self.game = TableGame.open(db, game_id, now=now, create=False, readonly=True)
        if self.game.state is None:
            self.game.close()
            raise BadInput(f"{db} holds no game")
        self.writable = False
        # The wrong-PIN delay, waited with the window painting and saying why; kept across
        # the reopening (tests put in their own).
        self.sleep: Callable[[float], None] = sleep_painting
        # Asks for the judge's name and PIN for one action (tests answer instead of a person).
        self.ask_pin: AskPin = self._dialog
        self.dialog_parent: QWidget | None = None
        self.entries: list[review.Entry] = []
        self.disputes: list[review.Dispute] = []
        self._read()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.poll)
        if poll_ms:
            self.timer.start(poll_ms)
        # While the window is idle the game is folded ahead, a stretch at a time, and its
        # positions kept every MARK_EVERY entries (TableGame.mark_ahead): any jump then folds
        # a few dozen entries, not the hundreds from the nearest snapshot.
        self.marking = QTimer(self)
        self.marking.setInterval(0)  # whenever the event loop has nothing else to do
        self.marking.timeout.connect(self._mark_ahead)
        self.marking.start()

    # Reading -----------------------------------------------------------------------------

    @property
    def head_seq(self) -> int:
        """The ledger's last entry as this session has read it."""
        return self.game.head_seq

    @property
    def label(self) -> str:
        """The game as its list names it: the file's name and the game's id."""
        return f"{self.db.rsplit('/', 1)[-1]} · game {self.game.game_id}"

    def _read(self) -> None:
        self.entries, self.disputes = review.entries_and_disputes(self.game)

    def _read_since(self) -> None:
        """The entries and disputes with those recorded after the last the window shows, up
        to the game's head (its own entries and those it followed), read alone."""
        if not self.entries:
            self._read()
            return
        tail = review.rows_since(self.game, self.entries[-1])
        self.entries = review.entries_after(self.game, self.entries, tail)
        if review.disputes_touched(tail, self.disputes, self.game.timeline):
            self.disputes = review.disputes(self.game)

    def poll(self) -> bool:
        """Load the entries recorded since the last look (by any window); True if there were."""
        assert self.game.game_id is not None
        try:
            followed = self.game.follow()
            if followed is None:
                return False
            if followed.tail is not None:
                self._read_since()
            else:
                self._read()
            # Read whole: the positions kept were forgotten; followed: one more stretch ahead.
            self.marking.start()
        except LedgerError as e:
            self.timer.stop()
            self.refused.emit(f"the ledger cannot be read ({e}); the window shows it as it "
                              "was last read")
            return False
        self.changed.emit()
        return True

    # The judge's commands ----------------------------------------------------------------

    def send_as_judge(self, command: dict[str, Any], what: str) -> bool:
        """Record one judge's command: the judge's name and PIN are asked every time, checked
        by the table service, and forgotten once the command is recorded or refused."""
        answer = self.ask_pin(what)
        if answer is None:
            self.refused.emit(f"{what}: cancelled, nothing recorded")
            return False
        name, pin = answer
        if not name or not pin:
            self.refused.emit(f"{what}: refused, nothing recorded — a judge's action needs the "
                              "judge's name and PIN")
            return False
        try:
            self._writable()
            self.poll()  # act on the ledger as it stands, the banker's latest entries too
            self.game.sign_in_judge(name, pin)
        except BankerError as e:
            self.refused.emit(f"{what}: refused, judge not signed in, nothing recorded — "
                              f"{actions.refusal_text(e)}")
            return False
        try:
            self.game.submit(parse_command(command), Actor(role="judge", name=name))
        except (StaleSequence, ConcurrentWrite):
            # The banker's window wrote between this window's read and the judge's entry.
            seen = self.game.head_seq
            self._reload()
            since = (f"the banker recorded entries {seen + 1:,} to {self.game.head_seq:,} "
                     "meanwhile; the window now shows them" if self.game.head_seq > seen else
                     "another window wrote to the ledger meanwhile")
            self.refused.emit(f"{what}: not recorded — {since}: look, then send it again if "
                              "it still stands")
            return False
        except BankerError as e:
            self.refused.emit(f"{what}: refused, nothing recorded — {actions.refusal_text(e)}")
            self._reload()  # a clock entry may have been recorded ahead of the command
            return False
        finally:
            self.game.sign_out_judge()
        try:
            self._read_since()
        except LedgerError as e:
            self.refused.emit(f"the ledger cannot be read ({e})")
        self.recorded.emit(f"Recorded (judge {name}): {what}")
        self.changed.emit()
        return True

    def _writable(self) -> None:
        """Reopen the file for writing (once): the read-only game is closed."""
        if self.writable:
            return
        game_id = self.game.game_id
        writable = TableGame.open(self.db, game_id, now=self.now, create=False)
        writable.sleep = self.sleep
        self.game.close()
        self.game, self.writable = writable, True
        self.marking.start()  # the positions kept were the closed game's

    def _reload(self) -> None:
        """The entries another window recorded meanwhile, and any of this game's own."""
        try:
            followed = self.game.follow()
            if followed is not None and followed.tail is None:
                self._read()  # the game read whole: every entry may differ
            else:
                self._read_since()
            self.marking.start()
        except LedgerError as e:
            self.refused.emit(f"the ledger cannot be read ({e})")
            return
        self.changed.emit()

    def _dialog(self, what: str) -> tuple[str, str] | None:
        focus = QApplication.focusWidget()
        dialog = JudgeDialog(what, self.dialog_parent)
        try:
            return dialog.take() if dialog.exec() else None
        finally:
            dialog.deleteLater()
            # The judge's window takes its keys back (Ctrl+1..5, the list's arrows): closing a
            # modal dialog may leave no window active and nothing focused.
            if self.dialog_parent is not None:
                self.dialog_parent.activateWindow()
            if focus is not None:
                focus.setFocus(Qt.FocusReason.OtherFocusReason)

    def _mark_ahead(self) -> None:
        try:
            more = self.game.mark_ahead()
        except BankerError:  # a position that cannot be folded: said when a jump asks for it
            more = False
        if not more:
            self.marking.stop()

    def close(self) -> None:
        """Stop polling and folding ahead, and release the file."""
        self.timer.stop()
        self.marking.stop()
        self.game.close()
