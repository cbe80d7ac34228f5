"""What the app's version costs (issue 32): `banker --version` against a bare `python -c pass`,
and opening a long game with and without reading the version on its record, in one run.

    .venv/bin/python -m benchmarks.version [--runs N] [--events N]

- `banker --version`: a fresh process each run (`banker --version` in a copy of the tree without
  git, as an installed wheel answers from its metadata; and in this checkout, which asks git
  through setuptools-scm), beside `python -c pass` and `banker --help` (its target: under 150
  ms), the cases taking turns in each round; the median of each one's CPU time (user and
  system, its own process: the machine's load sways it less than the wall time).
- Opening: `TableGame.open` on a classic game of `--events` entries (benchmarks.speed builds it
  once), with the version read from its rows (app/table/versions.py) and with that step replaced
  by nothing, the two taking turns in each round; the median CPU seconds of each, their ratio.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app.table import loading, versions
from app.table.service import TableGame
from benchmarks.speed import game_file

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "from ui.entry import main; main()"
TREE = ("app", "models", "ui", "resources", "migrations", "pyproject.toml")


def timed(argv: list[str], cwd: Path) -> float:
    """The CPU seconds (user and system) the program took: less swayed by the machine's load
    than its wall time, on a box other runs share."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def version_runs(runs: int) -> dict[str, float]:
    """The medians, in ms, of `python -c pass` and `banker --version` installed-like and here."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "tree"
        for name in TREE:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                copy.mkdir(exist_ok=True)
                shutil.copy2(source, copy / name)
        cases = {"python -c pass": ([sys.executable, "-c", "pass"], copy),
                 "banker --help": ([sys.executable, "-c", ENTRY, "--help"], copy),
                 "banker --version, no git (an install)":
                     ([sys.executable, "-c", ENTRY, "--version"], copy),
                 "banker --version, in the checkout (git)":
                     ([sys.executable, "-c", ENTRY, "--version"], ROOT)}
        for argv, cwd in cases.values():  # bytecode written once, as an install has it
            timed(argv, cwd)
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, (argv, cwd) in cases.items():
                times[name].append(timed(argv, cwd))
    return {name: statistics.median(found) * 1000 for name, found in times.items()}


def opening_runs(events: int, runs: int) -> tuple[float, float]:
    """Median seconds to open the game with the version read, and without."""
    path = game_file(events)
    real = versions.latest
    with_version: list[float] = []
    without: list[float] = []
    for _ in range(runs):
        for reading, into in ((True, with_version), (False, without)):
            loading.versions.latest = real if reading else (lambda *_: None)  # type: ignore[attr-defined]
            began = time.process_time()
            TableGame.open(str(path), readonly=True).close()
            into.append(time.process_time() - began)
    loading.versions.latest = real  # type: ignore[attr-defined]
    return statistics.median(with_version), statistics.median(without)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--events", type=int, default=20000)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for name, ms in version_runs(args.runs).items():
        print(f"| {name} | {ms:.0f} ms |")
    read, skipped = opening_runs(args.events, args.runs)
    print(f"| open {args.events} entries, version read | {read * 1000:.0f} ms |")
    print(f"| open {args.events} entries, version step skipped | {skipped * 1000:.0f} ms "
          f"| ratio {read / skipped:.3f} |")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
