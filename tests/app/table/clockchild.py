"""Record one command into a ledger at a given wall time, then wait to be killed.

`python tests/app/table/clockchild.py DB AT COMMAND_JSON`: the table service runs on a clock stopped at
AT (ISO 8601), so its automatic clock tick and the command carry that time. Prints
`committed <head_seq>` (flushed) once the command is recorded, then sleeps until killed.
"""

from __future__ import annotations

import sys
import time
from datetime import datetime
from pathlib import Path

# Run as a script, so the project root is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.table.command_text import parse_command
from app.table.service import TableGame

WAIT_S = 120


def main(argv: list[str]) -> int:
    db, when, line = argv[1], datetime.fromisoformat(argv[2]), argv[3]
    session = TableGame.open(db, now=lambda: when)
    session.submit(parse_command(line))
    print(f"committed {session.head_seq}", flush=True)
    time.sleep(WAIT_S)  # the parent kills this process with SIGKILL before it closes anything
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
