"""Opening a game straight from the command line (issue 31 item 4): the CPU time of fresh processes
to their window's first paint, against a bare PySide6 window's in the same run.

    python -m benchmarks.opening [--runs N] [--root TREE]

Each child is a fresh Python (bytecode cached, as an installed `banker` runs; no PYTHON*
variables of this shell) and prints `time.process_time()` (its CPU, the interpreter's start
included) at the first Paint event of each window it waits for, then leaves. The cases take turns
in every round, so a change in the machine's load falls on all alike; the median of the rounds is
printed with its ratio to the bare window's median. `--root` runs the cases that a tree has on
another checkout (the tree before a change, for a before/after in one run).

- bare: a QApplication and a 1366x768 QMainWindow.
- start page: `banker` (ui.entry.main) as a banker starts it, to the start page's first paint.
- `banker --db FILE`: the same with a game's file: the window's first paint ("Opening FILE…"),
  then the table window's first paint once the game is open.
- open, then show: the main window built, the game opened in it, then shown (what `--db` would
  cost if the game were read before the window paints): the table window's first paint.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "classic-sample"  # the shipped example's 91 entries, recorded by `banker run`

# Prints the process's CPU seconds at the first paint of `window`, and (WAIT_TABLE) at the first
# paint of `window.table`, then leaves at once.
MARKER = textwrap.dedent("""
    import os, time
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication
    class Painted(QObject):
        def __init__(self, window, wait_table):
            super().__init__()
            self.window, self.wait_table, self.marks = window, wait_table, []
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                table = getattr(self.window, "table", None)
                if not self.marks and watched is self.window:
                    self.marks.append(time.process_time())
                elif self.marks and table is not None and watched is table:
                    self.marks.append(time.process_time())
                if len(self.marks) == (2 if self.wait_table else 1):
                    print(*self.marks, flush=True)
                    os._exit(0)
            return False
    def mark(window, wait_table):
        global painted
        painted = Painted(window, wait_table)
        QApplication.instance().installEventFilter(painted)
""")
BARE = MARKER + textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QMainWindow
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1366, 768)
    mark(window, False)
    window.show()
    app.exec()
""")
# The real entry point; ui.first_window.watch (which run() calls with the main window just
# before showing it) is where the marker goes in.
ENTRY = MARKER + textwrap.dedent("""
    import sys
    from ui import first_window
    first_window.watch = lambda window, *_, **__: mark(window, WAIT_TABLE)
    from ui.entry import main
    sys.argv = ["banker", *ARGS]
    main()
""")
OPEN_THEN_SHOW = MARKER + textwrap.dedent("""
    import sys
    from pathlib import Path
    from ui.app import MainWindow, application
    app = application(sys.argv[:1])
    window = MainWindow(list_later=True)
    window.open_game(Path(GAME))
    assert window.table is not None
    mark(window, True)
    window.show()
    app.exec()
""")


def cases(game: Path) -> dict[str, tuple[str, int]]:
    """Each case's child code and how many marks it prints."""
    return {
        "bare PySide6 window": (BARE, 1),
        "start page (`banker`)": (ENTRY.replace("WAIT_TABLE", "False").replace("ARGS", "[]"), 1),
        "`banker --db FILE`": (ENTRY.replace("WAIT_TABLE", "True").replace(
            "ARGS", repr(["--db", str(game)])), 2),
        "open, then show": (OPEN_THEN_SHOW.replace("GAME", repr(str(game))), 2),
    }


def child_env(root: Path, data: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(PYTHONPATH=str(root), BANKER_DATA_DIR=str(data))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def run_case(code: str, root: Path, env: dict[str, str]) -> list[float] | None:
    """The marks a child printed (CPU seconds), or None when that tree has not the case."""
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True,
                          text=True, timeout=120, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        return None
    return [float(mark) for mark in done.stdout.strip().splitlines()[-1].split()]


def record_game(folder: Path) -> Path:
    """The shipped example's game recorded by `banker run` into `folder`."""
    game = folder / f"{EXAMPLE}.db"
    script = ROOT / "resources" / "examples" / f"{EXAMPLE}.jsonl"
    code = ("import sys\nfrom ui.entry import main\n"
            f"sys.argv = ['banker', 'run', {str(script)!r}, '--db', {str(game)!r}, "
            "'--judge', 'Lee']\nmain()")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True,
                   stdin=subprocess.DEVNULL, timeout=120,
                   env={**child_env(ROOT, folder / "data"), "BANKER_JUDGE_PIN": "246802"})
    return game


def measure(trees: dict[str, Path], runs: int) -> dict[tuple[str, str], list[list[float]]]:
    """`runs` rounds; in each, every case of every tree once, in turn."""
    results: dict[tuple[str, str], list[list[float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        game = record_game(tmp)
        for tree_name, root in trees.items():  # one warm-up each: bytecode written, pages read
            env = child_env(root, tmp / tree_name)
            for code, _ in cases(game).values():
                run_case(code, root, env)
        for _ in range(runs):
            for tree_name, root in trees.items():
                env = child_env(root, tmp / tree_name)
                for name, (code, _) in cases(game).items():
                    marks = run_case(code, root, env)
                    if marks is not None:
                        results.setdefault((tree_name, name), []).append(marks)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--root", type=Path, default=None,
                        help="another checkout to measure in the same run (the tree before)")
    arguments = parser.parse_args()
    trees = {"this tree": ROOT}
    if arguments.root is not None:
        trees = {"before": arguments.root.resolve(), **trees}
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    results = measure(trees, arguments.runs)
    after = Path("/proc/loadavg").read_text().split()[:3] if load else []
    print(f"{os.cpu_count()} cores, load average {' '.join(load)} before, {' '.join(after)} after; "
          f"{arguments.runs} rounds, median CPU ms of fresh processes, "
          f"platform {os.environ.get('QT_QPA_PLATFORM', 'offscreen')}\n")
    print("| tree | case | first paint | table painted |")
    print("|---|---|---|---|")
    for tree_name in trees:
        bare_marks = results.get((tree_name, "bare PySide6 window"))
        if not bare_marks:
            continue
        bare = statistics.median(marks[0] for marks in bare_marks)
        for name in cases(Path("x")):
            runs = results.get((tree_name, name))
            if not runs:
                print(f"| {tree_name} | {name} | (not in this tree) | |")
                continue
            cells = []
            for index in range(len(runs[0])):
                value = statistics.median(marks[index] for marks in runs)
                cells.append(f"{value * 1000:.0f} ({value / bare:.1f}x)")
            cells += [""] * (2 - len(cells))
            if name == "open, then show":
                cells = ["", cells[1]]
            print(f"| {tree_name} | {name} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
