"""The window's benchmarks: launch to the first painted window against a bare PySide6 window, and a
typed roll to the repainted board on a 3,000-event game."""

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

REPEATS = 3
ROOT = Path(__file__).resolve().parent.parent

# Each child prints the wall time of its window's first paint and leaves.
PAINTED = textwrap.dedent("""
    import os, time
    from PySide6.QtCore import QEvent, QObject
    class Painted(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                print(time.time(), flush=True)
                os._exit(0)
            return False
    painted = Painted()
    window.installEventFilter(painted)
    window.show()
    app.exec()
""")
BARE = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QApplication, QMainWindow
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1366, 768)
""") + PAINTED
APP = textwrap.dedent("""
    import sys
    from ui.app import MainWindow, application
    app = application(sys.argv[:1])
    window = MainWindow(list_later=True)  # as `banker` opens it (ui.app.run)
""") + PAINTED


def first_paint(code: str, env: dict[str, str]) -> float:
    """Seconds from starting a fresh Python process to its window's first paint."""
    began = time.time()
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=120)
    return float(done.stdout.split()[-1]) - began


def launch(games: int = 0) -> tuple[float, float]:
    """Median seconds to the first painted window, bare and the app's (with `games` game files
    in a fresh data folder), each in fresh processes, REPEATS times."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, BANKER_DATA_DIR=folder, PYTHONPATH=str(ROOT))
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        if games:
            _games(Path(folder), games)
        bare, app = [], []
        for _ in range(REPEATS):
            bare.append(first_paint(BARE, env))
            app.append(first_paint(APP, env))
        return statistics.median(bare), statistics.median(app)


def _games(folder: Path, count: int) -> None:
    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.games import folder as games  # noqa: PLC0415

    previous = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = str(folder)
    try:
        for _ in range(count):
            games.open_sample()
            sample = games.games_dir() / games.SAMPLE_FILE
            sample.rename(sample.with_name(f"game-{len(list(folder.rglob('*.db')))}.db"))
    finally:
        if previous is None:
            del os.environ[DATA_DIR_ENV]
        else:
            os.environ[DATA_DIR_ENV] = previous


# Key press to repainted board ---------------------------------------------------------------------

def long_game(db: Path, events: int = 3000, seed: int = 3) -> Any:
    """A classic game of at least `events` events, played by random legal commands (as the
    ledger benchmark does), left where the player to act may throw the dice."""
    from app.table.command_text import parse_command  # noqa: PLC0415
    from app.table.service import TableGame  # noqa: PLC0415
    from models.choices import random_command  # noqa: PLC0415
    from models.engine import first_accepted  # noqa: PLC0415

    game = TableGame.open(str(db))
    game.submit(parse_command({"type": "new_game", "profile": "classic",
                               "players": ["Ann", "Bob", "Cy", "Dee"],
                               "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 2],
                                             "Dee": [1, 3]}]}))
    rng = Random(seed)
    while game.head_seq < events or not _may_roll(game):
        assert game.state is not None and game.state.phase != "over", "the game ended early"
        assert game.table is not None
        command = first_accepted(game.table, game.state,
                                 random_command(game.table, game.state, rng),
                                 skip=("declare_bankruptcy",) if game.head_seq < events else ())
        if command is not None:
            game.submit(command)
    return game


def _may_roll(game: Any) -> bool:
    from models.commands import Roll  # noqa: PLC0415
    from models.engine import decide  # noqa: PLC0415
    from models.errors import BankerError  # noqa: PLC0415

    state = game.state
    try:
        decide(game.table, state, Roll(type="roll", player=state.current, dice=(1, 2)))
    except BankerError:
        return False
    return True


def roll_to_paint(rolls: int = 5) -> list[float]:
    """Milliseconds from the second digit's key press to the board's repaint, for `rolls`
    rolls typed into the table window on a 3,000-event game (between rolls, random play
    brings the game back to a throw)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject, QSettings, Qt  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    app = application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        game = long_game(Path(folder) / "long.db")
        session = TableSession(game, tick_ms=None)
        window = TableWindow(session, QSettings(str(Path(folder) / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.show()
        app.processEvents()
        painted: list[float] = []

        class Paint(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
                if event.type() == QEvent.Type.Paint:
                    painted.append(time.perf_counter())
                return False

        hook = Paint()
        window.board.viewport().installEventFilter(hook)
        times = []
        rng = Random(7)
        for _ in range(rolls):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            while a == b:  # no doubles: the turn passes, as most throws do
                b = rng.randint(1, 6)
            head = game.head_seq
            QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + a))
            painted.clear()
            began = time.perf_counter()
            QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + b))
            while not painted:
                app.processEvents()
            times.append((painted[0] - began) * 1000)
            assert game.head_seq > head, window.messages.text()
            _back_to_a_throw(game, window, rng)
        window.close()
        session.close()
        return times


def _back_to_a_throw(game: Any, window: Any, rng: Random) -> None:
    """Random legal play (through the window's session) until the next throw is due."""
    from models.choices import random_command  # noqa: PLC0415
    from models.engine import first_accepted  # noqa: PLC0415

    while not _may_roll(game):
        command = first_accepted(game.table, game.state,
                                 random_command(game.table, game.state, rng),
                                 skip=("declare_bankruptcy",))
        if command is not None:
            window.session.send(command.model_dump(mode="json", exclude_none=True))
    window.refresh([])


# CPU time of a typed roll and of an undo, a short game against a long one (issue 31) -------------

KEYED_SIZES = (200, 20000)
KEYED = 40


class PaintClock:
    """The CPU time (time.process_time: every thread of this process) from a key to the next
    paint of the widgets it watches, waited for in an event loop of its own."""

    def __init__(self) -> None:
        from PySide6.QtCore import QEvent, QEventLoop, QObject  # noqa: PLC0415

        self.painted: list[float] = []
        self.loop = QEventLoop()
        clock = self

        class Hook(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
                if event.type() == QEvent.Type.Paint and not clock.painted:
                    clock.painted.append(time.process_time())
                    clock.loop.quit()
                return False

        self.hook = Hook()

    def watch(self, *widgets: Any) -> None:
        """Watch these widgets' paints."""
        for widget in widgets:
            widget.installEventFilter(self.hook)

    def cpu_ms(self, press: Any) -> float:
        """CPU milliseconds from `press()` to the first watched paint (5 s at most)."""
        from PySide6.QtCore import QTimer  # noqa: PLC0415

        self.painted.clear()
        began = time.process_time()
        press()
        if not self.painted:
            QTimer.singleShot(5000, self.loop.quit)
            self.loop.exec()
        assert self.painted, "no repaint within 5 s"
        return (self.painted[0] - began) * 1000


def keyed_cpu(events: int, keys: int = KEYED) -> tuple[int, list[float], list[float], list[float]]:
    """The game's entry count; the CPU milliseconds from a typed roll's second digit to the
    table window's board repainted; from Ctrl+Z (the banker agreeing) to the board or the
    message line repainted (whichever first: the same paint); and, in the same run, from a
    key to a bare window's repaint; `keys` of each (between them random play brings the game
    back to a throw). The games are benchmarks.speed's, built once (BANKER_SPEED_GAMES)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings  # noqa: PLC0415

    from app.table.service import TableGame  # noqa: PLC0415
    from benchmarks.speed import _bare_window, game_file  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    application(sys.argv[:1])
    clock = PaintClock()
    bare = _bare_window(clock.hook)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        session = TableSession(TableGame.open(str(db)), tick_ms=None)
        window = TableWindow(session, QSettings(str(Path(folder) / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.confirm = lambda _title, _text: True  # the banker agrees to every undo
        window.show()
        # An undo that changes nothing on the board still repaints the message line, in the
        # same pass as the board.
        clock.watch(window.board.viewport(), window.messages)
        rolls, undos, bare_ms = _keyed(window, bare, clock, keys)
        entries = session.game.head_seq
        window.close()
        bare.close()
        session.close()
        return entries, rolls, undos, bare_ms


def _keyed(window: Any, bare: Any, clock: PaintClock, keys: int
           ) -> tuple[list[float], list[float], list[float]]:
    from PySide6.QtCore import Qt  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from benchmarks.speed import SETTLE_MS, _back_to_a_throw  # noqa: PLC0415

    game = window.session.game
    rolls: list[float] = []
    undos: list[float] = []
    bare_ms: list[float] = []
    rng = Random(7)
    while len(rolls) < keys or len(undos) < keys:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        while a == b:  # no doubles: the turn passes, as most throws do
            b = rng.randint(1, 6)
        head = game.head_seq
        QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + a))
        QTest.qWait(SETTLE_MS)
        rolls.append(clock.cpu_ms(lambda b=b: QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + b))))
        assert game.head_seq > head, window.messages.text()
        QTest.qWait(SETTLE_MS)
        bare_ms.append(clock.cpu_ms(lambda: QTest.keyClick(bare, Qt.Key.Key_5)))
        _back_to_a_throw(game, window, rng)
        QTest.qWait(SETTLE_MS)
        if _may_undo(window):
            head = game.head_seq
            undos.append(clock.cpu_ms(lambda: QTest.keyClick(
                window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)))
            assert game.head_seq > head, window.messages.text()
            QTest.qWait(SETTLE_MS)
            _back_to_a_throw(game, window, rng)
            QTest.qWait(SETTLE_MS)
    return rolls[:keys], undos[:keys], bare_ms


def _may_undo(window: Any) -> bool:
    """Whether the banker's undo may take the last command back now."""
    from models.errors import BankerError  # noqa: PLC0415

    try:
        return bool(window.session.undo_preview())
    except BankerError:
        return False


def main() -> None:
    """Print the window's rows of the benchmark table."""
    bare, app = launch()
    print(f"| launch to first painted window (median of {REPEATS}, fresh processes, no games) | "
          f"bare PySide6 {bare * 1000:.0f} ms, the app {app * 1000:.0f} ms "
          f"({app / bare:.1f}x) |")
    bare, app = launch(games=3)
    print(f"| the same with 3 games on the start page | bare {bare * 1000:.0f} ms, the app "
          f"{app * 1000:.0f} ms ({app / bare:.1f}x) |")
    times = roll_to_paint()
    print(f"| typed roll to repainted board, 3,000-event game ({len(times)} rolls) | median "
          f"{statistics.median(times):.0f} ms, slowest {max(times):.0f} ms |")
    keyed_rows()


def keyed_rows() -> None:
    """The rows of a typed roll and an undo, CPU p50, at 200 and at 20,000 entries
    (`python -c "from benchmarks.gui import keyed_rows; keyed_rows()"` runs them alone)."""
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for events in KEYED_SIZES:
        entries, rolls, undos, bare = keyed_cpu(events)
        print(f"| {entries:,} entries: typed roll to repainted board; Ctrl+Z to repainted "
              f"window (CPU, p50 of {len(rolls)} each) | roll {statistics.median(rolls):.2f} "
              f"ms, undo {statistics.median(undos):.2f} ms | bare window's key to repaint "
              f"{statistics.median(bare):.2f} ms |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
