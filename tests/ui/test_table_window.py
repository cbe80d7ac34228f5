"""The table window records a game from the keyboard alone; the ledger holds exactly what was typed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit

from app.ledger import LedgerWriteError
from app.review.verify import verify_game
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from ui.table.session import TICK_MS, TableSession
from ui.table.window import TableWindow

# The offscreen platform cannot pass size hints to a window manager it does not have; every other
# Qt warning still fails these tests.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

CLASSIC_START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy"],
                 "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]}




@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def open_window(qtbot, tmp_path: Path, clock: Clock) -> Iterator[Callable[[dict], TableWindow]]:
    windows: list[TableWindow] = []

    def make(start: dict) -> TableWindow:
        game = TableGame.open(str(tmp_path / "table.db"), now=clock)
        game.submit(parse_command(start))
        session = TableSession(game, tick_ms=None)  # the test calls tick itself
        window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.confirm = lambda title, text: True
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.close()


def type_keys(qtbot, window: TableWindow, text: str) -> None:
    """Keys pressed in the window: "\n" is Enter, "^" Ctrl+Enter."""
    for char in text:
        if char == "\n":
            qtbot.keyClick(window, Qt.Key.Key_Return)
        elif char == "^":
            qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            qtbot.keyClicks(window, char)


def answer_dialog(qtbot, window: TableWindow, *fields: str) -> None:
    """Type into the dialog the window opened (each field, Tab between) and press Enter."""
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    edits = dialog.findChildren(QLineEdit)
    for edit, text in zip(edits, fields, strict=False):
        edit.selectAll()
        qtbot.keyClicks(edit, text)
    qtbot.keyClick(edits[0], Qt.Key.Key_Return)


def ledger(window: TableWindow, since: int = 0) -> list[tuple]:
    """(type, the amount if any) of each entry after `since`, voided ones marked."""
    stored = window.session.game.events()
    void = {n for s in stored if s.type == "commands_voided" for n in s.payload["commands"]}
    return [(s.type, s.payload.get("amount")) + (("VOID",) if s.command_no in void else ())
            for s in stored if s.seq > since]


def test_a_classic_game_is_recorded_through_keys_alone(qtbot, open_window) -> None:
    window = open_window(CLASSIC_START)
    session = window.session
    start = session.game.head_seq  # game_started
    # Bob (roll-off 11) starts. "32": 3 and 5 = 5 spaces to Reading Railroad (200); B buys it.
    with qtbot.wait_signal(session.changed):
        type_keys(qtbot, window, "32")
    type_keys(qtbot, window, "b")
    # Cy: 4+4 to Vermont Avenue (100), a double; D declines it, the auction opens at 1 (CL);
    # Ann bids 50, Bob 60 (by seat: Bob 1, Ann 2, Cy 3); Ctrl+Enter closes: Bob pays 60. Cy
    # rolls again.
    type_keys(qtbot, window, "44d")
    type_keys(qtbot, window, "250\n160\n^")
    # Cy 1+2 = 3 from 8 to St. Charles Place (11, price 140); B buys.
    type_keys(qtbot, window, "12b")
    # Ann 1+4 = 5 to Reading Railroad: Bob holds one railway, rent 25, a claim open until Bob
    # rolls; R collects it.
    type_keys(qtbot, window, "14r")
    # Bob 1+1 = 2 from 5 to Chance (7); the card picker finds "Collect a dividend of 50".
    type_keys(qtbot, window, "11dividend\n")
    # Ctrl+K, "mortgages reading", Enter: Bob mortgages Reading Railroad for its value, 100.
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    answer_dialog(qtbot, window, "mortgages reading")
    assert session.game.state.player("Bob").cash == 1500 - 200 - 60 + 25 + 50 + 100
    # Ctrl+Z takes the mortgage back (the window showed what it takes first).
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.game.state.player("Bob").cash == 1500 - 200 - 60 + 25 + 50
    assert window.messages.text().startswith("Taken back: Bob mortgages Reading Railroad")

    assert ledger(window, start) == [
        ("dice_rolled", None), ("token_moved", None), ("purchase_offered", None),
        ("deed_bought", 200), ("turn_passed", None),
        ("dice_rolled", None), ("token_moved", None), ("purchase_offered", None),
        ("purchase_declined", None), ("auction_opened", None),
        ("bid_placed", 50), ("bid_placed", 60), ("auction_won", 60), ("roll_again", None),
        ("dice_rolled", None), ("token_moved", None), ("purchase_offered", None),
        ("deed_bought", 140), ("turn_passed", None),
        ("dice_rolled", None), ("token_moved", None), ("rent_claim_opened", 25),
        ("turn_passed", None), ("rent_paid", 25),
        ("dice_rolled", None), ("token_moved", None), ("card_draw_required", None),
        ("card_drawn", None), ("card_payment", 50), ("roll_again", None),
        ("deed_mortgaged", 100, "VOID"), ("commands_voided", None),
    ]
    state = session.game.state
    assert (state.player("Ann").cash, state.player("Cy").cash) == (1500 - 25, 1500 - 140)
    assert verify_game(session.game.ledger, session.game.game_id) == []


def test_a_refused_key_says_the_rule_in_the_message_area_and_records_nothing(
        qtbot, open_window) -> None:
    window = open_window(CLASSIC_START)
    head = window.session.game.head_seq
    with qtbot.wait_signal(window.session.refused) as refused:
        type_keys(qtbot, window, "b")  # nothing is on offer: B means nothing yet, so try Ctrl+Z
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        window.run(next(a for a in window.menu if a.id == "roll"), {"dice": "17"})
    assert "a die shows 1 to 6, not 7" in refused.args[0]
    assert window.messages.text().startswith("Not recorded: ")
    assert window.session.game.head_seq == head


SG_START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
            "players": ["Aisha", "Ben", "Chloe"],
            "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2]}]}


def test_an_sg_clock_announces_and_calls_time_and_the_scoresheet_opens(
        qtbot, open_window, clock: Clock) -> None:
    window = open_window(SG_START)
    session = window.session
    # Ctrl+K, "start the clock": the SG game runs 60 minutes.
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    answer_dialog(qtbot, window, "start the clock")
    assert session.game.state.clock.started_at is not None
    # Aisha (roll-off 11) rolls 3+4 = 7 to a Chance space: one entry of play first.
    type_keys(qtbot, window, "34")
    # 45 minutes on, 15 are left: the clock's tick records the announcement (SG Judge
    # Responsibilities: 15, 10, 5 and 1 minute left).
    clock.advance(minutes=45)
    with qtbot.wait_signal(session.announcement) as said:
        session.tick()
    assert said.args == [15]
    assert window.messages.text() == "15 minutes left"
    # At 60 minutes time is called: the window says TIME and opens the scoresheet.
    clock.advance(minutes=15)
    with qtbot.wait_signal(session.time_up):
        session.tick()
    assert window.sheet is not None and window.sheet.isVisible()
    assert window.messages.text().startswith("TIME")
    # After time, the dice are refused with the rule's words (shown disabled in the menu).
    roll = next((a for a in window.menu if a.id == "roll"), None)
    assert roll is None or not roll.enabled
    types = [s.type for s in session.game.events()]
    assert "announcement_made" in types and "time_called" in types
    assert verify_game(session.game.ledger, session.game.game_id) == []


def test_a_tick_between_marks_moves_the_shown_time_on_and_aims_at_the_next_second(
        qtbot, open_window) -> None:
    # SG: 60 minutes. The clock started, then 12 minutes 34.4 seconds on: 47:25.6 are left,
    # shown rounded up as 47:26; the shown second changes in 600 ms, and the next mark (15
    # minutes left) is 32:25.6 away, so the timer is aimed 600 ms ahead. Nothing is recorded:
    # such a tick asks nothing of the rules (TableGame.quiet_tick).
    window = open_window(SG_START)
    session = window.session
    session.tick_ms = TICK_MS  # the timer aimed as the app aims it
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    answer_dialog(qtbot, window, "start the clock")
    head, game = session.game.head_seq, session.game
    started = game.state.clock.started_at
    at = started + timedelta(minutes=12, seconds=34, milliseconds=400)
    game.now = lambda: at  # the time stands still while the tick looks at it
    session.timer.timeout.emit()  # as the timer does: the session's tick, then the window's
    assert session.quiet_left == 47 * 60_000 + 25_600
    assert window.clock.holder.label.text() == "47:26"
    assert session.timer.isActive() and session.timer.interval() == 600
    assert session.game.head_seq == head
    # 32:25.6 later the 15's mark falls due: that tick asks the rules and records it.
    at += timedelta(minutes=32, seconds=25, milliseconds=600)
    with qtbot.wait_signal(session.announcement) as said:
        session.timer.timeout.emit()
    assert said.args == [15] and session.quiet_left is None
    assert window.clock.holder.label.text() == "15:00"


def test_a_ledger_that_cannot_be_written_stops_the_window(qtbot, open_window,
                                                          monkeypatch) -> None:
    window = open_window(CLASSIC_START)
    head = window.session.game.head_seq

    def full_disk(*args, **kwargs):
        raise LedgerWriteError("disk full")

    monkeypatch.setattr(window.session.game.ledger, "append", full_disk)
    with qtbot.wait_signal(window.session.ledger_failed):
        type_keys(qtbot, window, "32")
    assert "Nothing of the last entry was recorded" in window.messages.text()
    assert not window.actions_area.isEnabled()
    monkeypatch.undo()
    type_keys(qtbot, window, "32")  # no more input once stopped
    assert window.session.game.head_seq == head
