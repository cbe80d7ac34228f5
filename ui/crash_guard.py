"""The one handler for an exception in any window's slot or event, and for Qt's own messages."""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any

from PySide6.QtCore import QObject, QtMsgType, Signal, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QWidget

from app.datafolder import error_log
from ui.messages import MessageArea

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]

# Qt's messages worth a line in the log: a warning says Qt could not do what it was asked.
_LOGGED = {QtMsgType.QtWarningMsg: "warning", QtMsgType.QtCriticalMsg: "critical",
           QtMsgType.QtFatalMsg: "fatal"}


class CrashGuard(QObject):
    """Installed once per process by the window's entry point (`install`). An exception that
    escapes a slot or an event handler (PySide hands it to `sys.excepthook`, on whatever thread)
    is written to the error log with every open game's ledger head and said in the active
    window's message line; the window goes on. The table service records a command in one
    transaction and folds its state back when one fails, so nothing is left half-recorded."""

    # A report crosses to the GUI thread through a queued signal: widgets are touched there only.
    reported = Signal(str)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app
        self.last: str | None = None  # the latest words shown (tests and the screenshot read it)
        self.reported.connect(self._say)
        self._previous_hook: ExceptHook | None = None
        self._previous_thread_hook: Callable[[threading.ExceptHookArgs], object] | None = None
        self._previous_qt: Any = None
        self._installed = False

    def install(self) -> CrashGuard:
        """Become `sys.excepthook`, `threading.excepthook` and Qt's message handler (each
        earlier one is kept: Qt's messages still reach it)."""
        if not self._installed:
            self._previous_hook, sys.excepthook = sys.excepthook, self.excepthook
            self._previous_thread_hook = threading.excepthook
            threading.excepthook = self.thread_excepthook
            self._previous_qt = qInstallMessageHandler(self.qt_message)
            self._installed = True
        return self

    def uninstall(self) -> None:
        """Put the earlier handlers back (a test's guard leaves no trace)."""
        if self._installed:
            sys.excepthook = self._previous_hook or sys.__excepthook__
            threading.excepthook = self._previous_thread_hook or threading.__excepthook__
            qInstallMessageHandler(self._previous_qt)
            self._installed = False

    # The handlers ------------------------------------------------------------------------

    def excepthook(self, kind: type[BaseException], error: BaseException,
                   tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):  # the user's own way out
            (self._previous_hook or sys.__excepthook__)(kind, error, tb)
            return
        self.report(kind, error, tb)

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return
        where = args.thread.name if args.thread is not None else "a thread"
        self.report(args.exc_type, args.exc_value, args.exc_traceback, f" on {where}")

    def report(self, kind: type[BaseException], error: BaseException,
               tb: TracebackType | None, where: str = "") -> None:
        """Log the exception and say it in plain words; never raises (a handler that fails
        would take the process down with it)."""
        try:
            details = "".join(traceback.format_exception(kind, error, tb))
            path = self._write(f"exception{where}: {kind.__name__}", details)
            self.reported.emit(plain_words(error, path))
        except BaseException:  # the last resort: said on stderr, and the window carries on
            sys.__excepthook__(kind, error, tb)

    def qt_message(self, mode: QtMsgType, context: Any, message: str) -> None:
        level = _LOGGED.get(mode)
        if level is not None:  # (a log that cannot be written still passes Qt's message on)
            self._write(f"Qt {level}", f"{message} ({context.category})", heads=False)
        if self._previous_qt is not None:
            self._previous_qt(mode, context, message)
        elif level is not None:
            print(message, file=sys.stderr)  # what Qt itself does with no handler

    # Helpers -----------------------------------------------------------------------------

    def _write(self, what: str, details: str, heads: bool = True) -> str:
        try:
            return str(error_log.record(what, details, self.heads() if heads else None))
        except OSError as e:
            return f"nowhere: the data folder cannot be written ({e.strerror or e})"

    def heads(self) -> list[error_log.Head]:
        """Each open game's ledger head, as its window's session holds it (nothing is read from
        the file: the error may be the file's)."""
        # Imported here: the ledger's libraries load when a game opens, not before the first paint.
        from app.table.service import TableGame  # noqa: PLC0415

        found: dict[int, error_log.Head] = {}
        for top in self.app.topLevelWidgets():
            for widget in (top, *top.findChildren(QWidget)):
                game = getattr(getattr(widget, "session", None), "game", None)
                if isinstance(game, TableGame) and id(game) not in found:
                    found[id(game)] = error_log.Head(game.ledger.location, game.game_id,
                                                     game.head_seq, game.head_hash)
        return list(found.values())

    def _say(self, text: str) -> None:
        self.last = text
        area = self._message_area()
        if area is not None:
            area.say(text, "warning")
        else:
            print(text, file=sys.stderr)

    def _message_area(self) -> MessageArea | None:
        """The message line of the window the banker is in (a dialog's: its owner's)."""
        focus = self.app.focusWidget()
        tops = [w for w in self.app.topLevelWidgets() if w.isVisible()]
        for start in (self.app.activeWindow(), focus.window() if focus else None, *tops):
            widget = start
            while widget is not None:
                areas = widget.window().findChildren(MessageArea)
                shown = [a for a in areas if a.isVisible()] or areas
                if shown:
                    return shown[0]
                widget = widget.window().parentWidget()
        return None


def plain_words(error: BaseException, log: str) -> str:
    """What the banker reads: what to do now, that nothing is half-recorded, where it is logged."""
    text = str(error).strip()
    what = type(error).__name__ + (f": {text.splitlines()[0]}" if text else "")
    return ("Something went wrong in the window, so the last key or click may have done "
            "nothing: check the ledger feed before going on. Nothing is half-recorded (a "
            f"command is recorded whole or not at all). Details for the organisers are in {log} "
            f"({what}).")


def install(app: QApplication) -> CrashGuard:
    """The process's one guard (made on first asking, then the same one); a native crash's
    traceback goes to the error log too (every window's entry point installs the guard)."""
    error_log.trace_crashes()
    guard = app.findChild(CrashGuard)
    return (guard if isinstance(guard, CrashGuard) else CrashGuard(app)).install()
