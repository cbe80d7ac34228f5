"""BANKER_FIRST_WINDOW: the smoke test's look at the first window (ui/first_window.py)."""

from __future__ import annotations

import time

import pytest
from PySide6.QtWidgets import QLabel, QMainWindow

from ui import first_window
from ui.sounds import Sounds

# Qt's offscreen platform says so when a top-level window is shown; nothing is wrong.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot) -> QMainWindow:
    window = QMainWindow()
    window.setWindowTitle("Championship Banker")
    window.setCentralWidget(QLabel("start page"))
    window.resize(400, 300)
    qtbot.addWidget(window)
    return window


def test_without_the_variable_nothing_watches_the_window(qtbot) -> None:
    window = _window(qtbot)
    assert first_window.watch(window, lambda: 0, Sounds(audio=False), environ={}) is None


def test_after_the_first_paint_it_says_the_time_and_what_shows_saves_a_picture_and_leaves(
        qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(first_window, "SETTLE_MS", 10)
    window = _window(qtbot)
    said: list[str] = []
    left: list[bool] = []
    picture = tmp_path / "window.png"
    first_window.watch(window, lambda: 2, Sounds(audio=False),
                       environ={first_window.ENV: str(picture)}, say=said.append,
                       leave=lambda: left.append(True))
    window.show()
    qtbot.waitUntil(lambda: bool(left), timeout=5000)
    assert said[0].startswith("first window after ") and " s (painted at " in said[0]
    assert said[1] == "title: Championship Banker; games listed: 2; sounds: Qt Multimedia " \
                      "loaded, no audio output"
    assert said[2] == f"picture: {picture}" and picture.stat().st_size > 0
    assert not window.isVisible()


def test_a_value_that_is_not_a_png_quits_without_a_picture(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(first_window, "SETTLE_MS", 10)
    window = _window(qtbot)
    said: list[str] = []
    left: list[bool] = []
    first_window.watch(window, lambda: 0, Sounds(audio=False), environ={first_window.ENV: "1"},
                       say=said.append, leave=lambda: left.append(True))
    window.show()
    qtbot.waitUntil(lambda: bool(left), timeout=5000)
    assert len(said) == 2 and not list(tmp_path.iterdir())


def test_the_process_started_before_now_and_not_long_ago() -> None:
    started = first_window.process_started()
    assert time.time() - 3600 < started <= time.time()


def test_a_report_that_fails_still_closes_the_window_and_leaves(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(first_window, "SETTLE_MS", 60_000)  # the look is called below instead
    window = _window(qtbot)
    left: list[bool] = []

    def broken_pipe(text: str) -> None:
        raise BrokenPipeError(text)  # the reader of standard output has gone (`| head -1`)

    watcher = first_window.watch(window, lambda: 0, Sounds(audio=False),
                                 environ={first_window.ENV: "1"}, say=broken_pipe,
                                 leave=lambda: left.append(True))
    window.show()
    qtbot.waitUntil(lambda: watcher is not None and watcher.painted_at is not None)
    with pytest.raises(BrokenPipeError):
        watcher.look()
    assert left and not window.isVisible()
