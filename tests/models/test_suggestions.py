"""'Did you mean ...?': a mistyped id, command type or player name is answered with the nearest."""

from __future__ import annotations

import pytest

from models.errors import BadInput
from models.suggest import did_you_mean, nearest, shown
from tests.models.conftest import new_game

PROFILES = ["classic", "propnex-championship", "sg-championship"]


def test_an_id_given_by_its_first_letters_suggests_the_id_it_begins() -> None:
    # 'sg' is too short for spelling likeness (difflib rates it 0.24 against 'sg-championship'),
    # but it is how that id begins.
    assert nearest("sg", PROFILES) == ["sg-championship"]


def test_a_part_of_several_ids_suggests_each_of_them() -> None:
    assert nearest("championship", PROFILES) == ["propnex-championship", "sg-championship"]


def test_a_misspelling_suggests_the_one_spelled_most_alike() -> None:
    # 'mortage' is no prefix or part of any type; 'mortgage' is the closest spelling.
    assert nearest("mortage", ["mortgage", "mortgagee_sale", "keep_mortgaged", "lift"]) == ["mortgage"]


def test_a_name_in_the_wrong_case_suggests_the_name_itself() -> None:
    assert nearest("bob", ["Ann", "Bob"]) == ["Bob"]


def test_nothing_alike_suggests_nothing() -> None:
    assert nearest("teleport", ["roll", "buy", "bid"]) == []
    assert did_you_mean("teleport", ["roll", "buy", "bid"]) == ""


def test_the_suggestion_reads_as_a_question_listing_at_most_three() -> None:
    assert did_you_mean("rol", ["roll", "buy"]) == "; did you mean 'roll'?"
    many = ["adjust_buildings", "adjust_card", "adjust_cash", "adjust_deed", "adjust_jail"]
    assert did_you_mean("adjust", many) == (
        "; did you mean 'adjust_buildings', 'adjust_card' or 'adjust_cash'?")


def test_a_long_value_is_quoted_back_cut_short() -> None:
    text = shown("x" * 300)
    assert text == repr("x" * 40) + "... (300 characters)"


def test_a_mistyped_player_name_suggests_the_player_meant() -> None:
    # Ann, Bob and Cy sit at the table; 'Bbo' is 'Bob' with two letters swapped.
    game = new_game(players=("Ann", "Bob", "Cy"))
    with pytest.raises(BadInput) as refused:
        game.judge(type="adjust_token", player="Bbo", space=5)
    assert str(refused.value) == "no player called 'Bbo' at this table; did you mean 'Bob'?"


def test_a_player_name_like_nobody_at_the_table_suggests_nobody() -> None:
    game = new_game(players=("Ann", "Bob", "Cy"))
    with pytest.raises(BadInput) as refused:
        game.judge(type="adjust_token", player="Zed", space=5)
    assert str(refused.value) == "no player called 'Zed' at this table"
