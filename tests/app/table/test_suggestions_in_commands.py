"""A mistyped command type or player name in a JSON line is answered with the nearest one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.table.command_text import parse_command
from models.errors import BadInput
from tests.app.conftest import Banker

NEW_GAME = json.dumps({"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
                       "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]})


def refusal(line: str) -> str:
    with pytest.raises(BadInput) as refused:
        parse_command(line)
    return str(refused.value)


def test_a_mistyped_command_type_suggests_the_nearest_type() -> None:
    assert refusal('{"type": "rol", "player": "Ann", "dice": [1, 2]}') == (
        "unknown command type 'rol'; did you mean 'roll'?")


def test_a_type_in_capitals_suggests_the_type_itself() -> None:
    assert refusal('{"type": "Buy", "player": "Ann"}') == (
        "unknown command type 'Buy'; did you mean 'buy'?")


def test_a_type_like_no_other_points_to_the_schema_instead_of_listing_every_type() -> None:
    message = refusal('{"type": "teleport", "player": "Ann"}')
    assert message == "unknown command type 'teleport' (banker schema lists them all)"


def test_a_line_without_a_type_says_a_command_needs_one() -> None:
    assert refusal('{"player": "Ann"}') == "a command needs a `type` (banker schema lists them all)"


def test_banker_run_suggests_the_type_and_the_player_meant(banker: Banker, tmp_path: Path) -> None:
    # Line 2 mistypes the type, so nothing after the game's start is recorded; then a second
    # script mistypes Bob's name as 'Bbo' (two letters swapped).
    typo = tmp_path / "typo.jsonl"
    typo.write_text(NEW_GAME + '\n{"type": "rol", "player": "Ann", "dice": [1, 2]}\n',
                    encoding="utf-8")
    result = banker("run", typo, "--db", tmp_path / "typo.db")
    assert result.exit_code == 3
    assert ("typo.jsonl line 2: bad input: unknown command type 'rol'; did you mean 'roll'?"
            in result.stderr)
    name = tmp_path / "name.jsonl"
    name.write_text(NEW_GAME + '\n{"type": "roll", "player": "Bbo", "dice": [1, 2]}\n',
                    encoding="utf-8")
    result = banker("run", name, "--db", tmp_path / "name.db")
    assert result.exit_code == 3
    assert ("name.jsonl line 2: bad input: no player called 'Bbo' at this table; "
            "did you mean 'Bob'?" in result.stderr)
