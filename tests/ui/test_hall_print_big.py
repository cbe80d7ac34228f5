"""`banker tournament print --cards` for a hall of 100 tables: the PDF written, and the process
ends with exit 0 (PySide6 6.12 on CPython 3.11 once took it down at exit: ui/none_kept.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player

REPO = Path(__file__).resolve().parents[2]


def test_the_cards_of_a_hundred_tables_are_written_and_the_command_exits_0(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Big Hall", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n:03}", name=f"Player {n}")
                                   for n in range(1, 401)])
    tournaments.draw(t.id, "Qualifying", seed=5)
    cards = tmp_path / "cards.pdf"
    env = {**os.environ, DATA_DIR_ENV: str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", "from ui.entry import main; main()",
                           "tournament", "print", t.id, "Qualifying", "--cards", str(cards)],
                          capture_output=True, text=True, cwd=REPO, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"written: {cards} (100 pages)"
    assert "Fatal" not in done.stderr
    pages = PdfReader(cards).pages
    assert len(pages) == 100
    assert " ".join(pages[99].extract_text().split()).startswith(
        "Big Hall Qualifying TABLE 100 Seat 1")
