"""What the Qt CLI commands share: the output file's folder checked first, errors said plainly with
their exit code, Qt loaded offscreen to write a file, a window shown until it is closed. Qt is
imported only inside these helpers, so the rest of the CLI runs without it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, Protocol, TypeVar

import click

from app.cli.main import EXIT_LEDGER, EXIT_REFUSED
from app.table.errors import LedgerError
from models.errors import BankerError
from ui.system_check import display_problem, qt_missing

T = TypeVar("T")

__all__ = ["Window", "fail", "folder_exists", "ledger_errors", "show_window", "write_with_qt"]


class Window(Protocol):
    """What a command's window needs to be: something that can be shown."""

    def show(self) -> None: ...


def fail(message: str, code: int) -> NoReturn:
    """Say `message` on stderr and exit with `code`."""
    click.echo(message, err=True)
    sys.exit(code)


def folder_exists(path: Path, param_hint: str | None = None) -> None:
    """A usage error (exit 2) when the folder `path` would be written into does not exist."""
    if not path.parent.is_dir():
        raise click.BadParameter(f"folder {path.parent} does not exist; nothing was written",
                                 param_hint=param_hint)


@contextmanager
def ledger_errors() -> Iterator[None]:
    """A ledger that cannot be read or written (exit 4) or a refusal (exit 3), said plainly."""
    try:
        yield
    except LedgerError as e:
        fail(str(e), EXIT_LEDGER)
    except BankerError as e:
        fail(str(e), EXIT_REFUSED)


def write_with_qt(what: str, load: Callable[[], Callable[..., T]], *args: Any,
                  widgets: bool = False) -> T:
    """Load Qt offscreen and the writer `load` imports, then write with it; "`what` not written"
    and exit 4 when Qt cannot load or the file could not be written. `widgets` makes a
    QApplication (a chart is a widget) rather than a QGuiApplication."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from PySide6 import QtGui  # noqa: PLC0415

        app_class: type[QtGui.QGuiApplication] = QtGui.QGuiApplication
        if widgets:
            from PySide6 import QtWidgets  # noqa: PLC0415

            app_class = QtWidgets.QApplication
        write = load()
    except ImportError as e:
        fail(f"{what} not written: {qt_missing(e)}", EXIT_LEDGER)
    from ui.fonts import use_everywhere  # noqa: PLC0415 (Qt loads only here)
    from ui.none_kept import kept  # noqa: PLC0415
    from ui.printing import boxes_drawn  # noqa: PLC0415

    # Every Qt call made while writing costs None a reference (ui/none_kept.py): paid back
    # before the interpreter tears down, else a 100-table PDF ends in exit 134.
    with kept():
        _app = app_class.instance() or app_class(["banker"])
        use_everywhere(_app)  # a chart's legend as well as a sheet: the shipped fonts first
        boxes_drawn()  # what an earlier write left unsaid is not this one's
        try:
            written = write(*args)
        except OSError as e:
            fail(f"{what} not written: {e}", EXIT_LEDGER)
        boxes = boxes_drawn()
        if boxes:
            click.echo(f"WARNING: {what}: {boxes}", err=True)
        return written


def show_window(load: Callable[[], Callable[[], Window]]) -> NoReturn:
    """Check for a display, load Qt and the window `load` imports, show the window it makes and
    exit with the application's code once it is closed; exit 4 for no display or no Qt."""
    problem = display_problem()
    if problem is not None:
        fail(problem, EXIT_LEDGER)
    try:
        from ui.app import application  # noqa: PLC0415
        from ui.crash_guard import install  # noqa: PLC0415

        make = load()
    except ImportError as e:
        fail(qt_missing(e), EXIT_LEDGER)
    from ui.none_kept import keep_for_the_day  # noqa: PLC0415

    app = application(sys.argv[:1])
    install(app)
    keep_for_the_day(app)  # a window up all day (the hall display) repays None as it goes
    window = make()
    window.show()
    sys.exit(app.exec())
