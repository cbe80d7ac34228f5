"""Shared helpers for the app tests: the `banker` CLI run in-process on ledger files in tmp_path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from app.cli.main import main

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "classic-sample.jsonl"

Banker = Callable[..., Result]


@pytest.fixture
def banker() -> Banker:
    """Run `banker ARGS...` in-process; stdout and stderr stay apart on the result."""
    runner = CliRunner()

    def invoke(*args: str | Path) -> Result:
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return invoke


@pytest.fixture
def sample_db(tmp_path: Path, banker: Banker) -> Path:
    """A ledger file holding the shipped classic sample game, recorded through `banker run`."""
    db = tmp_path / "sample.db"
    result = banker("run", SAMPLE, "--db", db)
    assert result.exit_code == 0, result.output
    return db


def ledger_json(banker: Banker, db: Path) -> list[dict[str, Any]]:
    """The events of the file's game as `banker ledger --json` prints them."""
    result = banker("ledger", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    events: list[dict[str, Any]] = json.loads(result.stdout)
    return events


def state_json(banker: Banker, db: Path) -> dict[str, Any]:
    """The file's game state as `banker state --json` prints it."""
    result = banker("state", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    state: dict[str, Any] = json.loads(result.stdout)
    return state
