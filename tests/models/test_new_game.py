"""Opening a game: how many may sit at a table, the names they play under, and the roll-off."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from app.editions import rulebook
from models.commands import COMMAND_ADAPTER
from models.errors import BadInput
from tests.models.conftest import Game
from tests.models.support import refused, replays

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")


def _fresh(profile: str = "classic") -> Game:
    return Game(table=rulebook.table(profile))


def _start(game: Game, players: list[str], roll_off: list[dict[str, list[int]]]) -> list[Any]:
    return game.do(type="new_game", profile=game.table.profile.id, players=players, roll_off=roll_off)


def _one_round(players: list[str]) -> list[dict[str, list[int]]]:
    """A roll-off the first player wins outright (12 against 3)."""
    throws = {name: [1, 2] for name in players}
    throws[players[0]] = [6, 6]
    return [throws]


# Players per table ---------------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "count"), [
    ("classic", 2), ("classic", 6),
    ("sg-championship", 2), ("sg-championship", 4),
    ("propnex-championship", 4), ("propnex-championship", 5),
])
def test_a_table_seats_any_count_within_its_profiles_range(profile: str, count: int) -> None:
    # RULES.md players per table: CL 2–6, SG 2–4, PX 4–5 (PX 3.1); both ends are allowed.
    game = _fresh(profile)
    players = list(NAMES[:count])
    _start(game, players, _one_round(players))
    assert game.state is not None
    assert [p.name for p in game.state.players] == players
    # CL Set it up / SG The Banker / PX 3.2: everyone starts with 1500 on GO.
    assert {p.cash for p in game.state.players} == {1500}
    replays(game)


@pytest.mark.parametrize(("profile", "count", "clause"), [
    ("classic", 1, "CL Set it up"), ("classic", 7, "CL Set it up"),
    ("sg-championship", 1, "SG Using the score sheet"), ("sg-championship", 5, "SG Using the score sheet"),
    ("propnex-championship", 3, "PX 3.1"), ("propnex-championship", 6, "PX 3.1"),
])
def test_a_table_refuses_a_player_count_outside_its_profiles_range(
        profile: str, count: int, clause: str) -> None:
    # RULES.md players per table: CL 2–6, SG 2–4, PX 4–5; one below the least or one above the
    # most is refused citing the profile's `players` clause, and no game is opened.
    game = _fresh(profile)
    players = list(NAMES[:count])
    refused(game, clause, type="new_game", profile=profile, players=players, roll_off=_one_round(players))
    assert game.state is None


def test_a_new_game_hands_the_profiles_starting_cash_and_building_stock() -> None:
    # CL Set it up: 1500 each (2×500 + 4×100 + 50 + 20 + 2×10 + 5 + 5×1 = 1500); the Bank holds
    # 32 houses and 12 hotels; the three 1500s come out of the Bank.
    game = _fresh()
    events = _start(game, ["Ann", "Bob", "Cy"], _one_round(["Ann", "Bob", "Cy"]))
    assert game.types(events) == ["game_started"]
    assert game.state is not None
    assert game.state.bank_houses == 32
    assert game.state.bank_hotels == 12
    assert sum(t.amount for t in events[0].transfers()) == 3 * 1500
    assert all(d.owner is None for d in game.state.deeds.values())
    assert len(game.state.deeds) == 28


# The roll-off --------------------------------------------------------------------------------


def test_the_highest_roll_off_total_starts_and_the_clockwise_order_is_kept() -> None:
    # CL Who goes first?: highest total starts, play goes clockwise. Totals Ann 3, Bob 5, Cy 11,
    # Dee 7: Cy starts; clockwise from Cy in seating order Ann, Bob, Cy, Dee: Cy, Dee, Ann, Bob.
    game = _fresh()
    _start(game, ["Ann", "Bob", "Cy", "Dee"],
           [{"Ann": [1, 2], "Bob": [2, 3], "Cy": [5, 6], "Dee": [3, 4]}])
    assert game.state is not None
    assert [p.name for p in game.state.players] == ["Cy", "Dee", "Ann", "Bob"]
    assert game.state.current == "Cy"
    replays(game)


def test_a_tie_for_the_highest_total_is_settled_by_another_round_of_only_the_tied_players() -> None:
    # CL Who goes first?: Ann 8 and Bob 8 tie above Cy 5; round 2 is Ann and Bob only: Ann 4, Bob
    # 9, so Bob starts and the seating order Ann, Bob, Cy turns into Bob, Cy, Ann.
    game = _fresh()
    _start(game, ["Ann", "Bob", "Cy"], [
        {"Ann": [4, 4], "Bob": [2, 6], "Cy": [2, 3]},
        {"Ann": [1, 3], "Bob": [4, 5]},
    ])
    assert game.state is not None
    assert [p.name for p in game.state.players] == ["Bob", "Cy", "Ann"]
    replays(game)


def test_a_tie_below_the_highest_total_needs_no_further_round() -> None:
    # CL Who goes first?: only the highest total matters. Ann 10 beats Bob 6 and Cy 6: Ann starts.
    game = _fresh()
    _start(game, ["Ann", "Bob", "Cy"], [{"Ann": [5, 5], "Bob": [3, 3], "Cy": [2, 4]}])
    assert game.state is not None
    assert game.state.current == "Ann"


def test_a_roll_off_still_tied_after_the_last_round_is_refused() -> None:
    # CL Who goes first?: Ann 7 and Bob 7 tie for the highest; without another round there is no
    # first player, so the game is refused citing the roll_off clause.
    game = _fresh()
    refused(game, "CL Who goes first?", type="new_game", profile="classic", players=["Ann", "Bob", "Cy"],
            roll_off=[{"Ann": [3, 4], "Bob": [1, 6], "Cy": [1, 1]}])
    assert game.state is None


def test_a_round_thrown_after_the_roll_off_was_decided_is_refused() -> None:
    # CL Who goes first?: Ann 12 wins round 1 outright (Bob 3, Cy 3); a second round is not
    # thrown, so recording one is refused.
    game = _fresh()
    refused(game, "CL Who goes first?", type="new_game", profile="classic", players=["Ann", "Bob", "Cy"],
            roll_off=[{"Ann": [6, 6], "Bob": [1, 2], "Cy": [2, 1]}, {"Ann": [1, 1]}])
    assert game.state is None


@pytest.mark.parametrize("round_two", [
    {"Ann": [1, 3], "Bob": [4, 5], "Cy": [6, 6]},  # Cy lost round 1 and may not throw again
    {"Ann": [1, 3]},  # Bob tied and must throw again
])
def test_a_round_thrown_by_other_than_the_tied_players_is_refused(round_two: dict[str, list[int]]) -> None:
    # CL Who goes first?: Ann 8 and Bob 8 tie above Cy 5, so round 2 is Ann and Bob, exactly.
    game = _fresh()
    refused(game, "CL Who goes first?", type="new_game", profile="classic", players=["Ann", "Bob", "Cy"],
            roll_off=[{"Ann": [4, 4], "Bob": [2, 6], "Cy": [2, 3]}, round_two])
    assert game.state is None


def test_a_first_round_missing_a_player_is_refused() -> None:
    # CL Who goes first?: every player throws in round 1; Cy has no throw recorded.
    game = _fresh()
    refused(game, "CL Who goes first?", type="new_game", profile="classic", players=["Ann", "Bob", "Cy"],
            roll_off=[{"Ann": [6, 6], "Bob": [1, 2]}])
    assert game.state is None


# Names and dice ------------------------------------------------------------------------------


def test_two_players_with_the_same_name_are_refused_as_bad_input() -> None:
    # RULES.md Money: every money move names an account; two "Ann"s would be one account. No
    # clause: bad input.
    game = _fresh()
    with pytest.raises(BadInput):
        _start(game, ["Ann", "Bob", "Ann"], [{"Ann": [6, 6], "Bob": [1, 2]}])
    assert game.state is None
    assert game.log == []


@pytest.mark.parametrize("name", ["bank", "Bank", "BANK"])
def test_the_banks_account_name_is_refused_as_a_players_name(name: str) -> None:
    # STYLE.md double-entry: `bank` is the Bank's account in every transfer, in any letter case.
    game = _fresh()
    with pytest.raises(BadInput):
        _start(game, ["Ann", name], [{"Ann": [6, 6], name: [1, 2]}])
    assert game.state is None
    assert game.log == []


@pytest.mark.parametrize("dice", [[0, 3], [3, 7], [-1, 1]])
def test_a_roll_off_die_outside_one_to_six_is_refused_when_the_command_is_read(dice: list[int]) -> None:
    # RULES.md Decisions, Turn and money: a die shows 1 to 6; anything else is bad input.
    command = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
               "roll_off": [{"Ann": dice, "Bob": [1, 2]}]}
    with pytest.raises(ValidationError, match="a die shows 1 to 6"):
        COMMAND_ADAPTER.validate_python(command)
    game = _fresh()
    with pytest.raises(ValidationError):
        game.do(**command)
    assert game.state is None
    assert game.log == []


def test_a_second_new_game_on_the_same_ledger_is_refused() -> None:
    # One ledger holds one game: a new_game after game_started is bad input, the game untouched.
    game = _fresh()
    _start(game, ["Ann", "Bob"], _one_round(["Ann", "Bob"]))
    assert game.state is not None
    before = game.state.model_dump()
    with pytest.raises(BadInput):
        _start(game, ["Cy", "Dee"], _one_round(["Cy", "Dee"]))
    assert game.state.model_dump() == before
    assert len(game.log) == 1
