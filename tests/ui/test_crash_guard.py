"""An exception in a window's slot or key handler is logged and said; the window and ledger go on."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings, Qt, qWarning
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from app.datafolder import error_log
from app.ledger import appending
from app.review.verify import verify_game
from app.table import actions
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from ui import crash_guard
from ui.table.session import TableSession
from ui.table.window import TableWindow

# pytest-qt's own excepthook would take the exception for the test; here the app's guard must.
# The offscreen platform cannot pass size hints to a window manager it does not have.
pytestmark = [pytest.mark.qt_no_exception_capture,
              pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")]

START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy"],
         "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]}


class Boom(Exception):
    """A fault no handler in the app expects."""


@pytest.fixture
def guard(qtbot) -> Iterator[crash_guard.CrashGuard]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    guard = crash_guard.install(app)
    yield guard
    guard.uninstall()


@pytest.fixture
def window(qtbot, tmp_path: Path, guard: crash_guard.CrashGuard) -> Iterator[TableWindow]:
    game = TableGame.open(str(tmp_path / "table.db"), now=Clock())
    game.submit(parse_command(START))
    made = TableWindow(TableSession(game, tick_ms=None), QSettings(str(tmp_path / "ui.ini"),
                                                                 QSettings.Format.IniFormat))
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    yield made
    made.session.close()


def keys(qtbot, window: TableWindow, text: str) -> None:
    """Each key through the event loop, as a banker's keyboard sends it: an exception in the
    handler then goes where PySide sends it in the app (QTest.keyClick would raise it here)."""
    for char in text:
        key = Qt.Key(ord(char.upper()))
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.postEvent(window, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier,
                                                     char))
        qtbot.wait(1)


def last_report(what: str = "exception") -> str:
    """The log's latest report of `what` (an exception; a Qt warning)."""
    reports = error_log.log_path().read_text(encoding="utf-8").split("=== ")
    return next(r for r in reversed(reports) if r.split("\n", 1)[0].split(" ", 1)[1]
                .startswith(what))


def rows(window: TableWindow) -> list[tuple[int, str, str]]:
    return [(s.seq, s.type, s.hash) for s in window.session.game.events()]


def test_a_key_whose_menu_cannot_be_built_is_logged_and_said_and_the_window_goes_on(
        qtbot, window: TableWindow, guard: crash_guard.CrashGuard,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = window.session.game
    with qtbot.wait_signal(window.session.changed):
        keys(qtbot, window, "32")  # Bob 3+2 to Reading Railroad: "buy" is on the menu now
    before = rows(window)

    def broken(table: object, event: object, entries: object = None) -> str:
        # as describe once did for a house auction
        raise TypeError("list indices must be integers or slices, not NoneType")

    monkeypatch.setattr(actions, "say", broken)
    window.refresh([])  # the menu is to be built again (as after any entry): it raises inside Qt
    keys(qtbot, window, "b")

    assert window.isVisible()
    said = window.messages.text()
    assert said.startswith("Something went wrong in the window, so the last key or click")
    assert "Nothing is half-recorded" in said and str(error_log.log_path()) in said
    assert "(TypeError: list indices must be integers or slices, not NoneType)" in said
    report = last_report()
    assert "TypeError: list indices must be integers" in report
    assert "in settle" in report  # the traceback, from the window's handler down
    assert f"entry {game.head_seq}, hash {game.head_hash}" in report
    assert rows(window) == before

    monkeypatch.undo()  # the menu builds again: the same key buys, as if nothing had happened
    with qtbot.wait_signal(window.session.changed):
        keys(qtbot, window, "b")
    assert [r[1] for r in rows(window)[len(before):]] == ["deed_bought", "turn_passed"]
    assert game.state is not None and game.state.deeds[5].owner == "Bob"


def test_a_fault_inside_the_ledger_write_records_nothing_half_done(
        qtbot, window: TableWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    game = window.session.game
    before, state = rows(window), game.state.clone() if game.state else None
    real = appending.insert

    def fails_after_writing(connection, batch) -> None:  # the rows written, not yet committed
        real(connection, batch)
        raise Boom("the machine faltered between the rows and the commit")

    monkeypatch.setattr(appending, "insert", fails_after_writing)
    keys(qtbot, window, "32")  # a roll: its events are decided, written, then the fault

    assert window.isVisible()
    assert "(Boom: the machine faltered between the rows and the commit)" in window.messages.text()
    assert "Boom" in last_report()
    assert rows(window) == before  # no entry of the roll: the transaction was rolled back
    assert game.state == state  # the service folded its state back to the ledger's head
    assert verify_game(game.ledger, game.game_id or "") == []

    monkeypatch.undo()
    with qtbot.wait_signal(window.session.changed):
        keys(qtbot, window, "32")  # the same roll records whole this time
    assert [r[0] for r in rows(window)] == list(range(1, len(rows(window)) + 1))
    assert verify_game(game.ledger, game.game_id or "") == []


@pytest.mark.qt_log_ignore("a warning for the test")
def test_qt_warnings_are_logged_and_still_reach_the_handler_before_the_guard(
        qtlog, guard: crash_guard.CrashGuard) -> None:
    qWarning("a warning for the test")
    assert "a warning for the test" in last_report("Qt warning")
    # pytest-qt's handler (installed before the guard) saw it too: the guard passes it on.
    assert [r.message for r in qtlog.records] == ["a warning for the test"]


def test_an_exception_on_another_thread_is_logged_and_said_on_the_window(
        qtbot, window: TableWindow) -> None:
    def fails() -> None:
        raise Boom("a copier thread stumbled")

    thread = threading.Thread(target=fails, name="test thread")
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: "a copier thread stumbled" in window.messages.text())
    assert "on test thread" in last_report()

