"""None's references paid back after Qt calls that return nothing (ui/none_kept.py)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QFont

from ui.none_kept import keep_topped_up, kept, repay


def test_after_many_qt_calls_none_has_no_fewer_references_than_before() -> None:
    before = sys.getrefcount(None)
    font = QFont()
    with kept():
        for _ in range(3000):
            font.setBold(True)
    assert sys.getrefcount(None) >= before


def test_nothing_is_added_when_no_reference_is_missing() -> None:
    assert repay(sys.getrefcount(None) - 10) == 0


def test_a_window_up_all_day_has_none_topped_up_on_its_timer(qapp) -> None:
    from PySide6.QtCore import QObject  # noqa: PLC0415

    owner = QObject()
    timer = keep_topped_up(owner, 60_000)
    floor = sys.getrefcount(None)
    font = QFont()
    for _ in range(3000):
        font.setBold(True)
    timer.timeout.emit()  # the timer's turn, without waiting for it
    assert sys.getrefcount(None) >= floor
    timer.stop()


def test_a_window_up_all_day_keeps_none_whole_without_a_timer(qapp) -> None:
    """Release CPython 3.11: None's count raised once, far beyond any day's Qt calls, and no
    timer made to wake the idle window; a second call adds nothing more."""
    from PySide6.QtCore import QObject, QTimer  # noqa: PLC0415

    from ui.none_kept import DAY_CUSHION, keep_for_the_day  # noqa: PLC0415

    owner = QObject()
    if sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return  # immortal None, or the debug build's timer (the test above)
    assert keep_for_the_day(owner) is None
    raised = sys.getrefcount(None)
    assert raised >= DAY_CUSHION  # (before this test, or an earlier window's call)
    assert owner.findChildren(QTimer) == []
    keep_for_the_day(owner)
    assert sys.getrefcount(None) < raised + 100  # not raised twice (a few references aside)
