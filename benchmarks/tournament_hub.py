"""The tournament on the PostgreSQL hub at 200 and 1,000 games: results, standings, publishing.

    .venv/bin/python -m benchmarks.tournament_hub [--games 200 1000] [--repeat 5]

For each count, a tournament of 4 players a table is drawn, every table's SG game is recorded
in a file of its own (a throw, a purchase, time called after 60 minutes, the sheet collected),
then the games and the tournament are pushed to a fresh database on a throwaway PostgreSQL
(tests/postgres.py) and BANKER_HUB_URL names it, as at the desk of a hall with a hub (setup, not
measured). Measured, each the median of `--repeat` runs:

- results: every table's collected scoresheet read from the hub's copies (`read_sheets`: the
  DIVERGED marks, each game's rows, its chain checked, folded, scored), against a raw read of
  the same rows (plain SQL on one psycopg connection: one SELECT of each ledger table for all
  the games) read by turns with it (the ratio is the median of the pairs' ratios: each pair
  under the same load): a process's first read (what was kept forgotten before each), then
  reads again of the unchanged stage (the desk's; each game's outcome given as kept), and
  `collect_results` whole (the tournament read, the sheets, a new version);
- standings: `standings(tid, stage)` as the desk calls it (the tournament read from the hub,
  then ranked) and the ranking alone (`standings_of`), 200 against 1,000 games;
- publishing: the announcement (`published`), its CSV and its HTML page, from the hub's
  tournament.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import reduce
from pathlib import Path
from typing import Any

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import Hub, push_file
from app.hub.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from app.tournament.publishing import published, standings_csv, standings_html
from app.tournament.results import KEPT_SHEETS
from benchmarks.tournament import START, Clock, play_to_time
from models.tournament.changes import attach_game
from models.tournament.records import Player, Tournament
from tests import postgres

STAGE = "Qualifying"
# The rows reading a game's sheet reads (app/ledger/history.py), each table in one SELECT.
RAW = (
    "SELECT * FROM games WHERE id = ANY(%(ids)s)",
    "SELECT * FROM players WHERE game_id = ANY(%(ids)s) ORDER BY game_id, seat",
    "SELECT * FROM commands WHERE game_id = ANY(%(ids)s) ORDER BY game_id, command_no",
    "SELECT * FROM events WHERE game_id = ANY(%(ids)s) ORDER BY game_id, seq",
    "SELECT * FROM transfers WHERE game_id = ANY(%(ids)s) ORDER BY game_id, seq, idx",
    "SELECT game_id, seq, event_hash, format, hash FROM snapshots WHERE game_id = ANY(%(ids)s) "
    "ORDER BY game_id, seq",
)


def finished_game(t: Tournament, table: int, folder: Path) -> tuple[Path, str]:
    """Table `table`'s game in its own file, played as benchmarks.tournament plays it (a throw, a
    purchase, time called, the sheet collected). Returns the file and the game's id."""
    clock = Clock(START + timedelta(minutes=table))
    card = tournaments.table_card(t, STAGE, table)
    seats = card["players"]
    roll_off = tournaments.roll_off_from_throws(seats, "6+6 1+2 1+3 2+2")
    path = games.create_game(card | {"roll_off": roll_off}, "bench", None, t.minutes, clock,
                             folder)
    return path, play_to_time(path, seats, table, clock)


@dataclass(frozen=True)
class Hall:
    """One count's tournament on its own hub."""

    games: int
    tid: str
    url: str
    build_s: float
    push_s: float


def build(count: int, server: postgres.PostgresServer, folder: Path) -> Hall:
    """The tournament of `count` tables drawn and played in files, then put on a fresh hub."""
    os.environ.pop(HUB_URL_ENV, None)
    os.environ[DATA_DIR_ENV] = str(folder)
    began = time.perf_counter()
    t = tournaments.create(f"Bench Open {count}", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n:04}", name=f"Player {n:04}")
                                   for n in range(1, 4 * count + 1)])
    t = tournaments.draw(t.id, STAGE, seed=1)
    played = {table: finished_game(t, table, folder) for table in range(1, count + 1)}
    tournaments.change(t.id, lambda current: reduce(
        lambda done, item: attach_game(done, STAGE, item[0], str(item[1][0]), item[1][1]),
        sorted(played.items()), current), "bench: the tables' games")
    built = time.perf_counter() - began
    url = server.new_database()
    began = time.perf_counter()
    with Hub.open(url, create=True) as hub:
        for path, _ in played.values():
            push_file(hub, path)
    tournaments.push(t.id, url)
    os.environ[HUB_URL_ENV] = url
    return Hall(count, t.id, url, built, time.perf_counter() - began)


def median_s(step: Callable[[], Any], repeat: int) -> float:
    """The median wall time of `repeat` runs of `step`, in seconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        step()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def raw_read(url: str, ids: list[str]) -> int:
    """The games' rows by plain SQL on one new psycopg connection; returns the rows read."""
    import psycopg  # noqa: PLC0415 (the hub's driver)

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as connection:
        return sum(len(connection.execute(query, {"ids": ids}).fetchall()) for query in RAW)


def measure(hall: Hall, repeat: int) -> dict[str, float]:
    """Every measured step of one hall, in seconds."""
    os.environ[HUB_URL_ENV] = hall.url
    t = tournaments.load(hall.tid)
    refs = [g for g in t.games if g.stage == STAGE]
    ids = [g.game_id for g in refs if g.game_id]
    assert len(ids) == hall.games

    def sheets() -> None:
        notes: list[str] = []
        found = tournaments.read_sheets(refs, hall.url, notes)
        assert len(found) == hall.games and not notes, notes[:3]

    def collected() -> None:
        done, notes = tournaments.collect_results(hall.tid, STAGE, hub=hall.url)
        assert not notes and len([r for r in done.results if r.stage == STAGE]) == hall.games

    def first() -> float:
        KEPT_SHEETS.forget()  # as a fresh process: every game checked, folded and scored
        return median_s(sheets, 1)

    rows = raw_read(hall.url, ids)
    found: dict[str, float] = {"rows": rows}
    # The raw read and the results by turns, each pair one after the other, so the ratio of a
    # pair is of two reads under the same load; the figure given is the median of the pairs'.
    # First a process's first read of the stage, then the desk's reads again (from the third
    # on, each unchanged game's outcome is given as kept: app/tournament/results.py).
    for name, reading in (("first", first), ("sheets", lambda: median_s(sheets, 1))):
        pairs = [(median_s(lambda: raw_read(hall.url, ids), 1), reading())
                 for _ in range(repeat)]
        found[f"{name}_raw_s"] = statistics.median(raw for raw, _ in pairs)
        found[f"{name}_s"] = statistics.median(read for _, read in pairs)
        found[f"{name}_x"] = statistics.median(read / raw for raw, read in pairs)
    found["raw_s"] = found["sheets_raw_s"]
    found["collect_s"] = median_s(collected, repeat)
    done = tournaments.load(hall.tid)
    assert tournaments.standings_of(done, STAGE).complete
    found["standings_s"] = median_s(lambda: tournaments.standings(hall.tid, STAGE), repeat)
    found["ranking_s"] = median_s(lambda: tournaments.standings_of(done, STAGE), repeat)
    found["load_s"] = median_s(lambda: tournaments.load(hall.tid), repeat)

    def publish() -> None:
        data = published(tournaments.load(hall.tid), STAGE, START)
        standings_csv(data)
        standings_html(data)

    found["publish_s"] = median_s(publish, repeat)
    return found


def rows(counts: list[int], repeat: int) -> list[str]:
    """The Markdown rows for docs/benchmarks.md."""
    server = postgres.server()
    if server is None:
        return [f"| PostgreSQL hub not measured | {postgres.skip_reason()} |"]
    measured: dict[int, dict[str, float]] = {}
    lines = []
    with tempfile.TemporaryDirectory() as name:
        for count in counts:
            folder = Path(name) / str(count)
            folder.mkdir()
            hall = build(count, server, folder)
            lines.append(f"| {count} games: build (setup) | {hall.build_s:.1f} s, pushed to the "
                         f"hub in {hall.push_s:.1f} s |")
            measured[count] = found = measure(hall, repeat)
            ms = {k: 1000 * v for k, v in found.items() if k.endswith("_s")}
            lines += [
                f"| {count} games: raw read of their rows ({found['rows']:,.0f} rows, one "
                f"connection) | {ms['raw_s']:.0f} ms |",
                f"| {count} games: results read from the hub (`read_sheets`), a process's "
                f"first read | {ms['first_s']:.0f} ms ({ms['first_s'] / count:.2f} ms a game; "
                f"{found['first_x']:.1f}x raw, the median of {repeat} pairs read by turns) |",
                f"| {count} games: results read again, unchanged | "
                f"{ms['sheets_s']:.0f} ms ({ms['sheets_s'] / count:.2f} ms a game; "
                f"{found['sheets_x']:.1f}x raw, the median of {repeat} pairs read by turns) |",
                f"| {count} games: results taken in whole (`collect_results --hub`) | "
                f"{ms['collect_s']:.0f} ms ({found['collect_s'] / found['raw_s']:.1f}x raw) |",
                f"| {count} games: the tournament read from the hub (`load`) | "
                f"{ms['load_s']:.0f} ms |",
                f"| {count} games: standings ({4 * count:,} players, `standings`, read and "
                f"ranked) | {ms['standings_s']:.0f} ms (ranking alone {ms['ranking_s']:.0f} ms) |",
                f"| {count} games: publishing (read, `published`, CSV, HTML) | "
                f"{ms['publish_s']:.0f} ms |",
            ]
    if len(counts) == 2:
        small, large = (measured[c] for c in counts)
        players = counts[1] / counts[0]
        lines.append(
            f"| {counts[1]} against {counts[0]} games ({players:.0f}x the players) | standings "
            f"{large['standings_s'] / small['standings_s']:.1f}x (ranking alone "
            f"{large['ranking_s'] / small['ranking_s']:.1f}x), publishing "
            f"{large['publish_s'] / small['publish_s']:.1f}x, results "
            f"{large['sheets_s'] / small['sheets_s']:.1f}x |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    print("| benchmark | result |\n|---|---|")
    for line in rows(args.games, args.repeat):
        print(line, flush=True)


if __name__ == "__main__":
    main()
