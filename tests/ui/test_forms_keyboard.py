"""Every form on the keyboard base: it opens on its first field, Tab follows the reading order,
Enter records from any field, Esc on a filled form cancels and says so; PX builds of several
houses in one order; bankruptcy asks first. Amounts worked by hand from RULES.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.games import folder as games
from app.table import judges
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from tests.app.table.test_actions_builds import PX_GAME
from tests.clocks import Clock as Moments
from tests.ui.table_driver import Clock, ledger_lines, palette, tick, type_into
from ui.forms import KeyboardForm
from ui.judge.dispute_forms import CorrectionDialog
from ui.start.new_game import NewGameForm
from ui.table.judge_dialog import JudgeDialog
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

REPO = Path(__file__).resolve().parents[2]
PX_SCRIPT = REPO / "resources" / "examples" / "propnex-game.jsonl"
PIN = "123456"
CLASSIC = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Eve"],
           "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Eve": [2, 2]}]}
PX_NEW = {"type": "new_game", "profile": "propnex-championship",
          "players": ["Ann", "Bob", "Cy", "Dee"],
          "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Cy": [2, 3], "Dee": [4, 4]}]}

Opener = Callable[..., TableWindow]


@pytest.fixture
def open_window(qtbot, tmp_path: Path) -> Iterator[Opener]:
    """A window on a game recorded from these commands; judge Jo (PIN 123456) registered and,
    with `judge=True`, signed in while the commands are recorded."""
    windows: list[TableWindow] = []

    def make(commands: list[dict[str, Any]], *, judge: bool = False) -> TableWindow:
        game = TableGame.open(str(tmp_path / "table.db"), now=Clock())
        first = commands[0] | {"judges": judges.judges_field([("Jo", PIN)])}
        game.submit(parse_command(first))
        if judge:
            game.sign_in_judge("Jo", PIN)
        for command in commands[1:]:
            game.submit(parse_command(command))
        game.sign_out_judge()  # the judge leaves the table (as the window does)
        window = TableWindow(TableSession(game, tick_ms=None),
                             QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        window.confirm = lambda title, text: True
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.close()


def focused_field(form: KeyboardForm) -> str:
    """The objectName of the field holding the keyboard focus (a combo's line edit is the
    combo's)."""
    focus = QApplication.focusWidget()
    for field in form.reading_fields():
        if focus is field or (focus is not None and field.isAncestorOf(focus)):
            return field.objectName()
    return f"not a field: {focus!r}"


def tab_walk(qtbot, form: KeyboardForm, count: int) -> list[str]:
    """The fields Tab visits from the one with the focus, `count` of them."""
    seen = [focused_field(form)]
    for _ in range(count - 1):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(focused_field(form))
    return seen


def opened(qtbot, window: TableWindow) -> KeyboardForm:
    dialog = window.dialog
    assert isinstance(dialog, KeyboardForm) and dialog.isVisible()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def name_fields(form: KeyboardForm, **names: QWidget) -> None:
    for name, widget in names.items():
        widget.setObjectName(name)


def esc_says_cancelled(qtbot, window: TableWindow, form: KeyboardForm, words: str) -> None:
    head = window.session.game.head_seq
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not form.isVisible()
    assert window.messages.text() == words
    assert window.session.game.head_seq == head


# The table's forms -----------------------------------------------------------------------

def test_a_typed_value_form_opens_on_its_first_field_and_enter_records_from_it(
        qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    palette(qtbot, window, "fine eve")
    form = opened(qtbot, window)
    assert tab_walk(qtbot, form, 3) == ["amount", "reason", "amount"]
    # Back on the amount (the first field): Enter records from it, the reason typed already.
    type_into(qtbot, form.findChild(QWidget, "reason"), "late back from the break")
    qtbot.keyClick(form.findChild(QWidget, "reason"), Qt.Key.Key_Tab)
    type_into(qtbot, form.findChild(QWidget, "amount"), "50\n")
    # A fine to the Bank (CL): Eve 1,500 - 50 = 1,450.
    assert not form.isVisible()
    assert game.state.player("Eve").cash == 1450
    assert game.ledger.commands(game.game_id)[-1].payload.items() >= {
        "type": "fine", "player": "Eve", "amount": 50,
        "reason": "late back from the break"}.items()
    # The same form filled and cancelled with Esc says so; an empty one closes quietly.
    palette(qtbot, window, "fine eve")
    form = opened(qtbot, window)
    type_into(qtbot, form.findChild(QWidget, "amount"), "20")
    esc_says_cancelled(qtbot, window, form,
                       "“Fine Eve (to the Bank)”: cancelled, nothing recorded")
    window.messages.say("Ready")
    palette(qtbot, window, "fine eve")
    form = opened(qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert window.messages.text() == "Ready"


def test_the_deal_form_reads_left_to_right_and_enter_records_from_the_first_list(
        qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = opened(qtbot, window)
    name_fields(deal, first=deal.first, second=deal.second, first_cash=deal.first_box.cash,
                first_items=deal.first_box.items, second_cash=deal.second_box.cash,
                second_items=deal.second_box.items, lift=deal.lift)
    # Between [first] and [second]; then what the first gives, what the second gives, the lifts.
    assert tab_walk(qtbot, deal, 8) == ["first", "second", "first_cash", "first_items",
                                        "second_cash", "second_items", "lift", "first"]
    # Bob and Eve are chosen first (the order of play): Bob gives Eve 120 cash for nothing, a
    # gift CL allows. Enter from the first list, never from Cancel (the buttons take no
    # focus): Bob 1,500 - 120 = 1,380, Eve 1,620.
    deal.first_box.cash.setFocus()
    type_into(qtbot, deal.first_box.cash, "120")
    qtbot.keyClick(deal.first_box.cash, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab,
                   Qt.KeyboardModifier.ShiftModifier)
    assert focused_field(deal) == "first"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert not deal.isVisible()
    assert (game.state.player("Bob").cash, game.state.player("Eve").cash) == (1380, 1620)
    assert game.ledger.commands(game.game_id)[-1].payload["type"] == "trade"
    # Filled, then Esc: the message line says the deal was not recorded.
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = opened(qtbot, window)
    tick(qtbot, deal.first_box.items)  # nothing ticked: Ann holds no deed yet
    type_into(qtbot, deal.second_box.cash, "5")
    esc_says_cancelled(qtbot, window, deal, "The deal form: cancelled, nothing recorded")


def px_prefix(lines: int) -> list[dict[str, Any]]:
    return [parse_command(line).model_dump(mode="json", exclude_none=True)
            for _, line in list(read_script(PX_SCRIPT.read_text(encoding="utf-8")))[:lines]]


def test_the_px_sale_form_records_on_enter_from_the_search_line(qtbot, open_window: Opener
                                                                 ) -> None:
    window = open_window(px_prefix(25))
    game = window.session.game
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    form = opened(qtbot, window)
    name_fields(form, search=form.search, offer=form.offer, amount=form.amount)
    assert tab_walk(qtbot, form, 4) == ["search", "offer", "amount", "search"]
    qtbot.keyClicks(form.search, "buy street 2 (pink)")
    form.amount.selectAll()
    qtbot.keyClicks(form.amount, "150")
    # The preview: Ann's offer of 150 for Cy's Street 2 (pink) (PX 7.1.1).
    assert "Ann offers 150 for Street 2 (pink)" in form.outcome.text()
    qtbot.keyClick(form.search, Qt.Key.Key_Return)
    assert not form.isVisible()
    assert game.state.phase == "proposal"
    assert game.ledger.commands(game.game_id)[-1].payload.items() >= {
        "type": "offer_purchase", "player": "Ann", "space": 13, "price": 150}.items()


def test_the_px_deal_and_prebuild_forms_open_on_their_first_field_and_record_on_enter(
        qtbot, open_window: Opener) -> None:
    window = open_window([PX_NEW])
    game = window.session.game
    palette(qtbot, window, "deeds each player")
    deal = opened(qtbot, window)
    deal.grid.setObjectName("deal_grid")
    assert focused_field(deal) == "deal_grid"
    # The 28 deeds in board order, dealt in seat turns (1 2 3 4 ...), the last 4 retained (0):
    # 6 each (PX 3.4). Enter from the grid records.
    for row in range(28):
        qtbot.keyClick(deal.grid, "0" if row >= 24 else str(row % 4 + 1))
    qtbot.keyClick(deal.grid, Qt.Key.Key_Return)
    assert not deal.isVisible()
    hands = game.ledger.commands(game.game_id)[-1].payload["hands"]
    assert [len(h) for h in hands.values()] == [6, 6, 6, 6]
    for _ in range(4):  # the 4 retained deeds: nobody bids, they stay with the Bank (PX 9.2)
        palette(qtbot, window, "close")
    assert game.state.phase == "prebuild"
    # Ann's streets: the 1st, 5th, 9th ... deed in board order: 1 (brown), 8 (light blue),
    # 13 (pink), 18 (orange) ...; her pre-build form opens on the first street's field.
    palette(qtbot, window, "pre-build for ann")
    form = opened(qtbot, window)
    fields = [f.objectName() for f in form.reading_fields()]
    assert fields[0] == focused_field(form) == "houses-1"
    assert tab_walk(qtbot, form, len(fields)) == fields  # top to bottom
    # One house on each of the first three streets (PX 3.7), Enter from the second field:
    # brown 50 + light blue 50 (Industrial) + pink 100 (OCR) = 200: 1,500 - 200 = 1,300.
    for name in fields[:3]:
        type_into(qtbot, form.findChild(QWidget, name), "1")
    qtbot.keyClick(form.findChild(QWidget, fields[1]), Qt.Key.Key_Return)
    assert not form.isVisible()
    assert game.state.player("Ann").cash == 1300
    assert game.ledger.commands(game.game_id)[-1].payload["houses"] == {
        fields[0].removeprefix("houses-"): 1, fields[1].removeprefix("houses-"): 1,
        fields[2].removeprefix("houses-"): 1}


def test_the_judges_sign_in_and_the_correction_form_read_top_to_bottom(
        qtbot, tmp_path: Path) -> None:
    sign_in = JudgeDialog("Judge: move cash")
    qtbot.addWidget(sign_in)
    sign_in.show()
    sign_in.activateWindow()
    qtbot.waitUntil(sign_in.isActiveWindow)
    assert tab_walk(qtbot, sign_in, 3) == ["judge_name", "judge_pin", "judge_name"]
    qtbot.keyClicks(sign_in.pin, "123456")
    qtbot.keyClicks(sign_in.name, "Jo")
    with qtbot.wait_signal(sign_in.accepted):
        qtbot.keyClick(sign_in.name, Qt.Key.Key_Return)  # Enter from the first field
    game = TableGame.open(str(tmp_path / "t.db"), now=Clock())
    game.submit(parse_command(CLASSIC))
    form = CorrectionDialog(game, [], None)
    qtbot.addWidget(form)
    form.show()
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    assert focused_field(form) == "kind"
    # Move cash (the first page): from, to, amount; then the reason.
    assert tab_walk(qtbot, form, 6) == ["kind", "dispute", "from_account", "to_account",
                                        "amount", "reason"]
    qtbot.keyClicks(form.reason, "change miscounted")
    with qtbot.wait_signal(form.accepted):
        qtbot.keyClick(form.reason, Qt.Key.Key_Return)
    # The first account of play (Bob starts: he threw 11) is the first "to" account.
    assert form.chosen == {"type": "adjust_cash", "from_account": "bank", "to_account": "Bob",
                           "amount": 0, "reason": "change miscounted"}
    game.close()


# PX builds and bankruptcy through the window ---------------------------------------------

def test_a_px_build_of_three_houses_on_landing_is_one_command_from_the_window(
        qtbot, open_window: Opener) -> None:
    window = open_window(PX_GAME)
    game = window.session.game
    before = game.head_seq
    commands = len(game.ledger.commands(game.game_id))
    # Ann landed on her Street 1 (pink), OCR. PX 6.2.9: 1st house 100, 2nd 100 + 20% = 120,
    # 3rd 100 + 30% = 130: 350 in one order (PX 6.2.4 allows 4 at one go); 1,500 - 350 = 1,150.
    palette(qtbot, window, "ann builds 3 houses total m350")
    assert len(game.ledger.commands(game.game_id)) == commands + 1
    assert game.ledger.commands(game.game_id)[-1].payload["add"] == {"11": 3}
    assert ledger_lines(window, since=before) == [
        "Ann builds Street 1 (pink) 0 houses -> 3 houses for 350"]
    assert game.state.player("Ann").cash == 1150
    assert (game.state.deeds[11].houses, game.state.bank_houses) == (3, 29)


def test_px_even_building_on_the_group_is_one_step_from_the_window(qtbot, open_window: Opener
                                                                    ) -> None:
    window = open_window(PX_GAME)
    game = window.session.game
    before = game.head_seq
    # Evenly on both pink plots Ann owns (PX 6.2.3), 2 each: (100 + 120) x 2 = 440;
    # 1,500 - 440 = 1,060.
    palette(qtbot, window, "ann builds 2 houses on each total m440")
    assert ledger_lines(window, since=before) == [
        "Ann builds Street 1 (pink) 0 houses -> 2 houses, Street 2 (pink) 0 houses -> "
        "2 houses for 440"]
    assert game.state.player("Ann").cash == 1060


def test_bankruptcy_asks_first_and_a_no_records_nothing(qtbot, open_window: Opener) -> None:
    # Eve is fined 1,600 by the judge with 1,500 in hand: a debt of 1,600 to the Bank.
    window = open_window([CLASSIC, {"type": "fine", "player": "Eve", "amount": 1600,
                                    "reason": "set up the test"}], judge=True)
    game = window.session.game
    asked: list[str] = []
    window.confirm = lambda title, text: asked.append(title + ": " + text) is None and False
    head = game.head_seq
    palette(qtbot, window, "eve declares bankruptcy")
    assert asked and asked[0].startswith("Bankruptcy of Eve: Eve declares bankruptcy and "
                                         "leaves the game. This records:")
    assert game.head_seq == head and not game.state.player("Eve").bankrupt
    assert window.messages.text() == "Bankruptcy not declared: nothing recorded, Eve plays on"
    window.confirm = lambda title, text: True
    palette(qtbot, window, "eve declares bankruptcy")
    assert game.state.player("Eve").bankrupt


# The new-game form -------------------------------------------------------------------------

@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def new_game_form(qtbot, settings: QSettings, *, active: bool = True) -> NewGameForm:
    clock = Moments()
    form = NewGameForm(lambda command, banker, judge, minutes: games.create_game(
        command, banker, judge, minutes, now=clock), settings=settings)
    for name in ("tournament", "round", "table", "profile", "board", "length", "banker",
                 "judge", "pin"):
        getattr(form, name).setObjectName(name)
    qtbot.addWidget(form)
    form.show()
    if active:  # the keys sent to the focus: the form must be the active window
        form.activateWindow()
        qtbot.waitUntil(form.isActiveWindow)
    return form


def test_the_new_game_form_reads_in_order_starts_on_enter_and_remembers_the_officials(
        qtbot, tmp_path: Path, data_folder: Path) -> None:
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    form = new_game_form(qtbot, settings)
    assert focused_field(form) == "tournament"
    # The game's box, the officials' box, the seats; Start is never on the way.
    assert tab_walk(qtbot, form, 12) == [
        "tournament", "round", "table", "profile", "board", "length", "banker", "judge",
        "pin", "seat-1", "seat-2", "seat-3"]
    form.tournament.setFocus()
    qtbot.keyClicks(form.tournament, "Singapore Championship 2026")
    qtbot.keyClicks(form.profile, "S")  # the profile list by any word: Singapore
    assert form.profile.currentData() == "sg-championship"
    qtbot.keyClicks(form.banker, "Siti")
    qtbot.keyClicks(form.judge, "Jo")
    qtbot.keyClicks(form.pin, PIN)
    for seat, name in zip(form.seats, ["Aisha", "Ben", "Kai"], strict=False):
        qtbot.keyClicks(seat, name)
    # The roll-off's fields follow the seats in the Tab order, before anything else.
    form.seats[2].setFocus()
    qtbot.keyClick(form.seats[2], Qt.Key.Key_Tab)
    assert focused_field(form) == "seat-4"
    editors = form.roll_off.editors()
    assert [e.objectName() for e in form.reading_fields()[-3:]] == [
        e.objectName() for e in editors]
    for edit, dice in zip(editors, ["65", "43", "22"], strict=True):
        qtbot.keyClicks(edit, dice)
    qtbot.keyClick(form.seats[0], Qt.Key.Key_Return)  # Enter from any field starts the game
    assert form.path is not None, form.messages.text()
    # The next new-game form has the tournament, banker and judge (never the PIN).
    again = new_game_form(qtbot, settings, active=False)
    assert (again.tournament.text(), again.banker.text(), again.judge.text(),
            again.pin.text()) == ("Singapore Championship 2026", "Siti", "Jo", "")
    cancelled: list[str] = []
    again.cancelled.connect(cancelled.append)
    qtbot.keyClick(again.tournament, Qt.Key.Key_Escape)  # nothing typed: quietly closed
    assert cancelled == []
    third = new_game_form(qtbot, settings, active=False)
    third.cancelled.connect(cancelled.append)
    qtbot.keyClicks(third.seats[0], "Aisha")
    qtbot.keyClick(third.seats[0], Qt.Key.Key_Escape)
    assert cancelled == ["The new-game form: cancelled, nothing recorded"]
