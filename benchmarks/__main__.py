"""Run every benchmark and print a Markdown table (paste it into docs/benchmarks.md)."""

from __future__ import annotations

import platform
import resource
import tempfile
import time
from pathlib import Path
from random import Random

from app.simulate import play
from app.tables import TableGame, parse_command
from models.choices import random_command
from models.engine import decide
from models.errors import BankerError


def engine_rate(profile: str, games: int) -> tuple[float, float]:
    """Commands and events per second of random games (invariants checked after each event)."""
    began = time.perf_counter()
    commands = events = 0
    for seed in range(1, games + 1):
        report = play(profile, seed)
        commands += report.commands
        events += report.events
    seconds = time.perf_counter() - began
    return commands / seconds, events / seconds


def ledger_rate(commands: int) -> tuple[float, float, int, float]:
    """One table recording to SQLite (WAL, synchronous=FULL): commands/s, the slowest command in
    ms, the events written, and the seconds to reopen the file (replaying every event)."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "bench.db")
        game = TableGame.open(db)
        game.submit(parse_command({"type": "new_game", "profile": "classic",
                                   "players": ["Ann", "Bob", "Cy", "Dee"],
                                   "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2],
                                                 "Dee": [1, 3]}]}))
        rng = Random(3)
        slowest = 0.0
        began = time.perf_counter()
        done = 0
        while done < commands and game.state is not None and game.state.phase != "over":
            assert game.table is not None
            for command in random_command(game.table, game.state, rng):
                try:
                    decide(game.table, game.state, command)
                except BankerError:
                    continue
                start = time.perf_counter()
                game.submit(command)
                slowest = max(slowest, time.perf_counter() - start)
                done += 1
                break
        rate = done / (time.perf_counter() - began)
        head = game.head_seq
        game.close()
        began = time.perf_counter()
        reopened = TableGame.open(db)
        reopen = time.perf_counter() - began
        assert reopened.head_seq == head
        reopened.close()
        return rate, slowest * 1000, head, reopen


def main() -> None:
    print(f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print()
    print("| benchmark | result |")
    print("|---|---|")
    for profile in ("classic", "sg-championship", "propnex-championship"):
        commands, events = engine_rate(profile, 40)
        print(f"| engine, {profile}, 40 random games | {commands:,.0f} commands/s, "
              f"{events:,.0f} events/s |")
    rate, slowest, events, reopen = ledger_rate(1500)
    print(f"| SQLite ledger, one table, 1,500 commands | {rate:,.0f} commands/s, slowest "
          f"{slowest:.1f} ms |")
    print(f"| reopen a ledger of {events:,} events (replay) | {reopen * 1000:.0f} ms |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| peak memory of the whole run | {peak:.0f} MiB |")


if __name__ == "__main__":
    main()
