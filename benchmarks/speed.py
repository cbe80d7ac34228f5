"""Speed a banker feels (issue 21): a typed roll to the repainted board at 3,000 and 20,000 entries,
beside a bare PySide6 window's repaint in the same run; opening a 3,000-entry game against a bare
PySide6 window, each from a fresh process to its first paint."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from random import Random
from typing import Any

from benchmarks.games import next_command, open_game, play_to
from benchmarks.gui import BARE, PAINTED, ROOT, _may_roll

SIZES = (3000, 20000)
ROLLS = 40
SETTLE_MS = 150  # between timings: the window finishes what follows a paint (actions, feed)
OPENINGS = 5
GAMES = Path(os.environ.get("BANKER_SPEED_GAMES",
                           Path(tempfile.gettempdir()) / "banker-speed-games"))
"""The long games are kept here between runs (building 20,000 entries by random play takes a
few minutes); delete the folder to build them afresh. Another folder (BANKER_SPEED_GAMES) for
another version of the app: a snapshot of another state format is not folded from."""

OPEN_GAME = textwrap.dedent("""
    import sys
    from pathlib import Path
    from ui.app import MainWindow, application
    app = application(sys.argv[:1])
    main = MainWindow(list_later=True)
    main.show()
    main.open_game(Path(sys.argv[1]))
    window = main.table.board.viewport()  # the table window's board: its first paint
""") + PAINTED


FROM_START = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QMainWindow
    from ui.app import MainWindow, application
    app = application(sys.argv[:1])
    main = MainWindow(list_later=True)  # as `banker` opens it
    main.show()
    marks = {}
    class Painted(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and watched.objectName() not in marks:
                marks[watched.objectName()] = time.perf_counter()
            return False
    painted = Painted()
    def bare():  # a bare window made and painted in this same process, for comparison
        window = QMainWindow()
        window.resize(1366, 768)
        window.setObjectName("bare")
        window.installEventFilter(painted)
        marks["bare began"] = time.perf_counter()
        window.show()
        QTimer.singleShot(500, lambda: (window.close(), open_game()))
    def open_game():  # the banker picks the game on the start page
        marks["open began"] = time.perf_counter()
        main.open_game(Path(sys.argv[1]))
        main.table.board.viewport().setObjectName("board")
        main.table.board.viewport().installEventFilter(painted)
        QTimer.singleShot(1000, done)
    def done():
        print((marks["bare"] - marks["bare began"]) * 1000,
              (marks["board"] - marks["open began"]) * 1000, flush=True)
        os._exit(0)
    QTimer.singleShot(2500, bare)  # the banker looks at the start page for a moment
    app.exec()
""")


def from_start_page(events: int = 3000, runs: int = OPENINGS) -> list[tuple[float, float]]:
    """In fresh processes of the app as `banker` opens it: milliseconds for a bare PySide6
    window to be made and painted, and for the game of `events` entries picked on the start
    page 2.5 s after launch to be opened and its board painted."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    results = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        env["BANKER_DATA_DIR"] = folder
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", FROM_START, str(db)], env=env,
                                  cwd=ROOT, check=True, capture_output=True, text=True,
                                  timeout=120)
            bare, opened = done.stdout.split()[-2:]
            results.append((float(bare), float(opened)))
    return results


def game_file(events: int) -> Path:
    """A classic game of at least `events` entries (benchmarks.games: random legal play, no
    buildings, so it runs as long as wanted; the snapshots a table stores every 500 entries),
    left at a throw; built once and kept in GAMES; a copy is what each benchmark opens."""
    GAMES.mkdir(exist_ok=True)
    path = GAMES / f"classic-{events}.db"
    if not path.exists():
        building = path.with_suffix(".building")
        for leftover in GAMES.glob(f"{building.name}*"):
            leftover.unlink()
        game = open_game(str(building))
        rng = Random(3)
        play_to(game, events, rng, each=_submit_and_idle)
        while not _may_roll(game):
            _submit_and_idle(game, next_command(game, rng))
        game.judge = game.judge_hash = None  # the banker opens it
        game.close()
        building.rename(path)
    return path


def _submit_and_idle(game: Any, command: Any) -> None:
    game.submit(command)
    game.idle()  # a snapshot when one is due, as the table window's idle moments store them


def _back_to_a_throw(game: Any, window: Any, rng: Random) -> None:
    """Random legal play (through the window's session, no buildings) until a throw is due."""
    while not _may_roll(game):
        window.session.send(next_command(game, rng).model_dump(mode="json", exclude_none=True))


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(share * len(ranked)) - 1))]


def roll_to_board(events: int, rolls: int = ROLLS) -> tuple[int, list[float], list[float]]:
    """The game's entry count; milliseconds from a typed roll's second digit to the table
    window's board repainted, for `rolls` rolls; and, in the same run, from a key press to
    the repaint of a bare PySide6 window whose label the key changes (between rolls, random
    play brings the game back to a throw, as a table does)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings, Qt  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from app.table.service import TableGame  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    app = application(sys.argv[:1])
    painted: list[float] = []
    # Waited for in an event loop, not by calling processEvents in a busy loop: PySide6 (6.12,
    # Python 3.11) drops a reference to None on each such call, and some 100,000 calls end the
    # process ("deallocating None").
    loop = QEventLoop()

    class Paint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's)
            if event.type() == QEvent.Type.Paint:
                painted.append(time.perf_counter())
                loop.quit()
            return False

    hook = Paint()
    bare = _bare_window(hook)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        game = TableGame.open(str(db))
        session = TableSession(game, tick_ms=None)
        window = TableWindow(session, QSettings(str(Path(folder) / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.show()
        app.processEvents()
        window.board.viewport().installEventFilter(hook)
        table_ms, bare_ms = [], []
        rng = Random(7)
        for _ in range(rolls):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            while a == b:  # no doubles: the turn passes, as most throws do
                b = rng.randint(1, 6)
            head = game.head_seq
            QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + a))
            QTest.qWait(SETTLE_MS)
            table_ms.append(_key_to_paint(loop, painted, lambda b=b: QTest.keyClick(
                window, Qt.Key(Qt.Key.Key_0 + b))))
            assert game.head_seq > head, window.messages.text()
            QTest.qWait(SETTLE_MS)
            bare_ms.append(_key_to_paint(loop, painted, lambda: QTest.keyClick(
                bare, Qt.Key.Key_5)))
            _back_to_a_throw(game, window, rng)
            QTest.qWait(SETTLE_MS)
        entries = game.head_seq
        window.close()
        bare.close()
        session.close()
        return entries, table_ms, bare_ms


def _bare_window(hook: Any) -> Any:
    """A bare QMainWindow whose one label shows the last key typed (its repaint is the floor)."""
    from PySide6.QtWidgets import QLabel, QMainWindow  # noqa: PLC0415

    class Bare(QMainWindow):
        def __init__(self) -> None:
            super().__init__()
            self.label = QLabel("-")
            self.setCentralWidget(self.label)
            self.resize(1366, 768)
            self.label.installEventFilter(hook)

        def keyPressEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
            self.label.setText(f"{event.text()} {time.perf_counter():.6f}")

    window = Bare()
    window.show()
    return window


def _key_to_paint(loop: Any, painted: list[float], press: Any) -> float:
    """Milliseconds from `press` (a key typed) to the next watched paint."""
    from PySide6.QtCore import QTimer  # noqa: PLC0415

    painted.clear()
    began = time.perf_counter()
    press()
    if not painted:
        QTimer.singleShot(5000, loop.quit)  # a paint that never comes fails the run below
        loop.exec()
    assert painted, "no repaint within 5 s"
    return (painted[0] - began) * 1000


def first_paint(code: str, *args: str) -> float:
    """Seconds from starting a fresh Python process to its window's first paint."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as folder:
        env["BANKER_DATA_DIR"] = folder
        began = time.time()
        done = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT, check=True,
                              capture_output=True, text=True, timeout=120)
    return float(done.stdout.split()[-1]) - began


def opening(events: int = 3000, runs: int = OPENINGS) -> tuple[list[float], list[float]]:
    """Seconds from a fresh process to the first paint: a bare PySide6 window, and the app
    opening a game of `events` entries (its table window painted), alternating, `runs` each."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        bare, table = [], []
        for _ in range(runs):
            bare.append(first_paint(BARE))
            table.append(first_paint(OPEN_GAME, str(db)))
        return bare, table


def main() -> None:
    """Print the rows of the speed table."""
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for events in SIZES:
        entries, table, bare = roll_to_board(events)
        print(f"| typed roll to repainted board, {entries:,} entries ({len(table)} rolls) | "
              f"median {statistics.median(table):.1f} ms, p95 {percentile(table, 0.95):.1f} ms, "
              f"slowest {max(table):.1f} ms | bare window's repaint: median "
              f"{statistics.median(bare):.1f} ms, p95 {percentile(bare, 0.95):.1f} ms |")
    bare_s, table_s = opening()
    b, t = statistics.median(bare_s), statistics.median(table_s)
    print(f"| open a 3,000-entry game, fresh process to the table window's first paint (median "
          f"of {len(table_s)}) | {t * 1000:.0f} ms ({t / b:.1f}x) | bare PySide6 window "
          f"{b * 1000:.0f} ms |")
    runs = from_start_page()
    bare_ms = statistics.median(b for b, _ in runs)
    open_ms = statistics.median(o for _, o in runs)
    print(f"| open a 3,000-entry game picked on the start page, to its board's first paint "
          f"(median of {len(runs)}) | {open_ms:.0f} ms ({open_ms / (b * 1000):.1f}x the bare "
          f"window's launch above; {open_ms / bare_ms:.1f}x a bare window made and painted in "
          f"the same process, {bare_ms:.0f} ms) |")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
