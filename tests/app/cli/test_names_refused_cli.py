"""Issue 30 item 8 through the CLI contract: a script whose new game names a player with a
right-to-left override is refused at its line, exit 3, and nothing is recorded: no ledger is made,
and an existing ledger keeps exactly the entries it had."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ui.entry import main

RLO_GAME = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bo\u202eb"],
            "roll_off": [{"Ann": [6, 5], "Bo\u202eb": [1, 2]}]}
SOUND_GAME = {"type": "new_game", "profile": "classic", "players": ["陈伟明", "Zoë Ñúñez"],
              "roll_off": [{"陈伟明": [6, 5], "Zoë Ñúñez": [1, 2]}]}


def banker(*args: str | Path) -> tuple[int, str]:
    done = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return done.exit_code, done.output


def test_a_name_with_a_direction_override_is_refused_and_nothing_is_recorded(
        tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text(json.dumps(RLO_GAME, ensure_ascii=False) + "\n", encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    code, said = banker("run", script, "--db", fresh)
    assert code == 3
    assert "line 1: bad input: new_game.players.1: a name may not hold U+202E RIGHT-TO-LEFT " \
           "OVERRIDE" in said
    assert not fresh.exists()  # no ledger made for a refused first line

    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(SOUND_GAME, ensure_ascii=False) + "\n", encoding="utf-8")
    kept = tmp_path / "kept.sqlite"
    assert banker("run", good, "--db", kept)[0] == 0
    before = banker("ledger", "--db", kept)[1]
    code, _ = banker("run", script, "--db", kept)
    assert code == 3
    assert banker("ledger", "--db", kept)[1] == before  # every entry as it was, none added
