"""The error log: what went wrong in a window, when, in which version of the app, where each
open game's ledger stood; and a native crash's traceback (Qt, a C extension), written by Python's
fault handler into the same file.

Each report goes through the standard `logging` package (the logger `banker.errors`) to a
rotating file, `logs/errors.log` in the data folder, one file kept before it (`errors.log.1`).
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import logging
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from app.datafolder.paths import data_root
from app.version import app_version

# One file kept and one before it: enough for a tournament day's reports, never a full disk.
LIMIT_BYTES = 1_000_000
KEPT = 1
LOGGER = "banker.errors"


@dataclass(frozen=True)
class Head:
    """Where an open game's ledger stood when the error came: its last entry and that entry's
    hash (what `banker verify --head` checks)."""

    location: str
    game_id: str | None
    seq: int
    hash: str

    def words(self) -> str:
        return f"{self.location} game {self.game_id}: entry {self.seq}, hash {self.hash}"


def log_path() -> Path:
    """The error log in the data folder (not created by asking)."""
    return data_root() / "logs" / "errors.log"


def _stamp(when: datetime | None = None) -> str:
    return (when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="milliseconds")


def _first_line(what: str, when: datetime | None = None) -> str:
    """An entry's first line: `=== STAMP WHAT (banker VERSION)`."""
    return f"=== {_stamp(when)} {what} (banker {app_version()})"


class _Entry(logging.Formatter):
    """A report as the log has always held it, its first line carrying the app's version."""

    def format(self, record: logging.LogRecord) -> str:
        when: datetime | None = getattr(record, "at", None)
        if when is None:
            when = datetime.fromtimestamp(record.created, UTC)
        return f"{_first_line(getattr(record, 'what', record.levelname), when)}\n{record.getMessage()}\n"


def _entry_file(path: Path) -> logging.Handler:
    """The log's handler: rotation at LIMIT_BYTES (errors.log becomes errors.log.1); the file is
    opened for each report and closed after it, so another process of the app writing to the
    same log (a window and a display on one laptop) never leaves this one writing into a renamed
    file; a report that cannot be written raises OSError to the caller instead of logging's own
    notice on stderr. (logging.handlers is loaded with the first report, not on the window's way
    up.)"""
    from logging.handlers import RotatingFileHandler  # noqa: PLC0415

    class EntryFile(RotatingFileHandler):
        def emit(self, record: logging.LogRecord) -> None:
            try:
                super().emit(record)
            finally:
                if self.stream is not None:
                    self.stream.close()
                    self.stream = None  # delay=True opens it again

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
            raise  # noqa: PLE0704 (called inside emit's except: the write's own OSError goes up)

    handler = EntryFile(path, maxBytes=LIMIT_BYTES, backupCount=KEPT, encoding="utf-8",
                        delay=True)
    handler.set_name(f"{LOGGER} {os.path.abspath(path)} {LIMIT_BYTES}")
    handler.setFormatter(_Entry())
    return handler


def _logger(path: Path) -> logging.Logger:
    """The error logger, writing to `path` (the data folder can change: a test's, a second
    event's)."""
    logger = logging.getLogger(LOGGER)
    logger.propagate = False  # the app's reports, never a library's root handler's
    logger.setLevel(logging.INFO)
    name = f"{LOGGER} {os.path.abspath(path)} {LIMIT_BYTES}"
    if [h.get_name() for h in logger.handlers] != [name]:
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
            handler.close()
        logger.addHandler(_entry_file(path))
    return logger


def record(what: str, details: str, heads: Iterable[Head] | None = None,
           now: datetime | None = None) -> Path:
    """Append one report (`what` in a line with the time and the app's version, then
    `details`, a traceback or Qt's message) with the ledger head of every open game in `heads`
    (None: not asked); returns the log's path. Raises OSError if the data folder cannot be
    written (the caller says so in its words)."""
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    if heads is not None:
        lines += [f"ledger head: {h.words()}" for h in heads] or ["ledger head: no game open"]
    lines.append(details.rstrip("\n"))
    trace = _trace if _trace is not None and _trace.path == path else None
    # The crash trace's line moves below the report, if it is still the log's last line (else
    # another process wrote after it: it stays, and this process's "ended normally" will say).
    withdrawn = trace is not None and trace.withdraw()
    try:
        _logger(path).error("\n".join(lines), extra={"what": what, "at": now})
    finally:
        if trace is not None and (withdrawn or not trace.held()):
            trace.restate()
    return path


# A native crash's trace ------------------------------------------------------------------


class _CrashTrace:
    """The error log held open for `faulthandler`, which on a fatal signal (SIGSEGV, SIGFPE,
    SIGABRT, SIGBUS, SIGILL) writes every thread's Python traceback to it. Its own line, the
    time, the process and the version, stands at the log's end while the process runs, so a
    crash's traceback follows it; a clean exit takes the line away again (or, when another
    process has written after it, says the process ended)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: IO[str] | None = None
        self.start = self.end = 0
        self.restate()

    def restate(self) -> None:
        """Write the line at the log's end (opening the log again if it was rotated away) and
        point the fault handler at it."""
        try:
            if self.file is None or not self._same_file():
                self._close_file()
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.file = self.path.open("a", encoding="utf-8")
            self.file.seek(0, os.SEEK_END)
            self.start = self.file.tell()
            self.file.write(_first_line(f"{_process()} started; a native crash's "
                                        "traceback follows this line") + "\n")
            self.file.flush()
            self.end = self.file.tell()
            faulthandler.enable(self.file, all_threads=True)
        except OSError:  # an unwritable data folder: no trace, and the app goes on
            self._close_file()

    def withdraw(self) -> bool:
        """Take the line away if it is still the log's last; True if it was."""
        if self.file is None:
            return False
        try:
            self.file.flush()
            if os.fstat(self.file.fileno()).st_size != self.end:
                return False
            os.ftruncate(self.file.fileno(), self.start)
        except OSError:
            return False
        return True

    def close(self) -> None:
        """The process ends well (or the data folder changes): no crash to trace here."""
        if self.file is None:
            return
        faulthandler.disable()
        if not self.withdraw():
            try:
                self.file.write(_first_line(f"{_process()} ended normally") + "\n\n")
                self.file.flush()
            except OSError:
                pass
        self._close_file()

    def held(self) -> bool:
        """Whether the file held for the fault handler is still the log (not rotated away)."""
        return self._same_file()

    def _same_file(self) -> bool:
        try:
            return os.path.samestat(os.fstat(self.file.fileno()), os.stat(self.path)) \
                if self.file is not None else False
        except OSError:
            return False

    def _close_file(self) -> None:
        if self.file is not None:
            if faulthandler.is_enabled():
                faulthandler.disable()
            with contextlib.suppress(OSError):
                self.file.close()
            self.file = None


def _process() -> str:
    """This process as a crash's traceback names it: its main thread as faulthandler writes a
    thread (`Thread 0x...`), so that with two processes of the app writing to one log (a window
    and a display) a traceback is matched to its own process's line."""
    return f"process {os.getpid()} (main thread 0x{threading.main_thread().ident or 0:016x})"


_trace: _CrashTrace | None = None


def trace_crashes() -> Path | None:
    """Have a native crash of this process write its traceback (every thread's) into the error
    log; called by every entry point that runs the app (the window, the CLI, the displays).
    Once per process and data folder; returns the log's path, or None where another fault
    handler was already on (a test runner's, `python -X faulthandler`: left as it is) or the
    data folder cannot be written."""
    global _trace  # noqa: PLW0603 (the process's one open file for the fault handler)
    path = log_path()
    if _trace is None:
        if faulthandler.is_enabled():
            return None
        atexit.register(_ended)
    elif _trace.path == path:
        return path if _trace.file is not None else None
    else:
        _trace.close()
    _trace = _CrashTrace(path)
    return path if _trace.file is not None else None


def _ended() -> None:
    if _trace is not None:
        _trace.close()
