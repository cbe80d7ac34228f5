"""Issue 30 item 8: a name holds any script but no control or text-direction character; the
refusal names the character. A right-to-left override (U+202E) in a player's name would reverse
every line of the window that quotes it."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from app.table.command_text import parse_command
from models.errors import BadInput
from models.names import plain_name, refused_characters
from models.tournament.records import Player

WHOLE = ["陈伟明", "முருகன் செல்வம்", "Nur Aisyah binti Rahman", "José Müller-Øberg",
         "أحمد الحسن", "דוד כהן",
         "क्‍ष",  # a Devanagari conjunct held apart by U+200D ZERO WIDTH JOINER: scripts need it
         "می‌خواهم"]  # Persian with U+200C ZERO WIDTH NON-JOINER


@pytest.mark.parametrize("name", WHOLE)
def test_names_in_every_script_are_taken_as_typed(name: str) -> None:
    assert plain_name(name) == name
    assert Player(id="P1", name=name).name == name


@pytest.mark.parametrize(("name", "said"), [
    ("Siti\u202eAminah", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Tan\u2067Wei", "U+2067 RIGHT-TO-LEFT ISOLATE"),
    ("Lee\u200fKim", "U+200F RIGHT-TO-LEFT MARK"),
    ("Ong\tBeng", "U+0009 a control character"),
    ("Ah\x07Kow", "U+0007 a control character"),
    ("Wong\ufeffMei", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
])
def test_control_and_direction_characters_are_refused_naming_them(name: str, said: str) -> None:
    with pytest.raises(ValueError, match=re.escape(said)):
        plain_name(name)
    with pytest.raises(ValidationError, match=re.escape(said)):
        Player(id="P1", name=name)


def test_each_character_is_named_once_in_order() -> None:
    assert refused_characters("a\u202eb\u202ec\u202d") == ["\u202e", "\u202d"]


def test_a_new_game_with_such_a_name_is_refused_whole() -> None:
    command = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bo\u202eb"],
               "roll_off": [{"Ann": [6, 5], "Bo\u202eb": [1, 2]}]}
    with pytest.raises(BadInput) as refused:
        parse_command(command)
    assert "players.1: " in str(refused.value)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in str(refused.value)


def test_a_sign_up_sheet_with_such_a_name_is_refused_naming_the_line_and_character(
        tmp_path) -> None:
    from app.tournament.signup import players_from_csv  # noqa: PLC0415

    sheet = tmp_path / "sign-up.csv"
    sheet.write_text("id,name\nSG01,陈伟明\nSG02,Siti\u202eAminah\n", encoding="utf-8")
    with pytest.raises(BadInput) as refused:
        players_from_csv(sheet)
    assert "line 3" in str(refused.value)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in str(refused.value)
