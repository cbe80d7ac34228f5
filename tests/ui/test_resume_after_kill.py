"""The app killed mid-game (SIGKILL, a pulled plug) reopens at the same entry with the same clock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QSettings

from app.cli.main import main as banker
from models.clock import MINUTE_MS
from ui.app import MainWindow
from ui.sounds import Sounds

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 3, 1, 10, tzinfo=UTC)

# The app in a child process: the main window opens a new SG game through the data folder,
# the table window records commands through its session, reports the head, then waits to be
# killed (it never closes anything).
CHILD = """
import sys
from datetime import datetime, timedelta
from PySide6.QtCore import QSettings
from app.games import folder as games
from app.cli.main import main as banker
from ui.app import MainWindow, application
from ui.sounds import Sounds

at = [datetime.fromisoformat(sys.argv[1])]
app = application()
window = MainWindow(lambda: at[0], sounds=Sounds(audio=False), tick_ms=None,
                    settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
path = games.create_game({"type": "new_game", "profile": "sg-championship",
                          "players": ["Ann", "Bob", "Cy"], "label": "killed table",
                          "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}]},
                         "Mei", now=lambda: at[0])
table = window.open_game(path)
session = table.session
assert session.send({"type": "start_clock"})
at[0] += timedelta(minutes=5)
for command in ({"type": "roll", "player": "Bob", "dice": [3, 2]},
                {"type": "buy", "player": "Bob"},
                {"type": "roll", "player": "Cy", "dice": [1, 2]}):
    assert session.send(command), command
print("committed", session.game.head_seq, path, flush=True)
sys.stdin.read()
"""


def test_a_killed_app_resumes_from_the_start_page_at_the_same_entry_and_clock(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # SG plays 60 minutes. The clock started at 10:00; the app is killed after its last entry
    # at 10:05. Reopened at 10:20 the clock has 60 - 20 = 40 minutes left: it ran while the
    # app was down (the rules' clock keeps running), computed from the events and the time now.
    data = tmp_path / "data"
    env = os.environ | {"BANKER_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen",
                        "PYTHONPATH": str(REPO)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, T0.isoformat(),
                              str(tmp_path / "child.ini")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                             cwd=REPO)
    try:
        line = child.stdout.readline().split()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL
    assert line[0] == "committed", line
    head, path = int(line[1]), Path(line[2])

    monkeypatch.setenv("BANKER_DATA_DIR", str(data))
    now = T0 + timedelta(minutes=20)
    window = MainWindow(lambda: now, sounds=Sounds(audio=False), tick_ms=None,
                        settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.start.resume is not None and window.start.resume.path == path
    window.start.resume_button.click()
    table = window.table
    assert table is not None
    game = table.session.game
    assert game.head_seq == head
    assert [p.position for p in game.state.players] == [5, 3, 0]  # Bob 5, Cy 3, Ann at GO
    assert table.view is not None and table.view.clock is not None
    assert table.view.clock.remaining_ms == 40 * MINUTE_MS
    window.show_start()
    verified = CliRunner().invoke(banker, ["verify", "--db", str(path)])
    assert verified.exit_code == 0, verified.output
