"""The judge's window on a long game: how long any entry takes to appear (time travel), from the
slider's new value to the board, the players' panels and the clock repainted; and how long a
banker's new entry takes to reach the judge's window open on the live table (`follow_rows`)."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

from benchmarks.games import open_game, play_to

SIZES = (3000, 20000)
SAMPLES = 200



def _shown(db: Path, app: Any) -> tuple[Any, Any]:
    """The judge's window on the game in `db` (its session and window), shown and painted once
    (no polling), then left idle until it has folded the game ahead (JudgeSession.marking)
    and measured its list's rows ahead (EntriesPanel.measuring): what a judge's window does in
    its first seconds on a 20,000-entry game; Qt imported only when a benchmark draws."""
    from ui.judge.session import JudgeSession  # noqa: PLC0415
    from ui.judge.window import JudgeWindow  # noqa: PLC0415

    session = JudgeSession(str(db), poll_ms=None)
    window = JudgeWindow(session)
    window.show()
    app.processEvents()
    while session.marking.isActive() or window.entries.measuring.isActive():
        app.processEvents()
    return session, window

def time_travel(events: int, samples: int = SAMPLES) -> tuple[int, list[float], list[float]]:
    """For a classic game of at least `events` events (benchmarks.games: random legal play):
    the entry count, and for `samples` entries picked at random the milliseconds of
    TableGame.state_at alone and of the whole step in the judge's window (state_at, the view,
    the widgets updated and repainted); the first of each is the first after opening."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ui.app import application  # noqa: PLC0415

    app = application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "long.db"
        game = open_game(str(db))
        play_to(game, events, Random(11))  # no buildings: the game runs as long as asked
        game.idle()  # the snapshots the table's window stores as it goes
        game.close()
        session, window = _shown(db, app)
        head = session.head_seq
        rng = Random(11)
        folds, steps = [], []
        for seq in (rng.randint(1, head) for _ in range(samples)):
            began = time.perf_counter()
            session.game.state_at(seq)
            folds.append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            window.travel.slider.setValue(seq)
            window.travel.repaint()  # painted now, not at the next turn of the event loop
            steps.append((time.perf_counter() - began) * 1000)
            assert window.travel.seq == seq
        window.close()
        window.deleteLater()
        app.processEvents()
        return head, folds, steps


JUMP_SIZES = (200, 20000)
IDLE_ROUNDS = 3  # turns of the event loop after a jump: its posted events, then its timers


def jump_cpu(events: int, samples: int = SAMPLES, *, posted: bool = False, idle: bool = False
             ) -> tuple[int, list[float], list[float]]:
    """The entry count of benchmarks.speed's game of `events` entries (built once, kept in
    BANKER_SPEED_GAMES), and for `samples` entries picked at random the CPU milliseconds
    (time.process_time) of a jump in the judge's window (the slider's new value to the time
    travel repainted) and, in the same run, of a bare key→paint: a label's new text repainted
    in a bare window. With `posted`, a jump is the slider's new value to every event it posted
    handled (the layouts it asked for and the paint, as the event loop does them next) instead
    of the time travel forced to repaint whole; the bare label the same way. With `idle`,
    everything the jump set going, as the event loop runs it until it has nothing left: the
    posted layouts and paint, then the timers due at once (the list's rows fitted) and any
    paint they ask for."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QLabel  # noqa: PLC0415

    from benchmarks.speed import game_file  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415

    app = application(sys.argv[:1])
    bare = QLabel("-")
    bare.resize(1366, 768)
    bare.show()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        session, window = _shown(db, app)
        head = session.head_seq
        rng = Random(11)
        jumps, bares = [], []
        for seq in (rng.randint(1, head) for _ in range(samples)):
            began = time.process_time()
            window.travel.slider.setValue(seq)
            if idle:
                for _ in range(IDLE_ROUNDS):
                    app.processEvents()
            elif posted:
                app.sendPostedEvents()  # the layouts asked for, then the paint
            else:
                window.travel.repaint()  # painted now, not at the next turn of the event loop
            jumps.append((time.process_time() - began) * 1000)
            assert window.travel.seq == seq
            began = time.process_time()
            bare.setText(str(seq))
            if idle:
                for _ in range(IDLE_ROUNDS):
                    app.processEvents()
            elif posted:
                app.sendPostedEvents()
            else:
                bare.repaint()
            bares.append((time.process_time() - began) * 1000)
            app.processEvents()  # a timer's work (the list's rows fitted) before the next
        window.close()
        session.close()
        bare.close()
        app.processEvents()
        return head, jumps[1:], bares[1:]  # the first after opening lays the window out


def jump_rows() -> None:
    """The judge's jump, CPU p50, at 200 and at 20,000 entries, against a bare key→paint."""
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    ways = {"repaint": "travel repainted whole", "posted": "its posted layouts and paint",
            "idle": "everything it set going, until the event loop is idle"}
    for way_key, way in ways.items():
        for size in JUMP_SIZES:
            head, jumps, bares = jump_cpu(size, posted=way_key == "posted",
                                          idle=way_key == "idle")
            print(f"| judge's time-travel jump, {head:,}-entry game ({len(jumps)} entries at "
                  f"random; CPU; {way}) | p50 {statistics.median(jumps):.2f} ms, p95 "
                  f"{sorted(jumps)[int(len(jumps) * 0.95)]:.2f} ms | bare key→paint p50 "
                  f"{statistics.median(bares):.2f} ms |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


FOLLOWED = 40  # the banker's commands a follow run records (every other one an undo)


def follow_cpu(events: int, commands: int = FOLLOWED) -> tuple[int, list[float], list[float]]:
    """The entry count of benchmarks.speed's game of `events` entries and, while the judge's
    window is open on it (shown, folded ahead, idle), for `commands` commands the banker's
    window records on the same file (a TableGame of its own: random legal play, every other
    command an undo of the one before), the CPU milliseconds (time.process_time) from the
    judge's poll (its timer's, every JudgeSession.POLL_MS) to the event loop idle again: the
    entries read and shown, the list, the counts, the disputes and the time travel at the
    new head, and the folding ahead the poll set going. Plain commands, then undos."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.table.service import TableGame  # noqa: PLC0415
    from benchmarks.games import SteppingClock, next_command  # noqa: PLC0415
    from benchmarks.speed import game_file  # noqa: PLC0415
    from models.commands import Undo  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415

    app = application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.db"
        db.write_bytes(game_file(events).read_bytes())
        session, window = _shown(db, app)
        window.resize(1366, 768)
        head = session.head_seq
        banker = TableGame.open(str(db), create=False)
        assert banker.last_at is not None
        banker.now = SteppingClock(banker.last_at)
        rng = Random(11)
        plain: list[float] = []
        undos: list[float] = []
        for number in range(commands):
            undo = number % 2 == 1
            banker.submit(Undo(type="undo") if undo else next_command(banker, rng))
            began = time.process_time()
            assert session.poll()
            for _ in range(IDLE_ROUNDS):
                app.processEvents()
            while session.marking.isActive():
                app.processEvents()
            (undos if undo else plain).append((time.process_time() - began) * 1000)
            assert window.travel.seq == session.head_seq == banker.head_seq
        banker.close()
        window.close()
        session.close()
        app.processEvents()
        return head, plain[1:], undos  # the first after opening lays the list's end out


def follow_rows() -> None:
    """A banker's entry reaching the judge's window, CPU p50, at 200 and 20,000 entries."""
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for size in JUMP_SIZES:
        head, plain, undos = follow_cpu(size)
        print(f"| a banker's entry reaching the judge's window, {head:,}-entry game (CPU, the "
              f"poll until the event loop is idle) | a command p50 "
              f"{statistics.median(plain):.2f} ms (of {len(plain)}), an undo p50 "
              f"{statistics.median(undos):.2f} ms (of {len(undos)}) |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    """Print the judge's rows of the benchmark table."""
    for size in SIZES:
        head, folds, steps = time_travel(size)
        rest, fold_rest = steps[1:], folds[1:]
        print(f"| judge's window: any entry of a {head:,}-event game ({len(steps)} at random) | "
              f"shown in median {statistics.median(rest):.1f} ms, slowest {max(rest):.1f} ms; "
              f"the first after opening {steps[0]:.1f} ms (state_at alone: median "
              f"{statistics.median(fold_rest):.1f} ms, slowest {max(fold_rest):.1f} ms, first "
              f"{folds[0]:.1f} ms) |", flush=True)
    jump_rows()
    follow_rows()


if __name__ == "__main__":
    main()
