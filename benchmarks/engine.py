"""The engine's pace: `banker simulate` with invariants on and off, and the cost of one `decide`."""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from random import Random

from app import rulebook
from app.simulate import play
from models.choices import random_command
from models.commands import Command, NewGame
from models.engine import advance, decide
from models.errors import BankerError
from models.fold import apply, start
from models.state import GameState
from models.table import Table

PROFILES = ("classic", "sg-championship", "propnex-championship")
REPEATS = 3


def simulate_pace(profile: str, games: int, invariants: bool) -> dict[str, float]:
    """Turns, commands and events per second of `games` random games (seeds 1..games), one
    process, every event kept; the median of three runs (wall clock, and CPU time beside it)."""
    runs = []
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        turns = commands = events = 0
        for seed in range(1, games + 1):
            report = play(profile, seed, invariants=invariants)
            assert not report.problems, report.problems
            turns, commands, events = (turns + report.turns, commands + report.commands,
                                       events + report.events)
        runs.append((time.perf_counter() - wall, time.process_time() - cpu, turns, commands, events))
    wall_s = statistics.median(r[0] for r in runs)
    cpu_s = statistics.median(r[1] for r in runs)
    _, _, turns, commands, events = runs[0]  # the same games every run
    return {"turns": turns / wall_s, "commands": commands / wall_s, "events": events / wall_s,
            "turns_cpu": turns / cpu_s, "games": games, "turn_count": turns}


def positions(profile: str, seed: int, every: int, until: int) -> Iterator[tuple[int, GameState]]:
    """A random game's state every `every` commands, up to `until` commands (or its end)."""
    table = rulebook.table(profile)
    rng = Random(seed)
    names = ["P1", "P2", "P3", "P4"]
    first = NewGame(type="new_game", profile=profile, players=names,
                    roll_off=[{"P1": (6, 6), "P2": (1, 2), "P3": (1, 2), "P4": (2, 1)}])
    events = decide(table, None, first)
    state = start(events[0])  # type: ignore[arg-type]
    for event in events[1:]:
        apply(state, event)
    for done in range(until + 1):
        if state.phase == "over":
            return
        if done % every == 0:
            yield done, state
        for command in random_command(table, state, rng):
            try:
                advance(table, state, command)
            except BankerError:
                continue
            break


def _median_us(action: Callable[[], object], times: int) -> float:
    samples = []
    for _ in range(REPEATS):
        began = time.perf_counter()
        for _ in range(times):
            action()
        samples.append((time.perf_counter() - began) / times * 1e6)
    return statistics.median(samples)


def _tries(table: Table, state: GameState) -> list[Command]:
    return random_command(table, state, Random(state.seq))[:6]


def decide_cost(profile: str) -> dict[str, float]:
    """Microseconds per `decide` (accepted or refused, worked out on the live state and rolled
    back), against the whole-state copy every decision made before (`GameState.clone`, as it
    was: every player, deed and list), early in a game and 600 commands in."""
    table = rulebook.table(profile)
    result: dict[str, float] = {}
    for done, state in positions(profile, seed=1, every=600, until=600):
        commands = _tries(table, state)

        def decide_all(state: GameState = state, commands: list[Command] = commands) -> None:
            for command in commands:
                with contextlib.suppress(BankerError):
                    decide(table, state, command)

        label = "early" if done == 0 else "late"
        result[f"decide_{label}"] = _median_us(decide_all, 300) / len(commands)
        result[f"copy_{label}"] = _median_us(partial(_whole_copy, state), 3000)
    return result


def _whole_copy(state: GameState) -> GameState:
    """The copy `decide` made of the whole state before the undo journal (the old `clone`)."""
    copy = state.model_copy()
    copy.players = [p.clone() for p in state.players]
    copy.deeds = {space: d.clone() for space, d in state.deeds.items()}
    copy.jail_cards = dict(state.jail_cards)
    copy.claims = list(state.claims)
    copy.closed_claims = dict(state.closed_claims)
    copy.debts = list(state.debts)
    copy.interest_due = list(state.interest_due)
    copy.auction = state.auction.model_copy(deep=True) if state.auction else None
    copy.prebuilt = list(state.prebuilt)
    copy.breaks = dict(state.breaks)
    copy.disputes = list(state.disputes)
    copy.checks = list(state.checks)
    copy.clock = state.clock.model_copy(deep=True) if state.clock else None
    return copy


def rows(games: int = 20) -> list[str]:
    """The engine's rows of the Markdown table in docs/benchmarks.md."""
    lines = []
    for profile in PROFILES:
        for invariants in (True, False):
            pace = simulate_pace(profile, games, invariants)
            switch = "--invariants" if invariants else "--no-invariants"
            lines.append(f"| simulate, {profile}, {games} games, {switch} | "
                         f"{pace['turns']:,.0f} turns/s ({pace['turns_cpu']:,.0f} per CPU-second), "
                         f"{pace['commands']:,.0f} commands/s, {pace['events']:,.0f} events/s |")
    for profile in PROFILES:
        cost = decide_cost(profile)
        lines.append(f"| decide, {profile}, at command 0 / 600 | {cost['decide_early']:.0f} / "
                     f"{cost['decide_late']:.0f} µs per command; the whole-state copy it used to "
                     f"make: {cost['copy_early']:.0f} / {cost['copy_late']:.0f} µs |")
    return lines


def main() -> None:
    for line in ["| benchmark | result |", "|---|---|", *rows()]:
        print(line)


if __name__ == "__main__":
    main()
