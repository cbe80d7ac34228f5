"""SIGKILL in the middle of play loses nothing reported committed and leaves no half command."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.tables import TableGame
from app.verify import verify_game
from app.voids import stored_to_event
from models.engine import legal_commands, replay

KILLCHILD = Path(__file__).with_name("killchild.py")
READY_TIMEOUT_S = 30.0

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


@dataclass
class Killed:
    """What a killed child reported: the head when it opened the file, then each commit."""

    ready_at: int
    committed: list[int]
    finished: bool


def play_until_killed(db: Path, seed: int, out: Path) -> Killed:
    """Start the child on `db`, let it play a random 0.2–1.5 s after opening, then SIGKILL it."""
    delay = random.Random(f"kill {seed}").uniform(0.2, 1.5)  # the same moments on every run
    with out.open("w") as stdout, out.with_suffix(".err").open("w") as stderr:
        child = subprocess.Popen([sys.executable, str(KILLCHILD), str(db), str(seed)],
                                 stdout=stdout, stderr=stderr)
        try:
            _wait_for_ready(child, out)
            time.sleep(delay)
            if child.poll() is None:
                os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    lines = out.read_text().splitlines()
    errors = out.with_suffix(".err").read_text()
    finished = "done" in lines
    assert child.returncode == (0 if finished else -signal.SIGKILL), errors
    return Killed(
        ready_at=int(lines[0].split()[1]),
        committed=[int(line.split()[1]) for line in lines if line.startswith("committed ")],
        finished=finished,
    )


def _wait_for_ready(child: subprocess.Popen[bytes], out: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while not out.read_text().startswith("ready "):
        if child.poll() is not None:
            raise AssertionError(f"the child stopped before opening the file: "
                                 f"{out.with_suffix('.err').read_text()}")
        if time.monotonic() > deadline:
            raise AssertionError("the child did not open the file in time")
        time.sleep(0.01)


def check_after_kill(db: Path, killed: Killed, commands_before: int) -> tuple[int, int]:
    """Assert nothing reported was lost and no command is half recorded; returns (commands, head)."""
    session = TableGame.open(str(db))
    try:
        assert session.game_id is not None and session.table is not None
        ledger = session.ledger
        assert [g.id for g in ledger.games()] == [session.game_id]
        head, _ = ledger.head(session.game_id)
        commands = len(ledger.commands(session.game_id))

        assert killed.committed == sorted(set(killed.committed))
        assert (killed.committed or [killed.ready_at])[-1] <= head
        # Each reported commit is one command; at most one more was committed but not reported.
        assert len(killed.committed) <= commands - commands_before <= len(killed.committed) + 1
        assert verify_game(ledger, session.game_id) == []

        events = session.events()
        assert [e.seq for e in events] == list(range(1, head + 1))
        assert {e.command_no for e in events} == set(range(1, commands + 1))
        assert replay(session.table, [stored_to_event(e) for e in events]) == session.state
        assert session.state is not None and session.head_seq == head
        assert killed.finished or legal_commands(session.table, session.state)
        return commands, head
    finally:
        session.close()


@pytest.mark.parametrize("seed", range(5))
def test_a_game_killed_mid_play_keeps_every_reported_commit_and_no_half_command(
    tmp_path: Path, seed: int
) -> None:
    db = tmp_path / "killed.db"
    killed = play_until_killed(db, seed, tmp_path / "child.out")
    assert killed.ready_at == 0
    commands, head = check_after_kill(db, killed, commands_before=0)
    assert commands >= 1 and head >= 1


def test_a_game_killed_again_and_again_plays_on_from_where_it_stopped(tmp_path: Path) -> None:
    db = tmp_path / "killed-often.db"
    commands, heads = 0, []
    for run in range(3):
        killed = play_until_killed(db, 100 + run, tmp_path / f"child-{run}.out")
        if run:
            assert killed.ready_at == heads[-1]  # it found the game it left, not a new one
        commands, head = check_after_kill(db, killed, commands_before=commands)
        heads.append(head)
    assert heads == sorted(heads) and heads[-1] > heads[0]
