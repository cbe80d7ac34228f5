"""The table display follows the banker's window live: a roll, a purchase, the clock's announcements."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.service import TableGame
from tests.clocks import Clock
from ui.display.banner import SHOWN_MS
from ui.display.window import DisplayWindow
from ui.second_screen import other_screen
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SG4_START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
             "players": ["Aisha", "Ben", "Chloe", "Dev"],
             "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2], "Dev": [1, 2]}]}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def window(qtbot, tmp_path: Path, clock: Clock) -> Iterator[TableWindow]:
    """The banker's window on a four-player SG game whose 60-minute clock has started."""
    game = TableGame.open(str(tmp_path / "table.db"), now=clock)
    game.submit(parse_command(SG4_START))
    game.submit(parse_command({"type": "start_clock"}))
    session = TableSession(game, tick_ms=None)  # the test ticks the clock itself
    table = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(table)
    table.show()
    yield table
    session.close()


def open_display(qtbot, window: TableWindow) -> DisplayWindow:
    """F11 in the banker's window, as the banker opens it."""
    qtbot.keyClick(window, Qt.Key.Key_F11)
    display = window.display
    assert display is not None
    qtbot.waitExposed(display)
    return display


def keys(qtbot, window: TableWindow, text: str) -> None:
    for char in text:
        qtbot.keyClicks(window, char)


def rows(display: DisplayWindow) -> list[tuple[str, str, str]]:
    """Each player's line on the display: name, deeds, cash."""
    return [(r.heading.full, r.deeds.text(), r.cash.text()) for r in display.standings.rows]


def test_f11_opens_the_display_in_its_own_window_on_a_single_screen(qtbot, window) -> None:
    display = open_display(qtbot, window)
    assert display.isVisible() and not display.isFullScreen()  # the offscreen platform: 1 screen
    assert window.messages.text().startswith("Table display opened in its own window")
    # SG: every player starts with M1,500 and no deeds, in roll-off order (11, 7, 4, 3).
    assert rows(display) == [("Aisha", "0 deeds", "M1,500"), ("Ben", "0 deeds", "M1,500"),
                             ("Chloe", "0 deeds", "M1,500"), ("Dev", "0 deeds", "M1,500")]
    assert display.turn.text() == "Turn 1 · Aisha to roll"
    assert display.clock.level == "normal" and display.clock.time.text().startswith("59:")
    assert "Singapore Championship" in display.header.text()
    # The banker's keys stay in the banker's window; F11 again closes the display.
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not display.isVisible()
    assert window.messages.text() == "Table display closed"


def test_a_roll_and_a_purchase_in_the_banker_window_show_on_the_display(qtbot, window) -> None:
    display = open_display(qtbot, window)
    session = window.session
    # Aisha rolls 1+2 = 3: Street 2 (brown), price M60 (singapore board); B buys it.
    with qtbot.wait_signal(session.changed):
        keys(qtbot, window, "12")
    assert display.turn.text() == "Turn 1 · Aisha may buy Street 2 (brown)"
    assert display.detail.text() == "Last throw 1 + 2 = 3"
    with qtbot.wait_signal(session.changed):
        keys(qtbot, window, "b")
    # 1,500 - 60 = 1,440; one deed; the turn passes to Ben (roll-off 7, second).
    assert rows(display)[0] == ("Aisha", "1 deed", "M1,440")
    assert display.turn.text() == "Turn 2 · Ben to roll"
    acting = [r.heading.full for r in display.standings.rows if r.property("state") == "acting"]
    assert acting == ["Ben"]
    assert any("Aisha buys Street 2 (brown)" in line.full for line in display.lines)


def test_the_display_shows_each_announcement_in_the_clock_colours(qtbot, window,
                                                                  clock: Clock) -> None:
    display = open_display(qtbot, window)
    session = window.session
    assert not display.banner.isVisible()
    # 45 minutes into the 60: 15 are left (SG: announcements at 15, 10, 5 and 1 minute).
    clock.advance(minutes=45)
    with qtbot.wait_signal(session.announcement):
        session.tick()
    assert display.banner.isVisible() and display.banner.text() == "15 minutes left"
    assert display.banner.timer.isActive() and display.banner.timer.interval() == SHOWN_MS
    assert display.clock.time.text().startswith("14:") and display.clock.level == "normal"
    # 55 minutes: 10 and 5 are called by the same tick; the banner says the last, in amber.
    clock.advance(minutes=10)
    with qtbot.wait_signal(session.changed):
        session.tick()
    assert display.banner.text() == "5 minutes left" and display.banner.level == "warning"
    assert display.clock.level == "warning"
    # 59 minutes: red; 60: TIME on the banner and on the clock.
    clock.advance(minutes=4)
    with qtbot.wait_signal(session.announcement):
        session.tick()
    assert display.banner.level == "critical" and display.clock.level == "critical"
    clock.advance(minutes=1)
    with qtbot.wait_signal(session.time_up):
        session.tick()
    assert display.banner.text() == "TIME" and display.clock.time.text() == "TIME"
    assert display.clock.level == "over"


def test_a_display_closed_while_play_goes_on_shows_the_game_as_it_stands_on_reopening(
        qtbot, window) -> None:
    display = open_display(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F11)  # closed
    with qtbot.wait_signal(window.session.changed):
        keys(qtbot, window, "12")
    with qtbot.wait_signal(window.session.changed):
        keys(qtbot, window, "b")
    assert rows(display)[0][2] == "M1,500"  # hidden: not redrawn
    assert open_display(qtbot, window) is display
    assert rows(display)[0] == ("Aisha", "1 deed", "M1,440")


def test_esc_leaves_full_screen_then_closes_and_nothing_else_is_taken(qtbot, window) -> None:
    display = open_display(qtbot, window)
    head = window.session.game.head_seq
    keys_before = display.turn.text()
    display.showFullScreen()
    qtbot.keyClicks(display, "12b")  # the display takes no input: nothing is recorded
    assert window.session.game.head_seq == head and display.turn.text() == keys_before
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert display.isVisible() and not display.isFullScreen()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isVisible()


def test_text_scales_with_the_window(qtbot, window) -> None:
    display = open_display(qtbot, window)
    display.resize(960, 540)
    small = (display.clock.time_px, display.standings.cash_px)
    display.resize(1920, 1080)
    large = (display.clock.time_px, display.standings.cash_px)
    # Twice the width and height: the digits grow about twice as large. (A little more than
    # twice in the shipped Noto Sans: its tall lines make the small face's digits fit its height,
    # the large face's its width; measured 2.35 for the clock, 2.29 for the cash.)
    assert all(1.7 < big / little < 2.45 for big, little in zip(large, small, strict=True))
    assert display.clock.time_px >= 200  # readable across the room on a 1080p screen


class FakeScreen:
    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name


def test_the_display_goes_to_a_screen_other_than_the_bankers() -> None:
    laptop, projector = FakeScreen("eDP-1"), FakeScreen("HDMI-1")
    assert other_screen([laptop, projector], laptop) is projector
    assert other_screen([laptop, projector], projector) is laptop
    assert other_screen([laptop], laptop) is None
    assert other_screen([laptop, projector], None) is None


def test_a_mortgage_and_its_undo_show_on_the_display_with_the_void_marked(qtbot, window) -> None:
    display = open_display(qtbot, window)
    session = window.session
    with qtbot.wait_signal(session.changed):
        keys(qtbot, window, "12b")  # Aisha buys Street 2 (brown), M60
    # Between rolls Aisha mortgages it: half its price, M30 (SG: mortgage value = price / 2).
    with qtbot.wait_signal(session.changed):
        assert session.send({"type": "mortgage", "player": "Aisha", "space": 3})
    assert rows(display)[0] == ("Aisha", "1 deed · 1 mortgaged", "M1,470")
    # Ctrl+Z in the banker's window takes it back: the display's entry is marked VOID.
    window.confirm = lambda title, text: True
    with qtbot.wait_signal(session.changed):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert rows(display)[0] == ("Aisha", "1 deed", "M1,440")
    voided = [line for line in display.lines if line.property("voided")]
    assert len(voided) == 1 and "VOID  Aisha mortgages Street 2 (brown)" in voided[0].full


def test_a_judges_correction_from_the_banker_window_shows_on_the_display(
        qtbot, tmp_path: Path, clock: Clock) -> None:
    game = TableGame.open(str(tmp_path / "judged.db"), now=clock)
    game.submit(parse_command(SG4_START | {"judges": judges_field([("Lee", "246802")])}))
    game.submit(parse_command({"type": "start_clock"}))
    session = TableSession(game, tick_ms=None)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    display = open_display(qtbot, window)
    with qtbot.wait_signal(session.changed):
        keys(qtbot, window, "12b")  # Aisha buys Street 2 (brown) for M60: M1,440
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    judge = window.judge_window
    assert judge is not None
    qtbot.addWidget(judge)
    judge.session.ask_pin = lambda _what: ("Lee", "246802")
    # The judge moves M25 from Ben to Aisha: Aisha 1,440 + 25 = 1,465, Ben 1,500 - 25 = 1,475.
    with qtbot.wait_signal(session.changed):
        assert judge.session.send_as_judge(
            {"type": "adjust_cash", "from_account": "Ben", "to_account": "Aisha", "amount": 25,
             "reason": "rent Ben owed was not collected"}, "Adjust cash")
    assert rows(display)[:2] == [("Aisha", "1 deed", "M1,465"), ("Ben", "0 deeds", "M1,475")]
    assert window.players.panel("Aisha").cash.text() == "M1,465"
    assert any("Ben" in line.full and "25" in line.full for line in display.lines)
    assert window.messages.text() == "Recorded (judge Lee): Adjust cash"
    judge.close()
    session.close()
