"""`banker tournament create --board`: the board every table plays on, refused when unknown."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from ui.entry import main


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, ["tournament", *args], catch_exceptions=False)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def test_create_with_a_board_records_it_and_an_unknown_board_is_refused() -> None:
    refused = invoke("create", "SG Open", "--profile", "sg-championship", "--board", "atlantis")
    assert refused.exit_code == 3
    assert "refused: no board called" in refused.output and "singapore" in refused.output
    assert tournaments.list_tournaments() == []
    made = invoke("create", "SG Open", "--profile", "sg-championship", "--board", "classic-uk")
    assert made.exit_code == 0, made.output
    assert tournaments.load("sg-open").board == "classic-uk"
