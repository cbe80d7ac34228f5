"""The banker's window as a screen reader and a keyboard reach it: every control named, Tab
round every control and out of every list, the game's keys still the game's, and what the
banker must hear (a refusal, the time left, an entry recorded) announced."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QListView

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.table.actions import Action
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from tests.ui.a11y import focusable, tab_round, unnamed
from ui.app import MainWindow
from ui.sounds import Sounds
from ui.table.action_button import ActionButton
from ui.table.session import TableSession
from ui.table.window import TableWindow
from ui.tools.table_moments import PX_DEBT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "OpenType support missing")

CHEN, MURUGAN, NUR, JOSE = "陈伟明", "முருகன் செல்வம்", "Nur Aisyah binti Rahman", "José Müller-Øberg"
START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
         "players": [CHEN, MURUGAN, NUR, JOSE],
         "roll_off": [{CHEN: [6, 5], MURUGAN: [4, 3], NUR: [2, 2], JOSE: [3, 3]}]}


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[TableWindow]:
    game = TableGame.open(str(tmp_path / "a11y.db"), now=Clock())
    game.submit(parse_command(START))
    session = TableSession(game, tick_ms=None)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    window.confirm = lambda title, text: True
    qtbot.addWidget(window)
    window.show()
    window.settle()
    yield window
    session.close()


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, object, Any]]]:
    """What was announced to assistive technology: (words, widget, politeness), as sent."""
    said: list[tuple[str, object, Any]] = []
    real = QAccessible.updateAccessibility

    def record(event: Any) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            said.append((event.message(), event.object(), event.politeness()))
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    QAccessible.setActive(True)  # as when a screen reader is connected
    yield said
    QAccessible.setActive(False)


def send(window: TableWindow, command: dict[str, Any]) -> None:
    assert window.session.send(command), window.messages.text()
    window.settle()


def test_every_control_is_named_in_the_roll_purchase_auction_and_rent_phases(window) -> None:
    send(window, {"type": "start_clock"})
    assert unnamed(window) == [], "roll"
    send(window, {"type": "roll", "player": CHEN, "dice": [2, 4]})
    assert unnamed(window) == [], "purchase"
    send(window, {"type": "decline", "player": CHEN})
    assert window.actions_area.auction.isVisible()
    assert unnamed(window) == [], "auction"
    send(window, {"type": "bid", "player": NUR, "amount": 100})
    send(window, {"type": "close_auction"})
    send(window, {"type": "roll", "player": MURUGAN, "dice": [2, 4]})
    assert window.actions_area.rent.isVisible()
    assert unnamed(window) == [], "rent open"
    # The action buttons draw their words with a label: the name is the action's words.
    names = {b.accessibleName() for b in window.findChildren(ActionButton) if b.isVisible()}
    assert any(NUR in n for n in names), names


def test_tab_goes_round_every_control_and_out_of_the_ledger(qtbot, window) -> None:
    send(window, {"type": "start_clock"})
    send(window, {"type": "roll", "player": CHEN, "dice": [2, 4]})
    send(window, {"type": "decline", "player": CHEN})  # an auction: its panel on top
    reachable = focusable(window)
    visited = tab_round(qtbot, window)
    assert set(reachable) <= {*visited, window}
    # In reading order: the toolbar, the ledger, then the actions from the top down.
    toolbar = window.toolbar.buttons
    assert [w for w in visited if w in toolbar] == toolbar
    assert visited.index(toolbar[-1]) < visited.index(window.feed)
    area = [w for w in visited if window.actions_area.isAncestorOf(w)]
    assert visited.index(window.feed) < visited.index(area[0])
    bids = [w for w in area if isinstance(w, ActionButton) and " bids " in w.accessibleName()]
    assert len(bids) == 4, [w.accessibleName() for w in area]  # the auction's, Tab reaches
    assert area == sorted(area, key=lambda w: (w.mapTo(window, QPoint(0, 0)).y(),
                                               w.mapTo(window, QPoint(0, 0)).x()))


def test_the_games_keys_still_drive_the_game_with_the_focus_on_the_ledger_or_a_button(
        qtbot, window) -> None:
    send(window, {"type": "start_clock"})
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.feed.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is window.feed
    newest = window.feed.model().rowCount() - 1
    assert window.feed.currentIndex().row() == newest  # read first: the latest entry
    qtbot.keyClicks(window.feed, "24")  # a roll typed with the focus on the ledger
    assert window.session.game.state.players[0].position == 6
    button = next(b for b in window.findChildren(ActionButton) if b.isVisible())
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(button, Qt.Key.Key_B)  # B buys what is on offer, from a focused button
    window.settle()
    assert window.view is not None
    assert window.view.player(CHEN).holdings, window.messages.text()


def test_a_refusal_the_time_left_and_an_entry_recorded_are_announced(window, heard) -> None:
    send(window, {"type": "start_clock"})
    heard.clear()
    window.session.send({"type": "roll", "player": MURUGAN, "dice": [2, 4]})  # not his turn
    urgent = QAccessible.AnnouncementPoliteness.Assertive
    refusals = [(w, p) for w, o, p in heard if o is window.messages]
    assert refusals and refusals[-1][0].startswith("Not recorded: ")
    assert refusals[-1][1] == urgent
    heard.clear()
    send(window, {"type": "roll", "player": CHEN, "dice": [2, 4]})
    recorded = [w for w, o, _ in heard if o is window.feed]
    assert recorded and recorded[-1].startswith("Recorded: ") and CHEN in recorded[-1]
    heard.clear()
    window.session.announcement.emit(15)
    assert ("15 minutes left", window.messages, urgent) in heard
    # The clock reads as one line too, its time and state.
    assert window.clock.accessibleName() == "Game clock"
    assert "running" in window.clock.accessibleDescription()


def test_nothing_is_announced_while_no_assistive_technology_listens(window, monkeypatch) -> None:
    sent: list[object] = []
    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(sent.append))
    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: False))
    window.messages.say("nobody hears this", "refused")
    assert sent == []
    assert isinstance(window.feed, QListView)


def test_the_palette_and_the_sale_form_are_named_and_tab_goes_round_them(qtbot, window) -> None:
    for command in ({"type": "start_clock"}, {"type": "roll", "player": CHEN, "dice": [2, 4]},
                    {"type": "buy", "player": CHEN}):
        send(window, command)
    for opening in (window.open_palette, window.open_deal):
        opening()
        dialog = window.dialog
        assert dialog is not None and dialog.isVisible(), window.messages.text()
        found = unnamed(dialog)
        assert not found, "\n".join(found)
        visited = tab_round(qtbot, dialog)
        assert set(focusable(dialog)) <= set(visited)
        dialog.reject()


def test_the_palette_line_chosen_with_down_is_said_while_the_focus_stays_in_the_filter(
        qtbot, window, heard) -> None:
    send(window, {"type": "start_clock"})
    window.open_palette()
    dialog = window.dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isActiveWindow)
    heard.clear()
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Down)
    second = dialog.list.item(1).text()
    assert (second, dialog.list, QAccessible.AnnouncementPoliteness.Polite) in heard
    dialog.reject()


def forms_of(qtbot, window: TableWindow, menu: list[Action]) -> list[str]:
    """Opens the form each kind of action on `menu` asks with (its values, the judge's name and
    PIN, a deal) and checks it as a screen reader and a keyboard reach it; the kinds opened."""
    opened = []
    for action in menu:
        kind = action.id.split(":")[0]
        if kind in opened or not (action.params or action.judge or action.form) \
                or (action.refused and not action.params) or action.form == "scoresheet":
            continue
        window.dialog = None
        window.run(action)
        dialog = window.dialog
        if dialog is None or not dialog.isVisible():
            continue
        opened.append(kind)
        found = unnamed(dialog)
        assert not found, f"{action.label}:\n" + "\n".join(found)
        visited = tab_round(qtbot, dialog)
        assert set(focusable(dialog)) <= set(visited), action.label
        dialog.reject()
    return opened


def test_every_form_an_action_asks_with_is_named_and_tab_goes_round_it(qtbot, window) -> None:
    for command in ({"type": "start_clock"}, {"type": "roll", "player": CHEN, "dice": [2, 4]},
                    {"type": "buy", "player": CHEN}):
        send(window, command)
    opened = forms_of(qtbot, window, window.menu)
    # A fine (its amount), a count, a dispute, the judge's actions (their values, then the
    # judge's name and PIN), a sale.
    assert {"fine", "count", "dispute", "pause_clock"} <= set(opened), opened
    assert len(opened) >= 10, opened


def test_the_px_deal_and_pre_build_forms_are_named(qtbot, tmp_path: Path) -> None:
    seats = {"Ann": CHEN, "Bob": MURUGAN, "Kai": NUR, "Dee": JOSE}
    script = json.dumps(PX_DEBT[:8])
    for old, new in seats.items():
        script = script.replace(f'"{old}"', json.dumps(new))
    commands = json.loads(script)
    game = TableGame.open(str(tmp_path / "px.db"), now=Clock())
    for command in commands[:2]:
        game.submit(parse_command(command))
    session = TableSession(game, tick_ms=None)
    window = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.settle()
    assert forms_of(qtbot, window, window.menu)[0] == "deal_hands"
    for command in commands[2:]:
        send(window, command)
    assert "prebuild" in forms_of(qtbot, window, window.menu)
    session.close()


def test_the_cards_to_choose_from_are_named_when_a_card_is_drawn(window) -> None:
    send(window, {"type": "start_clock"})
    send(window, {"type": "roll", "player": CHEN, "dice": [3, 4]})  # Chance
    assert window.actions_area.cards.isVisible()
    found = unnamed(window)
    assert not found, "card:\n" + "\n".join(found)
    assert window.actions_area.cards.list.accessibleName()


def test_the_window_itself_has_the_focus_as_it_opens_so_space_presses_nothing(
        qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert QApplication.focusWidget() is window


def test_in_the_apps_own_window_too_the_games_keys_reach_the_table_from_a_focused_control(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The app shows the table window inside its main window: a control's `window()` is then
    # the main window, which knows no game keys.
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    clock = Clock()
    path = games.create_game(parse_command(START), "Mei", now=clock)
    main = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    table = main.open_game(path)
    assert table is not None and table.window() is main
    send(table, {"type": "start_clock"})
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    table.feed.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(table.feed, "24")
    assert table.session.game.state is not None
    assert table.session.game.state.players[0].position == 6, table.messages.text()
    table.session.close()
