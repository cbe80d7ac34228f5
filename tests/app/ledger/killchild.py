"""Play a long random game into a ledger file until killed: `python tests/app/ledger/killchild.py DB [SEED]`.

Prints `ready <head_seq>` once the file is open, then `committed <head_seq>` after every command
the table service has recorded, flushing each line, so a parent that kills this process knows
what was reported committed. A file that already holds a game is played on, not restarted.

`python tests/app/ledger/killchild.py --serve` is a warm server for many trials: each line `DB SEED OUT`
on its standard input forks a player (already imported, so it starts in milliseconds) whose
reports go to the file OUT, and answers `pid <PID>`; `wait <PID>` answers `status <CODE>` once
that player has ended (-9 when killed).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

# Run as a script, so the project root is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.table.command_text import parse_command
from app.table.service import TableGame
from models.engine import legal_commands

NEW_GAME = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob", "Cy"],
            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [3, 4]}], "label": "kill test"}
COMMAND_LIMIT = 2000


def report(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str]) -> int:
    db = argv[1]
    rng = random.Random(int(argv[2]) if len(argv) > 2 else 0)
    session = TableGame.open(db)
    report(f"ready {session.head_seq}")
    if session.state is None:
        session.submit(parse_command(NEW_GAME))
        report(f"committed {session.head_seq}")
    for _ in range(COMMAND_LIMIT):
        assert session.table is not None and session.state is not None
        legal = legal_commands(session.table, session.state)
        if not legal:
            break
        session.submit(rng.choice(legal))
        report(f"committed {session.head_seq}")
    report("done")
    session.close()
    return 0


def serve() -> int:
    _warm()
    report("serving")
    for line in sys.stdin:
        words = line.split()
        if words[0] == "wait":
            _, status = os.waitpid(int(words[1]), 0)
            report(f"status {os.waitstatus_to_exitcode(status)}")
            continue
        db, seed, out = words
        pid = os.fork()
        if pid == 0:
            _player(db, seed, out)
        report(f"pid {pid}")
    return 0


def _warm() -> None:
    """Load the rule data and the database machinery once, so that every fork starts warm."""
    with tempfile.TemporaryDirectory() as folder:
        session = TableGame.open(str(Path(folder) / "warm.db"))
        session.submit(parse_command(NEW_GAME))
        session.close()


def _player(db: str, seed: str, out: str) -> None:
    """The forked player: its reports to OUT, its errors to OUT.err; never returns."""
    code = 1
    try:
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
        os.dup2(os.open(out + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        code = main(["killchild", db, seed])
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        os._exit(code)


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["--serve"] else main(sys.argv))
