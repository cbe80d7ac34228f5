"""A whole classic game recorded through the windows and keys alone, then read back entry by entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.table.view_build import feed_entries
from tests.ui.table_driver import (
    Clock,
    app_window,
    keys,
    ledger_lines,
    new_game,
    palette,
    tick,
    type_into,
    verify_passes,
)
from ui.table.window import FEED_ENTRIES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_classic_game_from_the_new_game_form_to_the_scoresheet(qtbot, tmp_path: Path) -> None:
    clock = Clock()
    main = app_window(qtbot, tmp_path, clock)
    # The form: Classic, Ann, Bob and Eve in seat order; roll-off 3+4, 5+6, 2+2: Bob (11)
    # starts and play goes clockwise, Bob, Eve, Ann. A 60-minute game: the classic profile is
    # untimed, so judge Jo (registered with the game, PIN 123456) sets the length.
    window, path = new_game(qtbot, main, "C", ["Ann", "Bob", "Eve"], ["34", "56", "22"],
                            length_key="6", judge=("Jo", "123456"))
    session, game = window.session, window.session.game
    palette(qtbot, window, "start the clock")
    assert game.state.clock.started_at is not None

    # Bob 2+4 = 6, Oriental Avenue (100): D declines; the auction opens at 1 (CL); Ann bids
    # 50, Eve 1,350 (by seat: Bob 1, Eve 2, Ann 3), Ctrl+Enter closes: Eve pays 1,350 and
    # has 1,500 - 1,350 = 150.
    keys(qtbot, window, "24d")
    keys(qtbot, window, "350\n21350\n^")
    # Eve 3+4 = 7, Chance: the card picker finds "Go back 3 spaces": Income Tax (4), 200.
    # Eve has 150: a debt of 200 to the Bank. She mortgages Oriental for 50 (half of 100)
    # and pays the 200: 150 + 50 - 200 = 0.
    keys(qtbot, window, "34back 3\n")
    assert game.state.debts[0].amount == 200
    palette(qtbot, window, "eve mortgages oriental")
    palette(qtbot, window, "eve pays the m200")
    assert game.state.player("Eve").cash == 0 and not game.state.debts
    # Ann 3+6 = 9, Connecticut Avenue (120): B buys; Ann 1,380.
    keys(qtbot, window, "36b")
    # Bob 1+1 = 2 to Vermont Avenue (100): B buys, Bob 1,400; the double rolls again: 4+5 = 9
    # to Community Chest (17), and he keeps Get Out of Jail Free.
    keys(qtbot, window, "11b45jail free\n")
    # Eve 1+3 = 4 from Income Tax to Vermont: rent 6 to Bob (one light blue of three), a
    # claim open until Ann rolls. Bob does not ask; Ann's roll lapses it.
    keys(qtbot, window, "13")
    assert [c.amount for c in game.state.claims] == [6]
    # Ann 2+4 = 6 from 9 to Pennsylvania Railroad (200): B buys; Ann 1,180.
    keys(qtbot, window, "24b")
    assert not game.state.claims
    # Bob 1+2 = 3 from 17 to Free Parking.
    keys(qtbot, window, "12")
    # Eve 3+4 = 7 from 8 to Pennsylvania Railroad: rent 25 to Ann (one railway); R collects.
    # Eve has nothing and Oriental is mortgaged: she cannot raise 25 and goes bankrupt to Ann,
    # who receives Oriental mortgaged and lifts it for 50 + 10% = 55: 1,180 - 55 = 1,125.
    keys(qtbot, window, "34r")
    assert game.state.debts[0].amount == 25
    palette(qtbot, window, "eve declares bankruptcy")
    palette(qtbot, window, "ann lifts oriental debt")
    # A deal (Ctrl+D): Bob gives Vermont Avenue and his Get Out of Jail Free card, Ann gives
    # 200. Bob 1,400 + 200 = 1,600; Ann 1,125 - 200 = 925, with the light blue set.
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = window.dialog
    qtbot.keyClicks(deal.first, "Bob")
    qtbot.keyClicks(deal.second, "Ann")
    tick(qtbot, deal.first_box.items, 0, 1)
    type_into(qtbot, deal.second_box.cash, "200")
    assert deal.outcome.text().startswith("Records: Deal: Bob gives Vermont Avenue")
    qtbot.keyClick(deal.second_box.cash, Qt.Key.Key_Return)
    assert game.state.deeds[8].owner == "Ann" and game.state.jail_cards["cc_goojf"] == "Ann"
    # Ann builds a house on each light blue, 50 each: 150 (925 - 150 = 775). Ctrl+Z takes it
    # back (the window shows what it takes first), and she builds again.
    palette(qtbot, window, "ann builds total m150)")
    assert game.state.player("Ann").cash == 775
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.state.player("Ann").cash == 925
    palette(qtbot, window, "ann builds total m150)")

    # The clock: the classic profile announces nothing; at 60 minutes time is called, the game
    # ends and the scoresheet opens.
    clock.advance(minutes=60)
    with qtbot.wait_signal(session.time_up):
        session.tick()
    assert window.sheet is not None and window.sheet.isVisible()
    assert main.sounds.last == "time"
    roll = next((a for a in window.menu if a.id == "roll"), None)
    assert roll is None or not roll.enabled

    assert ledger_lines(window) == [
        "Game started (classic, classic-us); order: Bob, Eve, Ann; each receives 1500",
        "Judge Jo registered",
        "Game length set to 60 minutes: game length chosen with the new game",
        "Clock started: 60 minutes",
        # Turn 1, Bob.
        "Bob rolls 2+4", "Bob moves from GO to Oriental Avenue",
        "Bob may buy Oriental Avenue for 100", "Bob declines Oriental Avenue",
        "Auction of Oriental Avenue opens at 1", "Ann bids 50", "Eve bids 1350",
        "Eve wins Oriental Avenue for 1350", "Turn 2: Eve to play",
        # Turn 2, Eve: the card, the debt, the mortgage, the debt paid.
        "Eve rolls 3+4", "Eve moves from GO to Chance", "Eve draws a Chance card",
        "Eve drew “Go Back 3 Spaces.”", "Eve moves from Chance to Income Tax",
        "Eve owes the Bank 200 (tax on Income Tax) and must raise the money",
        "Turn 3: Ann to play", "Eve mortgages Oriental Avenue for 50",
        "Eve pays the Bank the 200 owed",
        # Turn 3, Ann; turn 4, Bob (a double, then the Community Chest card).
        "Ann rolls 3+6", "Ann moves from GO to Connecticut Avenue",
        "Ann may buy Connecticut Avenue for 120", "Ann buys Connecticut Avenue for 120",
        "Turn 4: Bob to play",
        "Bob rolls 1+1", "Bob moves from Oriental Avenue to Vermont Avenue",
        "Bob may buy Vermont Avenue for 100", "Bob buys Vermont Avenue for 100",
        "Bob rolls again", "Bob rolls 4+5", "Bob moves from Vermont Avenue to Community Chest",
        "Bob draws a Community Chest card",
        "Bob drew “Get Out of Jail Free. This card may be kept until needed or traded.”",
        "Bob keeps the Community Chest card “Get Out of Jail Free”",
        "Turn 5: Eve to play",
        # Turn 5, Eve: a claim Bob lets lapse; turns 6 and 7.
        "Eve rolls 1+3", "Eve moves from Income Tax to Vermont Avenue",
        "Claim 1: Eve owes Bob 6 rent for Vermont Avenue", "Turn 6: Ann to play",
        "Claim 1 lapses: not collected in time",
        "Ann rolls 2+4", "Ann moves from Connecticut Avenue to Pennsylvania Railroad",
        "Ann may buy Pennsylvania Railroad for 200", "Ann buys Pennsylvania Railroad for 200",
        "Turn 7: Bob to play",
        "Bob rolls 1+2", "Bob moves from Community Chest to Free Parking",
        "Turn 8: Eve to play",
        # Turn 8, Eve: the rent collected that she cannot pay, her bankruptcy.
        "Eve rolls 3+4", "Eve moves from Vermont Avenue to Pennsylvania Railroad",
        "Claim 2: Eve owes Ann 25 rent for Pennsylvania Railroad", "Turn 9: Ann to play",
        "Eve owes Ann 25 (rent on Pennsylvania Railroad) and must raise the money",
        "Eve's Oriental Avenue goes to Ann (mortgaged)", "Eve is bankrupt (number 1), owing Ann",
        "Ann lifts the mortgage on Oriental Avenue for 55",
        "Deal: Bob gives Vermont Avenue, the Community Chest card “Get Out of Jail Free”; Ann "
        "gives 200",
        "VOID Ann builds Oriental Avenue 0 houses -> 1 house, Vermont Avenue 0 houses -> 1 "
        "house, Connecticut Avenue 0 houses -> 1 house for 150",
        "Undo: entry 61 voided (banker's undo)",
        "Ann builds Oriental Avenue 0 houses -> 1 house, Vermont Avenue 0 houses -> 1 house, "
        "Connecticut Avenue 0 houses -> 1 house for 150",
        "Time is called", "Game over: time called",
    ]
    # The window's events, kept up to date entry by entry (read again after the undo), are
    # the ledger's latest (the window holds only the entries its feed shows).
    assert [e.seq for e in window.events] == [e.seq for e in game.events()][-FEED_ENTRIES:]
    entries = feed_entries(game, last=100)
    assert {e.actor for e in entries if e.text.startswith("Game length")} == {"judge:Jo"}
    # Ann 1,500 - 120 Connecticut - 200 railway - 55 lift - 200 deal - 150 houses = 775
    # (Eve had no cash to hand over); Bob 1,500 - 100 + 200 = 1,600; Eve out with nothing.
    state = game.state
    assert (state.player("Ann").cash, state.player("Bob").cash, state.player("Eve").cash) == (
        775, 1600, 0)
    assert verify_passes(path).splitlines()[-1].startswith(f"head {game.head_seq}:")
