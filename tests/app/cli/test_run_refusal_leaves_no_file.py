"""`banker run` whose first line is refused leaves no ledger file behind: bad input changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.app.conftest import Banker


def test_a_refused_new_game_on_a_new_path_creates_no_file(tmp_path: Path, banker: Banker) -> None:
    script = tmp_path / "evil.jsonl"
    script.write_text(json.dumps({"type": "new_game", "profile": "../../../tmp/evil",
                                  "players": ["Ann", "Bob"],
                                  "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]}) + "\n")
    result = banker("run", script, "--db", tmp_path / "t.db")
    assert result.exit_code == 3
    assert "is not an id" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evil.jsonl"]


def test_a_refused_line_after_accepted_ones_keeps_the_file_and_its_entries(
        tmp_path: Path, banker: Banker) -> None:
    # The game starts (game_started is entry 1), then a die of 7 is refused: the file stays with
    # what was recorded before the bad line.
    script = tmp_path / "two.jsonl"
    lines = [{"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
              "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]},
             {"type": "roll", "player": "Ann", "dice": [7, 1]}]
    script.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    result = banker("run", script, "--db", tmp_path / "t.db")
    assert result.exit_code == 3
    assert "two.jsonl line 2" in result.stderr
    assert "a die shows 1 to 6, not 7" in result.stderr
    listed = banker("ledger", "--db", tmp_path / "t.db", "--json")
    assert [e["type"] for e in json.loads(listed.stdout)] == ["game_started"]
