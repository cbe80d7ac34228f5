"""The judge's services on long games: net worth over the game, every entry in words, a position
and a difference (issue 13).

Run: `.venv/bin/python -m benchmarks.review [--folder /dev/shm]`; each game is random legal play
recorded through TableGame (benchmarks.games), 5 runs each, the median and the fastest."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

from app.review import service as review
from app.table.service import TableGame
from benchmarks.games import open_game, play_to

SIZES = (3_000, 20_000)
RUNS = 5


def _timed(service: Callable[[TableGame], object], game: TableGame) -> tuple[float, float]:
    spent = []
    for _ in range(RUNS):
        began = time.perf_counter()
        service(game)
        spent.append(time.perf_counter() - began)
    return statistics.median(spent), min(spent)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", default=None, help="Where the games are recorded.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        print(f"load average {os.getloadavg()[0]:.1f}")
        print("| service | " + " | ".join(f"{n:,} entries" for n in SIZES) + " |")
        print("|---|" + "---|" * len(SIZES))
        games = []
        for size in SIZES:
            db = str(Path(folder) / f"review-{size}.db")
            game = open_game(db)
            play_to(game, size, Random(3))
            game.idle()
            game.close()
            games.append(TableGame.open(db, readonly=True))
        rows: dict[str, Callable[[TableGame], object]] = {
            "worth_series": review.worth_series,
            "entries": review.entries,
            "state_at_json (two thirds in)": lambda g: review.state_at_json(
                g, g.head_seq * 2 // 3 + 7),
            "diff (entry 10 to two thirds in)": lambda g: review.diff(
                g, 10, g.head_seq * 2 // 3 + 7),
            "disputes": review.disputes,
        }
        for name, service in rows.items():
            cells = []
            for game in games:
                median, fastest = _timed(service, game)
                cells.append(f"{median * 1000:.0f} ms (fastest {fastest * 1000:.0f})")
            print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
