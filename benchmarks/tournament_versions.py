"""A tournament's history on the hub: 400 players, 107 versions, stored as deltas (issue 29)
against every version whole (as before migration 0015), on PostgreSQL (tests/postgres.py; a
SQLite hub when no server can start).

    .venv/bin/python -m benchmarks.tournament_versions [--repeat 9]

The same 107 changes are made on two fresh hubs: one as this version stores them (a delta from
the version before, whole every 64 or when the deltas add up to a document), one with every
version whole (SNAPSHOT_EVERY = 1, the store before). The changes: created, 400 players
entered, 100 check-ins of 4 players, the draw of 100 tables, 4 changes attaching 25 tables'
games each. Measured: the bytes the versions hold, and the median of `--repeat` reads of the
latest version (`get`, as the desk and the windows read it: again, and as a process's first
reading, nothing read before) and of the slowest version to read (the one with the most deltas
since a whole one, `at`, a first reading)."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from app.hub import Hub
from app.hub.schema import hub_tournaments
from app.tournament import hub_store, hub_versions
from app.tournament.hub_store import HubTournaments
from models.tournament.changes import add_players, attach_game, check_in, draw, new_tournament
from models.tournament.records import Player, Tournament
from tests import postgres

AT = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
PLAYERS = 400


def history(held: HubTournaments) -> str:
    """The 107 versions of the tournament on `held`'s hub. Returns its id."""
    t = new_tournament("Versions Open", "sg-championship", (4, 5))
    stage = t.stages[0].name
    held.put(t, "created", new=True)
    people = [Player(id=f"P{n:04}", name=f"Player {n:04}", contact=f"p{n}@mail.sg")
              for n in range(1, PLAYERS + 1)]
    held.update(t.id, lambda c: add_players(c, people, AT), "players entered")
    for batch in range(PLAYERS // 4):
        ids = [p.id for p in people[4 * batch:4 * batch + 4]]
        held.update(t.id, lambda c, ids=ids, n=batch: check_in(
            c, stage, ids, "Desk", AT + timedelta(seconds=n)), "checked in")
    held.update(t.id, lambda c: draw(c, stage, 1, AT + timedelta(hours=1)), "drawn")
    for part in range(4):
        def attached(c: Tournament, part: int = part) -> Tournament:
            for table in range(25 * part + 1, 25 * part + 26):
                c = attach_game(c, stage, table, f"games/t{table}.db", f"g{table:03}")
            return c
        held.update(t.id, attached, "games attached")
    return t.id


@contextmanager
def whole_every(count: int) -> Iterator[None]:
    """hub_versions.SNAPSHOT_EVERY set to `count` for the block."""
    kept = hub_versions.SNAPSHOT_EVERY
    hub_versions.SNAPSHOT_EVERY = count
    try:
        yield
    finally:
        hub_versions.SNAPSHOT_EVERY = kept


def median_ms(step: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        step()
        times.append(time.perf_counter() - began)
    return 1000 * statistics.median(times)


def measure(url: str, every: int, repeat: int) -> dict[str, float]:
    """The history made on the hub at `url` with a whole version every `every`, then read."""
    with whole_every(every), Hub.open(url, create=True) as hub:
        held = HubTournaments(hub)
        tid = history(held)
        with hub.database.read() as connection:
            rows = connection.execute(select(hub_tournaments.c.version, hub_tournaments.c.base,
                                             func.length(hub_tournaments.c.document))
                                      .where(hub_tournaments.c.tournament_id == tid)
                                      .order_by(hub_tournaments.c.version)).all()
        wholes = [r[0] for r in rows if r[1] is None]
        # The slowest to read: the most deltas since the whole version before it.
        slowest = max(rows, key=lambda r: r[0] - max(w for w in wholes if w <= r[0]))[0]
        held.get(tid)  # warm
        def cold(step: Callable[[], Any]) -> Callable[[], Any]:
            def run() -> Any:  # as a process's first reading: nothing read before
                hub_versions._LAST.clear()
                hub_store._READ.clear()
                return step()
            return run
        return {"versions": len(rows), "bytes": sum(r[2] for r in rows),
                "wholes": len(wholes), "slowest": slowest,
                "latest_ms": median_ms(lambda: held.get(tid), repeat),
                "latest_cold_ms": median_ms(cold(lambda: held.get(tid)), repeat),
                "at_ms": median_ms(cold(lambda: held.at(tid, slowest)), repeat)}


def rows(repeat: int) -> list[str]:
    """The Markdown rows for docs/benchmarks.md."""
    server = postgres.server()
    with tempfile.TemporaryDirectory() as name:
        def fresh(label: str) -> str:
            return str(Path(name) / f"{label}.db") if server is None else server.new_database()
        where = "a SQLite hub" if server is None else "PostgreSQL"
        before = measure(fresh("whole"), 1, repeat)
        after = measure(fresh("deltas"), hub_versions.SNAPSHOT_EVERY, repeat)
    mb = 1024 * 1024
    return [
        f"| {PLAYERS} players, {after['versions']:.0f} versions ({where}): held, every version "
        f"whole (before) | {before['bytes'] / mb:.1f} MB |",
        f"| the same, as deltas (whole every {hub_versions.SNAPSHOT_EVERY} or when the deltas "
        f"add up to a document: {after['wholes']:.0f} whole) | {after['bytes'] / mb:.2f} MB "
        f"({before['bytes'] / after['bytes']:.0f}x less) |",
        f"| the latest version read again (`get`, contacts merged: a window's poll, the "
        f"desk's next change), whole / deltas | {before['latest_ms']:.1f} ms / "
        f"{after['latest_ms']:.1f} ms |",
        f"| the latest version, a process's first reading, whole / deltas | "
        f"{before['latest_cold_ms']:.1f} ms / {after['latest_cold_ms']:.1f} ms |",
        f"| the slowest version to read, first reading (`at`, version {after['slowest']:.0f}: "
        f"the most deltas "
        f"since a whole one), whole / deltas | {before['at_ms']:.1f} ms / "
        f"{after['at_ms']:.1f} ms |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    print("| benchmark | result |\n|---|---|")
    for line in rows(args.repeat):
        print(line, flush=True)


if __name__ == "__main__":
    main()
