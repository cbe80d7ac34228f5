"""The moments of a game the table window must show whole on a 13-inch screen: an auction, a
card, a debt, the PX setting up, six players, five PX players, time up with the scoresheet.
Recorded through the table service (for the screenshots and the layout test alike)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app.table.command_text import parse_command
from app.table.service import TableGame

SG_START: dict[str, Any] = {
            "type": "new_game", "profile": "sg-championship", "players": ["Aisha", "Ben", "Kai"],
            "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Kai": [2, 2]}],
            "tournament": "Singapore Championship 2026", "round": "Qualifying 2", "table": "7"}
PX_START: dict[str, Any] = {"type": "new_game", "profile": "propnex-championship",
            "players": ["Ann", "Bob", "Kai", "Dee"],
            "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Kai": [2, 3], "Dee": [4, 4]}],
            "tournament": "PropNex Championship", "round": "Heat 1", "table": "3"}


def _roll(player: str, a: int, b: int) -> dict[str, Any]:
    return {"type": "roll", "player": player, "dice": [a, b]}


# The SG game of tests/ui/test_full_game_sg.py up to Kai's turn 6, where he declines MRT
# Station 2: the auction is open, Ben's claim for Aisha's rent still stands, bids are in.
SG_AUCTION: list[dict[str, Any]] = [
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
PX_DEBT: list[dict[str, Any]] = [
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


SG4_START: dict[str, Any] = {**SG_START, "players": ["Aisha", "Ben", "Chloe", "Dev"],
             "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2], "Dev": [1, 2]}]}
PX5_START: dict[str, Any] = {**PX_START, "players": ["Ann", "Bob", "Kai", "Dee", "Eve"],
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


CLASSIC6_START: dict[str, Any] = {"type": "new_game", "profile": "classic",
                  "players": ["Aisha", "Ben", "Chloe", "Dev", "Eve", "Farid"],
                  "roll_off": [{"Aisha": [6, 5], "Ben": [4, 3], "Chloe": [2, 2], "Dev": [1, 2],
                                "Eve": [3, 3], "Farid": [5, 3]}]}

# Singapore's four scripts at one table, names as long as a Malay name gets (up to the 40 a
# name may have), three of them starting with S: names whole, markers told apart.
FOUR_SCRIPTS = ("Siti Nurhaliza binti Abdul Rahman Yusof", "முருகன் செல்வம்", "陈伟明",
                "José Müller-Øberg", "Siti Aminah", "Sofía Ñúñez-Øberg")


def four_scripts(db: Path, players: int, clock: Clock) -> TableGame:
    """A classic game of the first `players` of FOUR_SCRIPTS well under way (150 entries and
    more: deeds, buildings, debts, someone in Jail maybe), no auction open."""
    names = list(FOUR_SCRIPTS[:players])
    start = {"type": "new_game", "profile": "classic", "players": names,
             "roll_off": [{name: [6, 6 - seat] for seat, name in enumerate(names)}]}
    return play_until(db, [start], 1, clock, lambda s: s.auction is None, least=150)


Then = Callable[[Any], None]  # what is done to the shown window before the picture


def moment(name: str, folder: Path, clock: Clock) -> tuple[TableGame, Then | None]:
    """The game at the moment `name` (one of MOMENTS), recorded in `folder`, and what to do to
    its window once shown (the clock run to time up)."""
    db = folder / f"{name}.db"
    if name == "sg-auction":
        return record(db, SG_AUCTION, clock), None
    if name == "sg-card":  # Aisha's Community Chest card, the picker open
        return record(db, SG_AUCTION[:16], clock), None
    if name == "px-debt":
        return record(db, PX_DEBT, clock), None
    if name == "px-setup":  # the deal and its auctions done: the pre-build is next
        return record(db, PX_DEBT[:8], clock), None
    if name == "classic-6-players":
        return play_until(db, [CLASSIC6_START], 1, clock, lambda s: s.auction is not None,
                          least=250), None
    if name == "px-5-players":
        return play_until(db, [PX5_START, {"type": "start_clock"},
                               {"type": "deal_deeds", "seed": 5}], 1, clock,
                          lambda s: bool(s.debts)), None
    if name == "time-up":
        game = record(db, [*SG_AUCTION, {"type": "close_auction"}], clock)
        started = game.state.clock.started_at if game.state and game.state.clock else None
        assert started is not None

        def time_up(window: Any) -> None:
            clock.step = timedelta(0)
            clock.at = started + timedelta(minutes=60, seconds=3)
            window.session.tick()

        return game, time_up
    raise ValueError(f"no moment {name!r}: one of {', '.join(MOMENTS)}")


MOMENTS = ("sg-auction", "sg-card", "px-debt", "px-setup", "classic-6-players", "px-5-players",
           "time-up")
