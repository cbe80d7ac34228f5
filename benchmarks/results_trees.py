"""The results of a stage read from the hub by two trees in one run (issue 31's results row):
this checkout and another (the tree before a change), on the same hall, by turns.

    python -m benchmarks.results_trees --root BEFORE [--games 1000] [--rounds 3]

The hall is built once (benchmarks/tournament_hub.py: `--games` tables of four, each game in a
file of its own, pushed to a fresh database on a throwaway PostgreSQL). Then each round runs one
fresh process per tree, by turns, so a change in the machine's load falls on both alike. Each
process reads the sheets once unmeasured, then five times three reads, each after the plain
SELECT of the same rows (`tournament_hub.raw_read`), what the results keep forgotten before
each three (app/tournament/results.py `KEPT_SHEETS`): a fresh process's first read, the
second (which keeps each game's outcome) and the third, nothing changed (the desk's next
look). It prints the medians of each: the wall time, its CPU time (`time.process_time`, which
the other engineers' load sways less; then with the CPU of the copies of the process that read
a share of the games, app/tournament/forked.py, as `os.times()` counts them once reaped) and
the ratio to the SELECT.
It also prints a digest of the sheets less `printed_by` (each tree's own version): equal digests
say the two trees read the same results. The medians over the rounds are printed last.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(tid: str, url: str) -> None:
    """One tree's reads (run in a process of that tree): one line of JSON. Each of the five
    times, what the results keep forgotten first (as in a fresh process): three reads of the
    sheets, each after the plain SELECT: every game checked (the first read keeps nothing),
    every game checked and its outcome kept (the second), and the third with nothing changed
    (given what was kept; a tree that keeps nothing reads every game again)."""
    from app.tournament import results  # noqa: PLC0415
    from app.tournament import service as tournaments  # noqa: PLC0415
    from benchmarks import tournament_hub  # noqa: PLC0415

    kept = getattr(results, "KEPT_SHEETS", None)  # the other tree may keep nothing
    refs = [g for g in tournaments.load(tid).games if g.stage == tournament_hub.STAGE]
    ids = [g.game_id for g in refs if g.game_id]
    found = tournaments.read_sheets(refs, url, [])
    for sheet in found.values():
        sheet["footer"].pop("printed_by", None)
    digest = hashlib.sha256(json.dumps(found, sort_keys=True).encode()).hexdigest()[:16]
    times: dict[str, list[float]] = {f"{kind}_{what}": [] for kind
                                     in ("wall", "cpu", "all", "raw", "x") for what in WHAT}
    for _ in range(5):
        if kept is not None:
            kept.forget()  # as a fresh process
        for what in ("checked", "second", "again"):
            began = time.perf_counter()
            tournament_hub.raw_read(url, ids)
            raw_end = time.perf_counter()
            cpu, spent = time.process_time(), os.times()
            notes: list[str] = []
            assert len(tournaments.read_sheets(refs, url, notes)) == len(refs) and not notes
            times[f"cpu_{what}"].append(time.process_time() - cpu)
            done = os.times()  # the copies' CPU (app/tournament/forked.py), once reaped
            times[f"all_{what}"].append(times[f"cpu_{what}"][-1] + done.children_user
                                        - spent.children_user + done.children_system
                                        - spent.children_system)
            wall = time.perf_counter() - raw_end
            times[f"wall_{what}"].append(wall)
            times[f"raw_{what}"].append(raw_end - began)
            times[f"x_{what}"].append(wall / (raw_end - began))
    print(json.dumps({"digest": digest} | {name: statistics.median(values)
                                           for name, values in times.items()}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", required=True, help="the other tree (e.g. the one before)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", nargs=2, metavar=("TID", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    from benchmarks import tournament_hub  # noqa: PLC0415
    from tests import postgres  # noqa: PLC0415

    server = postgres.server()
    if server is None:
        raise SystemExit(f"PostgreSQL cannot start here: {postgres.skip_reason()}")
    trees = {"other (--root)": str(Path(args.root).resolve()), "this checkout": str(ROOT)}
    got: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "results"
        folder.mkdir()
        hall = tournament_hub.build(args.games, server, folder)
        print(f"{args.games} games; {os.cpu_count()} cores", flush=True)
        for number in range(args.rounds):
            for label, tree in trees.items():
                env = {**os.environ, "PYTHONPATH": tree}
                # This file run in the tree's own directory, on its own modules (the other
                # tree may not have this file).
                done = subprocess.run(
                    [sys.executable, "-c", f"import runpy; runpy.run_path({__file__!r}, "
                     "run_name='__main__')", "--root", tree, "--child", hall.tid, hall.url],
                    cwd=tree, env=env, capture_output=True, text=True, check=True)
                found = json.loads(done.stdout.strip().splitlines()[-1])
                got[label].append(found)
                for what, words in WHAT.items():
                    print(f"round {number + 1}, {label}, {words}: sheets "
                          f"{1000 * found['wall_' + what]:.0f} ms (CPU "
                          f"{1000 * found['cpu_' + what]:.0f} ms, copies included "
                          f"{1000 * found.get('all_' + what, found['cpu_' + what]):.0f} ms), "
                          "SELECT "
                          f"{1000 * found['raw_' + what]:.0f} ms, {found['x_' + what]:.2f}x; "
                          f"digest {found['digest']}; load {os.getloadavg()[0]:.1f}", flush=True)
    for label, rounds in got.items():
        for what, words in WHAT.items():
            every = statistics.median(r.get("all_" + what, r["cpu_" + what]) for r in rounds)
            print(f"{label}, {words}: median over {len(rounds)} rounds: sheets "
                  f"{1000 * statistics.median(r['wall_' + what] for r in rounds):.0f} ms, CPU "
                  f"{1000 * statistics.median(r['cpu_' + what] for r in rounds):.0f} ms, "
                  f"copies included {1000 * every:.0f} ms, "
                  f"{statistics.median(r['x_' + what] for r in rounds):.2f}x the SELECT")


WHAT = {"checked": "first read, every game checked", "second": "second read, each game kept",
        "again": "third read, unchanged"}


if __name__ == "__main__":
    main()
