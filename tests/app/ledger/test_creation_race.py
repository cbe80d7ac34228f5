"""Two `banker run`s starting a game on one new file at once: the winner's game always survives."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.datafolder.paths import sample_script
from app.review.verify import verify_game
from app.table.command_text import read_script
from app.table.service import TableGame

RACECHILD = Path(__file__).with_name("racechild.py")
ROUNDS = 25

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork (POSIX)")


def script(tmp_path: Path, lines: int) -> Path:
    """The sample game's first `lines` commands: a run long enough that the two overlap."""
    commands = list(read_script(sample_script().read_text(encoding="utf-8")))[:lines]
    path = tmp_path / "game.jsonl"
    path.write_text("".join(f"{line}\n" for _, line in commands))
    return path


def test_of_two_runs_creating_one_file_the_winner_keeps_its_game_and_the_loser_is_refused(
        tmp_path: Path) -> None:
    lines = script(tmp_path, 12)
    subprocess.run([sys.executable, str(RACECHILD), str(tmp_path / "rounds"), str(ROUNDS),
                    str(lines)], check=True, timeout=600)
    for number in range(ROUNDS):
        place = tmp_path / "rounds" / f"round-{number}"
        runs = [(place / f"runner-{k}.out").read_text().split("\n", 1) for k in (1, 2)]
        codes = sorted(int(code) for code, _ in runs)
        assert codes[0] == 0, (number, runs)  # one of them always records its game
        winner = next(output for code, output in runs if code == "0")
        loser = next((output for code, output in runs if code != "0"), None)
        if loser is not None:
            assert codes[1] in (3, 4), (number, runs)
            assert "this ledger already holds a game" in loser, (number, runs)
        head = int(winner.rsplit("the ledger is at event ", 1)[1].split()[0])
        assert sorted(p.name for p in place.iterdir() if p.name.startswith(("t.db", ".t.db"))) \
            == ["t.db"], (number, runs)  # no temporary file or side file left behind
        session = TableGame.open(str(place / "t.db"), create=False, readonly=True)
        try:
            assert session.head_seq == head
            assert session.game_id is not None
            assert verify_game(session.ledger, session.game_id) == []
        finally:
            session.close()
