"""A whole PX game recorded through the windows and keys alone, setting up included, then read
back entry by entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.table_driver import (
    Clock,
    answer,
    app_window,
    keys,
    ledger_lines,
    new_game,
    palette,
    type_into,
    verify_passes,
)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

# Who was dealt each deed, in board order (1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19,
# 21, 23, 24, 25, 26, 27, 28, 29, 31, 32, 34, 35, 37, 39), typed by first letter; 0 for the four
# the Bank retains. Ann: the reds and yellows; Bob: the pinks and oranges; Kai: the browns,
# light blues and Utility 1; Dee: the four services, Utility 2 and Orchard.
DEAL_KEYS = "KKDKKKBKBBDBBBAAADAADA000D0D"


def test_a_px_game_from_the_new_game_form_to_the_scoresheet(qtbot, tmp_path: Path) -> None:
    clock = Clock()
    main = app_window(qtbot, tmp_path, clock)
    # The form: PropNex Monopoly Championship, Ann, Bob, Kai, Dee; roll-off 6+5, 3+4, 2+3,
    # 4+4: Ann starts; 90 minutes (PX).
    window, path = new_game(qtbot, main, "P", ["Ann", "Bob", "Kai", "Dee"],
                            ["65", "34", "23", "44"])
    session, game = window.session, window.session.game
    palette(qtbot, window, "start the clock")

    # The deal (PX 3.4), typed on the form: 6 deeds each of 4 players; the 4 left over are
    # retained and auctioned cheapest first at the board price (PX 3.5).
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    deal = window.dialog
    type_into(qtbot, deal.grid, DEAL_KEYS)
    assert deal.counts.text() == "Dealt: Ann 6/6, Bob 6/6, Kai 6/6, Dee 6/6; retained 4"
    qtbot.keyClick(deal.grid, Qt.Key.Key_Return)
    assert game.state.phase == "auction"
    # River Valley opens at 300: Kai bids 1,350 and wins (1,500 - 1,350 = 150). Nobody bids
    # for Outram, Holland/Bukit Timah or Marina Bay: they stay with the Bank.
    keys(qtbot, window, "31350\n^")
    keys(qtbot, window, "^^^")
    # The pre-build (PX 3.6-3.9): Orchard is Dee's only street, so all 3 houses go on it; the
    # form shows each house's price first (CCR: 200, 240, 260) and records 700: Dee 800.
    palette(qtbot, window, "pre-build for dee")
    prebuild = window.dialog
    assert "1st M200, 2nd M240, 3rd M260" in [label.text() for label in
                                              prebuild.findChildren(type(prebuild.outcome))]
    answer(qtbot, window, **{"houses-39": "3"})
    palette(qtbot, window, "start play")
    assert game.state.phase == "roll"

    # Ann 5+6 = 11, Street 1 (pink): Bob holds the pink set, so rent 10 doubles to 20; R.
    keys(qtbot, window, "56r")
    # Bob 2+4 = 6, Street 1 (light blue): Kai's set, rent 6 doubled to 12; Kai does not ask
    # and his own roll lapses it.
    keys(qtbot, window, "24")
    # Kai 3+4 = 7, Chance: "Go back 3 spaces" to Income Tax, 200; he has 150: a debt. He
    # mortgages Utility 1 for 75 and pays: 150 + 75 - 200 = 25.
    keys(qtbot, window, "34back 3\n")
    palette(qtbot, window, "kai mortgages utility 1")
    palette(qtbot, window, "kai pays the m200")
    # Dee 2+3 = 5, her own service.
    keys(qtbot, window, "23")
    # Ann 5+5 = 10 from 11 to Bidadari, her own plot: she may build (PX 6.2.2); the 1st
    # house on an RCR plot is 150 (1,520 - 150 = 1,370 after the 20 paid). The double rolls
    # again: 5+6 = 11 to Outram, retained by the Bank: B buys for 300. Ctrl+Z takes the buy
    # back (nothing rolled since), B buys again: 1,070.
    keys(qtbot, window, "55")
    palette(qtbot, window, "ann builds total m150)")
    keys(qtbot, window, "56b")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.state.phase == "buy"
    keys(qtbot, window, "b")
    # Bob 3+4 = 7 from 6 to his own Street 2 (pink): he does not build.
    keys(qtbot, window, "34")
    # Kai 1+2 = 3 from 4 to Chance: "Advance to the last dark-blue street", Orchard with 3
    # houses: rent 1,400 to Dee; R collects. Kai has 25: he mortgages every deed (30 + 30 +
    # 50 + 50 + 60 + 150 = 370 more, 395 in all), still short, so the mortgagee sale (PX 8):
    # the 395 goes to Dee, and each deed is auctioned from its mortgage value; nobody bids,
    # so each passes to Dee, and with none left Kai is bankrupt to Dee.
    keys(qtbot, window, "12orchard\nr")
    for deed in ("street 1 (brown)", "street 2 (brown)", "street 1 (light", "street 2 (light",
                 "street 3 (light", "river valley"):
        palette(qtbot, window, f"kai mortgages {deed}")
    palette(qtbot, window, "mortgagee sale of kai")
    keys(qtbot, window, "^" * 7)
    assert game.state.player("Kai").bankrupt and game.state.ended is None  # PX 10a: two end it
    # Dee 3+4 = 7 from 5 to Utility 1, hers now.
    keys(qtbot, window, "34")
    # Ann 1+1 = 2 from 32 to Holland/Bukit Timah (320), retained: D declines; the auction
    # opens at the board price; Bob bids 320 and wins. The double: 1+3 to Property Tax, 100.
    keys(qtbot, window, "11d")
    keys(qtbot, window, "2320\n^")
    keys(qtbot, window, "13")

    # The clock (same marks as SG by default): 15, 10, 5 and 1 minute left, then time.
    for minutes, left in ((75, 15), (5, 10), (5, 5), (4, 1)):
        clock.advance(minutes=minutes)
        with qtbot.wait_signal(session.announcement) as said:
            session.tick()
        assert said.args == [left]
    clock.advance(minutes=1)
    with qtbot.wait_signal(session.time_up):
        session.tick()
    assert window.sheet is not None and window.sheet.isVisible()

    assert ledger_lines(window) == [
        "Game started (propnex-championship, propnex); order: Ann, Bob, Kai, Dee; each "
        "receives 1500",
        "Clock started: 90 minutes",
        "Deeds dealt: Ann: Bidadari, Balestier/Toa Payoh, Ang Mo Kio/Bishan, Street 1 "
        "(yellow), Street 2 (yellow), Street 3 (yellow); Bob: Street 1 (pink), Street 2 "
        "(pink), Street 3 (pink), Street 1 (orange), Street 2 (orange), Street 3 (orange); "
        "Dee: PropNex Group of Services 1, PropNex Group of Services 2, PropNex Group of "
        "Services 3, Utility 2, PropNex Group of Services 4, Orchard; Kai: Street 1 (brown), "
        "Street 2 (brown), Street 1 (light blue), Street 2 (light blue), Street 3 (light "
        "blue), Utility 1; retained for auction: River Valley, Outram, Holland/Bukit Timah, "
        "Marina Bay Financial Centre",
        "Auction of River Valley opens at 300",
        "Kai bids 1350",
        "Kai wins River Valley for 1350",
        "Auction of Outram opens at 300",
        "Nobody bids: Outram stays with the Bank",
        "Auction of Holland/Bukit Timah opens at 320",
        "Nobody bids: Holland/Bukit Timah stays with the Bank",
        "Auction of Marina Bay Financial Centre opens at 350",
        "Nobody bids: Marina Bay Financial Centre stays with the Bank",
        "Dee pre-builds Orchard 0 houses -> 3 houses for 700",
        "Setting up is over: play starts",
        "Ann rolls 5+6",
        "Ann moves from GO to Street 1 (pink)",
        "Claim 1: Ann owes Bob 20 rent for Street 1 (pink)",
        "Turn 2: Bob to play",
        "Ann pays Bob 20 rent (claim 1)",
        "Bob rolls 2+4",
        "Bob moves from GO to Street 1 (light blue)",
        "Claim 2: Bob owes Kai 12 rent for Street 1 (light blue)",
        "Turn 3: Kai to play",
        "Claim 2 lapses: not collected in time",
        "Kai rolls 3+4",
        "Kai moves from GO to Chance",
        "Kai draws a Chance card",
        "Kai drew “Go Back 3 Spaces.”",
        "Kai moves from Chance to Income Tax",
        "Kai owes the Bank 200 (tax on Income Tax) and must raise the money",
        "Turn 4: Dee to play",
        "Kai mortgages Utility 1 for 75",
        "Kai pays the Bank the 200 owed",
        "Dee rolls 2+3",
        "Dee moves from GO to PropNex Group of Services 1",
        "Turn 5: Ann to play",
        "Ann rolls 5+5",
        "Ann moves from Street 1 (pink) to Bidadari",
        "Ann may build on Bidadari",
        "Ann rolls again",
        "Ann builds Bidadari 0 houses -> 1 house for 150",
        "Ann rolls 5+6",
        "Ann moves from Bidadari to Outram",
        "Ann may buy Outram for 300",
        "VOID Ann buys Outram for 300",
        "VOID Turn 6: Bob to play",
        "Undo: entries 45–46 voided (banker's undo)",
        "Ann buys Outram for 300",
        "Turn 6: Bob to play",
        "Bob rolls 3+4",
        "Bob moves from Street 1 (light blue) to Street 2 (pink)",
        "Bob may build on Street 2 (pink)",
        "Turn 7: Kai to play",
        "Kai rolls 1+2",
        "Kai moves from Income Tax to Chance",
        "Kai draws a Chance card",
        "Kai drew “Advance to Orchard.”",
        "Kai moves from Chance to Orchard",
        "Claim 3: Kai owes Dee 1400 rent for Orchard",
        "Turn 8: Dee to play",
        "Kai owes Dee 1400 (rent on Orchard) and must raise the money",
        "Kai mortgages Street 1 (brown) for 30",
        "Kai mortgages Street 2 (brown) for 30",
        "Kai mortgages Street 1 (light blue) for 50",
        "Kai mortgages Street 2 (light blue) for 50",
        "Kai mortgages Street 3 (light blue) for 60",
        "Kai mortgages River Valley for 150",
        "Kai pays Dee 395 toward the debt",
        "Mortgagee sale of Kai's deeds for Dee: Street 1 (brown), Street 2 (brown), Street 1 "
        "(light blue), Street 2 (light blue), Street 3 (light blue), Utility 1, River Valley",
        "Auction of Street 1 (brown) opens at 30 without Kai",
        "Nobody bids: Street 1 (brown) passes to Dee at 30",
        "Auction of Street 2 (brown) opens at 30 without Kai",
        "Nobody bids: Street 2 (brown) passes to Dee at 30",
        "Auction of Street 1 (light blue) opens at 50 without Kai",
        "Nobody bids: Street 1 (light blue) passes to Dee at 50",
        "Auction of Street 2 (light blue) opens at 50 without Kai",
        "Nobody bids: Street 2 (light blue) passes to Dee at 50",
        "Auction of Street 3 (light blue) opens at 60 without Kai",
        "Nobody bids: Street 3 (light blue) passes to Dee at 60",
        "Auction of Utility 1 opens at 75 without Kai",
        "Nobody bids: Utility 1 passes to Dee at 75",
        "Auction of River Valley opens at 150 without Kai",
        "Nobody bids: River Valley passes to Dee at 150",
        "Kai is bankrupt (number 1), owing Dee",
        "Dee rolls 3+4",
        "Dee moves from PropNex Group of Services 1 to Utility 1",
        "Turn 9: Ann to play",
        "Ann rolls 1+1",
        "Ann moves from Outram to Holland/Bukit Timah",
        "Ann may buy Holland/Bukit Timah for 320",
        "Ann declines Holland/Bukit Timah",
        "Auction of Holland/Bukit Timah opens at 320",
        "Bob bids 320",
        "Bob wins Holland/Bukit Timah for 320",
        "Ann rolls again",
        "Ann rolls 1+3",
        "Ann moves from Holland/Bukit Timah to Property Tax",
        "Ann pays 100 Property Tax",
        "Turn 10: Bob to play",
        "15 minutes left",
        "10 minutes left",
        "5 minutes left",
        "1 minute left",
        "Time is called",
        "Game over: time called",
    ]
    # Ann 1,500 - 20 rent - 150 house - 300 Outram - 100 tax = 930; Bob 1,500 + 20 - 320 =
    # 1,200; Dee 1,500 - 700 pre-build + 395 from Kai = 1,195; Kai out with nothing.
    assert {p.name: p.cash for p in game.state.players} == {
        "Ann": 930, "Bob": 1200, "Kai": 0, "Dee": 1195}
    assert verify_passes(path).splitlines()[-1].startswith(f"head {game.head_seq}:")
