"""A native crash of the window (a segmentation fault inside Qt or a C extension) leaves its
traceback, with the app's version, in the data folder's error log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.version import app_version

ROOT = Path(__file__).resolve().parents[2]

# The banker's window started as `banker` starts it; once its event loop runs, a slot reads
# address 0, as a fault in Qt's or a C extension's code would.
WINDOW_THAT_CRASHES = """
import ctypes
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from ui.entry import main

app = QApplication(["banker"])
QTimer.singleShot(0, lambda: print("window up", flush=True) or ctypes.string_at(0))
sys.argv = ["banker"]
main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX signal's exit status")
def test_a_native_crash_of_a_window_process_leaves_its_traceback_and_version_in_the_log(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    env.update({DATA_DIR_ENV: str(data), "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
                "XDG_CONFIG_HOME": str(tmp_path / "config")})
    with subprocess.Popen([sys.executable, "-c", WINDOW_THAT_CRASHES], cwd=ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        out, err = child.communicate(timeout=120)

    assert child.returncode == -signal.SIGSEGV, out + err
    assert "window up" in out  # the crash came with the window's event loop running
    log = (data / "logs" / "errors.log").read_text(encoding="utf-8")
    # The process's own line (the time, its number and the version) stands right above the fault
    # handler's report (any report written while the window ran, Qt's warnings, above both).
    before, trace = log.split("Fatal Python error: Segmentation fault\n", 1)
    head = before.splitlines()[-1]
    assert head.startswith("=== ")
    assert f"process {child.pid} (main thread 0x" in head
    assert "started; a native crash's traceback follows this line" in head
    thread = head.split("(main thread ", 1)[1].split(")", 1)[0]
    assert f"Current thread {thread} (most recent call first)" in trace  # the same process
    assert head.endswith(f"(banker {app_version()})")
    assert "(most recent call first)" in trace
    assert 'File "<string>", line 11 in <lambda>' in trace  # the slot that read address 0
    assert "ui/app.py" in trace and "in run" in trace  # inside the window's event loop
    assert "ui/entry.py" in trace  # started as `banker` starts it
