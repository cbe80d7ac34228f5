"""Two `banker run`s starting a game on one new file at once, for many rounds:
`python tests/app/ledger/racechild.py FOLDER ROUNDS SCRIPT`.

Warm (imported once), it forks two runners per round into FOLDER/round-N/t.db, lets them go
together through a pipe, and writes one line per runner to FOLDER/round-N/runner-K.out: the exit
code, then what the run printed (stdout and stderr).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

# Run as a script, so the project root is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.cli.main import main as banker


def runner(db: Path, script: str, gate: int, out: Path) -> None:
    os.read(gate, 1)  # both runners start at once
    text = io.StringIO()
    code = 0
    with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
        try:
            banker(["run", script, "--db", str(db)], standalone_mode=False)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except Exception as e:  # reported to the test, which fails on it
            code, _ = 99, text.write(repr(e))
    out.write_text(f"{code}\n{text.getvalue()}")
    os._exit(0)


def main(folder: str, rounds: str, script: str) -> int:
    for number in range(int(rounds)):
        place = Path(folder) / f"round-{number}"
        place.mkdir(parents=True)
        read, write = os.pipe()
        pids = []
        for k in (1, 2):
            pid = os.fork()
            if pid == 0:
                os.close(write)
                runner(place / "t.db", script, read, place / f"runner-{k}.out")
            pids.append(pid)
        os.close(read)
        os.write(write, b"go")
        os.close(write)
        for pid in pids:
            os.waitpid(pid, 0)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
