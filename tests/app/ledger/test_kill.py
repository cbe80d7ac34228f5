"""SIGKILL at random moments loses nothing reported committed and leaves no half command.

200 trials in CI; `SOAK_TRIALS=10000` runs the soak (docs/benchmarks.md has its result; with
`SOAK_FIRST_TRIAL=N` a soak run in parts kills at other moments in each part). A warm
server (killchild.py --serve) forks each player, so a trial costs a fork, not a Python start.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.ledger import open_ledger
from app.review.verify import verify_game
from app.table.service import TableGame
from app.table.voids import stored_to_event
from models.engine import legal_commands, replay

KILLCHILD = Path(__file__).with_name("killchild.py")
TRIALS = int(os.environ.get("SOAK_TRIALS", "200"))
FIRST_TRIAL = int(os.environ.get("SOAK_FIRST_TRIAL", "0"))  # a soak in parts: new moments each
KILLS_PER_FILE = 5
READY_TIMEOUT_S = 30.0

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"),
                                reason="needs fork and SIGKILL (POSIX)")


class Server:
    """The warm server's two requests: start a player, and reap it once it is killed."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def _ask(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def start(self, db: Path, seed: int, out: Path) -> int:
        answer = self._ask(f"{db} {seed} {out}")
        assert answer.startswith("pid "), answer
        return int(answer.split()[1])

    def reap(self, pid: int) -> int:
        answer = self._ask(f"wait {pid}")
        assert answer.startswith("status "), answer
        return int(answer.split()[1])


@contextmanager
def warm_server() -> Iterator[Server]:
    process = subprocess.Popen([sys.executable, str(KILLCHILD), "--serve"], text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "serving"
        yield Server(process)
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)


@dataclass
class Killed:
    """What a killed player reported: the head when it opened the file (None if killed before),
    then each commit."""

    ready_at: int | None
    committed: list[int]
    finished: bool


@dataclass(frozen=True)
class Progress:
    """What the file held after the previous trial."""

    commands: int = 0
    head: int = 0


def kill_once(server: Server, db: Path, out: Path, trial: int, *,
              after_commit: bool = False) -> Killed:
    """One player on `db`, killed at a random moment: one trial in five while it opens the file
    (creating or migrating it), the rest while it plays. `after_commit`: not before it reports
    its first commit (so the file surely holds a game, however loaded the machine is)."""
    rng = random.Random(f"kill {trial}")
    for report in (out, Path(f"{out}.err")):  # a player killed at once must not leave old lines
        report.write_text("")
    pid = server.start(db, trial, out)
    if after_commit:
        _wait_for_ready(out, "committed ")
        time.sleep(rng.uniform(0, 0.12))
    elif rng.random() < 0.2:
        time.sleep(rng.uniform(0, 0.08))
    else:
        _wait_for_ready(out)
        time.sleep(rng.uniform(0, 0.12))
    os.kill(pid, signal.SIGKILL)  # a player that has already ended is a zombie: no error
    status = server.reap(pid)
    lines = out.read_text().splitlines()
    finished = "done" in lines
    errors = Path(f"{out}.err").read_text()
    assert status == (0 if finished else -signal.SIGKILL), errors
    assert "Traceback" not in errors, errors
    ready = [int(line.split()[1]) for line in lines if line.startswith("ready ")]
    return Killed(
        ready_at=ready[0] if ready else None,
        committed=[int(line.split()[1]) for line in lines if line.startswith("committed ")],
        finished=finished,
    )


def _wait_for_ready(out: Path, line: str = "ready ") -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while not any(said.startswith(line) for said in out.read_text().splitlines()):
        if "done" in out.read_text().splitlines():
            return  # it played to the end before the kill: nothing left to wait for
        errors = Path(f"{out}.err")
        if errors.exists() and errors.read_text():
            raise AssertionError(f"the player failed before opening the file: {errors.read_text()}")
        if time.monotonic() > deadline:
            raise AssertionError("the player did not open the file in time")
        time.sleep(0.001)


def check_after_kill(db: Path, killed: Killed, before: Progress) -> Progress:
    """Nothing reported is lost, no command is half recorded (verify replays every command and
    compares its events), the chain verifies, and SQLite's integrity check passes."""
    assert killed.ready_at in (None, before.head)  # it found the game it left, not a new one
    assert killed.committed == sorted(set(killed.committed))
    with open_ledger(db) as ledger:  # opened for writing, as the app reopens it after a crash
        games = ledger.games()
        if not games:  # killed before its new_game was committed
            assert killed.committed == [] and before == Progress()
            return before
        assert len(games) == 1
        game_id = games[0].id
        head, _ = ledger.head(game_id)
        commands = len(ledger.commands(game_id))
        assert (killed.committed or [before.head])[-1] <= head
        # Each reported commit is one command; at most one more was committed but not reported.
        assert len(killed.committed) <= commands - before.commands <= len(killed.committed) + 1
        assert verify_game(ledger, game_id) == []
        events = ledger.events(game_id)
        assert [e.seq for e in events] == list(range(1, head + 1))
        assert {e.command_no for e in events} == set(range(1, commands + 1))
    with closing(sqlite3.connect(db)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return Progress(commands=commands, head=head)


def test_a_killed_game_reopens_at_the_table_where_it_stopped(tmp_path: Path) -> None:
    # The table service's own reopening: the fold of the stored events is the replayed state,
    # and play can go on.
    db = tmp_path / "killed.db"
    with warm_server() as server:
        progress = Progress()
        for trial in range(3):
            # The first kill waits for a commit: a loaded machine's kills could otherwise all
            # come before the first command, leaving no game to reopen (no test rests on timing).
            killed = kill_once(server, db, tmp_path / "trial.out", 1000 + trial,
                               after_commit=trial == 0)
            progress = check_after_kill(db, killed, progress)
    session = TableGame.open(str(db))
    try:
        assert session.table is not None and session.state is not None
        assert session.head_seq == progress.head
        assert replay(session.table, [stored_to_event(e) for e in session.events()]) == session.state
        assert legal_commands(session.table, session.state)
    finally:
        session.close()


def test_games_killed_at_random_moments_keep_every_reported_commit_and_no_half_command(
    tmp_path: Path,
) -> None:
    # TRIALS kills over TRIALS / KILLS_PER_FILE files: each file is killed again and again and
    # must play on from where it stopped, its history only growing.
    played = 0
    with warm_server() as server:
        for trial in range(TRIALS):
            db = tmp_path / f"killed-{trial // KILLS_PER_FILE}.db"
            if trial % KILLS_PER_FILE == 0:
                progress = Progress()
            out = tmp_path / f"trial-{trial % KILLS_PER_FILE}.out"
            killed = kill_once(server, db, out, FIRST_TRIAL + trial)
            after = check_after_kill(db, killed, progress)
            assert (after.commands, after.head) >= (progress.commands, progress.head)
            played += after.commands - progress.commands
            progress = after
    assert played > TRIALS  # the kills fell in play, not only at the opening
