"""The hall's case: N table processes copying to a durable PostgreSQL hub, against a raw copier.

    .venv/bin/python -m benchmarks.hall [--tables 16 64] [--seconds 30] [--quick]

A throwaway PostgreSQL (Debian's, as tests/postgres.py starts it) but durable: fsync on,
synchronous_commit on, full_page_writes on (the defaults; the tests' server runs with fsync
off). Each table is a process of its own (multiprocessing, forked once everything is
imported), as each table is a laptop of its own in a hall: it records one command every 200 ms
(random legal play through TableGame) into its own SQLite ledger, its copier (the app's
Replicator, told of each entry as the window tells it) copying to the hub, and beside it in the
same process a raw copier of the same entries to a database of its own on the same server (the
plainest psycopg copy: the new rows read from the file, one INSERT of them, one commit), told
alike. The lag of an entry is the time from its commit at the table to the copier's commit of it
on the hub, each clock read in the table's own process; p50 and p99 over every entry of every
table, for the copier and for the raw copier in the same run, and their ratio.

Then the reads at the desk (`--reads`, or alone with `--reads-only`), on the same durable
server (benchmarks/tournament_hub.py builds and measures them): the results of 1,000 games
(`read_sheets`) against the plainest SELECT of the same rows, read by turns (the median of the
pairs' ratios): a process's first read (what the results keep forgotten before each) and the
reads again of the unchanged stage (each game's outcome given as kept), and the standings read
from the hub (`standings`: the tournament read, then ranked) at 64, 128 and 256 players (16, 32
and 64 tables of four), each the median of 7.

`--quick`: 16 tables only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sqlite3
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from app.hub import Hub, Replicator
from app.hub.records import Receipt
from app.tournament import service as tournaments
from benchmarks import tournament_hub
from benchmarks.games import next_command, open_game
from tests import postgres

PACE_S = 0.2
"""One command every 200 ms at each table."""

_RAW_TABLE = """
CREATE TABLE raw_events (game_id text, seq int, command_no int, type text, payload text,
 actor_role text, actor_name text, recorded_at text, clock_ms int, prev_hash text, hash text,
 PRIMARY KEY (game_id, seq))
"""
_COLUMNS = ("game_id", "seq", "command_no", "type", "payload", "actor_role", "actor_name",
            "recorded_at", "clock_ms", "prev_hash", "hash")
_RAW_INSERT = "INSERT INTO raw_events VALUES ({})".format(", ".join(["%s"] * len(_COLUMNS)))
_RAW_READ = f"SELECT {', '.join(_COLUMNS)} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"


class DurableServer(postgres.PostgresServer):
    """The tests' throwaway server, started durable: fsync, synchronous_commit and
    full_page_writes on (PostgreSQL's defaults), room for every table's connections."""

    def start(self) -> None:
        options = (f"-p {self.port} -h 127.0.0.1 -k {self.folder} -c fsync=on "
                   "-c synchronous_commit=on -c full_page_writes=on -c max_connections=300")
        self._run(postgres.BIN / "pg_ctl", "-D", self.data, "-o", options, "-l",
                  self.folder / "log", "-w", "-t", "30", "start")


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


class RawCopier:
    """The plainest copy of a table's new entries: read from the file, one INSERT of them (one
    statement, psycopg's executemany in a pipeline), one commit; each entry's time of commit."""

    def __init__(self, db: str, game_id: str, url: str) -> None:
        import psycopg  # noqa: PLC0415 (the hub's driver)

        self.file = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
        self.hub = psycopg.connect(_plain(url))
        self.game_id, self.copied = game_id, 0
        self.held: dict[int, float] = {}
        self.wake, self.stopping = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while True:
            self.wake.wait(1.0)
            self.wake.clear()
            stop = self.stopping.is_set()
            rows = self.file.execute(_RAW_READ, (self.game_id, self.copied)).fetchall()
            if rows:
                with self.hub.cursor() as cursor:
                    cursor.executemany(_RAW_INSERT, rows)
                self.hub.commit()
                at = time.perf_counter()
                for row in rows:
                    self.held[row[1]] = at
                self.copied = rows[-1][1]
            if stop:
                return

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        self.thread.join(60)
        self.hub.close()
        self.file.close()


class TimedReplicator(Replicator):
    """The app's copier, each entry's time of arrival on the hub taken where the raw copier
    takes its own: in the copier's thread, as the hub's receipt comes back (after its commit)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: dict[int, float] = {}
        self.seen = 0

    def _received(self, receipt: Receipt) -> None:
        at = time.perf_counter()
        for seq in range(self.seen + 1, receipt.head[0] + 1):
            self.held[seq] = at
        self.seen = max(self.seen, receipt.head[0])
        super()._received(receipt)


@dataclass(frozen=True)
class Table:
    """One table's run: each entry's lag (ms) for the copier and for the raw copier."""

    copier: list[float]
    raw: list[float]
    entries: int
    late: int  # commands recorded later than their 200 ms slot (the process was behind)


def table(number: int, folder: str, hub: str, raw: str, seconds: float, start: Any,
          out: Any) -> None:
    """One table's process: ready, then wait for the hall's start, record for `seconds`."""
    rng = Random(number)
    game = open_game(os.path.join(folder, f"table-{number}.db"), seed=number)
    game_id = game.game_id or ""
    copier = TimedReplicator(game.ledger.location, hub, game_id=game_id, poll=2.0).start()
    assert copier.wait_copied(game.head_seq, 60), copier.status()
    plain = RawCopier(game.ledger.location, game_id, raw)
    plain.copied = game.head_seq
    plain.thread.start()
    committed: dict[int, float] = {}
    first = game.head_seq
    start.wait()
    began = time.perf_counter() + rng.random() * PACE_S  # tables do not record in step
    late = 0
    slot = 0
    while slot * PACE_S < seconds:
        wait = began + slot * PACE_S - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        else:
            late += wait < -PACE_S
        before = game.head_seq
        game.submit(next_command(game, rng))
        at = time.perf_counter()
        for seq in range(before + 1, game.head_seq + 1):
            committed[seq] = at
        copier.notify()
        plain.wake.set()
        slot += 1
    assert copier.wait_copied(game.head_seq, 120), copier.status()
    copier.stop()
    plain.stop()
    game.close()
    held = copier.held
    out.put(Table([(held[s] - committed[s]) * 1000 for s in committed if s in held],
                  [(plain.held[s] - committed[s]) * 1000 for s in committed if s in plain.held],
                  game.head_seq - first, late))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hall(server: postgres.PostgresServer, tables: int, seconds: float) -> str:
    """One run of `tables` table processes; the Markdown row."""
    import psycopg  # noqa: PLC0415

    hub, raw = server.new_database(), server.new_database()
    Hub.open(hub, create=True).close()
    with psycopg.connect(_plain(raw)) as connection:
        connection.execute(_RAW_TABLE)
    context = multiprocessing.get_context("fork")
    start, out = context.Event(), context.Queue()
    with tempfile.TemporaryDirectory() as folder:
        processes = [context.Process(target=table, args=(n, folder, hub, raw, seconds, start,
                                                         out)) for n in range(1, tables + 1)]
        for process in processes:
            process.start()
        time.sleep(1.0)
        load = os.getloadavg()[0]
        start.set()
        results = [out.get(timeout=seconds + 600) for _ in processes]
        for process in processes:
            process.join(60)
    load_after = os.getloadavg()[0]
    copier = [lag for r in results for lag in r.copier]
    plain = [lag for r in results for lag in r.raw]
    entries = sum(r.entries for r in results)
    late = sum(r.late for r in results)
    c50, c99, r50, r99 = (_pct(copier, 0.5), _pct(copier, 0.99), _pct(plain, 0.5),
                          _pct(plain, 0.99))
    return (f"| {tables} tables, {seconds:.0f} s ({entries:,} entries; {late} commands more "
            f"than a slot late) | p50 {c50:.0f} ms, p99 {c99:.0f} ms | p50 {r50:.0f} ms, p99 "
            f"{r99:.0f} ms | {c50 / r50:.1f}x, {c99 / r99:.1f}x | {load:.1f} / "
            f"{load_after:.1f} |")


def reads(server: postgres.PostgresServer, games: int, players: list[int]) -> list[str]:
    """The results of `games` games and the standings at each count of `players`: the rows."""
    lines = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "results"
        folder.mkdir()
        hall_ = tournament_hub.build(games, server, folder)
        load = os.getloadavg()[0]
        found = tournament_hub.measure(hall_, 7)
        for kind, words in (("first", "a process's first read"),
                            ("sheets", "read again, unchanged")):
            lines.append(f"| results of {games:,} games (`read_sheets`, {words}) against the "
                         f"plain SELECT of their {found['rows']:,.0f} rows | "
                         f"{1000 * found[kind + '_s']:.0f} ms against "
                         f"{1000 * found[kind + '_raw_s']:.0f} ms: {found[kind + '_x']:.1f}x "
                         f"(median of 7 pairs read by turns) | {load:.1f} |")
        timed = {}
        for count in players:
            folder = Path(name) / f"standings-{count}"
            folder.mkdir()
            small = tournament_hub.build(count // 4, server, folder)
            load = os.getloadavg()[0]
            timed[count] = tournament_hub.median_s(
                lambda small=small: tournaments.standings(small.tid, tournament_hub.STAGE), 7)
            lines.append(f"| standings read from the hub, {count} players | "
                         f"{1000 * timed[count]:.1f} ms | {load:.1f} |")
        first, last = players[0], players[-1]
        lines.append(f"| standings, {last // first}x the players ({first} to {last}) | "
                     f"{timed[last] / timed[first]:.1f}x the time | |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--quick", action="store_true", help="16 tables only")
    parser.add_argument("--reads", action="store_true", help="the results and standings too")
    parser.add_argument("--reads-only", action="store_true", help="the reads alone")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[64, 128, 256])
    args = parser.parse_args()
    if postgres.skip_reason() is not None:
        raise SystemExit(f"PostgreSQL cannot start here: {postgres.skip_reason()}")
    server = DurableServer()
    try:
        print(f"{os.cpu_count()} cores; PostgreSQL {postgres.BIN.parent.name}, fsync on")
        if not args.reads_only:
            print("| hall | copier (the app's) | raw copier, same run | copier / raw (p50, "
                  "p99) | load average at start / end |")
            print("|---|---|---|---|---|")
            for tables in [16] if args.quick else args.tables:
                print(hall(server, tables, args.seconds), flush=True)
        if args.reads or args.reads_only:
            print("| read | result | load average |\n|---|---|---|")
            for line in reads(server, args.games, args.players):
                print(line, flush=True)
    finally:
        server.remove()


if __name__ == "__main__":
    main()
