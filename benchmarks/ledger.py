"""The ledger's rows of issue 12, each against a raw baseline taken in the same run (3 repeats).

Run: `.venv/bin/python -m benchmarks.ledger [--disk FOLDER] [--tmpfs FOLDER]`; results in
docs/benchmarks.md. Games are random legal play recorded through TableGame (benchmarks.games).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from random import Random

from app.ledger import open_ledger
from app.review.verify import verify_game
from app.table.service import TableGame
from benchmarks.games import next_command, open_game, play_to, reopen
from models.commands import Rewind, Undo

REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
LONG, SHORT = 22_830, 3_555
COMMANDS = 400  # commands timed in each window
TRIES = 5  # reopen and its raw baseline, each timed this many times in turn per run (the best)


def _times(run: Callable[[], None], count: int) -> list[float]:
    """Seconds of each of `count` calls of `run`."""
    spent = []
    for _ in range(count):
        began = time.perf_counter()
        run()
        spent.append(time.perf_counter() - began)
    return spent


def _p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))]


def raw_commits(folder: Path, count: int) -> list[float]:
    """Baseline: a one-row INSERT and COMMIT with sqlite3 alone, WAL, synchronous=FULL."""
    path = folder / "raw.db"
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("CREATE TABLE t (game_id TEXT, seq INTEGER, payload TEXT, "
                       "PRIMARY KEY (game_id, seq))")
    numbers = iter(range(1, count + 1))

    def commit() -> None:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO t VALUES (?, ?, ?)", ("g", next(numbers), "{}" * 100))
        connection.execute("COMMIT")

    spent = _times(commit, count)
    connection.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return spent


def submits(game: TableGame, count: int, rng: Random) -> list[float]:
    """Seconds of `count` TableGame.submit calls, submit to durable commit (the command is
    chosen before the clock starts)."""
    spent = []
    for _ in range(count):
        command = next_command(game, rng)
        began = time.perf_counter()
        game.submit(command)
        spent.append(time.perf_counter() - began)
    return spent


def raw_chain(db: Path) -> float:
    """Baseline: seconds to read a game's event and transfer rows with sqlite3 alone and check
    the chain (SHA-256 of each event row's stored columns and transfers, each link)."""
    began = time.perf_counter()
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    (game_id,) = connection.execute("SELECT id FROM games").fetchone()
    rows = connection.execute("SELECT game_id, seq, command_no, type, payload, actor_role, "
                              "actor_name, recorded_at, clock_ms, prev_hash, hash FROM events "
                              "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    moves: dict[int, list[tuple[str, str, int]]] = {}
    for seq, source, target, amount in connection.execute(
            "SELECT seq, from_account, to_account, amount FROM transfers WHERE game_id = ? "
            "ORDER BY seq, idx", (game_id,)):
        moves.setdefault(seq, []).append((source, target, amount))
    prev = "0" * 64
    for row in rows:
        assert row[9] == prev
        text = "|".join(map(str, row[:10])) + repr(moves.get(row[1], ()))
        hashlib.sha256(text.encode()).hexdigest()
        prev = row[10]
    connection.close()
    return time.perf_counter() - began


def _timed(run: Callable[[], object]) -> float:
    began = time.perf_counter()
    run()
    return time.perf_counter() - began


@contextmanager
def _copy(db: Path) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(dir=db.parent))
    try:
        copy = folder / db.name
        shutil.copyfile(db, copy)
        yield copy
    finally:
        shutil.rmtree(folder)


def void_times(db: Path) -> tuple[float, float]:
    """Seconds of an undo (of the last command) and of a rewind (30 entries back), each on a
    fresh copy of the game, after the table has recorded a few commands."""
    found = []
    for void in ("undo", "rewind"):
        with _copy(db) as copy:
            game = reopen(str(copy))
            rng = Random(5)
            while True:  # an undo needs a last command with no roll after it
                command = next_command(game, rng)
                game.submit(command)
                if void == "rewind" or command.type != "roll":
                    break
            order = (Undo(type="undo") if void == "undo" else
                     Rewind(type="rewind", to_seq=game.head_seq - 30, reason="benchmark"))
            began = time.perf_counter()
            game.submit(order)
            found.append(time.perf_counter() - began)
            game.close()
    return found[0], found[1]


def build(folder: Path) -> tuple[Path, Path, list[float], list[float]]:
    """The 3,555- and 22,830-event games (copies of one game), and the submit times of the
    window at event 100 and at event 20,000."""
    db = folder / "long.db"
    rng = Random(11)
    game = open_game(str(db))
    play_to(game, 100, rng)
    early = submits(game, COMMANDS, rng)
    play_to(game, SHORT, rng)
    game.idle()
    short = folder / "short.db"
    shutil.copyfile(db, short)
    play_to(game, 20_000, rng)
    late = submits(game, COMMANDS, rng)
    play_to(game, LONG, rng)
    game.idle()
    game.close()
    return short, db, early, late


def rows(folder: Path, where: str) -> list[str]:
    """The table rows for one file system: REPEATS runs, each building its games anew."""
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        return _lines([one_run(Path(scratch)) for _ in range(REPEATS)], where)


def one_run(root: Path) -> Run:
    """Every figure once, with its baseline measured in between."""
    raw = raw_commits(root, COMMANDS)
    short, long, early, late = build(root)
    first = TableGame.open(str(long))  # the process's first opening (imports, caches) untimed
    events = first.head_seq
    first.close()
    # Best of TRIES each, taken in turns: a spike of the machine's other load hits one try of
    # one side, not the ratio (the same statistic for both sides).
    tries = [(_timed(lambda: TableGame.open(str(long)).close()), raw_chain(long))
             for _ in range(TRIES)]
    reopened, chain_raw = min(t[0] for t in tries), min(t[1] for t in tries)

    def chain() -> None:
        with open_ledger(long, readonly=True) as ledger:
            game_id = ledger.latest_game_id()
            assert game_id is not None
            assert ledger.verify_chain(game_id) == []

    def full() -> None:
        game = TableGame.open(str(long), readonly=True)
        assert game.game_id is not None
        assert verify_game(game.ledger, game.game_id) == []
        game.close()

    run = Run(raw=(statistics.median(raw), _p99(raw)),
              early=(statistics.median(early), _p99(early)),
              late=(statistics.median(late), _p99(late)),
              events=events, reopen=reopened, chain_raw=chain_raw,
              chain=_timed(chain), verify=_timed(full),
              short=void_times(short), long=void_times(long))
    for path in (short, long):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    return run


@dataclass(frozen=True)
class Run:
    """One repeat's figures, in seconds: (median, p99) pairs, and (at 3,555, at 22,830)."""

    raw: tuple[float, float]
    early: tuple[float, float]
    late: tuple[float, float]
    events: int
    reopen: float
    chain_raw: float
    chain: float
    verify: float
    short: tuple[float, float]
    long: tuple[float, float]


def _lines(runs: list[Run], where: str) -> list[str]:
    def ms(pick: Callable[[Run], float]) -> str:
        return " / ".join(f"{pick(run) * 1000:.2f}" for run in runs)

    def ratio(top: Callable[[Run], float], bottom: Callable[[Run], float]) -> str:
        return " / ".join(f"{top(run) / bottom(run):.2f}×" for run in runs)

    def rate(pick: Callable[[Run], float]) -> str:
        return " / ".join(f"{run.events / pick(run):,.0f}" for run in runs)

    events = runs[0].events
    return [
        f"| {where}: one command, submit to durable commit, at event 100 | median "
        f"{ms(lambda r: r.early[0])} ms, p99 {ms(lambda r: r.early[1])} ms | raw sqlite3 one-row "
        f"commit: median {ms(lambda r: r.raw[0])} ms, p99 {ms(lambda r: r.raw[1])} ms | median "
        f"{ratio(lambda r: r.early[0], lambda r: r.raw[0])}, p99 "
        f"{ratio(lambda r: r.early[1], lambda r: r.raw[1])} |",
        f"| {where}: the same at event 20,000 | median {ms(lambda r: r.late[0])} ms, p99 "
        f"{ms(lambda r: r.late[1])} ms | the same at event 100 (above) | median "
        f"{ratio(lambda r: r.late[0], lambda r: r.early[0])}, p99 "
        f"{ratio(lambda r: r.late[1], lambda r: r.early[1])} |",
        f"| {where}: reopen a {events:,}-event game (TableGame.open) | "
        f"{rate(lambda r: r.reopen)} events/s | raw read + SHA-256 chain check: "
        f"{rate(lambda r: r.chain_raw)} events/s | "
        f"{ratio(lambda r: r.chain_raw, lambda r: r.reopen)} |",
        f"| {where}: verify the chain (open the file read-only, every row read once and hashed) | "
        f"{rate(lambda r: r.chain)} events/s | the same raw check | "
        f"{ratio(lambda r: r.chain_raw, lambda r: r.chain)} |",
        f"| {where}: full verify (chain, every command replayed, every snapshot compared) | "
        f"{rate(lambda r: r.verify)} events/s | the same raw check | "
        f"{ratio(lambda r: r.chain_raw, lambda r: r.verify)} |",
        f"| {where}: undo at event {SHORT:,}; at event {LONG:,} | "
        f"{ms(lambda r: r.short[0])} ms; {ms(lambda r: r.long[0])} ms | — | target < 50 ms |",
        f"| {where}: rewind 30 entries at event {SHORT:,}; at event {LONG:,} | "
        f"{ms(lambda r: r.short[1])} ms; {ms(lambda r: r.long[1])} ms | — | target < 50 ms |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tmpfs", default="/dev/shm")
    parser.add_argument("--disk", default=str(Path.home()))
    args = parser.parse_args()
    print_table(args.tmpfs, args.disk)


def print_table(tmpfs: str, disk: str) -> None:
    """The ledger's table: every row on tmpfs (software alone), then on the disk."""
    print(f"| what ({REPEATS} runs, each figure a / b / c) | ours | baseline, same run | ratio |")
    print("|---|---|---|---|")
    for where, folder in (("tmpfs", tmpfs), ("disk", disk)):
        if os.path.isdir(folder):
            for line in rows(Path(folder), where):
                print(line, flush=True)


if __name__ == "__main__":
    main()
