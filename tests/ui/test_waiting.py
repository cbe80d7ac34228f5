"""The wrong-PIN delay in a window counts down in a box instead of freezing the window."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from ui.waiting import sleep_painting


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_delay_is_waited_out_with_a_box_that_says_why(qtbot) -> None:
    seen: list[str] = []

    def look() -> None:  # a paint tick during the wait: the box is up and says why
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QProgressDialog) and w.isVisible():
                seen.append(w.labelText())

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(20)
    started = time.monotonic()
    sleep_painting(0.3)
    timer.stop()
    assert time.monotonic() - started >= 0.3
    assert any("wrong PIN" in text for text in seen)
    assert not any(isinstance(w, QProgressDialog) and w.isVisible()
                   for w in QApplication.topLevelWidgets())


def test_no_delay_shows_nothing(qtbot) -> None:
    started = time.monotonic()
    sleep_painting(0)
    assert time.monotonic() - started < 0.05
