"""Screenshots of the whole table window at moments a banker meets: an SG auction with a claim
open, a PX debt, the clock's last minute and time up (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python -m ui.tools.table_screenshots docs/screenshots
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app.tables import TableGame, parse_command

SG_START = {"type": "new_game", "profile": "sg-championship", "players": ["Aisha", "Ben", "Kai"],
            "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Kai": [2, 2]}],
            "tournament": "Singapore Championship 2026", "round": "Qualifying 2", "table": "7"}
PX_START = {"type": "new_game", "profile": "propnex-championship",
            "players": ["Ann", "Bob", "Kai", "Dee"],
            "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Kai": [2, 3], "Dee": [4, 4]}],
            "tournament": "PropNex Championship", "round": "Heat 1", "table": "3"}


def _roll(player: str, a: int, b: int) -> dict[str, Any]:
    return {"type": "roll", "player": player, "dice": [a, b]}


# The SG game of tests/ui/test_full_game_sg.py up to Kai's turn 6, where he declines MRT
# Station 2: the auction is open, Ben's claim for Aisha's rent still stands, bids are in.
SG_AUCTION = [
    SG_START, {"type": "start_clock"}, _roll("Aisha", 2, 4), {"type": "decline", "player": "Aisha"},
    {"type": "bid", "player": "Kai", "amount": 50}, {"type": "bid", "player": "Ben", "amount": 1350},
    {"type": "close_auction"}, _roll("Ben", 3, 4), {"type": "draw_card", "card": "ch_back3"},
    {"type": "mortgage", "player": "Ben", "space": 6}, {"type": "pay_debt", "player": "Ben"},
    _roll("Kai", 3, 6), {"type": "buy", "player": "Kai"}, _roll("Aisha", 1, 1),
    {"type": "buy", "player": "Aisha"}, _roll("Aisha", 4, 5),
    {"type": "draw_card", "card": "cc_goojf"}, _roll("Ben", 1, 3), _roll("Kai", 2, 4),
    {"type": "decline", "player": "Kai"}, {"type": "bid", "player": "Aisha", "amount": 120},
    {"type": "bid", "player": "Kai", "amount": 150},
]
# The PX game of tests/ui/test_full_game_px.py to Kai's landing on Orchard: he owes Dee 1,400.
PX_DEBT = [
    PX_START, {"type": "start_clock"},
    {"type": "deal_deeds", "hands": {"Ann": [21, 23, 24, 26, 27, 29],
                                     "Bob": [11, 13, 14, 16, 18, 19],
                                     "Kai": [1, 3, 6, 8, 9, 12], "Dee": [5, 15, 25, 28, 35, 39]}},
    {"type": "bid", "player": "Kai", "amount": 1350}, {"type": "close_auction"},
    {"type": "close_auction"}, {"type": "close_auction"}, {"type": "close_auction"},
    {"type": "prebuild", "player": "Dee", "houses": {"39": 3}},
    {"type": "prebuild", "player": "Bob", "houses": {"11": 1, "13": 1, "14": 1}},
    {"type": "start_play"}, _roll("Ann", 5, 6), {"type": "collect_rent", "claim": 1},
    _roll("Bob", 2, 4), _roll("Kai", 3, 4), {"type": "draw_card", "card": "ch_back3"},
    {"type": "mortgage", "player": "Kai", "space": 12}, {"type": "pay_debt", "player": "Kai"},
    _roll("Dee", 2, 3), _roll("Ann", 5, 5), {"type": "build", "player": "Ann", "add": {"21": 1}},
    _roll("Ann", 5, 6), {"type": "buy", "player": "Ann"}, _roll("Bob", 3, 4),
    _roll("Kai", 1, 2), {"type": "draw_card", "card": "ch_advance_top"},
    {"type": "collect_rent", "claim": 3}, {"type": "mortgage", "player": "Kai", "space": 1},
]


class Clock:
    """Seven seconds between entries while recording; stopped (`step` 0) for a picture."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 14, 0, tzinfo=UTC)
        self.step = timedelta(seconds=7)

    def __call__(self) -> datetime:
        self.at += self.step
        return self.at


def record(db: Path, commands: list[dict[str, Any]], clock: Clock) -> TableGame:
    game = TableGame.open(str(db), now=clock)
    for command in commands:
        game.submit(parse_command(command))
    return game


def main(folder: Path) -> None:
    from PySide6.QtCore import QSettings  # noqa: PLC0415 (Qt only when drawing)

    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    app = application(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "ui.ini"), QSettings.Format.IniFormat)

        def shoot(name: str, game: TableGame, then: Any = None) -> None:
            session = TableSession(game, tick_ms=None)
            window = TableWindow(session, settings)
            window.resize(1366, 768)
            window.show()
            if then is not None:
                then(window)
            for _ in range(3):
                app.processEvents()
            window.grab().save(str(folder / name))
            print(folder / name)
            if window.sheet is not None:
                window.sheet.close()
            window.close()
            session.close()

        clock = Clock()
        shoot("table-sg-auction.png", record(Path(scratch) / "sg.db", SG_AUCTION, clock))
        shoot("table-px-debt.png", record(Path(scratch) / "px.db", PX_DEBT, clock))
        game = record(Path(scratch) / "sg-clock.db", [*SG_AUCTION, {"type": "close_auction"}],
                      clock)

        started = game.state.clock.started_at if game.state and game.state.clock else None
        assert started is not None
        clock.step = timedelta(0)

        def last_minute(window: Any) -> None:
            clock.at = started + timedelta(minutes=59, seconds=12)  # 0:48 left
            window.session.tick()

        shoot("table-last-minute.png", game, last_minute)
        game = TableGame.open(str(Path(scratch) / "sg-clock.db"), now=clock)

        def time_up(window: Any) -> None:
            clock.at = started + timedelta(minutes=60, seconds=3)
            window.session.tick()
            if window.sheet is not None:
                window.sheet.hide()  # the table behind it, as the banker sees it on closing

        shoot("time-up.png", game, time_up)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
