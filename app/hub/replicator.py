"""The table's background copier: its SQLite file stays the truth; entries go to the hub when
the hub can be reached, retried with exponential backoff, never in the banker's way."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from random import Random

from app.hub.errors import HubError, HubRefused
from app.hub.hub import Hub, hub_url
from app.hub.push import COMMANDS_PER_BATCH, push_game
from app.hub.records import Receipt
from app.hub.times import offset_words
from app.ledger import Ledger, LedgerError, open_ledger

POLL_S = 2.0
"""How often the copier looks at the file when nobody tells it an entry was recorded."""
REVISIT_S = 60.0
"""How often the copier asks the hub even when the file has not changed since its last copy
(between those, an unchanged file costs the idle table two stat calls, not a round trip). An
entry is copied at once whatever this says; for an idle table it bounds how late the copier
notices the hub has gone, how late CLOCK OFF shows or clears, and how old the hub's "as last
reported" time for the table gets (a hub that comes back is found by the retries' back-off)."""
LAST_COPY_S = 5.0
"""How long a closing window or `banker` process waits for its last copy to the hub."""


@dataclass(frozen=True)
class Backoff:
    """Waits after failures: `first` seconds, doubled each time up to `cap`, each drawn
    between half and all of that (so tables that lost the hub together do not return together)."""

    first: float = 0.5
    cap: float = 30.0

    def delay(self, failures: int, rng: Random) -> float:
        """The wait after the `failures`-th failure in a row."""
        full = min(self.cap, self.first * 2.0 ** max(0, failures - 1))
        return full * (0.5 + rng.random() / 2)


@dataclass(frozen=True)
class ReplicaStatus:
    """Where the copy stands: the table's head, the hub's, and what the copier is doing."""

    local: int
    copied: int
    state: str  # "starting", "copying", "up to date", "retrying", "refused", "stopped"
    detail: str | None = None
    failures: int = 0
    clock_offset_s: float | None = None  # this laptop's clock less the hub's, at the last batch

    def clock_off(self) -> str | None:
        """This laptop's clock in words when it is more than a minute from the hub's."""
        return offset_words(self.clock_offset_s)

    def left_behind(self, head: int) -> str | None:
        """Words for the entries of a file whose head is `head` that the hub does not hold
        (None: it holds them all), said when a window or a process closes."""
        if self.copied >= head:
            return None
        why = f" ({self.detail})" if self.detail else ""
        return (f"The hub does not hold this table's last {head - self.copied} "
                f"entr{'y' if head - self.copied == 1 else 'ies'}: the last copy did not reach "
                f"it{why}. Copy the file with `banker hub push` from this laptop, or open the "
                "game again with the hub set.")


class Replicator:
    """Copies one table file's game to the hub on its own thread, with its own read-only
    connection to the file (SQLite's WAL lets it read while the table writes)."""

    def __init__(self, db: str | os.PathLike[str], hub_url: str, *, game_id: str | None = None,
                 source: str | None = None, poll: float = POLL_S, backoff: Backoff | None = None,
                 commands: int = COMMANDS_PER_BATCH, seed: int | None = None,
                 opener: Callable[[str], Hub] | None = None,
                 now: Callable[[], datetime] | None = None) -> None:
        self.db, self.url, self.game_id = os.fspath(db), hub_url, game_id
        self._files = (self.db, f"{self.db}-wal")  # what a new entry changes
        self.source = source or f"replication from {self.db}"
        self.poll, self.backoff, self.commands = poll, backoff or Backoff(), commands
        self._opener = opener or _open_hub
        self._rng = Random(seed)
        self._now = now or (lambda: datetime.now(UTC))  # this laptop's clock
        self._wake, self._stopping = threading.Event(), threading.Event()
        self._changed = threading.Condition()
        self._status = ReplicaStatus(0, 0, "starting")
        self._thread = threading.Thread(target=self._run, name=f"hub-replicator {self.db}",
                                        daemon=True)
        self._ledger: Ledger | None = None
        self._hub: Hub | None = None
        # The file as it stood when the last copy began, and when that copy ended (monotonic).
        self._copied: tuple[tuple[int, int] | None, ...] | None = None
        self._copied_at = 0.0
        self._held: int | None = None  # the hub's head at the last receipt (None: ask it)

    def start(self) -> Replicator:
        """Start copying in the background; returns self."""
        self._thread.start()
        return self

    def notify(self) -> None:
        """An entry was recorded: copy soon (costs the caller one flag set, nothing more)."""
        self._wake.set()

    def look(self) -> None:
        """The file looked at from the caller's thread (a table window's own check of its file,
        every FILE_CHECK_MS): the copier is woken only when the file or its -wal changed since
        its last copy, or that copy is REVISIT_S old. A copier made with `poll=REVISIT_S` is then woken
        by nobody else while the table is idle, and its thread sleeps (issue 31)."""
        if not self._unchanged():
            self._wake.set()

    def stop(self, timeout: float = LAST_COPY_S) -> ReplicaStatus:
        """Stop (the window or the process closing): the copy under way ends, then one last
        copy of everything the file holds, all within `timeout` seconds; returns the last
        status (`left_behind` says what the hub lacks). A copy still going at the timeout is
        left to its thread (a daemon: it dies with the process) and said as not finished."""
        self._stopping.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
        if self._thread.is_alive():
            with self._changed:
                self._status = replace(self._status, detail=(
                    f"the hub did not answer within {timeout:g} s"))
        return self.status()

    def status(self) -> ReplicaStatus:
        """The latest status (safe from any thread)."""
        with self._changed:
            return self._status

    def wait_copied(self, seq: int, timeout: float) -> bool:
        """Wait until the hub holds entries up to `seq` (or the copier gave up); True if so."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._status.copied < seq and self._status.state not in ("refused", "stopped"):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
            return self._status.copied >= seq

    # -- the thread -------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._follow():
                self._last_copy()
        finally:
            self._close()
            with self._changed:
                if self._status.state != "refused":
                    self._status = replace(self._status, state="stopped")
                self._changed.notify_all()

    def _last_copy(self) -> None:
        """One more copy once stopping: what was recorded since the last one reaches the hub
        (a window closed right after its last entry left the hub one short without it)."""
        try:
            self._copy()
        except HubRefused as refused:
            self._set(state="refused", detail=str(refused))
        except (HubError, LedgerError) as e:
            self._set(detail=str(e))

    def _follow(self) -> bool:
        """Copy until stopped (True) or refused by the hub (False)."""
        failures = 0
        while not self._stopping.is_set():
            self._wake.clear()
            if self._unchanged():
                self._wake.wait(self.poll)
                continue
            seen = self._file()
            try:
                self._copy()
            except HubRefused as refused:
                self._set(state="refused", detail=str(refused))
                return False
            except (HubError, LedgerError) as e:
                # The hub (or, briefly, the file) cannot be used: keep recording, wait longer
                # each time; a notify does not cut the wait short.
                failures += 1
                self._copied = None  # the next poll asks the hub, changed file or not
                self._drop_hub()
                self._set(state="retrying", detail=str(e), failures=failures)
                self._stopping.wait(self.backoff.delay(failures, self._rng))
                continue
            failures = 0
            self._copied, self._copied_at = seen, time.monotonic()
            self._wake.wait(self.poll)
        return True

    def _file(self) -> tuple[tuple[int, int] | None, ...]:
        """The file and its -wal file as the file system has them (change time, size): a new
        entry changes the one or the other."""
        found: list[tuple[int, int] | None] = []
        for path in self._files:
            try:
                stat = os.stat(path)
            except OSError:
                found.append(None)
            else:
                found.append((stat.st_mtime_ns, stat.st_size))
        return tuple(found)

    def _unchanged(self) -> bool:
        """Whether the file is as it was when the last copy (which reached the hub) began, and
        the hub was asked less than REVISIT_S ago: nothing to send, the poll passes."""
        return (self._copied is not None and time.monotonic() - self._copied_at < REVISIT_S
                and self._file() == self._copied)

    def _copy(self) -> None:
        if self._ledger is None:
            self._ledger = open_ledger(self.db, create=False, readonly=True)
        if self.game_id is None:
            self.game_id = self._ledger.latest_game_id()
            if self.game_id is None:
                return  # no game recorded yet
        if self._hub is None:
            self._hub = self._opener(self.url)
        self._set(state="copying")
        self._held, held = None, self._held  # known again once this push is through
        pushed = push_game(self._hub, self._ledger.database, self.game_id, self.source,
                           commands=self.commands, progress=self._received, held=held)
        self._held = pushed.held
        self._set(local=pushed.entries, copied=pushed.held, state="up to date", detail=None,
                  failures=0)

    def _received(self, receipt: Receipt) -> None:
        """A batch the hub took: how far it holds the game, and this laptop's clock against the
        hub's at the batch's arrival (the time to answer is a fraction of a second)."""
        offset = (None if receipt.arrived_at is None
                  else (self._now() - receipt.arrived_at).total_seconds())
        self._set(copied=receipt.head[0], clock_offset_s=offset)

    def _set(self, **change: object) -> None:
        with self._changed:
            self._status = replace(self._status, **change)  # type: ignore[arg-type]
            self._changed.notify_all()

    def _drop_hub(self) -> None:
        hub, self._hub = self._hub, None
        if hub is not None:
            hub.close()

    def _close(self) -> None:
        self._drop_hub()
        ledger, self._ledger = self._ledger, None
        if ledger is not None:
            ledger.close()


def _open_hub(url: str) -> Hub:
    """The copier's hub: it may make it (the first push of a hall's hub), and its connection is
    not pinged before each push (a push that fails drops the hub: the next opens it again)."""
    hub = Hub.open(url, create=True)
    hub.database.unchecked()
    return hub


def replicator_for(location: str, game_id: str | None = None, *,
                   poll: float = POLL_S) -> Replicator | None:
    """A started copier for a table's file when BANKER_HUB_URL is set (None otherwise, and
    for a ledger that is itself a database URL: the hub holds it already or never will);
    `poll`: how often it looks at the file itself (REVISIT_S for a caller that `look`s)."""
    url = hub_url()
    if url is None or "://" in location:
        return None
    return Replicator(location, url, game_id=game_id, poll=poll).start()


def last_copy(location: str, head: int, game_id: str | None = None,
              timeout: float = LAST_COPY_S) -> str | None:
    """A `banker` process's last copy of the file it recorded in, when BANKER_HUB_URL is set,
    within `timeout` seconds: None when the hub holds the file's `head`, else words saying
    what it lacks and what to do."""
    copier = replicator_for(location, game_id)
    if copier is None:
        return None
    return copier.stop(timeout).left_behind(head)
