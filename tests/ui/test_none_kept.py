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
