"""Three programs on three data folders share one tournament through the hub: the desk creates and
draws, the table's laptop lists its card and starts its table, the desk sees the game started and
the head judge's laptop reads the same draw. Each `banker` runs as a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from tests.app.hub_tables import HUBS, fresh_hub

ROOT = Path(__file__).resolve().parents[3]
BANKER = "import sys\nfrom ui.entry import main\nsys.argv[0] = 'banker'\nmain()"


def banker(folder: Path, hub: str, *args: str) -> str:
    """`banker ARGS` run as its own process on the laptop with data folder `folder`."""
    env = os.environ | {DATA_DIR_ENV: str(folder), HUB_URL_ENV: hub, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", BANKER, *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("kind", HUBS)
def test_desk_table_and_head_judge_processes_share_the_hubs_tournament(
        kind: str, tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    desk, table, head = tmp_path / "desk", tmp_path / "table-2", tmp_path / "head-judge"
    banker(desk, url, "tournament", "create", "Hall Open 2026", "--profile", "sg-championship",
           "--id", "hall-open", "--stage", "Qualifying:4:4:score", "--stage", "Final:4:3:table")
    banker(desk, url, "tournament", "add-players", "hall-open",
           *[f"--player=H{n}=Player {n}" for n in range(1, 9)])
    banker(desk, url, "tournament", "draw", "hall-open", "Qualifying", "--seed", "7")
    cards = banker(table, url, "tournament", "tables", "hall-open", "Qualifying").splitlines()
    assert cards[0] == "Qualifying draw: random from seed 7"
    assert cards[2].startswith("Hall Open 2026 · Qualifying · table 2: ")
    assert cards[2].endswith("— to start")
    banker(table, url, "tournament", "start-table", "hall-open", "Qualifying", "2",
           "--roll-off", "6+5 4+3 2+2 5+1", "--banker", "Mei")
    started = list((table / "games").glob("*.db"))
    assert len(started) == 1 and not (desk / "games").exists()
    at_desk = banker(desk, url, "tournament", "tables", "hall-open", "Qualifying").splitlines()
    assert at_desk[2].endswith(f"— game {started[0]}") and at_desk[1].endswith("— to start")
    assert banker(head, url, "tournament", "tables", "hall-open", "Qualifying") == "\n".join(
        at_desk) + "\n"
    assert not any(folder.joinpath("tournaments").exists() for folder in (desk, table, head))
