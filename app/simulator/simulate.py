"""The game simulator: random legal games through the real engine, checking every invariant."""

from __future__ import annotations

import gc
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from random import Random
from typing import Any

from app.editions import rulebook
from models.choices import random_command
from models.commands import Command, NewGame
from models.engine import advance, decide, is_raising, replay
from models.errors import BankerError
from models.events import Event, GameStarted, Transfer, TurnPassed
from models.fold import MOVING_MONEY, start
from models.invariants import broken
from models.state import GameState
from models.table import Table


@dataclass
class GameReport:
    """What one simulated game did, and anything it found broken."""

    seed: int
    commands: int = 0
    events: int = 0
    turns: int = 0  # players' turns begun: the first one, and one per turn_passed event
    ended: str | None = None
    problems: list[str] = field(default_factory=list)


def roll_off(names: list[str], rng: Random) -> list[dict[str, tuple[int, int]]]:
    """A roll-off thrown until one player has the highest total."""
    rounds: list[dict[str, tuple[int, int]]] = []
    contenders = names
    while len(contenders) > 1:
        throws = {n: (rng.randint(1, 6), rng.randint(1, 6)) for n in contenders}
        rounds.append(throws)
        best = max(sum(d) for d in throws.values())
        contenders = [n for n in contenders if sum(throws[n]) == best]
    return rounds


# A game allocates objects by the hundred thousand, nearly all freed by their reference counts
# (it makes next to no reference cycles): while one is played, the cyclic collector's young pass
# runs every 10,000 allocations instead of every 700 (5% of a game's time in it, now about 1%).
_YOUNG_THRESHOLD = 10_000


def play(profile: str, seed: int, max_commands: int = 3000, invariants: bool = True,
         log: list[Event] | None = None) -> GameReport:
    """Play one random game from `seed` to its end (or `max_commands`), keeping every event (in
    `log`, when given); with `invariants`, check them after each event and that replaying the
    events gives the state."""
    thresholds = gc.get_threshold()
    gc.set_threshold(_YOUNG_THRESHOLD, *thresholds[1:])
    try:
        return _play(profile, seed, max_commands, invariants, log)
    finally:
        gc.set_threshold(*thresholds)


def _play(profile: str, seed: int, max_commands: int, invariants: bool,
          log: list[Event] | None) -> GameReport:
    table = rulebook.table(profile)
    rng = Random(seed)
    report = GameReport(seed=seed)
    count = rng.randint(table.profile.players_min, min(table.profile.players_max, 5))
    names = [f"P{i}" for i in range(1, count + 1)]
    first = NewGame(type="new_game", profile=profile, players=names, roll_off=roll_off(names, rng))
    events = decide(table, None, first)
    assert isinstance(events[0], GameStarted)
    state = start(events[0])
    if log is None:
        log = []
    log += events
    checks = _Checks(table) if invariants else None
    if checks is not None:
        _book(checks.balances, events)
    # Counted in locals and written to the report once: a game is a few thousand commands.
    commands = turns = kept = 0
    stopped = False  # by a problem that ends the game here
    while state.phase != "over" and commands < max_commands:
        command, new = _next(table, state, rng, report, checks, commands)
        if command is None:
            stopped = True
            break
        if checks is not None and checks.found:
            report.problems += [f"seed {seed}: after {checks.found[0]} from "
                                f"{_shown(command)}: {p}" for p in checks.found[1:]]
            stopped = True
            break
        log += new
        commands += 1
        kept += len(new)
        turns += list(map(type, new)).count(TurnPassed)
    report.commands, report.events, report.turns = commands, kept, turns + 1
    if stopped:
        return report
    if invariants and replay(table, log) != state:
        report.problems.append(f"seed {seed}: replaying the events does not give the live state")
    report.ended = state.ended
    return report


class _Checks:
    """Every invariant, checked on the state after each event of a command as the engine folds
    it in; what a refused command's events did is forgotten with them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.balances: dict[str, int] = defaultdict(int)
        # The transfers booked for the command being tried, taken back if it is refused (cheaper
        # than a copy of every balance for each command tried).
        self.booked: list[Transfer] = []
        self.found: list[str] = []  # the event's type, then what it broke

    def begin(self) -> None:
        if self.booked:  # the command tried before was refused
            taken_back = [Transfer(t, s, amount) for s, t, amount in self.booked]
            _book_transfers(self.balances, taken_back)
            self.booked = []
        self.found = []

    def watch(self, state: GameState, event: Event) -> None:
        if type(event) in MOVING_MONEY:
            transfers = event.transfers()
            _book_transfers(self.balances, transfers)
            self.booked += transfers
        if not self.found:
            problems = broken(self.table, state, self.balances)
            if problems:
                self.found = [event.type, *problems]

    def accepted(self) -> None:
        self.booked = []


def _next(table: Table, state: GameState, rng: Random, report: GameReport,
          checks: _Checks | None, played: int) -> tuple[Command | None, list[Event]]:
    """The first of the random player's commands the engine accepts, applied to `state`, and its
    events (with `checks`, each event's state is checked as the engine folds it in); `played`:
    the commands played before it."""
    if checks is None:
        for command in random_command(table, state, rng):
            try:
                return command, advance(table, state, command)
            except BankerError:
                continue
    else:
        in_debt = bool(state.debts)
        debtor = state.debts[0].debtor if in_debt else ""
        for command in random_command(table, state, rng):
            checks.begin()
            try:
                events = advance(table, state, command, checks.watch)
            except BankerError:
                continue
            checks.accepted()
            if in_debt and not is_raising(command):
                report.problems.append(f"seed {report.seed}: {_shown(command)} accepted "
                                       f"while {debtor} is in debt")
            return command, events
    report.problems.append(f"seed {report.seed}: no command accepted at {state.phase} "
                           f"for {state.current} after {played} commands")
    return None, []


def _shown(command: Command) -> dict[str, Any]:
    """A command as its JSON object (as `app.table.command_text.command_json`, without loading the ledger)."""
    return command.model_dump(mode="json", exclude_none=True)


def _book(balances: dict[str, int], events: list[Event]) -> None:
    for event in events:
        if type(event) in MOVING_MONEY:
            _book_transfers(balances, event.transfers())


def _book_transfers(balances: dict[str, int], transfers: list[Transfer]) -> None:
    for source, target, amount in transfers:
        balances[source] -= amount
        balances[target] += amount


@dataclass
class Summary:
    games: int = 0
    commands: int = 0
    events: int = 0
    turns: int = 0
    ended: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


def _play_args(args: tuple[str, int, int, bool]) -> GameReport:
    return play(*args)


def run(profile: str, games: int, seed: int, workers: int = 1,
        max_commands: int = 3000, invariants: bool = True) -> Iterator[GameReport]:
    """Play `games` games with seeds seed, seed+1, ...; yields each report as it finishes."""
    jobs = [(profile, seed + i, max_commands, invariants) for i in range(games)]
    if workers <= 1:
        yield from (play(*job) for job in jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # One game per task: games differ in length, and a report is small next to a game.
        yield from pool.map(_play_args, jobs, chunksize=1)


def summarise(reports: Iterator[GameReport]) -> Summary:
    """Totals over many games."""
    summary = Summary()
    began = time.perf_counter()
    for report in reports:
        summary.games += 1
        summary.commands += report.commands
        summary.events += report.events
        summary.turns += report.turns
        summary.ended += report.ended is not None
        summary.problems += report.problems
    summary.seconds = time.perf_counter() - began
    return summary
