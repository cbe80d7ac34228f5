"""Issue 30 item 6, the banker's last key traps, each reproduced by keys in the table window with
names in four scripts, then the ledger read back entry by entry and the message line read:
R with two claims open says what it waits for and never takes a roll's digit; a key that does
nothing says why; ending the PX setting up with nobody pre-built asks first; card search ranks
whole words and the card's title first; a palette line refused by a rule says its clause."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.table import judges
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.app.recorded_games import JUDGE, PIN
from tests.ui.table_driver import Clock, keys, ledger_lines
from ui.table.action_button import ActionButton
from ui.table.action_cards import rank
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

CHEN, MURUGAN, NUR, JOSE, ZOE = ("陈伟明", "முருகன் செல்வம்", "Nur Aisyah binti Rahman",
                                 "José Müller-Øberg", "Zoë Ñúñez")
PX_PLAYERS = [CHEN, MURUGAN, NUR, JOSE, ZOE]
PX = {"type": "new_game", "profile": "propnex-championship", "board": "propnex",
      "players": PX_PLAYERS,
      "roll_off": [{CHEN: [6, 5], MURUGAN: [6, 4], NUR: [5, 4], JOSE: [5, 3], ZOE: [4, 3]}]}
# The deeds in board order, dealt by seat (0: retained by the Bank, auctioned with no bid).
PX_DEEDS = [1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29,
            31, 32, 34, 35, 37, 39]
PX_DEAL = "1111122222333334444455555000"
SG_PLAYERS = [CHEN, MURUGAN, NUR, JOSE]
SG = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
      "players": SG_PLAYERS,
      "roll_off": [{CHEN: [6, 5], MURUGAN: [6, 4], NUR: [5, 4], JOSE: [5, 3]}]}
CLASSIC = {"type": "new_game", "profile": "classic", "players": SG_PLAYERS,
           "roll_off": [{CHEN: [6, 5], MURUGAN: [6, 4], NUR: [5, 4], JOSE: [5, 3]}]}


def roll(player: str, a: int, b: int) -> dict:
    return {"type": "roll", "player": player, "dice": [a, b]}


def px_dealt() -> list[dict]:
    """The PX game dealt by seat; the three retained deeds still to be auctioned."""
    hands: dict[str, list[int]] = {name: [] for name in PX_PLAYERS}
    for deed, seat in zip(PX_DEEDS, PX_DEAL, strict=True):
        if seat != "0":
            hands[PX_PLAYERS[int(seat) - 1]].append(deed)
    return [PX, {"type": "deal_deeds", "hands": hands}]


def px_two_claims() -> list[dict]:
    """陈伟明 throws 6+6 to Utility 1 (முருகன் செல்வம்'s: claim 1, M48) and again 1+2 to PropNex
    Group of Services 2 (Nur's: claim 2, M25); முருகன் செல்வம் rolls next, which lapses both."""
    return [*px_dealt(), *[{"type": "close_auction"}] * 3, {"type": "start_play"},
            {"type": "start_clock"}, roll(CHEN, 6, 6), roll(CHEN, 1, 2)]


@pytest.fixture
def open_window(qtbot, tmp_path: Path) -> Iterator:
    windows: list[TableWindow] = []

    def make(commands: list[dict], judged: list[dict] = ()) -> TableWindow:
        game = TableGame.open(str(tmp_path / f"t{len(windows)}.db"), now=Clock())
        first, *rest = commands
        if judged:
            first = {**first, "judges": [judges.registration(JUDGE, PIN).model_dump()]}
        game.submit(parse_command(first))
        if judged:
            game.sign_in_judge(JUDGE, PIN)
            for command in judged:
                game.submit(parse_command({**command, "reason": "set up for the test"}))
            game.sign_out_judge()
        for command in rest:
            game.submit(parse_command(command))
        window = TableWindow(TableSession(game, tick_ms=None),
                             QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        window.confirm = lambda title, text: pytest.fail(f"asked {title!r} unexpectedly")
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.close()


def claims(window: TableWindow) -> list[int]:
    return [c.claim for c in window.session.game.state.claims]


def said(window: TableWindow) -> str:
    return window.messages.text()


QUESTION = (f"R: which claim? 1 Collect M48 from {CHEN}: Utility 1 or 2 Collect M25 from "
            f"{CHEN}: PropNex Group of Services 2 (Esc forgets R)")


def test_r_with_two_claims_says_which_and_a_digit_that_is_no_claim_is_refused_whole(
        qtbot, open_window) -> None:
    # PX "R 3 3" with claims 1 and 2 open: once the R was dropped and 3 3 was the roll, which
    # lapsed both claims (a rent lost). Now R asks, each 3 is refused and nothing lapses.
    window = open_window(px_two_claims())
    game = window.session.game
    start = game.head_seq
    before = {p.name: p.cash for p in game.state.players}
    assert claims(window) == [1, 2]
    keys(qtbot, window, "r")
    assert said(window) == QUESTION
    assert window.actions_area.rent.prompt.text() == (
        "R: which claim? Type its row number, 1–2; Esc forgets")
    keys(qtbot, window, "3")
    refusal = ("Not recorded: 3 is not a claim: the claims open are 1 and 2. R still waits: 1 "
               "or 2 collects that claim; Esc forgets R, then type the roll (a roll may lapse "
               "a claim)")
    assert said(window) == refusal
    keys(qtbot, window, "3")
    assert said(window) == refusal
    assert game.head_seq == start and claims(window) == [1, 2]  # nothing lapsed
    assert window.actions_area.dice.typed == ""  # no digit became half a roll
    # The banker then collects claim 2 (R still waits: 2), R alone the one left, then rolls.
    keys(qtbot, window, "2")
    assert said(window) == f"Recorded: {CHEN} pays {NUR} 25 rent (claim 2)"
    keys(qtbot, window, "r")
    assert said(window) == f"Recorded: {CHEN} pays {MURUGAN} 48 rent (claim 1)"
    keys(qtbot, window, "33")
    assert ledger_lines(window, since=start) == [
        f"{CHEN} pays {NUR} 25 rent (claim 2)",
        f"{CHEN} pays {MURUGAN} 48 rent (claim 1)",
        f"{MURUGAN} rolls 3+3",
        f"{MURUGAN} moves from GO to Street 1 (light blue)",
        f"Claim 3: {MURUGAN} owes {CHEN} 6 rent for Street 1 (light blue)",
        f"{MURUGAN} rolls again",
    ]  # no claim lapsed: both rents were collected
    after = {p.name: p.cash for p in game.state.players}
    assert {name: after[name] - before[name] for name in PX_PLAYERS} == {
        CHEN: -73, MURUGAN: 48, NUR: 25, JOSE: 0, ZOE: 0}


def test_r_2_5_collects_claim_2_and_the_5_starts_the_roll(qtbot, open_window) -> None:
    window = open_window(px_two_claims())
    game = window.session.game
    start = game.head_seq
    keys(qtbot, window, "r")
    assert said(window) == QUESTION
    keys(qtbot, window, "2")
    assert said(window) == f"Recorded: {CHEN} pays {NUR} 25 rent (claim 2)"
    keys(qtbot, window, "5")
    assert window.actions_area.dice.typed == "5"
    assert window.actions_area.dice.prompt.text() == f"Roll for {MURUGAN}:  5 _"
    assert ledger_lines(window, since=start) == [f"{CHEN} pays {NUR} 25 rent (claim 2)"]
    assert claims(window) == [1]
    # Esc forgets R before a roll: the message line says so, the digits are the roll again.
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # the roll typed so far is forgotten
    assert window.actions_area.dice.typed == ""
    keys(qtbot, window, "r")  # one claim left: R collects it at once
    assert said(window) == f"Recorded: {CHEN} pays {MURUGAN} 48 rent (claim 1)"


def test_esc_forgets_r_and_says_so(qtbot, open_window) -> None:
    window = open_window(px_two_claims())
    keys(qtbot, window, "r")
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert said(window) == "R forgotten: no claim collected"
    start = window.session.game.head_seq
    keys(qtbot, window, "33")  # now the roll, typed after R was forgotten: both claims lapse
    assert ledger_lines(window, since=start)[:4] == [
        "Claim 1 lapses: not collected in time", "Claim 2 lapses: not collected in time",
        f"{MURUGAN} rolls 3+3", f"{MURUGAN} moves from GO to Street 1 (light blue)"]
    assert claims(window) == [3]


def test_a_key_that_does_nothing_says_why_on_the_message_line(qtbot, open_window) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    start = game.head_seq
    keys(qtbot, window, "r")
    assert said(window) == "Not recorded: R collects a rent claim: no claim is open"
    keys(qtbot, window, "b")
    assert said(window) == "Not recorded: B buys a deed on offer: no deed is on offer now"
    keys(qtbot, window, "h")
    assert said(window) == ("Not recorded: H then a seat opens the palette on a player's "
                            "builds: none is allowed now")
    keys(qtbot, window, "q")
    assert said(window) == ("Not recorded: q is not a key here (F1: the keys now; Ctrl+K: "
                            "every action)")
    assert game.head_seq == start
    # 陈伟明 2+4 to Oriental Avenue: declined; in the auction a seat nobody holds is said.
    keys(qtbot, window, "24d")
    keys(qtbot, window, "5")
    assert said(window) == (f"Not recorded: 5: nobody holds seat 5. Bids go by seat: 1 {CHEN}, "
                            f"2 {MURUGAN}, 3 {NUR}, 4 {JOSE}")
    keys(qtbot, window, "b")
    assert said(window) == "Not recorded: B buys a deed on offer: no deed is on offer now"
    keys(qtbot, window, "3120\n^")  # Nur (seat 3) wins it for 120
    # M then a seat nobody holds: refused whole, M still waits; then Nur's seat.
    keys(qtbot, window, "m6")
    assert said(window) == (f"Not recorded: 6: nobody holds seat 6. M still waits for a seat "
                            f"(3 {NUR}); Esc forgets M")
    keys(qtbot, window, "1")
    assert said(window) == f"Not recorded: M 1: nothing of that kind for {CHEN} now"
    keys(qtbot, window, "m3")
    assert window.dialog is not None and window.dialog.isVisible()
    window.dialog.reject()
    assert ledger_lines(window, since=start) == [
        f"{CHEN} rolls 2+4",
        f"{CHEN} moves from GO to Oriental Avenue",
        f"{CHEN} may buy Oriental Avenue for 100",
        f"{CHEN} declines Oriental Avenue",
        "Auction of Oriental Avenue opens at 1",
        f"{NUR} bids 120",
        f"{NUR} wins Oriental Avenue for 120",
        f"Turn 2: {MURUGAN} to play",
    ]


def test_one_ctrl_enter_more_than_the_auctions_need_asks_before_play_starts(
        qtbot, open_window) -> None:
    window = open_window(px_dealt())
    game = window.session.game
    start = game.head_seq
    asked: list[tuple[str, str]] = []
    answers = [False, True]

    def confirm(title: str, text: str) -> bool:
        asked.append((title, text))
        return answers.pop(0)

    window.confirm = confirm
    keys(qtbot, window, "^^^")  # the three retained deeds' auctions, no bid
    assert game.state.phase == "prebuild" and asked == []
    keys(qtbot, window, "^")  # one more: nobody has pre-built, so it asks
    assert asked == [("Start play without any pre-build?",
                      f"Nobody has pre-built. Start play now, without any pre-build? {CHEN}, "
                      f"{MURUGAN}, {NUR}, {JOSE} or {ZOE} could still pre-build (P then the "
                      "seat); once play starts they cannot (PX 3.6).")]
    assert game.state.phase == "prebuild"
    assert said(window) == ("Setting up goes on: play not started, nothing recorded. P then a "
                            "seat pre-builds; Ctrl+Enter starts play")
    keys(qtbot, window, "^")  # asked again; yes this time
    assert len(asked) == 2
    assert ledger_lines(window, since=start) == [
        "Nobody bids: PropNex Group of Services 4 stays with the Bank",
        "Auction of Marina Bay Financial Centre opens at 350",
        "Nobody bids: Marina Bay Financial Centre stays with the Bank",
        "Auction of Orchard opens at 400",
        "Nobody bids: Orchard stays with the Bank",
        "Setting up is over: play starts",
    ]


def test_once_someone_has_pre_built_ctrl_enter_starts_play_without_asking(
        qtbot, open_window) -> None:
    window = open_window([*px_dealt(), *[{"type": "close_auction"}] * 3,
                          {"type": "prebuild", "player": CHEN, "houses": {"1": 1}}])
    keys(qtbot, window, "^")  # the fixture's confirm fails the test if anything asks
    assert window.session.game.state.phase == "roll"


def test_the_real_question_is_answered_by_keys(qtbot, open_window) -> None:
    window = open_window([*px_dealt(), *[{"type": "close_auction"}] * 3])
    window.confirm = window._ask  # the window's own question box
    pressed: list[str] = []

    def answer(key: Qt.Key) -> None:
        box = QApplication.activeModalWidget()
        assert box is not None
        pressed.append(box.windowTitle())
        qtbot.keyClick(box, key)

    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Escape))
    keys(qtbot, window, "^")
    assert pressed == ["Start play without any pre-build?"]
    assert window.session.game.state.phase == "prebuild"
    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Y))
    keys(qtbot, window, "^")
    assert window.session.game.state.phase == "roll"


def test_card_search_ranks_the_title_and_whole_words_first(qtbot, open_window) -> None:
    assert rank("Advance to GO. (Collect M200)", ["go"]) == 0
    assert rank("Advance to Illinois Avenue. If you pass GO, collect M200.", ["go"]) == 1
    assert rank("Advance to Illinois Avenue.", ["go"]) is None
    window = open_window([CLASSIC, roll(CHEN, 3, 4)])  # Chance
    keys(qtbot, window, "go")
    listed = window.actions_area.cards.list
    shown = [listed.item(r).text() for r in range(listed.count())]
    assert shown[:4] == ["Advance to GO. (Collect M200)", "Go Back 3 Spaces.",
                         "Go to Jail. Go directly to Jail, do not pass GO, do not collect M200.",
                         "Advance to Illinois Avenue. If you pass GO, collect M200."]
    keys(qtbot, window, " to")  # "go to": both whole words of two titles
    shown = [listed.item(r).text() for r in range(listed.count())]
    assert shown[:2] == ["Advance to GO. (Collect M200)",
                         "Go to Jail. Go directly to Jail, do not pass GO, do not collect M200."]
    qtbot.keyClick(window, Qt.Key.Key_Return)  # several listed: nothing recorded
    assert window.session.game.state.phase == "card"
    qtbot.keyClick(window, Qt.Key.Key_Down)
    qtbot.keyClick(window, Qt.Key.Key_Return)  # the first, chosen with Down
    assert ledger_lines(window)[-4:] == [f"{CHEN} drew “Advance to GO. (Collect M200)”",
                                         f"{CHEN} moves from Chance to GO",
                                         f"{CHEN} collects 200 salary",
                                         f"Turn 2: {MURUGAN} to play"]


AS_IS = [  # the judge's set-up: முருகன் செல்வம் holds dark blue, a hotel on Street 2; Nur
    # holds the three light blues and M100: a rent of M2,000 she can never raise
    {"type": "adjust_deed", "space": 37, "owner": MURUGAN},
    {"type": "adjust_deed", "space": 39, "owner": MURUGAN},
    {"type": "adjust_buildings", "space": 39, "houses": 0, "hotel": True},
    {"type": "adjust_deed", "space": 6, "owner": NUR},
    {"type": "adjust_deed", "space": 8, "owner": NUR},
    {"type": "adjust_deed", "space": 9, "owner": NUR},
    {"type": "adjust_cash", "from_account": NUR, "to_account": "bank", "amount": 1400},
    {"type": "adjust_turn", "player": NUR},
    {"type": "adjust_token", "player": NUR, "space": 35},
]
AS_IS_WHY = (f"{NUR} owes M2000 and could raise at most M260: bankrupt as is, without "
             "mortgaging (SG How to Play 4)")


def test_a_mortgage_refused_as_is_says_its_clause_in_the_palette_and_by_keys(
        qtbot, open_window) -> None:
    window = open_window([SG, {"type": "start_clock"}, roll(NUR, 1, 3),
                          {"type": "collect_rent", "claim": 1}], judged=AS_IS)
    game = window.session.game
    assert [(d.debtor, d.amount) for d in game.state.debts] == [(NUR, 2000)]
    start = game.head_seq
    keys(qtbot, window, "m")  # no mortgage is allowed to anyone: M says why
    assert said(window) == ("Not recorded: M then a seat opens the palette on a player's "
                            f"mortgages: none is allowed now: {AS_IS_WHY}")
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = window.dialog
    assert palette is not None and palette.isVisible()
    qtbot.keyClicks(palette.filter, f"{NUR} mortgages")
    lines = [palette.list.item(r).text() for r in range(palette.list.count())]
    assert lines == [f"{NUR} mortgages Street {n} (light blue) — refused (SG How to Play 4)"
                     for n in (1, 2, 3)]
    assert not any(palette.list.item(r).flags() & Qt.ItemFlag.ItemIsEnabled
                   for r in range(palette.list.count()))  # greyed: never run
    assert palette.count.text() == ("No action allowed matches; 3 refused now (greyed): "
                                    f"{AS_IS_WHY}. Esc closes")
    qtbot.keyClicks(palette.filter, " street 2")
    assert palette.count.text() == (f"Refused now: {NUR} mortgages Street 2 (light blue): "
                                    f"{AS_IS_WHY}; nothing runs. Esc closes")
    qtbot.keyClick(palette.filter, Qt.Key.Key_Return)
    assert palette.isVisible() and game.head_seq == start  # nothing ran
    qtbot.keyClick(palette.filter, Qt.Key.Key_Escape)
    # The debt panel lists her mortgages too, each disabled with the clause.
    buttons = [b for b in window.actions_area.debt.list.findChildren(ActionButton)
               if b.action.id.startswith(f"mortgage:{NUR}:")]
    assert len(buttons) == 3 and not any(b.isEnabled() for b in buttons)
    assert all(f"Refused now: {AS_IS_WHY}" in b.toolTip() for b in buttons)
    assert ledger_lines(window, since=start) == []
