"""Standings over 200 finished games: each a real ledger played to time and its sheet collected.

    .venv/bin/python -m benchmarks.tournament [--games 200] [--no-hub]

Prints the time to build the games (not the measurement), then the measured steps: reading every
table's collected scoresheet into the tournament (open, verify the chain, fold, score) from the
tables' files, then from the hub (every game pushed to a SQLite hub file, and to PostgreSQL when
tests/postgres.py's throwaway server can start), and the standings with advancement over all of
them (the pure ranking, repeated for a median)."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import Hub, push_file
from app.table.command_text import parse_command
from app.tournament import service as tournaments
from models.tournament.records import Player
from models.tournament.standings import standings

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the script moves: every reading a second later."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def finished_game(tid: str, table: int, folder: Path) -> None:
    """Table `table`'s game: seat 1 throws and buys the deed it lands on, time is called after
    60 minutes, the sheet collected."""
    clock = Clock(START + timedelta(minutes=table))
    card = tournaments.table_card(tournaments.load(tid), "Qualifying", table)
    seats = card["players"]
    roll_off = tournaments.roll_off_from_throws(seats, "6+6 1+2 1+3 2+2")
    path = tournaments.start_table(tid, "Qualifying", table, roll_off, "bench", None, clock,
                                   folder)
    play_to_time(path, seats, table, clock)


def play_to_time(path: Path, seats: list[str], table: int, clock: Clock) -> str:
    """Play the table's game at `path`: seat 1 throws and buys, time is called after 60
    minutes, the sheet collected. Returns the game's id."""
    game = games.open_game(path, now=clock)
    try:
        dice = [1, 2] if table % 2 else [2, 3]  # a street for M60, or a railway for M200
        for line in ({"type": "start_clock"}, {"type": "roll", "player": seats[0], "dice": dice},
                     {"type": "buy", "player": seats[0]}):
            game.submit(parse_command(line))
        clock.at += timedelta(minutes=61)
        game.submit(parse_command({"type": "clock_tick"}))
        game.submit(parse_command({"type": "collect_scoresheet"}))
        assert game.game_id is not None
        return game.game_id
    finally:
        game.close()


def hubs(folder: Path) -> list[tuple[str, str]]:
    """The hubs to read from: a SQLite file always, PostgreSQL when its server can start."""
    from tests import postgres  # noqa: PLC0415 (the throwaway server of the hub's tests)

    found = [("SQLite hub file", str(folder / "hub.db"))]
    server = postgres.server()
    if server is None:
        print(f"PostgreSQL hub not measured: {postgres.skip_reason()}")
    else:
        found.append(("PostgreSQL hub (127.0.0.1)", server.new_database()))
    return found


def from_hub(tid: str, url: str, paths: list[Path]) -> dict[str, float]:
    """Push every game to the hub (setup), then time reading every sheet from the hub's copies."""
    began = time.perf_counter()
    with Hub.open(url, create=True) as hub:
        for path in paths:
            push_file(hub, path)
    pushed = time.perf_counter() - began
    began = time.perf_counter()
    _, notes = tournaments.collect_results(tid, "Qualifying", hub=url)
    collected = time.perf_counter() - began
    assert not notes, notes[:3]
    return {"push_s": pushed, "collect_s": collected}


@dataclass(frozen=True)
class Measured:
    """What run() measured (seconds, but the standings in milliseconds)."""

    games: int
    build_s: float
    collect_s: float
    standings_ms: float
    hubs: dict[str, dict[str, float]]  # per hub: push_s (setup) and collect_s


def run(count: int, hub: bool = True) -> Measured:
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        t = tournaments.create("Bench Open", "sg-championship")
        tournaments.add_players(t.id, [Player(id=f"P{n:04}", name=f"Player {n:04}")
                                       for n in range(1, 4 * count + 1)])
        tournaments.draw(t.id, "Qualifying", seed=1)
        began = time.perf_counter()
        for table in range(1, count + 1):
            finished_game(t.id, table, Path(folder))
        built = time.perf_counter() - began
        began = time.perf_counter()
        done, notes = tournaments.collect_results(t.id, "Qualifying")
        collected = time.perf_counter() - began
        assert not notes, notes[:3]
        paths = sorted(Path(folder).glob("*.db"))
        assert len(paths) == count
        on_hubs = {name: from_hub(t.id, url, paths)
                   for name, url in (hubs(Path(folder)) if hub else [])}
        times = []
        for _ in range(7):
            began = time.perf_counter()
            found = standings(done, "Qualifying")
            times.append(time.perf_counter() - began)
        assert found.complete and len(found.rows) == 4 * count
    return Measured(count, built, collected, 1000 * statistics.median(times), on_hubs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--no-hub", action="store_true", help="Read from the files only.")
    args = parser.parse_args()
    found = run(args.games, hub=not args.no_hub)
    count, collect = found.games, found.collect_s
    print(f"built {count} finished games in {found.build_s:.1f} s (not measured)")
    print("| benchmark | result |\n|---|---|")
    print(f"| read {count} collected scoresheets into the tournament, from the tables' files | "
          f"{collect:.2f} s ({1000 * collect / count:.1f} ms a game) |")
    for name, took in found.hubs.items():
        print(f"| push the {count} games to the {name} (setup) | {took['push_s']:.1f} s |")
        print(f"| read {count} collected scoresheets from the {name} | "
              f"{took['collect_s']:.2f} s ({1000 * took['collect_s'] / count:.1f} ms a game) |")
    print(f"| standings and advancement over {4 * count} players | "
          f"{found.standings_ms:.1f} ms (median of 7) |")


if __name__ == "__main__":
    main()
