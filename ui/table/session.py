"""The one Qt object that owns a table's game: commands in, signals out (changed, refused, time)."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from app.games.rescue import rescue_if_lost
from app.hub import replicator_for
from app.hub.replicator import LAST_COPY_S, POLL_S, REVISIT_S
from app.table import actions, words
from app.table.command_text import parse_command
from app.table.errors import ConcurrentWrite, LedgerError, StaleSequence
from app.table.service import TableGame
from app.tournament.rounds import RoundFollower
from models.errors import BankerError
from models.tournament.hall_clock import HallRound
from ui.table.hall_follow import HALL_MS, following
from ui.waiting import sleep_painting

TICK_MS = 1000
"""The longest a running clock's window waits between ticks; it sleeps until the next change
of the shown second or the next mark (app.table.clock.next_tick), and not at all while the
clock stands still (not started, paused, time called), until an entry changes it."""
FILE_CHECK_MS = 5000
"""How often the window checks that its game's file is still the one at its path (and tells
its copier to the hub whether the file changed: the copier's thread sleeps meanwhile). While the
clock runs the check is made at a tick (every fifth one), so an idle table wakes once a second,
not also in between. A banker's command checks the file before it is recorded whatever this
says: the period bounds how late a file lost while nobody records is said and saved (a clock
mark or the hall's pause recorded meanwhile goes into the lost file and is saved with it), and
how late another program's entries in the file are copied to the hub."""
IDLE_MS = 2000
"""A pause without a command this long is an idle moment: the table checkpoints its -wal file
(and stores a snapshot if one is due) then, never inside a banker's command."""


class TableSession(QObject):
    """Sends the banker's commands to the table service and says what came of them.

    `changed(list)` carries the events just recorded; `refused(str)` a refusal in plain words;
    `ledger_failed(str)` a ledger that cannot be written (the session then takes no more input);
    `announcement(int)` and `time_up()` when the clock's entries are recorded; `idled()` after
    the table's idle housekeeping ran (IDLE_MS after the last command); `hall(HallNotice)` what
    the hall's round says (a tournament's game with a hub set: ui/table/hall_follow.py)."""

    changed = Signal(list)
    refused = Signal(str)
    ledger_failed = Signal(str)
    moved = Signal(str)  # the game's file was lost under it: saved to a new one (the words)
    clock_off = Signal(str)  # this laptop's clock is more than a minute from the hub's
    announcement = Signal(int)
    time_up = Signal()
    idled = Signal()
    hall = Signal(object)

    def __init__(self, game: TableGame, parent: QObject | None = None, *,
                 tick_ms: int | None = TICK_MS, idle_ms: int = IDLE_MS,
                 hall_ms: int | None = HALL_MS, file_ms: int | None = FILE_CHECK_MS) -> None:
        super().__init__(parent)
        self.game = game
        if game.sleep is time.sleep:  # the wrong-PIN delay: painting, saying why (tests inject)
            game.sleep = sleep_painting
        self.stopped: str | None = None  # why the window takes no more input
        self.recorded: list[Any] = []  # the entries of the last command sent and recorded
        # With BANKER_HUB_URL set, the file is copied to the tournament hub on another thread,
        # which this window's check of the file wakes when the file changed (`check_file`).
        self.file_ms = file_ms
        self._copier_poll = REVISIT_S if file_ms else POLL_S
        self.replicator = replicator_for(game.ledger.location, game.game_id,
                                         poll=self._copier_poll)
        # One shot at a time, each aimed at the next change (`_next_tick`): precise, as a mark
        # falls on the millisecond of a shown second's change.
        self.tick_ms = tick_ms
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.timeout.connect(self.tick)  # first: the window's slot reads `quiet_left`
        self.quiet_left: int | None = None  # the time left at a tick that could record nothing
        self._next_tick()
        self.idle_timer = QTimer(self)
        self.idle_timer.setSingleShot(True)
        self.idle_timer.setInterval(idle_ms)
        self.idle_timer.timeout.connect(self.idle)
        self.idle_timer.start()
        self._hall_refused: str | None = None
        self._clock_said: str | None = None
        self.following = following(self, hall_ms) if hall_ms else None
        self.file_timer = QTimer(self)
        self.file_timer.setSingleShot(True)  # started again by each check
        self.file_timer.timeout.connect(self.check_file)
        self._file_checked = time.monotonic()
        if file_ms:
            self.file_timer.start(file_ms)

    # Commands ----------------------------------------------------------------------------

    def send(self, command: dict[str, Any]) -> bool:
        """Record one command; True if it was recorded. Every failure becomes a signal."""
        if self.stopped is not None:
            self.refused.emit(self.stopped)
            return False
        self.idle_timer.start()  # (re)started: the idle moment is IDLE_MS after this command
        if not self.check_file():
            return False
        before = self.game.head_seq
        try:
            stored = self.game.submit(parse_command(command))
        except (StaleSequence, ConcurrentWrite) as e:
            # Another program wrote to this game: show its entries, record nothing of ours.
            self._reload()
            self.refused.emit(f"{e} — the window now shows the ledger as it stands")
            return False
        except LedgerError as e:
            self._stop(e)
            return False
        except BankerError as e:
            self._show(self._recorded_before(before, []))  # the clock's entries still stand
            self.refused.emit(actions.refusal_text(e))
            return False
        self.recorded = stored
        self._show(self._recorded_before(before, stored) + stored)
        return True

    def _show(self, stored: list[Any]) -> None:
        if stored and self.replicator is not None:
            self.replicator.notify()
        if stored:
            self._next_tick()  # any entry may start, stop or move the clock
            self._announce(stored)
            self.changed.emit(stored)

    def _next_tick(self, *, after_tick: bool = False) -> None:
        """Aim the clock's timer at its next change (none while the clock stands still); after
        a tick that left something due (refused: said), not again before `tick_ms`."""
        if not self.tick_ms or self.stopped is not None:
            return
        wait = self.game.next_tick_ms()
        if wait is None:
            self.timer.stop()
            return
        self.timer.start(min(wait or (self.tick_ms if after_tick else 0), self.tick_ms))

    def _recorded_before(self, before: int, stored: list[Any]) -> list[Any]:
        """The clock's entries the service recorded ahead of the command (an announcement or
        the time call that fell due as it was sent): read back, so each is announced once."""
        first = stored[0].seq if stored else self.game.head_seq + 1
        if first <= before + 1:
            return []
        try:
            earlier = self.game.ledger.events(self.game.game_id or "", upto_seq=first - 1)
        except LedgerError:
            return []
        return [s for s in earlier if s.seq > before]

    def recorded_words(self) -> str:
        """The last command's entries in words, for the status line ("Chloe bids 160")."""
        if self.game.table is None or not self.recorded:
            return ""
        return words.recorded_words(self.game.table, self.recorded, self.game.timeline)

    def why_refused(self, command: dict[str, Any]) -> str | None:
        """The rules' reason a command would be refused now (nothing is recorded)."""
        return actions.why_refused(self.game, command)

    def menu(self, stored: list[Any] | None = None, *, undo: bool = True
             ) -> list[actions.Action]:
        """What the banker may do now, and what the rules refuse (with why); `stored` are the
        game's events if the caller holds them; `undo=False` leaves Undo out (it reads the
        whole ledger: the palette and Ctrl+Z ask for it when they need it)."""
        if self.stopped is not None:
            return []
        return actions.menu(self.game, stored, undo=undo)

    def undo_action(self) -> actions.Action | None:
        """Undo as an action, with what it would take back (or why it may not)."""
        if self.stopped is not None:
            return None
        return actions.undo_action(self.game)

    # Undo --------------------------------------------------------------------------------

    def undo_preview(self) -> list[str]:
        """What Undo would take back, in words; raises BankerError (plain words) if it may not."""
        return actions.undo_plan(self.game)

    def undo(self) -> bool:
        """Take back the last entry (the banker's undo)."""
        return self.send({"type": "undo"})

    # Judges ------------------------------------------------------------------------------

    def judge(self) -> str | None:
        """The judge signed in at this table, if any."""
        return self.game.judge

    def sign_in_judge(self, name: str, pin: str) -> str | None:
        """Sign a judge in; None on success, else the refusal in plain words."""
        try:
            stored = self.game.sign_in_judge(name, pin)
        except LedgerError as e:
            self._stop(e)
            return str(e)
        except BankerError as e:
            return actions.refusal_text(e)
        if stored:  # a judge registered before signatures: their key is a new entry
            self.changed.emit(stored)
        return None

    def sign_out_judge(self) -> None:
        """The judge leaves the table: the next judge's action asks for a PIN again."""
        self.game.sign_out_judge()

    # The clock ---------------------------------------------------------------------------

    def check_file(self, *, at_tick: bool = False) -> bool:
        """Whether the game's file is still the one at its path; a file deleted or replaced
        under the game is saved to a new one (app/games/rescue.py), said by `moved`, and the
        copier follows it. False only when the game could not be saved (said; kept trying)."""
        if self.stopped is not None:
            return False
        self._file_checked = time.monotonic()
        if self.file_ms:
            # The next check: on its own timer, or at a tick while the clock runs (the timer
            # then set past the tick that makes it, so the two never wake the window apart).
            ticking = at_tick or self.timer.isActive()
            self.file_timer.start(self.file_ms + ((self.tick_ms or 0) if ticking else 0))
        if self.replicator is not None:
            self.replicator.look()
        self._check_clock()
        try:
            found = rescue_if_lost(self.game)
        except LedgerError as e:
            self.refused.emit(f"The game's file was deleted or replaced while open, and the "
                              f"game could not be saved to a new one: {e}. Free the disk or "
                              "the data folder; the window tries again.")
            return False
        if found is None:
            return True
        if self.replicator is not None:
            # The new file's copier sends whatever the old one had not: no wait for it here.
            self.replicator.stop(0.5)
            self.replicator = replicator_for(str(found.saved), self.game.game_id,
                                             poll=self._copier_poll)
        self.moved.emit(found.words())
        return True

    def _check_clock(self) -> None:
        """Say once (again after it was right in between) that the copier found this
        laptop's clock off."""
        words = self.replicator.status().clock_off() if self.replicator is not None else None
        if words is not None and self._clock_said is None:
            self.clock_off.emit(f"CLOCK OFF: {words}. Entries are timed by this clock.")
        self._clock_said = words

    def tick(self) -> None:
        """Record what the clock says now (the service decides; the timer asks at each change
        of the shown second and at each mark), then aim the timer at the next change. A tick
        before the next mark with nothing recorded since asks nothing of the rules
        (`TableGame.quiet_tick`) and keeps the time left it found in `quiet_left`."""
        self.quiet_left = None
        if self.stopped is not None:
            return
        if self.file_ms and time.monotonic() - self._file_checked >= (
                self.file_ms - (self.tick_ms or 0) / 2) / 1000:
            self.check_file(at_tick=True)  # due: made in this wake-up, not one of its own
        quiet = self.game.quiet_tick()
        if quiet is not None:  # before the next mark, nothing since: only the time moves on
            self.quiet_left, wait = quiet
            if self.tick_ms:
                self.timer.start(min(wait, self.tick_ms))
            return
        try:
            stored = self.game.tick()
        except LedgerError as e:
            self._stop(e)
            return
        except BankerError as e:  # a clock entry refused: say it, keep going
            self.refused.emit(actions.refusal_text(e))
            self._next_tick(after_tick=True)
            return
        self._show(stored)
        self._next_tick(after_tick=True)

    def follow_hall(self, follower: RoundFollower, hall: HallRound) -> list[Any]:
        """Record what the hall's round asks of this game's clock now (its start, the hall's
        pause or resume, as the hall's: app.tournament.rounds decides); shown as any entry."""
        if self.stopped is not None:
            return []
        try:
            stored: list[Any] = follower.follow(self.game, hall)
        except LedgerError as e:
            self._stop(e)
            return []
        except BankerError as e:  # said once, not at every reading of the round
            said = f"The hall's round: {actions.refusal_text(e)}"
            if said != self._hall_refused:
                self.refused.emit(said)
            self._hall_refused = said
            return []
        self._hall_refused = None
        self._show(stored)
        return stored

    def idle(self) -> None:
        """The table's idle housekeeping (checkpoint, a due snapshot), between commands."""
        if self.stopped is not None:
            return
        self.game.idle()  # its own ledger failures are housekeeping's: it lets none out
        self.idled.emit()

    def _announce(self, stored: list[Any]) -> None:
        for s in stored:
            if s.type == "announcement_made":
                self.announcement.emit(int(s.payload["minutes_left"]))
            elif s.type == "time_called":
                self.time_up.emit()

    # Failures ----------------------------------------------------------------------------

    def _reload(self) -> None:
        try:
            self.game.follow()  # another program's entries (the rows after the head alone)
        except LedgerError as e:
            self._stop(e)
            return
        self._next_tick()
        self.changed.emit([])

    def _stop(self, error: BaseException) -> None:
        self.stopped = (f"The ledger cannot be written ({error}). Nothing of the last entry was "
                        "recorded. The window takes no more entries: fix the disk or file, "
                        "then open the game again; it resumes at the last recorded entry.")
        self.timer.stop()
        self.idle_timer.stop()
        self.ledger_failed.emit(self.stopped)

    def close(self) -> str | None:
        """Stop the clock's and idle timers and the hub's copier (its last copy made within
        LAST_COPY_S), and release the ledger. Returns words when the hub lacks entries."""
        self.timer.stop()
        self.idle_timer.stop()
        self.file_timer.stop()
        if self.following is not None:
            self.following.stop()
            self.following = None
        behind = None
        if self.replicator is not None:
            # The file is the truth; the last copy brings the hub to its head if it can.
            behind = self.replicator.stop(LAST_COPY_S).left_behind(self.game.head_seq)
            self.replicator = None
        self.game.close()
        return behind
