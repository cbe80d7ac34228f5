"""The standalone bundle against the venv (issue 23): size, `banker --help`, and launch to the first
painted window, each program run as a banker runs it (a fresh process, a working folder outside
the checkout, no PYTHON* variables, a fresh data folder holding the shipped examples' games).

    .venv/bin/python -m benchmarks.startup [--runs N] [--against FOLDER]
    (build the bundle first: ./dev bundle; --against: another bundle's folder, e.g. one built
    before a change, measured in the same run, taking turns; the venv is left out where this
    checkout has none, as in a worktree)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv" / "bin" / "banker"
BUNDLE = ROOT / "dist" / "championship-banker"
EXAMPLES = ROOT / "resources" / "examples"


def clean_env(home: Path, data: Path, **extra: str) -> dict[str, str]:
    """A banker's session: no Python of the project's on the path, the data folder given."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
           "BANKER_DATA_DIR": str(data), "QT_QPA_PLATFORM": os.environ.get(
               "QT_QPA_PLATFORM", "offscreen")}
    for key in ("DISPLAY", "XAUTHORITY"):
        if key in os.environ:
            env[key] = os.environ[key]
    env.update(extra)
    return env


def folder_bytes(folder: Path) -> int:
    """The files' sizes added up (what a download unpacks to)."""
    return sum(path.stat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def first_window(program: Path, env: dict[str, str], cwd: Path) -> tuple[float, float, float]:
    """Seconds from starting `program` to its first painted window, measured by this process
    and by the program itself (ui/first_window.py, from its process's start); and the CPU
    seconds the whole run took (start, first paint, quitting), which a busy machine's other work
    does not lengthen as it does the wall time."""
    began, cpu = time.time(), children_cpu()
    done = subprocess.run([str(program)], env={**env, "BANKER_FIRST_WINDOW": "1"}, cwd=cwd,
                          capture_output=True, text=True, check=True, timeout=120)
    line = next(text for text in done.stdout.splitlines() if text.startswith("first window"))
    own = float(line.split()[3])
    painted = float(line.split("painted at ")[1].split(",")[0])
    return painted - began, own, children_cpu() - cpu


def help_time(program: Path, env: dict[str, str], cwd: Path) -> float:
    began = time.perf_counter()
    subprocess.run([str(program), "--help"], env=env, cwd=cwd, capture_output=True, check=True,
                   timeout=60)
    return time.perf_counter() - began


def _games(program: Path, env: dict[str, str], cwd: Path, data: Path) -> None:
    (data / "games").mkdir(parents=True, exist_ok=True)
    for script in sorted(EXAMPLES.glob("*.jsonl")):
        subprocess.run([str(program), "run", str(script), "--db",
                        str(data / "games" / f"{script.stem}.db"), "--judge", "Lee"],
                       env={**env, "BANKER_JUDGE_PIN": "246802"}, cwd=cwd, check=True,
                       capture_output=True, stdin=subprocess.DEVNULL, timeout=120)


def measure(programs: dict[str, Path], runs: int) -> list[dict[str, float | str]]:
    """`runs` launches and `--help`s of each program, taking turns (so a change in the machine's
    load falls on all alike), each in its own data folder; the first launch apart (the first of
    its data folder; the page cache is whatever the machine holds)."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        envs, launches, helps = {}, {name: [] for name in programs}, {name: [] for name in programs}
        for number, (name, program) in enumerate(programs.items()):
            base = tmp / str(number)
            (base / "work").mkdir(parents=True)
            envs[name] = clean_env(base / "home", base / "data")
            _games(program, envs[name], base / "work", base / "data")
        for _ in range(runs):
            for name, program in programs.items():
                work = tmp / str(list(programs).index(name)) / "work"
                launches[name].append(first_window(program, envs[name], work))
                helps[name].append(help_time(program, envs[name], work))
    rows: list[dict[str, float | str]] = []
    for name in programs:
        outside = [outer for outer, _, _ in launches[name]]
        rows.append({"name": name, "first": outside[0], "median": statistics.median(outside),
                     "own": statistics.median(own for _, own, _ in launches[name]),
                     "cpu": statistics.median(cpu for _, _, cpu in launches[name]),
                     "min": min(outside), "max": max(outside),
                     "help": statistics.median(helps[name])})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, default=None,
                        help="another bundle's folder (holding `banker`), measured alongside")
    arguments = parser.parse_args()
    runs = arguments.runs
    program = BUNDLE / "banker"
    if not program.exists():
        sys.exit("no bundle in dist/: build it first (./dev bundle)")
    tarballs = sorted((ROOT / "dist").glob("championship-banker-*.tar.gz"))
    print(f"bundle folder {folder_bytes(BUNDLE) / 2**20:.0f} MiB"
          + "".join(f", {t.name} {t.stat().st_size / 2**20:.0f} MiB" for t in tarballs))
    programs = {"bundle (dist/championship-banker/banker)": program}
    if arguments.against is not None:
        print(f"against: {arguments.against} {folder_bytes(arguments.against) / 2**20:.0f} MiB")
        programs[f"bundle ({arguments.against}/banker)"] = arguments.against / "banker"
    if VENV.exists():
        print(f"venv site-packages {folder_bytes(ROOT / '.venv' / 'lib') / 2**20:.0f} MiB "
              "(with the dev tools)")
        programs["venv (.venv/bin/banker)"] = VENV
    rows = measure(programs, runs)
    print(f"\nplatform {os.environ.get('QT_QPA_PLATFORM', 'offscreen')}, {runs} runs each, "
          "3 games on the start page; seconds\n")
    print("| program | first run | median | min-max | in-process | CPU, start to exit, median "
          "| `--help` median |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['name']} | {row['first']:.3f} | {row['median']:.3f} | "
              f"{row['min']:.3f}-{row['max']:.3f} | {row['own']:.3f} | {row['cpu']:.3f} | "
              f"{row['help']:.3f} |")


if __name__ == "__main__":
    main()
