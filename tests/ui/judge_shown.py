"""The judge's window as the tests open it: on a recorded game, at a 1366x768 laptop's size."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow


def judge_at_1366(qtbot, path: Path) -> JudgeWindow:
    """The judge's window on the game in `path` (read only, not polled), shown at 1366x768."""
    window = JudgeWindow(JudgeSession(str(path), poll_ms=None))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window
