"""The hub: a table's command latency with and without its copier running, and replication
throughput (entries/s) into one hub from 16 tables at once (the lag of live copying, one process
a table on a durable server, is benchmarks/hall.py's). `python -m benchmarks.hub`; PostgreSQL
15 (Debian's) when it can start, else a SQLite hub (the output says which)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from random import Random

from app.hub import Hub, Replicator
from app.table.service import TableGame
from benchmarks.games import next_command, open_game
from tests import postgres

TABLES = 16


def hub_for(folder: Path) -> tuple[str, str]:
    """A fresh hub: (url, what it is)."""
    server = postgres.server()
    if server is None:
        return str(folder / "hub.db"), f"SQLite hub ({postgres.skip_reason()})"
    return server.new_database(), "PostgreSQL 15 hub on 127.0.0.1"


def timed_commands(game: TableGame, commands: int, rng: Random,
                   after: Replicator | None = None) -> list[float]:
    """Each command's submit time in ms (the copier told after each, as the window does)."""
    times = []
    for _ in range(commands):
        command = next_command(game, rng)
        began = time.perf_counter()
        game.submit(command)
        times.append((time.perf_counter() - began) * 1000)
        if after is not None:
            after.notify()
    return times


def latency(folder: Path, url: str, commands: int = 1500) -> tuple[list[float], list[float]]:
    """One table's submit times without a copier, then with one copying to the hub live."""
    alone = open_game(str(folder / "alone.db"))
    without = timed_commands(alone, commands, Random(1))
    alone.close()
    copied = open_game(str(folder / "copied.db"))
    copier = Replicator(copied.ledger.location, url, poll=0.5).start()
    try:
        with_copier = timed_commands(copied, commands, Random(1), copier)
        assert copier.wait_copied(copied.head_seq, 60), copier.status()
    finally:
        copier.stop()
        copied.close()
    return without, with_copier


def throughput(folder: Path, url: str, entries: int = 1000) -> tuple[int, float]:
    """16 files of `entries` entries each copied at once: (entries, seconds until all held)."""
    files = []
    for n in range(TABLES):
        game = open_game(str(folder / f"bulk-{n}.db"), seed=n)
        rng = Random(n)
        while game.head_seq < entries:
            game.submit(next_command(game, rng))
        files.append((game.ledger.location, game.head_seq))
        game.close()
    began = time.perf_counter()
    copiers = [Replicator(path, url, poll=0.5).start() for path, _ in files]
    try:
        for copier, (_, head) in zip(copiers, files, strict=True):
            assert copier.wait_copied(head, 300), copier.status()
    finally:
        for copier in copiers:
            copier.stop()
    return sum(head for _, head in files), time.perf_counter() - began


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rows() -> list[str]:
    """The Markdown rows for docs/benchmarks.md."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        url, what = hub_for(folder)
        Hub.open(url, create=True).close()
        lines = [f"| hub | {what} |"]
        without, with_copier = latency(folder, url)
        lines.append(
            f"| one table's submit, 1,500 commands, no copier | median "
            f"{statistics.median(without):.2f} ms, p99 {_pct(without, 0.99):.2f} ms |")
        lines.append(
            f"| the same with its copier sending to the hub live | median "
            f"{statistics.median(with_copier):.2f} ms, p99 {_pct(with_copier, 0.99):.2f} ms |")
        entries, seconds = throughput(folder, url)
        lines.append(f"| replication, {TABLES} files of 1,000 entries copied at once | "
                     f"{entries / seconds:,.0f} entries/s ({entries:,} in {seconds:.1f} s) |")
    return lines


def main() -> None:
    print("| benchmark | result |")
    print("|---|---|")
    for line in rows():
        print(line)


if __name__ == "__main__":
    main()
