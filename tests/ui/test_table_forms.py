"""The window's forms: the judge's name and PIN, typed values, deals, sales, the judge's corrections."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from app.table import judges
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from tests.ui.table_driver import Clock, answer, judge_signs, keys, palette, tick, type_into
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

REPO = Path(__file__).resolve().parents[2]
PX_SCRIPT = REPO / "resources" / "examples" / "propnex-game.jsonl"
PIN = "123456"
CLASSIC = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Eve"],
           "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Eve": [2, 2]}]}

Opener = Callable[[list[dict]], TableWindow]


@pytest.fixture
def open_window(qtbot, tmp_path: Path) -> Iterator[Opener]:
    """A window on a game recorded from these commands; judge Jo (PIN 123456) registered."""
    windows: list[TableWindow] = []

    def make(commands: list[dict]) -> TableWindow:
        game = TableGame.open(str(tmp_path / "table.db"), now=Clock())
        game.sleep = lambda seconds: None  # the wrong-PIN delay is the service's own test
        first = commands[0] | {"judges": judges.judges_field([("Jo", PIN)])}
        for command in [first, *commands[1:]]:
            game.submit(parse_command(command))
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


def last_command(window: TableWindow):
    game = window.session.game
    return game.ledger.commands(game.game_id)[-1]


def test_a_judges_action_with_the_right_pin_is_recorded_with_the_judge_as_actor(
        qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    # Ctrl+K "move cash": the form asks for the accounts (picked from a list), the amount and
    # the reason; then the judge's dialog asks for the name and PIN.
    palette(qtbot, window, "judge move cash")
    answer(qtbot, window, from_account="the Bank", to_account="Ann", amount="25",
           reason="change miscounted")
    judge_signs(qtbot, window, "Jo", PIN)
    command = last_command(window)
    assert command.payload["type"] == "adjust_cash"
    assert (command.actor_role, command.actor_name) == ("judge", "Jo")
    assert game.state.player("Ann").cash == 1525
    assert window.messages.text() == ("Recorded (judge Jo): Adjustment: the Bank → Ann 25: "
                                      "change miscounted")
    # The window keeps no PIN and no sign-in: the next judge's action asks again.
    assert window.session.judge() is None
    assert window.dialog.findChild(type(window.dialog.name), "judge_pin").text() == ""


def test_a_wrong_pin_is_refused_in_plain_words_and_records_nothing(qtbot, open_window: Opener
                                                                   ) -> None:
    window = open_window([CLASSIC])
    head = window.session.game.head_seq
    palette(qtbot, window, "judge make it a player's turn")
    answer(qtbot, window, player="Ann", reason="seating mix-up")
    judge_signs(qtbot, window, "Jo", "654321")
    assert window.messages.text() == (
        "Not recorded: Refused: judge not signed in, nothing recorded. "
        "wrong PIN for judge 'Jo'")
    assert window.session.game.head_seq == head
    # An unknown judge is refused the same way, naming who is registered.
    palette(qtbot, window, "judge make it a player's turn")
    answer(qtbot, window, player="Ann", reason="seating mix-up")
    judge_signs(qtbot, window, "Max", PIN)
    assert "no judge 'Max' is registered for this game (judges: Jo)" in window.messages.text()
    assert window.session.game.head_seq == head


def test_a_typed_value_that_is_not_one_is_refused_and_a_good_one_recorded(
        qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    head = game.head_seq
    palette(qtbot, window, "fine eve")
    answer(qtbot, window, amount="ten", reason="moved another player's token")
    assert window.messages.text() == "Not recorded: Amount: 'ten' is not a whole number"
    assert game.head_seq == head
    # "M100" is read as 100: Eve 1,500 - 100 = 1,400, to the Bank.
    palette(qtbot, window, "fine eve")
    answer(qtbot, window, amount="M100", reason="moved another player's token")
    assert game.state.player("Eve").cash == 1400


def test_each_judges_correction_is_reachable_from_the_palette(qtbot, open_window: Opener
                                                              ) -> None:
    window = open_window([CLASSIC])
    state = lambda: window.session.game.state  # noqa: E731

    def correct(words: str, **fields: str) -> None:
        palette(qtbot, window, words)
        answer(qtbot, window, **fields, reason="ruling at the table")
        judge_signs(qtbot, window, "Jo", PIN)
        assert window.messages.text().startswith("Recorded (judge Jo)"), window.messages.text()

    correct("judge deed's owner", space="Boardwalk", owner="Ann", mortgaged="yes")
    assert (state().deeds[39].owner, state().deeds[39].mortgaged) == ("Ann", True)
    correct("judge deed's owner", space="Park Place", owner="Ann", mortgaged="no")
    correct("judge deed's owner", space="Boardwalk", owner="Ann", mortgaged="no")
    correct("judge buildings", space="Park Place", houses="2", hotel="no")
    assert state().deeds[37].houses == 2
    correct("judge token", player="Eve", space="24 Illinois Avenue")
    assert state().player("Eve").position == 24
    correct("judge send to or free from jail", player="Bob", in_jail="yes", turns_served="1")
    assert state().player("Bob").in_jail
    correct("judge get out of jail", card="Get Out of Jail Free (Chance)", holder="Eve")
    assert state().jail_cards == {"ch_goojf": "Eve"}
    correct("judge player's turn", player="Ann")
    assert state().current == "Ann"
    correct("judge set the game length", minutes="45")
    assert state().clock.minutes == 45
    # Registering another judge: the new PIN is hashed by the service, never recorded as typed.
    palette(qtbot, window, "register another judge")
    answer(qtbot, window, name="Lee", pin_hash="24681357")
    judge_signs(qtbot, window, "Jo", PIN)
    assert "Lee" in state().judges and "24681357" not in str(last_command(window).payload)


def test_a_classic_deal_of_cash_a_card_and_a_mortgaged_deed_lifted_at_once(
        qtbot, open_window: Opener) -> None:
    # Bob buys Reading Railroad (200) and mortgages it (100); Ann draws Get Out of Jail Free.
    window = open_window([
        CLASSIC, {"type": "roll", "player": "Bob", "dice": [1, 4]},
        {"type": "buy", "player": "Bob"},
        {"type": "mortgage", "player": "Bob", "space": 5},
        {"type": "roll", "player": "Eve", "dice": [4, 6]},
        {"type": "roll", "player": "Ann", "dice": [1, 1]},
        {"type": "draw_card", "card": "cc_goojf"},
    ])
    game = window.session.game
    # Ctrl+D: Bob gives the mortgaged railway; Ann gives 150 and her card, and lifts the
    # railway at once: 100 + 10% = 110. Ann 1,500 - 150 - 110 = 1,240; Bob 1,400 + 150.
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = window.dialog
    qtbot.keyClicks(deal.first, "Bob")
    qtbot.keyClicks(deal.second, "Ann")
    tick(qtbot, deal.first_box.items, 0)
    tick(qtbot, deal.second_box.items, 0)
    type_into(qtbot, deal.second_box.cash, "150")
    assert deal.lift.count() == 1
    tick(qtbot, deal.lift, 0)
    assert "lifts" in deal.outcome.text() and "110" in deal.outcome.text()
    qtbot.keyClick(deal.second_box.cash, Qt.Key.Key_Return)
    assert (game.state.deeds[5].owner, game.state.deeds[5].mortgaged) == ("Ann", False)
    assert game.state.jail_cards == {"cc_goojf": "Bob"}
    assert (game.state.player("Ann").cash, game.state.player("Bob").cash) == (1240, 1550)


def test_a_deal_the_rules_refuse_says_why_on_the_form_and_records_nothing(
        qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    head = window.session.game.head_seq
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = window.dialog
    type_into(qtbot, deal.first_box.cash, "9999")
    assert deal.outcome.text().startswith("The rules refuse this now: ")
    assert "has M1500" in deal.outcome.text()
    qtbot.keyClick(deal.first_box.cash, Qt.Key.Key_Return)
    assert window.messages.text().startswith("Not recorded: ")
    assert window.session.game.head_seq == head


def test_a_px_offer_to_buy_goes_through_the_sale_form_and_the_owners_answer(
        qtbot, open_window: Opener) -> None:
    # The PX example up to round 2, before Ann throws (tests/app/table/test_px_example.py).
    script = [parse_command(line).model_dump(mode="json", exclude_none=True)
              for _, line in list(read_script(PX_SCRIPT.read_text(encoding="utf-8")))[:25]]
    window = open_window(script)
    game = window.session.game
    # Ctrl+D: the sale form lists only the offers allowed now; Ann offers 150 for Cy's
    # Street 2 (pink) (PX 7.1.1).
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    form = window.dialog
    qtbot.keyClicks(form.search, "buy street 2 (pink)")
    assert form.offer.currentText() == "Ann offers to buy Street 2 (pink) from Cy"
    form.amount.selectAll()
    type_into(qtbot, form.amount, "150")
    assert form.outcome.text().startswith("Records: ")
    qtbot.keyClick(form.amount, Qt.Key.Key_Return)
    assert game.state.phase == "proposal"
    # Cy's answer is in the action area's "Now" panel (and the palette): put it up at 150.
    palette(qtbot, window, "cy puts street 2 (pink) up for auction")
    answer(qtbot, window, minimum="150")
    auction = game.state.auction
    assert (auction.high_bidder, auction.high_bid, auction.minimum) == ("Ann", 150, 150)
    keys(qtbot, window, "^")  # Ann's offer stands as the high bid: Ctrl+Enter, she buys at 150
    assert game.state.deeds[13].owner == "Ann"
