"""`banker tournament create` says the stages in the tournament window's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.wording import stage_words
from ui.entry import main


def test_create_says_each_tables_winner_advances_as_the_window_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    made = CliRunner().invoke(main, ["tournament", "create", "SG Open", "--profile",
                                     "sg-championship"], catch_exceptions=False)
    assert made.exit_code == 0, made.output
    assert made.output.strip() == (
        "tournament sg-open created: Qualifying: tables of 4, top 16 across all tables "
        "advance; Semi-final: tables of 4, each table's winner advances; Final: tables of 4, "
        "each table's top 3 placed")
    assert "; ".join(stage_words(tournaments.load("sg-open"))) in made.output
