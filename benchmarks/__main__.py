"""Run every benchmark and print a Markdown table (paste it into docs/benchmarks.md); `--only gui`
runs the window's alone, `--only speed` the speed a banker feels (issue 21)."""

from __future__ import annotations

import os
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path
from random import Random

from app.table.command_text import parse_command
from app.table.service import TableGame
from benchmarks import engine, ledger
from models.choices import random_command
from models.engine import decide
from models.errors import BankerError


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
    print(f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    print()
    print("| benchmark | result |")
    print("|---|---|")
    if "--only" in sys.argv and sys.argv[-1] == "gui":  # `python -m benchmarks --only gui`
        from benchmarks import gui  # noqa: PLC0415 (Qt only for the window's figures)

        gui.main()
        return
    if "--only" in sys.argv and sys.argv[-1] == "speed":  # `python -m benchmarks --only speed`
        from benchmarks import speed  # noqa: PLC0415 (Qt only for the window's figures)

        speed.main()
        return
    for line in engine.rows():
        print(line)
    rate, slowest, events, reopen = ledger_rate(1500)
    print(f"| SQLite ledger, one table, 1,500 commands | {rate:,.0f} commands/s, slowest "
          f"{slowest:.1f} ms |")
    print(f"| reopen a ledger of {events:,} events (replay) | {reopen * 1000:.0f} ms |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| peak memory of the whole run | {peak:.0f} MiB |")
    print()
    ledger.print_table("/dev/shm", str(Path.home()))  # issue 12's ledger rows, with baselines
    print()
    from benchmarks import gui, speed  # noqa: PLC0415

    gui.main()
    speed.main()


if __name__ == "__main__":
    main()
