"""The engine's pace: `banker simulate` with invariants on and off, on one core and on all of
them, where a simulated turn's time goes, and the cost of one `decide`."""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from random import Random
from typing import Any

from app.editions import rulebook
from app.simulator import simulate
from app.simulator.simulate import play, run
from models import table as table_module
from models.choices import random_command
from models.commands import Command, NewGame
from models.engine import advance, decide
from models.errors import BankerError
from models.events import Event
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


def all_cores_pace(profile: str, games: int) -> dict[str, float]:
    """Turns per second (wall clock) of the same games played by `banker simulate --workers N`,
    N = every core of the machine, invariants off; the median of three runs."""
    workers = os.cpu_count() or 1
    runs = []
    for _ in range(REPEATS):
        began = time.perf_counter()
        turns = sum(report.turns for report in run(profile, games, seed=1, workers=workers,
                                                   invariants=False))
        runs.append((time.perf_counter() - began, turns))
    wall_s = statistics.median(r[0] for r in runs)
    return {"turns": runs[0][1] / wall_s, "workers": workers}


def turn_costs(profile: str, games: int) -> dict[str, float]:
    """Microseconds per turn of seeds 1..games (invariants off), split by timing each call: the
    random player choosing, the engine on commands it accepts and on those it refuses (each
    `advance`: gates, rules, events, their fold, the undo journal), and within those `apply`;
    beside them what validating one event costs (the game's events built again from their
    fields). The parts are wall-clock shares scaled to the run's CPU time (on a shared box the
    wall clock also counts other processes); the timers add about 0.2 µs per call timed."""
    clock = time.perf_counter_ns
    spent = {"random": 0, "accepted": 0, "refused": 0, "apply": 0}
    counts = {"accepted": 0, "refused": 0}
    # The simulator's and the scratch pad's own names for them, timed where they are called.
    patched = ((simulate, "random_command"), (simulate, "advance"), (table_module, "apply"))
    real_choose, real_advance, real_apply = random_command, advance, apply  # the same functions

    def choose(*args: Any) -> list[Command]:
        began = clock()
        commands = real_choose(*args)
        spent["random"] += clock() - began
        return commands

    def timed_advance(*args: Any) -> list[Event]:
        began = clock()
        try:
            events = real_advance(*args)
        except BankerError:
            spent["refused"] += clock() - began
            counts["refused"] += 1
            raise
        spent["accepted"] += clock() - began
        counts["accepted"] += 1
        return events

    def timed_apply(state: GameState, event: Event) -> GameState:
        began = clock()
        result = real_apply(state, event)
        spent["apply"] += clock() - began
        return result

    log: list[Event] = []
    turns = 0
    for (module, name), timed in zip(patched, (choose, timed_advance, timed_apply), strict=True):
        setattr(module, name, timed)
    try:
        began, cpu = clock(), time.process_time_ns()
        for seed in range(1, games + 1):
            turns += play(profile, seed, invariants=False, log=log).turns
        total, cpu = clock() - began, time.process_time_ns() - cpu
    finally:
        for (module, name), real in zip(patched, (real_choose, real_advance, real_apply), strict=True):
            setattr(module, name, real)
    fields = [(type(e), {name: getattr(e, name) for name in type(e).model_fields}) for e in log]
    began = time.process_time_ns()
    for kind, values in fields:
        kind(**values)
    per_event = (time.process_time_ns() - began) / len(fields) / 1000
    per_turn = {key: ns / total * cpu / turns / 1000 for key, ns in spent.items()}
    per_turn["total"] = cpu / turns / 1000
    per_turn["loop"] = per_turn["total"] - per_turn["random"] - per_turn["accepted"] - per_turn["refused"]
    return {**per_turn, "commands": counts["accepted"] / turns, "refusals": counts["refused"] / turns,
            "events": len(log) / turns, "event_us": per_event}


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
        pace = all_cores_pace(profile, games)
        lines.append(f"| simulate, {profile}, {games} games, --no-invariants, --workers "
                     f"{pace['workers']:.0f} (every core) | {pace['turns']:,.0f} turns/s |")
    for profile in PROFILES:
        c = turn_costs(profile, games)
        lines.append(f"| one turn, {profile} ({c['commands']:.1f} commands, {c['refusals']:.1f} "
                     f"refused tries, {c['events']:.1f} events) | {c['total']:.0f} µs: random player "
                     f"{c['random']:.0f}, engine on accepted commands {c['accepted']:.0f} (of which "
                     f"`apply` {c['apply']:.0f}), on refused tries {c['refused']:.0f}, simulator "
                     f"{c['loop']:.0f}; validating one event: {c['event_us']:.1f} µs |")
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
