"""Screenshots of the whole table window at moments a banker meets: an SG auction with a claim
open, a PX debt, the clock's last minute and time up (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python -m ui.tools.table_screenshots docs/screenshots
xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.table_screenshots \
    docs/screenshots 1920x1080   # the same moments, named *-1920.png
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app.table.command_text import parse_command
from app.table.service import TableGame

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


SG4_START = {**SG_START, "players": ["Aisha", "Ben", "Chloe", "Dev"],
             "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2], "Dev": [1, 2]}]}
PX5_START = {**PX_START, "players": ["Ann", "Bob", "Kai", "Dee", "Eve"],
             "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Kai": [2, 3], "Dee": [4, 4],
                           "Eve": [1, 2]}]}


def play_until(db: Path, start: list[dict[str, Any]], seed: int, clock: Clock,
               moment: Any, least: int = 150) -> TableGame:
    """Record `start`, then random legal commands (models.choices) until `moment(state)` holds
    after at least `least` entries: a full table mid-game, for a picture."""
    from random import Random  # noqa: PLC0415

    from models.choices import random_command  # noqa: PLC0415
    from models.engine import decide  # noqa: PLC0415
    from models.errors import BankerError  # noqa: PLC0415

    game = record(db, start, clock)
    rng = Random(seed)
    step, clock.step = clock.step, timedelta(seconds=2)  # a quick game: time stays on the clock
    for _ in range(20_000):
        if game.state is None or game.state.phase == "over":
            break
        if game.head_seq >= least and moment(game.state):
            clock.step = step
            return game
        assert game.table is not None
        for command in random_command(game.table, game.state, rng):
            if command.type == "declare_bankruptcy":
                continue  # a full table: everyone stays in
            try:
                decide(game.table, game.state, command)
            except BankerError:
                continue
            game.submit(command)
            break
    ended = game.state.ended if game.state is not None else None
    raise RuntimeError(f"seed {seed}: the moment did not come (the game: {ended})")


def start_page(folder: Path, scratch: Path, size: tuple[int, int], suffix: str) -> None:
    """The start page with two games in the data folder: one in progress, the sample."""
    import os  # noqa: PLC0415

    from PySide6.QtCore import QSettings  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.games import folder as games  # noqa: PLC0415
    from ui.app import MainWindow  # noqa: PLC0415
    from ui.sounds import Sounds  # noqa: PLC0415

    os.environ[DATA_DIR_ENV] = str(scratch / "data")
    clock = Clock()
    games.open_sample(clock)
    games.create_game(SG_START | {"label": games.default_label(SG_START["tournament"],
                                                               SG_START["round"],
                                                               SG_START["table"])},
                      "Mei", now=clock)
    window = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None,
                        settings=QSettings(str(scratch / "start.ini"), QSettings.Format.IniFormat))
    window.resize(*size)
    window.show()
    QTest.qWait(200)
    window.grab().save(str(folder / f"start-page{suffix}.png"))
    print(folder / f"start-page{suffix}.png")
    window.close()


def main(folder: Path, size: tuple[int, int] = (1366, 768)) -> None:
    from PySide6.QtCore import QSettings  # noqa: PLC0415 (Qt only when drawing)
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "ui.ini"), QSettings.Format.IniFormat)

        suffix = "" if size == (1366, 768) else f"-{size[0]}"
        start_page(folder, Path(scratch), size, suffix)

        def shoot(name: str, game: TableGame, then: Any = None) -> None:
            name = name.replace(".png", f"{suffix}.png")
            session = TableSession(game, tick_ms=None)
            window = TableWindow(session, settings)
            window.resize(*size)
            window.show()
            if then is not None:
                then(window)
            window.settle()  # the action area and the feed, as they are a moment later
            QTest.qWait(150)  # laid out and painted
            window.grab().save(str(folder / name))
            print(folder / name)
            if window.sheet is not None:
                window.sheet.close()
            window.close()
            session.close()

        clock = Clock()
        shoot("table-sg-auction.png", record(Path(scratch) / "sg.db", SG_AUCTION, clock))
        shoot("table-px-debt.png", record(Path(scratch) / "px.db", PX_DEBT, clock))
        sg4 = play_until(Path(scratch) / "sg4.db", [SG4_START, {"type": "start_clock"}], 1,
                         clock, lambda s: s.auction is not None)
        shoot("table-sg-4-players.png", sg4)
        px5 = play_until(Path(scratch) / "px5.db",
                         [PX5_START, {"type": "start_clock"},
                          {"type": "deal_deeds", "seed": 5}], 1, clock,
                         lambda s: bool(s.debts))
        shoot("table-px-5-players.png", px5)
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
    width, height = (int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "1366x768").split("x"))
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"), (width, height))
