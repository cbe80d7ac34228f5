"""Issue 21: a stray Enter records nothing in any state, and the keys each common action costs,
counted through the real widgets and compared with docs/keys-per-action.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWidget

from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.ui.table_driver import Clock
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DOC = Path(__file__).resolve().parents[2] / "docs" / "keys-per-action.md"
CLASSIC = {"type": "new_game", "profile": "classic",
           "players": ["Bea", "Cole", "Dana", "Fay", "Gus", "Rita"],
           "roll_off": [{"Bea": [6, 5], "Cole": [6, 4], "Dana": [5, 4], "Fay": [5, 3],
                         "Gus": [4, 3], "Rita": [4, 2]}]}
SG = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
      "players": ["Hana", "Sam", "Mia", "Lou"],
      "roll_off": [{"Hana": [6, 5], "Sam": [6, 4], "Mia": [5, 4], "Lou": [5, 3]}]}
PX = {"type": "new_game", "profile": "propnex-championship", "board": "propnex",
      "players": ["Pat", "Bea", "Dana", "Rita", "Mia"],
      "roll_off": [{"Pat": [6, 5], "Bea": [6, 4], "Dana": [5, 4], "Rita": [5, 3],
                    "Mia": [4, 3]}]}
# Who was dealt each PX deed, by seat, board order; 0 for the three retained.
PX_DEAL = "1111122222333334444455555000"
SALE_KEYS = "»»»␣»200\n"
BUILD_WORDS = "m175"  # the total of the 3 houses: one line left


class Keys:
    """Presses keys on a widget and counts them (a chord such as Ctrl+Enter is one)."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, widget: QWidget, text: str) -> None:
        """"\\n" Enter, "^" Ctrl+Enter, "»" Tab, "↓" Down, "⌂" Home, "␣" Space."""
        special = {"\n": (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
                   "^": (Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier),
                   "»": (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
                   "↓": (Qt.Key.Key_Down, Qt.KeyboardModifier.NoModifier),
                   "⌂": (Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier),
                   "␣": (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier)}
        for char in text:
            self.count += 1
            if char in special:
                key, modifier = special[char]
                self.qtbot.keyClick(widget, key, modifier)
            else:
                self.qtbot.keyClicks(widget, char)

    def ctrl(self, widget: QWidget, key: Qt.Key) -> None:
        self.count += 1
        self.qtbot.keyClick(widget, key, Qt.KeyboardModifier.ControlModifier)

    def focused(self, window: TableWindow, text: str) -> None:
        """Keys to the field that has the focus in the window's dialog (a form, the palette);
        Tab moves it on as it would at the table."""
        for char in text:
            dialog = window.dialog
            assert dialog is not None and dialog.isVisible()
            self.press(dialog.focusWidget() or dialog, char)


Opener = Callable[[list[dict]], TableWindow]


@pytest.fixture
def open_window(qtbot, tmp_path: Path) -> Iterator[Opener]:
    windows: list[TableWindow] = []

    def make(commands: list[dict]) -> TableWindow:
        game = TableGame.open(str(tmp_path / f"t{len(windows)}.db"), now=Clock())
        for command in commands:
            game.submit(parse_command(command))
        window = TableWindow(TableSession(game, tick_ms=None),
                             QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        window.confirm = lambda title, text: True
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.close()


def roll(player: str, a: int, b: int) -> dict:
    return {"type": "roll", "player": player, "dice": [a, b]}


def px_setup() -> list[dict]:
    """A PX game dealt (by seat, the three retained auctioned with no bid): the pre-build."""
    seats = PX["players"]
    deeds = [1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29,
             31, 32, 34, 35, 37, 39]
    hands: dict[str, list[int]] = {name: [] for name in seats}
    for deed, seat in zip(deeds, PX_DEAL, strict=True):
        if seat != "0":
            hands[seats[int(seat) - 1]].append(deed)
    return [PX, {"type": "deal_deeds", "hands": hands}, *[{"type": "close_auction"}] * 3]


def enter_records_nothing(qtbot, window: TableWindow) -> None:
    game = window.session.game
    head = game.head_seq
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert game.head_seq == head, window.messages.text()


def test_a_stray_enter_records_nothing_in_any_state(qtbot, open_window: Opener) -> None:
    window = open_window([CLASSIC])
    game = window.session.game
    enter_records_nothing(qtbot, window)  # before a roll
    assert "nothing recorded" in window.messages.text()
    # The deal form (between rolls), empty: Enter on it records nothing either.
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    head = game.head_seq
    assert window.dialog is not None and window.dialog.isVisible()
    qtbot.keyClick(window.dialog, Qt.Key.Key_Return)
    assert game.head_seq == head
    window.dialog.reject()
    window.session.send(roll("Bea", 2, 4))  # Oriental Avenue on offer
    enter_records_nothing(qtbot, window)
    window.session.send({"type": "decline", "player": "Bea"})  # the auction, no bid yet
    enter_records_nothing(qtbot, window)
    window.session.send({"type": "bid", "player": "Dana", "amount": 1400})  # with a bid
    enter_records_nothing(qtbot, window)
    assert game.state.phase == "auction"
    window.session.send({"type": "close_auction"})
    window.session.send(roll("Cole", 1, 5))  # Oriental: rent to Dana, a claim open
    assert game.state.claims
    enter_records_nothing(qtbot, window)
    window.session.send(roll("Dana", 3, 4))  # Chance: a card to record
    assert game.state.phase == "card"
    enter_records_nothing(qtbot, window)
    # "Go Back 3 Spaces" to Income Tax, 200, with 100 left: a debt.
    window.session.send({"type": "draw_card", "card": "ch_back3"})
    assert game.state.debts
    enter_records_nothing(qtbot, window)
    px = open_window(px_setup()[:1])
    enter_records_nothing(qtbot, px)  # PX before the deal
    px.session.send(px_setup()[1])
    enter_records_nothing(qtbot, px)  # a retained deed's auction at the board price
    for command in px_setup()[2:]:
        px.session.send(command)
    assert px.session.game.state.phase == "prebuild"
    enter_records_nothing(qtbot, px)  # the pre-build


def measured(qtbot, open_window: Opener) -> dict[str, int]:
    """Each action of docs/keys-per-action.md played through the window; its keys counted."""
    counts: dict[str, int] = {}

    def count(name: str, commands: list[dict], play: Callable[[Keys, TableWindow], None],
              check: Callable[[TableGame], bool]) -> None:
        window = open_window(commands)
        keys = Keys(qtbot)
        play(keys, window)
        assert check(window.session.game), (name, window.messages.text())
        counts[name] = keys.count

    count("roll", [CLASSIC], lambda k, w: k.press(w, "24"),
          lambda g: g.state.phase == "buy")
    count("buy", [CLASSIC, roll("Bea", 2, 4)], lambda k, w: k.press(w, "b"),
          lambda g: g.state.deeds[6].owner == "Bea")
    count("decline", [CLASSIC, roll("Bea", 2, 4)], lambda k, w: k.press(w, "d"),
          lambda g: g.state.phase == "auction")
    # Decline, four bids of three digits by seat, close.
    count("auction of 4 bids", [CLASSIC, roll("Bea", 2, 4)],
          lambda k, w: k.press(w, "d2100\n3110\n6120\n5130\n^"),
          lambda g: g.state.deeds[6].owner == "Gus")
    count("rent", [CLASSIC, roll("Bea", 2, 4), {"type": "buy", "player": "Bea"},
                   roll("Cole", 1, 5)], lambda k, w: k.press(w, "r"),
          lambda g: not g.state.claims)
    count("card", [CLASSIC, roll("Bea", 3, 4)], lambda k, w: k.press(w, "back 3\n"),
          lambda g: g.state.player("Bea").position == 4)

    def build(k: Keys, w: TableWindow) -> None:
        k.press(w, "h1")
        k.focused(w, BUILD_WORDS + "\n")

    # PX: Pat lands on his own Street 2 (brown) and builds 3 houses at one go (PX 6.2.4).
    count("build 3 houses", [*px_setup(), {"type": "start_play"}, roll("Pat", 1, 2)], build,
          lambda g: g.state.deeds[3].houses == 3)

    def mortgage(k: Keys, w: TableWindow) -> None:
        k.press(w, "m1")
        k.focused(w, "\n")

    count("mortgage", [CLASSIC, roll("Bea", 2, 4), {"type": "buy", "player": "Bea"}],
          mortgage, lambda g: g.state.deeds[6].mortgaged)

    def px_deal(k: Keys, w: TableWindow) -> None:
        k.ctrl(w, Qt.Key.Key_D)
        k.focused(w, PX_DEAL + "\n")

    count("PX deal", px_setup()[:1], px_deal, lambda g: g.state.phase == "auction")

    def prebuild(k: Keys, w: TableWindow) -> None:
        k.press(w, "p1")
        k.focused(w, "1»1»1\n")

    count("PX pre-build (3 houses)", px_setup(), prebuild,
          lambda g: "Pat" in g.state.prebuilt)
    def sale(k: Keys, w: TableWindow) -> None:
        # Ctrl+D: between seat 1 (Hana) and seat 2 (Sam), as the form opens; Tab past Sam and
        # Hana's cash to her deeds, Space ticks her one deed, Tab to Sam's cash, the price, Enter.
        k.ctrl(w, Qt.Key.Key_D)
        k.focused(w, SALE_KEYS)

    count("SG sale", [SG, roll("Hana", 2, 4), {"type": "buy", "player": "Hana"}], sale,
          lambda g: g.state.deeds[6].owner == "Sam")
    return counts


def test_the_keys_per_action_are_those_docs_keys_per_action_md_gives(qtbot,
                                                                     open_window: Opener) -> None:
    counts = measured(qtbot, open_window)
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d+", cells[3]):
            rows[cells[0]] = (cells[2], int(cells[3]))
    print(counts)
    for name, keys in counts.items():
        before, now = rows[name]
        assert now == keys, f"{name}: the doc says {now}, the window took {keys}"
        if before.isdigit():
            assert keys <= int(before), f"{name}: {keys} keys, more than before ({before})"


def test_the_palettes_undo_is_listed_only_for_undo_and_asks_first(qtbot,
                                                                  open_window: Opener) -> None:
    window = open_window([CLASSIC, roll("Bea", 2, 4), {"type": "buy", "player": "Bea"}])
    game = window.session.game
    asked: list[str] = []
    window.confirm = lambda title, text: asked.append(text) is not None and False  # "No"
    head = game.head_seq
    # Typing the command again ("bea buys") never lands on "Undo: take back “Bea buys…”".
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = window.dialog
    qtbot.keyClicks(palette.filter, "bea buys")
    assert all("Undo" not in palette.list.item(r).text() for r in range(palette.list.count()))
    qtbot.keyClick(palette.filter, Qt.Key.Key_Return)
    assert game.head_seq == head
    palette.reject()
    # Typed "undo": one line; Enter asks first, and the banker's No takes nothing back.
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(window.dialog.filter, "undo")
    qtbot.keyClick(window.dialog.filter, Qt.Key.Key_Return)
    assert asked and "Bea buys Oriental Avenue" in asked[0]
    assert game.head_seq == head and window.messages.text() == "Nothing taken back"
