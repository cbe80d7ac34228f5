"""The hub shows each table's app version, from the entries copied (game_started's, then a row
naming the version that reopened the game), and `banker hub status` marks the tables on a
version other than the hall's, in words. On a SQLite hub (the reading is the same SQL)."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from app.hub import Hub, push_file
from app.hub.versions import odd_versions
from app.table.service import TableGame
from app.version import TEST_VERSION_ENV
from tests.app.conftest import Banker
from tests.app.hub_tables import StepClock, fresh_hub, new_table, play


def table_on(folder: Path, number: int, version: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(TEST_VERSION_ENV, version)
    game = new_table(folder, number)
    play(game, 6, Random(number))
    game.close()
    return folder / f"table-{number}.db"


def test_each_table_shows_its_version_and_another_version_is_marked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, banker: Banker) -> None:
    url = fresh_hub("sqlite", tmp_path)
    files = [table_on(tmp_path, 1, "1.4.0", monkeypatch), table_on(tmp_path, 2, "1.4.0", monkeypatch),
             table_on(tmp_path, 3, "1.3.0", monkeypatch)]
    with Hub.open(url) as hub:
        for path in files:
            push_file(hub, path)
        assert [(t.label, t.version) for t in hub.tables()] == [
            ("table 1", "1.4.0"), ("table 2", "1.4.0"), ("table 3", "1.3.0")]
    said = banker("hub", "status", "--hub", url)
    assert said.exit_code == 0, said.output
    lines = said.stdout.splitlines()
    assert "version 1.4.0" in lines[0] and "OTHER VERSION" not in lines[0]
    assert lines[2].endswith("version 1.3.0  OTHER VERSION: 1.3.0, most tables on 1.4.0")
    rows = json.loads(banker("hub", "status", "--hub", url, "--json").stdout)
    assert [(r["version"], r["other_version"]) for r in rows] == [
        ("1.4.0", None), ("1.4.0", None), ("1.3.0", "OTHER VERSION: 1.3.0, most tables on 1.4.0")]

    # Table 3's laptop is upgraded: the game reopened, its next entry names 1.4.0, copied.
    monkeypatch.setenv(TEST_VERSION_ENV, "1.4.0")
    game = TableGame.open(str(files[2]), now=StepClock(game_last_at(files[2])))
    play(game, 1, Random(9))
    game.close()
    with Hub.open(url) as hub:
        push_file(hub, files[2])
        assert [t.version for t in hub.tables()] == ["1.4.0"] * 3
    rows = json.loads(banker("hub", "status", "--hub", url, "--json").stdout)
    assert [r["other_version"] for r in rows] == [None] * 3


def game_last_at(path: Path) -> object:
    game = TableGame.open(str(path), readonly=True)
    try:
        return game.last_at
    finally:
        game.close()


def test_the_halls_version_is_the_one_most_tables_record() -> None:
    assert odd_versions({"a": "1.4.0", "b": "1.4.0"}) == {}
    assert odd_versions({"a": "1.4.0", "b": "1.3.0", "c": "1.4.0"}) == {
        "b": "OTHER VERSION: 1.3.0, most tables on 1.4.0"}
    # A game from before versions counts as a version of its own: "not recorded".
    assert odd_versions({"a": None, "b": "1.4.0", "c": "1.4.0"}) == {
        "a": "OTHER VERSION: not recorded, most tables on 1.4.0"}
    # As many each: a recorded version before none, the later in text order between two.
    assert odd_versions({"a": None, "b": "1.4.0"}) == {
        "a": "OTHER VERSION: not recorded, most tables on 1.4.0"}
    assert set(odd_versions({"a": "1.3.0", "b": "1.4.0"})) == {"a"}
