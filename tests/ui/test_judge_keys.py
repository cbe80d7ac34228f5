"""Issue 30 item 6: the judge records a dispute, its ruling and its correction without the mouse:
the Disputes menu's keys (Ctrl+R, Ctrl+Shift+D, Ctrl+Shift+R, Ctrl+Shift+C), the forms and the
judge's sign-in typed key by key into whatever has the focus; then the ledger is read back."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.review import service as review
from tests.app.recorded_games import JUDGE, PIN, SetClock, line_of, record
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow
from ui.table.judge_dialog import JudgeDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SG = "sg-final-position.jsonl"
DEV_RENT = 60  # "Dev pays Aisha 12 rent (claim 1)"
# The judge's words in the hall's four scripts, typed key by key.
ABOUT = "paid the M12 rent twice (陈伟明 saw it)"
RULING = "Dev paid twice; Aisha refunds M12 — keputusan hakim, Zoë Ñúñez"
REASON = "refund of the rent paid twice (முருகன் செல்வம் counted)"
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[JudgeWindow]:
    """The SG example up to the judge's end position (65 entries), in the judge's window."""
    path = tmp_path / "t.db"
    record(path, SG, line_of(SG, "adjust_deed")).close()
    clock = SetClock()
    clock.set(datetime(2026, 11, 21, 10, 12, tzinfo=UTC))
    session = JudgeSession(str(path), now=clock, poll_ms=None)
    session.sleep = lambda _seconds: None
    judge = JudgeWindow(session)
    qtbot.addWidget(judge)
    judge.show()
    judge.activateWindow()
    qtbot.waitUntil(judge.isActiveWindow)
    yield judge
    session.close()


def focused() -> QWidget:
    """What takes the keys now: the focused field of the dialog open (the form, the sign-in),
    else the window's focused widget."""
    dialog = QApplication.activeModalWidget()
    widget = (dialog.focusWidget() or dialog) if dialog is not None else \
        QApplication.focusWidget()
    assert widget is not None
    return widget


def back_in(qtbot, window: JudgeWindow) -> None:
    """The sign-in closed: the judge's window has the keys again (its list, as before)."""
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window
                    and QApplication.focusWidget() is not None
                    and QApplication.focusWidget().window() is window)


def typed(qtbot, text: str) -> None:
    """Text typed into what has the focus: ASCII key by key; accented letters, Chinese and
    Tamil as an input method commits them (QTest has keys for ASCII only)."""
    for char in text:
        if ord(char) < 0x80:
            qtbot.keyClicks(focused(), char)
        else:
            event = QInputMethodEvent()
            event.setCommitString(char)
            QApplication.sendEvent(focused(), event)


def press(qtbot, *keys: Qt.Key | str, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """Keys to whatever has the focus now: a Qt key, or text typed."""
    for key in keys:
        if isinstance(key, str):
            typed(qtbot, key)
        else:
            qtbot.keyClick(focused(), key, modifier)


def signs_in(qtbot, signed: list[str]) -> None:
    """When the judge's sign-in opens (a modal dialog): name, Tab, PIN, Enter, by keys."""

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, JudgeDialog):
            QTimer.singleShot(10, look)
            return
        signed.append(dialog.windowTitle())
        press(qtbot, JUDGE, Qt.Key.Key_Tab, PIN, Qt.Key.Key_Return)

    QTimer.singleShot(0, look)


def test_a_judge_records_a_dispute_its_ruling_and_its_correction_by_keys_alone(
        qtbot, window: JudgeWindow) -> None:
    session = window.session
    head = session.head_seq
    names = {a.text(): a.shortcut().toString() for menu in window.menuBar().actions()
             for a in menu.menu().actions()}
    assert names["Record the &ruling…"] == "Ctrl+Shift+R"
    assert names["Record a &correction…"] == "Ctrl+Shift+C"
    assert names["The &disputes list"] == "Ctrl+Shift+D"
    assert names["&Raise a dispute on the selected…"] == "Ctrl+R"
    # The list has the keys: End, then Up five times from entry 65 to Dev's rent (60).
    assert focused() is window.entries.table
    press(qtbot, Qt.Key.Key_End, *[Qt.Key.Key_Up] * 5)
    assert window.entries.selected_seqs() == [DEV_RENT]
    signed: list[str] = []
    # Ctrl+R: the dispute on the selected entry; who raises it, Tab, about what, Enter.
    qtbot.keyClick(focused(), Qt.Key.Key_R, CTRL)
    assert window.disputes.dialog is not None and window.disputes.dialog.isVisible()
    signs_in(qtbot, signed)
    with qtbot.wait_signal(session.changed):
        press(qtbot, "Dev", Qt.Key.Key_Tab, ABOUT, Qt.Key.Key_Return)
    back_in(qtbot, window)
    # Ctrl+Shift+R: the ruling, on the one dispute; its words take the keys first.
    qtbot.keyClick(focused(), Qt.Key.Key_R, CTRL_SHIFT)
    assert window.tabs.currentWidget() is window.disputes
    signs_in(qtbot, signed)
    with qtbot.wait_signal(session.changed):
        press(qtbot, RULING, Qt.Key.Key_Return)
    back_in(qtbot, window)
    # Ctrl+Shift+D: the disputes list (dispute 1 selected); Ctrl+Shift+C: the correction
    # linked to it. Move cash (Tab), the dispute (Tab), from Aisha (Tab), to Dev (Tab), M12
    # (Tab), the reason, Enter.
    qtbot.keyClick(focused(), Qt.Key.Key_D, CTRL_SHIFT)
    assert focused() is window.disputes.table and window.disputes.selected() == 1
    qtbot.keyClick(focused(), Qt.Key.Key_C, CTRL_SHIFT)
    form = window.disputes.dialog
    assert form is not None and form.isVisible()
    qtbot.waitUntil(form.isActiveWindow)  # Tab into the amount selects its M0, as on a desk
    signs_in(qtbot, signed)
    press(qtbot, Qt.Key.Key_Tab, Qt.Key.Key_Tab, "Aisha", Qt.Key.Key_Tab, "Dev",
          Qt.Key.Key_Tab, "12", Qt.Key.Key_Tab)
    with qtbot.wait_signal(session.changed):
        press(qtbot, REASON, Qt.Key.Key_Return)
    back_in(qtbot, window)
    assert signed == ["Judge's action"] * 3
    (dispute,) = review.disputes(session.game)
    assert (dispute.number, dispute.raised_by, dispute.about, dispute.entries) == (
        1, "Dev", ABOUT, (DEV_RENT,))
    assert (dispute.ruling, dispute.ruled_by) == (RULING, JUDGE)
    assert dispute.corrections == (session.head_seq,)
    # The ledger, entry by entry, after the 65 the banker recorded.
    assert [e.text for e in session.entries if e.seq > head] == [
        f"Dispute 1 raised by Dev: {ABOUT}",
        f"Ruling on dispute 1: {RULING}",
        f"Adjustment: Aisha → Dev 12: {REASON}"]
    assert {p.name: p.cash for p in session.game.state.players} == {
        "Aisha": 1122, "Ben": 870, "Chloe": 1098, "Dev": 1360}
    assert "Recorded" in window.messages.text()


def test_the_ruling_with_no_dispute_says_so(qtbot, window: JudgeWindow) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_R, CTRL_SHIFT)
    assert window.disputes.dialog is None
    assert window.messages.text() == ("No dispute to rule on: raise one first (Ctrl+R on the "
                                      "selected entries)")
