"""The error log: each report carries the app's version, the file rotates at its size limit
keeping one file before it, and a process that ends well leaves no crash-trace line behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.datafolder import error_log
from app.datafolder.paths import DATA_DIR_ENV
from app.version import app_version

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def reports(path: Path) -> list[str]:
    return [r for r in path.read_text(encoding="utf-8").split("=== ") if r]


def test_each_report_carries_the_version_and_the_log_rotates_at_its_limit(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(error_log, "LIMIT_BYTES", 1500)
    for n in range(20):  # about 230 bytes each: the limit passed three times over
        error_log.record(f"exception: Boom {n}", f"Traceback {n}\n" + "x" * 100, heads=[])

    log = data / "logs" / "errors.log"
    older = log.with_name("errors.log.1")
    assert sorted(p.name for p in log.parent.iterdir()) == ["errors.log", "errors.log.1"]
    assert log.stat().st_size <= 1500 and older.stat().st_size <= 1500
    kept = reports(older) + reports(log)  # one file before the current one, the oldest gone
    numbers = [int(r.split("Boom ", 1)[1].split(" ", 1)[0]) for r in kept]
    assert numbers == list(range(20 - len(numbers), 20)) and 0 not in numbers
    for report in kept:
        first, rest = report.split("\n", 1)
        assert first.endswith(f"(banker {app_version()})")
        assert rest.startswith("ledger head: no game open\nTraceback ")


def test_a_report_that_cannot_be_written_raises_for_the_caller_to_say(data: Path) -> None:
    data.mkdir()
    (data / "logs").write_text("a file where the folder should be")
    with pytest.raises(OSError):
        error_log.record("exception: Boom", "Traceback")


# A process of the app arms the crash trace, reports an error, then ends well; when another
# process has written after its line, it says it ended instead of taking the line back.
ENDS_WELL = """
import sys
from app.datafolder import error_log

path = error_log.trace_crashes()
error_log.record("exception: Boom", "Traceback")
if sys.argv[1] == "another":
    with open(path, "a", encoding="utf-8") as log:
        log.write("=== another process's report\\n\\n")
    error_log.record("exception: Boom again", "Traceback")
"""


@pytest.mark.parametrize("after", ["none", "another"])
def test_a_process_that_ends_well_leaves_no_crash_line_or_says_it_ended(
        data: Path, after: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    done = subprocess.run([sys.executable, "-c", ENDS_WELL, after], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    firsts = [r.split("\n", 1)[0] for r in reports(data / "logs" / "errors.log")]
    assert [f.split(" ", 1)[1] for f in firsts[:1]] == [f"exception: Boom (banker {app_version()})"]
    if after == "none":
        assert len(firsts) == 1  # its crash line taken back: nothing under it to read
    else:
        # Its line stays where the other process wrote after it (no second line for it), and
        # the end says the process ended.
        assert "started; a native crash's traceback follows this line" in firsts[1]
        assert firsts[2] == "another process's report"
        assert firsts[3].endswith(f"exception: Boom again (banker {app_version()})")
        assert firsts[4].endswith(f"ended normally (banker {app_version()})")
        process = firsts[1].split(" ", 1)[1].split(" started", 1)[0]  # after the time
        assert process.startswith("process ") and f"{process} ended normally" in firsts[4]
        assert len(firsts) == 5
