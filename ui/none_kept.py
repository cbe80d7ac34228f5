"""None's references kept whole while Qt is called: PySide6 6.12's bindings drop a reference to
None on every call of a Qt method that returns nothing (`setFont`, `setText`, `drawLine`, ...).

On CPython 3.12+ None is immortal and nothing happens; on 3.11 (ours) each such call takes one
from None's count, and once a process has made a few thousand of them the interpreter frees
None as it tears down ("Fatal Python error: none_dealloc", exit 134 after a 100-table PDF was
written) or, past None's whole count, while running. The references dropped are paid back
here, by the C API's own Py_IncRef (a list of Nones would not do: the interpreter empties the
modules' lists as it tears down, and gives the references back just when they are needed):
measured around a piece of work (`kept`), or, for a window that runs all day, given once and for
good (`keep_for_the_day`: None's count raised by 2**60 at once, as CPython 3.12 makes None
immortal; a debug build of the interpreter, whose objects are laid out otherwise, tops it up on
a timer instead, `keep_topped_up`). Extra references to None cost nothing: None is never freed.
No timer wakes an idle window for it (issue 31: a table idle all day)."""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QTimer

CUSHION = 10_000  # beyond what was measured: the calls made after the measure, at teardown
TOP_UP_MS = 1_000  # a window's calls in a second stay far below None's own count (thousands)
DAY_CUSHION = 2**60  # a billion calls a second for 36 years; the count stays far from 2**63
_INCREF = ctypes.pythonapi.Py_IncRef
_INCREF.argtypes = [ctypes.py_object]
_INCREF.restype = None

__all__ = ["keep_for_the_day", "keep_topped_up", "kept", "repay"]


def repay(floor: int) -> int:
    """Give None references until its count is at least `floor` again, with a cushion;
    returns how many were added (0 when none were missing)."""
    missing = floor - sys.getrefcount(None)
    if missing <= 0:
        return 0
    for _ in range(missing + CUSHION):
        _INCREF(None)
    return missing + CUSHION


@contextmanager
def kept() -> Iterator[None]:
    """Within: Qt is called as much as needed; after: None's count is no lower than before."""
    floor = sys.getrefcount(None)
    try:
        yield
    finally:
        repay(floor)


def keep_topped_up(owner: QObject, interval_ms: int = TOP_UP_MS) -> QTimer:
    """Every `interval_ms` while `owner` lives, None's count is put back to what it was now
    (a long-running window's calls repaid as they are made); returns the timer."""
    floor = sys.getrefcount(None)
    timer = QTimer(owner)
    timer.setInterval(interval_ms)
    timer.timeout.connect(lambda: repay(floor))
    timer.start()
    return timer


def keep_for_the_day(owner: QObject) -> QTimer | None:
    """None kept whole for as long as the process runs: on CPython 3.12+ nothing to do (None is
    immortal); on a release build of 3.11 its count raised once by DAY_CUSHION (the count is
    the object's first field: `Py_ssize_t ob_refcnt`), so no timer runs; on a debug build
    (`sys.gettotalrefcount`, another layout) topped up on a timer owned by `owner`, returned."""
    if sys.version_info >= (3, 12):
        return None
    if hasattr(sys, "gettotalrefcount"):
        return keep_topped_up(owner)
    count = ctypes.c_ssize_t.from_address(id(None))
    if count.value < DAY_CUSHION:  # once a process: a second call adds nothing
        count.value += DAY_CUSHION
    return None
