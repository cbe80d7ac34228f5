"""A table window sitting idle while it follows the hall's round (issue 31): the CPU-seconds a
minute of the whole process (the window's thread, the round's reader, the copier to the hub),
against a bare PySide6 window idle in the same run.

    .venv/bin/python -m benchmarks.idle [--seconds 60]

The hub is a fresh database on a throwaway PostgreSQL (tests/postgres.py); the tournament's
qualifying round is drawn and table 1's game started from its card (setup, not measured). Each
figure is measured over `--seconds` of an event loop left to itself and scaled to a minute:
the bare window; a bare window whose one label shows a new m:ss each second (the floor under any
window showing a running clock); the table window before the head judge starts the round; and
while the round runs (its clock counting down on the window, every second). Then how soon the
head judge's pause and resume reach the table's clock (wall time, from the entry stored on the
hub)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

IDLE_S = 60.0
"""A minute: every periodic visit of an idle table counted once (the copier's to the hub each
REVISIT_S, the round's safety reading each minute); a shorter span can miss them."""
PAUSES = 5
STAGE = "Qualifying"
HEAD, HEAD_PIN = "Head Judge Tan", "135791"


def per_minute(seconds: float) -> float:
    """CPU-seconds of this process (all its threads) in `seconds` of the event loop left to
    itself, scaled to a minute (an event loop of its own: QTest.qWait wakes every 10 ms)."""
    from PySide6.QtCore import QEventLoop, QTimer  # noqa: PLC0415

    loop = QEventLoop()
    QTimer.singleShot(round(seconds * 1000), loop.quit)
    began = time.process_time()
    loop.exec()
    return (time.process_time() - began) * 60 / seconds


def settle(seconds: float, done: Any = None) -> None:
    """Let the event loop run `seconds` (or until `done()`), not measured: an event loop of its
    own, as the app's (QTest.qWait keeps Python's lock while it waits, and the threads that
    listen to and copy to the hub then crawl)."""
    from PySide6.QtCore import QEventLoop, QTimer  # noqa: PLC0415

    for _ in range(max(1, round(seconds * 5))):
        loop = QEventLoop()
        QTimer.singleShot(200, loop.quit)
        loop.exec()
        if done is not None and done():
            return


def idle_following(seconds: float = IDLE_S) -> dict[str, float]:
    """CPU-seconds a minute: "bare" (a bare window), "bare ticking" (a bare window's label
    showing a new m:ss each second), "waiting" (the table window following a round not yet
    started) and "running" (the round started, followed, its clock shown).
    Raises RuntimeError when no PostgreSQL can be started here."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QLabel, QMainWindow  # noqa: PLC0415

    from tests import postgres  # noqa: PLC0415
    from ui import crash_guard, none_kept  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415

    server = postgres.server()
    if server is None:
        raise RuntimeError(f"no PostgreSQL for the hub: {postgres.skip_reason()}")
    app = application(sys.argv[:1])
    crash_guard.install(app)  # the application as `banker` runs it (ui/app.py, run)
    none_kept.keep_for_the_day(app)
    bare = QMainWindow()
    bare.setCentralWidget(QLabel("idle"))
    bare.resize(1366, 768)
    bare.show()
    settle(0.5)
    found = {"bare": per_minute(seconds)}
    bare.close()
    found["bare ticking"] = _bare_ticking(seconds)
    with tempfile.TemporaryDirectory() as folder:
        found.update(_following(server.new_database(), Path(folder), seconds))
    return found


def _bare_ticking(seconds: float) -> float:
    """CPU-seconds a minute of a bare window whose one label shows a new m:ss every second (a
    precise single-shot timer started again at each tick, as the table's clock is): the least
    any window showing a running clock's seconds costs, the floor under the "running" row."""
    from PySide6.QtCore import Qt, QTimer  # noqa: PLC0415
    from PySide6.QtGui import QFont  # noqa: PLC0415
    from PySide6.QtWidgets import QLabel, QMainWindow, QWidget  # noqa: PLC0415

    window = QMainWindow()
    holder = QWidget()  # the label in a corner, its size fixed: a second lays nothing out
    label = QLabel("60:00", holder)
    font = QFont()
    font.setPointSize(32)
    font.setBold(True)
    label.setFont(font)
    label.setFixedSize(label.sizeHint())
    window.setCentralWidget(holder)
    window.resize(1366, 768)
    window.show()
    left = [3600]
    timer = QTimer()
    timer.setSingleShot(True)
    timer.setTimerType(Qt.TimerType.PreciseTimer)

    def tick() -> None:
        left[0] -= 1
        label.setText(f"{left[0] // 60}:{left[0] % 60:02d}")
        timer.start(1000)

    timer.timeout.connect(tick)
    timer.start(1000)
    settle(2)
    found = per_minute(seconds)
    timer.stop()
    window.close()
    return found


def _following(url: str, folder: Path, seconds: float) -> dict[str, float]:
    from PySide6.QtCore import QSettings  # noqa: PLC0415

    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.hub.hub import HUB_URL_ENV  # noqa: PLC0415
    from app.tournament import rounds  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    os.environ.update({DATA_DIR_ENV: str(folder / "desk"), HUB_URL_ENV: url})
    try:
        tid = _hall(url)
        session = TableSession(_table_game(tid, folder / "table-1"))  # every timer as the app's
        window = TableWindow(session, QSettings(str(folder / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.show()
        following = session.following
        assert following is not None, "the table does not follow the round"
        settle(60, lambda: following.last.hall is not None)  # opened, the round read
        settle(3)  # copied to the hub; listening (a PostgreSQL hub's news), the round read again
        found = {"waiting": per_minute(seconds)}
        rounds.record(tid, STAGE, "start", "", HEAD, HEAD_PIN, sleep=lambda _s: None)
        settle(30, lambda: _started(session.game))
        assert _started(session.game), "the round's start was not followed"
        settle(1)  # its copy to the hub sent
        found["running"] = per_minute(seconds)
        found.update(_pause_reaches(tid, session))
        window.close()
        session.close()
        settle(0.2)
        return found
    finally:
        for name in (DATA_DIR_ENV, HUB_URL_ENV):
            os.environ.pop(name, None)


def _pause_reaches(tid: str, session: Any, times: int = PAUSES) -> dict[str, float]:
    """How soon the head judge's pause, then resume, reaches the table's clock: from the
    entry stored on the hub (`rounds.record` returned, on a thread of its own: the window's
    thread stays free) to the table's clock recording it, in ms (the median and the worst
    of `times` pauses and `times` resumes)."""
    import threading  # noqa: PLC0415

    from PySide6.QtCore import QEventLoop, QTimer  # noqa: PLC0415

    from app.tournament import rounds  # noqa: PLC0415

    took: list[float] = []
    for n in range(times * 2):
        kind = "pause" if n % 2 == 0 else "resume"
        stored: list[float] = []

        def enter(kind: str = kind, stored: list[float] = stored) -> None:
            rounds.record(tid, STAGE, kind, "benchmark" if kind == "pause" else "", HEAD,
                          HEAD_PIN, sleep=lambda _s: None)
            stored.append(time.monotonic())

        loop = QEventLoop()
        reached: list[float] = []

        def changed(_stored: object, kind: str = kind, reached: list[float] = reached,
                    loop: QEventLoop = loop) -> None:
            if _paused(session.game) == (kind == "pause") and not reached:
                reached.append(time.monotonic())
                loop.quit()

        session.changed.connect(changed)
        QTimer.singleShot(30_000, loop.quit)
        thread = threading.Thread(target=enter)
        thread.start()
        loop.exec()
        thread.join()
        session.changed.disconnect(changed)
        assert reached and stored, f"the hall's {kind} did not reach the table"
        took.append((reached[0] - stored[0]) * 1000)
        settle(0.5)
    took.sort()
    return {"pause_p50_ms": took[len(took) // 2], "pause_max_ms": took[-1]}


def _paused(game: Any) -> bool:
    clock = game.state.clock if game.state is not None else None
    return clock is not None and clock.paused_at is not None


def _started(game: Any) -> bool:
    clock = game.state.clock if game.state is not None else None
    return clock is not None and clock.started_at is not None


def _hall(url: str) -> str:
    """Twelve players on the hub, the qualifying round drawn, the head judge registered."""
    from app.hub import Hub  # noqa: PLC0415
    from app.tournament import service as tournaments  # noqa: PLC0415
    from models.tournament.records import Player, Stage  # noqa: PLC0415

    t = tournaments.create("Hall Open 2026", "sg-championship",
                           stages=[Stage(name=STAGE, advance=4, advance_by="score")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                   for n in range(1, 13)])
    tournaments.draw(t.id, STAGE, seed=7)
    with Hub.open(url) as hub:
        hub.register_judge(HEAD, HEAD_PIN)
    return t.id


def _table_game(tid: str, folder: Path) -> Any:
    """Table 1's game, started from its table card as the desk's laptop starts it."""
    from app.games import folder as games  # noqa: PLC0415
    from app.tournament import service as tournaments  # noqa: PLC0415

    card = tournaments.table_card(tournaments.load(tid), STAGE, 1)
    path = tournaments.start_table(
        tid, STAGE, 1, tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1"),
        "Siti", folder=folder)
    return games.open_game(path)


def main() -> None:
    """Print the idle window's rows of the benchmark table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=IDLE_S)
    seconds = parser.parse_args().seconds
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    found = idle_following(seconds)
    for name, what in (("waiting", "the round not started"), ("running", "the round running")):
        print(f"| a table window idle following the hall's round, {what} ({seconds:g} s "
              f"scaled to a minute) | {found[name]:.3f} CPU-s a minute | bare window idle "
              f"{found['bare']:.3f} CPU-s a minute |")
    print(f"| a bare window whose one label shows a new m:ss every second ({seconds:g} s scaled "
          f"to a minute) | {found['bare ticking']:.3f} CPU-s a minute | |")
    print(f"| the hall's pause or resume reaching the table's clock ({PAUSES} of each), from the "
          f"entry stored on the hub | median {found['pause_p50_ms']:.0f} ms, worst "
          f"{found['pause_max_ms']:.0f} ms | |")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
