"""A table playing with its hub copier running, until killed (sharechild.py DB HUB OUT).

Writes `ready` to OUT once the game is recorded and the copier started, then `committed <head_seq>`
after every command, and `deleted <link>` whenever /proc/self/fd shows this process holding a
deleted file of the ledger (its -wal unlinked under it by another program). Every so often it
opens the ledger a second time in this process, as the copier does after a failure, and closes it.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

# Run as a script, so the project root is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.hub.replicator import Replicator
from app.ledger import open_ledger
from app.table.command_text import parse_command
from app.table.service import TableGame
from models.engine import legal_commands
from tests.app.ledger.killchild import NEW_GAME

COMMAND_LIMIT = 3000
SECOND_OPENER_EVERY = 20


def deleted(db: str) -> list[str]:
    """The ledger's files this process holds open although their names are gone."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(db) and target.endswith("(deleted)"):
            found.append(target)
    return found


def main(db: str, hub: str, out: str) -> int:
    with open(out, "w", buffering=1) as report:
        session = TableGame.open(db)
        session.submit(parse_command(NEW_GAME))
        copier = Replicator(db, hub, game_id=session.game_id, poll=0.05).start()
        report.write(f"ready {session.head_seq}\n")
        rng = random.Random(7)
        for number in range(COMMAND_LIMIT):
            assert session.table is not None and session.state is not None
            legal = legal_commands(session.table, session.state)
            if not legal:
                break
            session.submit(rng.choice(legal))
            copier.notify()
            if number % SECOND_OPENER_EVERY == 0:
                open_ledger(db, create=False, readonly=True).close()
            for link in deleted(db):
                report.write(f"deleted {link}\n")
            report.write(f"committed {session.head_seq}\n")
        while True:  # the game is over: keep watching until killed
            for link in deleted(db):
                report.write(f"deleted {link}\n")
            time.sleep(0.01)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
