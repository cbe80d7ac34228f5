"""An update keeps every game: a ledger written by an earlier version (a file committed as that
version wrote it, tests/fixtures/ledgers/) opens through the migrations with every entry, the
same head and the same position, and its game goes on."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from app.hub import HUB_URL_ENV
from app.ledger.migration import alembic_config
from tests.app.conftest import Banker

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ledgers"
# Version 0.1.0 (schema 0008) recorded the shipped classic sample with banker Mei and judge Lee:
#   BANKER_JUDGE_PIN=246813 banker run examples/classic-sample.jsonl --db 0.1.0-classic.db \
#     --banker Mei --judge Lee
# and `banker verify` then said: 91 events, head 91:9a61bf513b0a1d95.
CLASSIC_0_1_0 = FIXTURES / "0.1.0-classic.db"
HEAD_0_1_0 = "91:9a61bf513b0a1d95"


def revisions(db: Path) -> list[str]:
    with closing(sqlite3.connect(db)) as connection:
        return sorted(row[0] for row in connection.execute("SELECT version_num FROM alembic_version"))


@pytest.fixture
def old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the 0.1.0 file, opened as a table's laptop opens it: no hub set."""
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    db = tmp_path / "table.db"
    shutil.copyfile(CLASSIC_0_1_0, db)
    assert revisions(db) == ["0008"]  # as 0.1.0 wrote it
    return db


def test_reading_the_0_1_0_file_shows_its_game_and_verifies_at_the_same_head(
        old_file: Path, banker: Banker) -> None:
    before = hashlib.sha256(old_file.read_bytes()).hexdigest()
    state = banker("state", "--db", old_file)
    assert state.exit_code == 0, state.output
    assert "classic on classic-us, turn 14: Cy (roll)" in state.stdout
    assert "Bob          cash    810" in state.stdout
    assert "Cy           cash   1145" in state.stdout
    assert "Ann          cash    515" in state.stdout
    verified = banker("verify", "--db", old_file, "--head", HEAD_0_1_0)
    assert verified.exit_code == 0, verified.output
    assert "sound (91 events, chain and fold agree)" in verified.stdout
    # Reading upgrades a copy in memory; the file stays as 0.1.0 left it.
    assert hashlib.sha256(old_file.read_bytes()).hexdigest() == before


def test_the_next_command_upgrades_the_file_to_this_versions_schema_and_the_game_goes_on(
        old_file: Path, banker: Banker, tmp_path: Path) -> None:
    script = tmp_path / "next.jsonl"
    script.write_text('{"type": "roll", "player": "Cy", "dice": [1, 2]}\n', encoding="utf-8")
    recorded = banker("run", script, "--db", old_file)
    assert recorded.exit_code == 0, recorded.output
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert revisions(old_file) == sorted(heads)
    verified = banker("verify", "--db", old_file)
    assert verified.exit_code == 0, verified.output
    assert "sound (95 events, chain and fold agree)" in verified.stdout  # Cy's roll: 4 more
    # Every entry 0.1.0 wrote is still there, under the same hashes.
    assert banker("verify", "--db", old_file, "--head", HEAD_0_1_0).exit_code == 0
    state = banker("state", "--db", old_file)
    assert "Cy           cash" in state.stdout and "turn 14: Cy" not in state.stdout
