"""Play a long random game into a ledger file until killed: `python tests/app/killchild.py DB [SEED]`.

Prints `ready <head_seq>` once the file is open, then `committed <head_seq>` after every command
the table service has recorded, flushing each line, so a parent that kills this process knows
what was reported committed. A file that already holds a game is played on, not restarted.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

# Run as a script, so the project root is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.tables import TableGame, parse_command
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


if __name__ == "__main__":
    sys.exit(main(sys.argv))
