"""A hall of live tables on one hub, for the head judge's window: its tests, its screenshot and
the measurement of a hub reading with 16 tables.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.ui.head_judge_hall \
        docs/screenshots/head-judge-8-tables.png [1366x768]  # the screenshot (8 tables)
    .venv/bin/python -m tests.ui.head_judge_hall --measure 16   # hub readings, 16 tables
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import Hub, HubRefused, push_file
from app.simulator.simulate import roll_off
from app.table import judges
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.commands import NewGame
from models.tournament.records import Player, Stage
from tests.app.hub_tables import JUDGE, PIN, play
from tests.app.tamper_tools import drop_triggers, rechain


@dataclass
class Steps:
    """A table's wall clock: from `at`, on `step` at each reading (a table's pace of play)."""

    at: datetime
    step: timedelta = timedelta(seconds=2)

    def __call__(self) -> datetime:
        self.at += self.step
        return self.at


def table_at(folder: Path, number: int, commands: int, started: datetime,
             step: timedelta = timedelta(seconds=2)) -> Path:
    """Table `number` (as hub_tables.new_table makes it) opened at `started`, its clock started, then
    `commands` random commands at `step` a clock reading; returns its file."""
    game = TableGame.open(str(folder / f"table-{number}.db"), now=Steps(started, step))
    names = ["Ann", "Bob", "Cy", "Dee"]
    game.submit(NewGame(type="new_game", profile="classic", players=names,
                        label=f"table {number}", roll_off=roll_off(names, Random(number)),
                        judges=[judges.registration(JUDGE, PIN)]))
    game.sign_in_judge(JUDGE, PIN)  # classic has no clock until a judge sets a length
    game.submit(parse_command({"type": "set_game_length", "minutes": 60,
                                              "reason": "the round is played to 60 minutes"}))
    game.sign_out_judge()
    game.submit(parse_command({"type": "start_clock"}))
    play(game, commands, Random(number))
    game.close()
    return folder / f"table-{number}.db"


def last_recorded(path: Path) -> datetime:
    game = TableGame.open(str(path), create=False, readonly=True)
    try:
        assert game.last_at is not None
        return game.last_at
    finally:
        game.close()


def rewrite_after_push(hub: Hub, path: Path) -> str:
    """Rewrite an entry of a file the hub holds (the hub's arrival test's forger): the next copy
    is refused and the game shown diverged. Returns the hub's reason."""
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        game_id, number = db.execute(
            "SELECT game_id, command_no FROM events WHERE seq = 5").fetchone()
        for table in ("events", "commands"):
            db.execute(f"UPDATE {table} SET actor_name = 'someone else' WHERE command_no = ?",
                       (number,))
        rechain(db, game_id, 1)
        db.commit()
    try:
        push_file(hub, path, from_start=True)
    except HubRefused as refused:
        return refused.reason
    raise AssertionError("the rewritten file was taken")


# The screenshot's hall: a tournament's qualifying round of 8 tables, live ---------------------

NAMES = ["Aisha Rahman", "Ben Tan", "Chen Wei", "Devi Nair", "Ethan Lim", "Farah Ismail",
         "Gopal Singh", "Hui Min", "Ivan Koh", "Jasmine Ong", "Kumar Raj", "Li Na",
         "Marcus Goh", "Nurul Huda", "Oliver Teo", "Priya Das", "Qi Xuan", "Rahul Menon",
         "Siti Aminah", "Thomas Lee", "Uma Pillai", "Vincent Ng", "Wen Jie", "Xavier Chua",
         "Yasmin Ali", "Zhang Hao", "Amir Hamzah", "Bella Sim", "Cheryl Yeo", "Daniel Loh",
         "Elaine Foo", "Faisal Omar"]


def tournament_hall(folder: Path, hub_url: str, now: datetime) -> str:
    """A qualifying round of 8 tables played 40 minutes so far at different paces: table 3
    stalled 5 minutes, table 6 stalled 12, tables 7 and 8 finished with their scoresheets
    collected, table 5's file rewritten after the hub took it. Returns the tournament's id."""
    t = tournaments.create("Singapore Open 2026", "sg-championship", minutes=60, stages=[
        Stage(name="Qualifying", advance=16, advance_by="score"),
        Stage(name="Semi-final", advance=1, advance_by="table"),
        Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"SG{n:02}", name=name)
                                   for n, name in enumerate(NAMES, start=1)])
    tournaments.draw(t.id, "Qualifying", seed=2026)
    start = now - timedelta(minutes=41)
    stalls = {3: 5, 6: 12, 7: 10, 8: 10}  # 7 and 8 finish after 30 minutes
    with Hub.open(hub_url, create=True) as hub:
        for table in range(1, 9):
            clock = Steps(start - timedelta(seconds=20 * table))
            card = tournaments.table_card(tournaments.load(t.id), "Qualifying", table)
            roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
            path = tournaments.start_table(t.id, "Qualifying", table, roll_off, "Siti",
                                           (JUDGE, PIN), clock, folder)
            game = games.open_game(path, now=clock)
            game.submit(parse_command({"type": "start_clock"}))
            minutes = 40 - stalls.get(table, 0)
            commands = 120 + 20 * table
            clock.step = timedelta(seconds=1)
            play(game, commands, Random(table))
            clock.at = max(clock.at, start + timedelta(minutes=minutes, seconds=-20))
            play(game, 3, Random(table))  # the table's last entries, `minutes` into play
            if table >= 7:
                _finish(game, clock, start)
            if table == 2:
                game.submit(parse_command({"type": "raise_dispute", "raised_by":
                                           card["players"][1], "about": "rent on a mortgaged "
                                           "deed was charged", "entries": [game.head_seq]}))
            game.close()
            push_file(hub, path)
            if table == 5:
                rewrite_after_push(hub, path)
    tournaments.collect_results(t.id, "Qualifying")
    return t.id


def _finish(game: TableGame, clock: Steps, start: datetime) -> None:
    """After 30 minutes' play the judge sets the length to 35; time is called, the round played
    out and the scoresheet collected (the judge's signature)."""
    game.sign_in_judge(JUDGE, PIN)
    game.submit(parse_command({"type": "set_game_length", "minutes": 35,
                               "reason": "the hall plays 35 minutes this round"}))
    clock.at = start + timedelta(minutes=35, seconds=30)
    game.submit(parse_command({"type": "clock_tick"}))
    while game.state is not None and game.state.phase != "over":
        before = game.head_seq
        play(game, 1, Random(game.head_seq))
        if game.head_seq == before:
            break
    game.submit(parse_command({"type": "collect_scoresheet"}))
    game.sign_out_judge()


def screenshot(target: Path, size: tuple[int, int] = (1920, 1080)) -> None:
    """The head judge's window on the 8-table hall, as a head judge would see it at `size`."""
    with tempfile.TemporaryDirectory() as folder:
        import os  # noqa: PLC0415

        os.environ[DATA_DIR_ENV] = str(Path(folder) / "data")
        from ui.app import application  # noqa: PLC0415
        from ui.head_judge.reader import HallReader  # noqa: PLC0415
        from ui.head_judge.window import HeadJudgeWindow  # noqa: PLC0415

        app = application(sys.argv[:1])
        hub_url = str(Path(folder) / "hub.db")
        tid = tournament_hall(Path(folder), hub_url, datetime.now(UTC))
        window = HeadJudgeWindow(HallReader(hub_url, tid), threaded=False)
        window.resize(*size)
        window.show()
        window.refresh()
        app.processEvents()
        target.parent.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(target))
        window.close()
    print(f"saved {target}")


def measure(count: int) -> None:
    """How long the head judge's reading of a hub of `count` tables takes: the first (every game
    folded) and the next ones (one table moved on)."""
    from ui.head_judge.reader import HallReader  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        hub_url = str(folder / "hub.db")
        now = datetime.now(UTC)
        paths = [table_at(folder, n, 300, now - timedelta(minutes=30)) for n in
                 range(1, count + 1)]
        with Hub.open(hub_url) as hub:
            for path in paths:
                push_file(hub, path)
            entries = sum(t.entries for t in hub.tables())
        reader = HallReader(hub_url)
        first = time.perf_counter()
        reader.read()
        first = time.perf_counter() - first
        idle = []
        for _ in range(5):
            began = time.perf_counter()
            reader.read()
            idle.append(time.perf_counter() - began)
        moved = []
        for path in paths[:5]:
            game = TableGame.open(str(path), create=False, now=Steps(now))
            play(game, 5, Random(1))
            game.close()
            with Hub.open(hub_url) as hub:
                push_file(hub, path)
            began = time.perf_counter()
            reader.read()
            moved.append(time.perf_counter() - began)
        reader.close()
    print(f"{count} tables, {entries} entries on a SQLite hub: first reading "
          f"{first * 1000:.0f} ms; nothing new {1000 * min(idle):.0f}-{1000 * max(idle):.0f} ms; "
          f"one table moved on {1000 * min(moved):.0f}-{1000 * max(moved):.0f} ms")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        measure(int(sys.argv[2]) if len(sys.argv) > 2 else 16)
    else:
        width, _, height = (sys.argv[2] if len(sys.argv) > 2 else "1920x1080").partition("x")
        screenshot(Path(sys.argv[1] if len(sys.argv) > 1 else
                        "docs/screenshots/head-judge-8-tables.png"), (int(width), int(height)))
