"""A whole SG game recorded through the windows and keys alone, then read back entry by entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

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

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def sale(qtbot, window, seller: str, buyer: str, row: int, price: str):
    """Ctrl+D, the seller and the buyer, the deed or card ticked, the price typed."""
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    form = window.dialog
    qtbot.keyClicks(form.first, seller)
    qtbot.keyClicks(form.second, buyer)
    tick(qtbot, form.first_box.items, row)
    type_into(qtbot, form.second_box.cash, price)
    return form


def test_an_sg_game_from_the_new_game_form_to_the_scoresheet(qtbot, tmp_path: Path) -> None:
    clock = Clock()
    main = app_window(qtbot, tmp_path, clock)
    # The form: Monopoly Singapore Championship, Aisha, Ben, Kai; roll-off 6+5, 4+3, 2+2:
    # Aisha starts; 60 minutes (SG).
    window, path = new_game(qtbot, main, "M", ["Aisha", "Ben", "Kai"], ["65", "43", "22"])
    session, game = window.session, window.session.game
    palette(qtbot, window, "start the clock")
    announced: list[str] = []
    main.sounds.chosen.connect(announced.append)

    # Aisha 2+4 = 6, Street 1 (light blue), 100: D declines; the auction opens at M1 (SG
    # Auctions). Kai (seat 3) bids 50, Ben (seat 2) 1,350; Ctrl+Enter closes: Ben 1,500 -
    # 1,350 = 150.
    keys(qtbot, window, "24d")
    keys(qtbot, window, "350\n21350\n^")
    # Ben 3+4 = 7, Chance: "Go back 3 spaces" to Income Tax, 200; he has 150: a debt. He
    # mortgages Street 1 (light blue) for 50 and pays: 150 + 50 - 200 = 0.
    keys(qtbot, window, "34back 3\n")
    palette(qtbot, window, "ben mortgages street 1 (light blue)")
    palette(qtbot, window, "ben pays the m200")
    # Kai 3+6 = 9, Street 3 (light blue), 120: B buys; Kai 1,380.
    keys(qtbot, window, "36b")
    # Aisha 1+1 from 6 to Street 2 (light blue), 100: B buys (1,400); again 4+5 = 9 to
    # Community Chest (17): she keeps Get Out of Jail Free.
    keys(qtbot, window, "11b45jail free\n")
    # Ben 1+3 from 4 to Street 2 (light blue): rent 6 to Aisha, open until the next TWO
    # players roll (SG Paying Rent). Aisha lets it go.
    keys(qtbot, window, "13")
    # Kai 2+4 = 6 from 9 to MRT Station 2 (200): B buys; Kai 1,180. The claim stays open.
    keys(qtbot, window, "24b")
    assert [c.amount for c in game.state.claims] == [6]
    # Aisha 1+2 from 17 to Free Parking: the second roll since, and the claim lapses.
    keys(qtbot, window, "12")
    assert not game.state.claims
    # Ben 3+4 = 7 from 8 to MRT Station 2: rent 25 to Kai (one station); R collects. Ben has
    # nothing and his one deed is mortgaged: bankrupt to Kai, who receives Street 1 (light
    # blue) mortgaged and lifts it for 50 + 10% = 55: 1,180 - 55 = 1,125.
    keys(qtbot, window, "34r")
    palette(qtbot, window, "ben declares bankruptcy")
    palette(qtbot, window, "kai lifts street 1 (light debt")
    # Sales for cash (SG): Aisha sells Street 2 (light blue) to Kai for 200; then her Get
    # Out of Jail Free card: 60 is refused on the form before it is sent (at most M50), 50
    # is recorded. Aisha 1,400 + 200 + 50 = 1,650; Kai 1,125 - 250 = 875.
    form = sale(qtbot, window, "Aisha", "Kai", 0, "200")
    qtbot.keyClick(form.second_box.cash, Qt.Key.Key_Return)
    form = sale(qtbot, window, "Aisha", "Kai", 0, "60")
    assert "at most M50" in form.outcome.text()
    form.second_box.cash.selectAll()
    type_into(qtbot, form.second_box.cash, "50\n")
    assert game.state.jail_cards == {"cc_goojf": "Kai"}
    # Kai builds a house on each light blue (50 each, 150): 875 - 150 = 725. Undo, again.
    palette(qtbot, window, "kai builds total m150)")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    palette(qtbot, window, "kai builds total m150)")

    # The clock (SG Judge Responsibilities): 15, 10, 5 and 1 minute left, then time.
    for minutes, left in ((45, 15), (5, 10), (5, 5), (4, 1)):
        clock.advance(minutes=minutes)
        with qtbot.wait_signal(session.announcement) as said:
            session.tick()
        assert said.args == [left]
    assert window.messages.text() == "1 minute left"
    clock.advance(minutes=1)
    with qtbot.wait_signal(session.time_up):
        session.tick()
    assert announced == ["announcement"] * 3 + ["last-minute", "time"]
    assert window.sheet is not None and window.sheet.isVisible()
    assert window.messages.text().startswith("TIME")

    assert ledger_lines(window) == [
        "Game started (sg-championship, singapore); order: Aisha, Ben, Kai; each receives 1500",
        "Clock started: 60 minutes",
        "Aisha rolls 2+4", "Aisha moves from GO to Street 1 (light blue)",
        "Aisha may buy Street 1 (light blue) for 100", "Aisha declines Street 1 (light blue)",
        "Auction of Street 1 (light blue) opens at 1", "Kai bids 50", "Ben bids 1350",
        "Ben wins Street 1 (light blue) for 1350", "Turn 2: Ben to play",
        "Ben rolls 3+4", "Ben moves from GO to Chance", "Ben draws a Chance card",
        "Ben drew “Go Back 3 Spaces.”", "Ben moves from Chance to Income Tax",
        "Ben owes the Bank 200 (tax on Income Tax) and must raise the money",
        "Turn 3: Kai to play", "Ben mortgages Street 1 (light blue) for 50",
        "Ben pays the Bank the 200 owed",
        "Kai rolls 3+6", "Kai moves from GO to Street 3 (light blue)",
        "Kai may buy Street 3 (light blue) for 120", "Kai buys Street 3 (light blue) for 120",
        "Turn 4: Aisha to play",
        "Aisha rolls 1+1", "Aisha moves from Street 1 (light blue) to Street 2 (light blue)",
        "Aisha may buy Street 2 (light blue) for 100",
        "Aisha buys Street 2 (light blue) for 100", "Aisha rolls again",
        "Aisha rolls 4+5", "Aisha moves from Street 2 (light blue) to Community Chest",
        "Aisha draws a Community Chest card",
        "Aisha drew “Get Out of Jail Free. This card may be kept until needed or traded.”",
        "Aisha keeps the Community Chest card “Get Out of Jail Free”",
        "Turn 5: Ben to play",
        "Ben rolls 1+3", "Ben moves from Income Tax to Street 2 (light blue)",
        "Claim 1: Ben owes Aisha 6 rent for Street 2 (light blue)", "Turn 6: Kai to play",
        "Kai rolls 2+4", "Kai moves from Street 3 (light blue) to MRT Station 2",
        "Kai may buy MRT Station 2 for 200", "Kai buys MRT Station 2 for 200",
        "Turn 7: Aisha to play", "Claim 1 lapses: not collected in time",
        "Aisha rolls 1+2", "Aisha moves from Community Chest to Free Parking",
        "Turn 8: Ben to play",
        "Ben rolls 3+4", "Ben moves from Street 2 (light blue) to MRT Station 2",
        "Claim 2: Ben owes Kai 25 rent for MRT Station 2", "Turn 9: Kai to play",
        "Ben owes Kai 25 (rent on MRT Station 2) and must raise the money",
        "Ben's Street 1 (light blue) goes to Kai (mortgaged)",
        "Ben is bankrupt (number 1), owing Kai",
        "Kai lifts the mortgage on Street 1 (light blue) for 55",
        "Deal: Aisha gives Street 2 (light blue); Kai gives 200",
        "Deal: Aisha gives the Community Chest card “Get Out of Jail Free”; Kai gives 50",
        "VOID Kai builds Street 1 (light blue) 0 houses -> 1 house, Street 2 (light blue) 0 "
        "houses -> 1 house, Street 3 (light blue) 0 houses -> 1 house for 150",
        "Undo: entry 60 voided (banker's undo)",
        "Kai builds Street 1 (light blue) 0 houses -> 1 house, Street 2 (light blue) 0 houses "
        "-> 1 house, Street 3 (light blue) 0 houses -> 1 house for 150",
        "15 minutes left", "10 minutes left", "5 minutes left", "1 minute left",
        "Time is called", "Game over: time called",
    ]
    state = game.state
    assert (state.player("Aisha").cash, state.player("Ben").cash, state.player("Kai").cash) == (
        1650, 0, 725)
    assert verify_passes(path).splitlines()[-1].startswith(f"head {game.head_seq}:")
