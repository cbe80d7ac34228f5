"""Malformed commands are refused as bad input in plain words, never in pydantic's boilerplate."""

from __future__ import annotations

from typing import Any

import pytest

from app.table.command_text import parse_command
from models.commands import Bid, Fine, MortgageeSale
from models.errors import BadInput


def _refusal(command: str | dict[str, Any]) -> str:
    with pytest.raises(BadInput) as info:
        parse_command(command)
    return str(info.value)


@pytest.mark.parametrize(("command", "expected"), [
    ({"type": "roll", "player": "Ann", "dice": [1, 7]}, "roll.dice: a die shows 1 to 6, not 7"),
    ({"type": "roll", "player": "Ann", "dice": [3]},
     "roll.dice.1: two dice are thrown: give both, e.g. [3, 4]"),
    ({"type": "bid", "player": "Ann", "amount": "ten"},
     "bid.amount: a whole number is needed here, not 'ten'"),
    ({"type": "bid", "player": "Ann", "amount": 1.5},
     "bid.amount: a whole number is needed here, not 1.5"),
    ({"type": "mortgage", "player": "Ann", "space": 40},
     "mortgage.space: spaces are numbered 0 (GO) to 39, not 40"),
    ({"type": "roll", "player": " Ann", "dice": [1, 2]},
     "roll.player: a name of 1 to 40 characters, with no space at either end"),
    ({"type": "fine", "player": "Ann", "amount": 5, "reason": " "},
     "fine.reason: give a reason in words"),
    ({"type": "buy", "player": "Ann", "colour": "red"},
     "buy.colour: is not a field of this command"),
    ({"type": "auction_building", "kind": "villa"},
     "auction_building.kind: must be 'house' or 'hotel', not 'villa'"),
    ({"type": "collect_rent", "claim": 0}, "collect_rent.claim: must be 1 or more, not 0"),
    ({"type": "buy"}, "buy.player: is missing"),
    ({"type": "roll", "player": "Ann", "dice": [1, 2], "at": "yesterday"},
     "roll.at: give a date and time with its zone, e.g. 2026-11-23T14:05:00+08:00, "
     "not 'yesterday'"),
], ids=lambda c: str(c)[:30])
def test_bad_input_says_what_is_wrong_in_plain_words(command: dict[str, Any], expected: str) -> None:
    assert _refusal(command) == expected


def test_broken_json_is_named_as_such() -> None:
    message = _refusal('{"type": "roll", "player": "Ann"')
    assert message.startswith("not valid JSON (")


@pytest.mark.parametrize("command", [
    {"type": "bid", "player": "Ann", "amount": []},
    {"type": "trade", "first": "Ann", "second": "Bob", "first_gives": 5},
    {"type": "count_cash", "player": "Ann", "counted": -1},
    {"type": "set_game_length", "minutes": 601, "reason": "final"},
    {"type": "build", "player": "Ann", "add": {}},
    {"type": "adjust_jail", "player": "Ann", "in_jail": "maybe", "reason": "x"},
])
def test_no_refusal_of_the_command_format_speaks_pydantic(command: dict[str, Any]) -> None:
    message = _refusal(command)
    assert "Input should" not in message and "should have" not in message
    assert "Value error" not in message and "String should" not in message


def test_limits_that_are_rules_are_left_to_the_engine() -> None:
    # A bid under the opening, a fine of 0 and an empty mortgagee-sale order are read; the
    # engine refuses them citing the profile's clause (tests/models/test_refusal_clauses.py).
    assert isinstance(parse_command({"type": "bid", "player": "Ann", "amount": -5}), Bid)
    assert isinstance(parse_command({"type": "fine", "player": "Ann", "amount": 0,
                                     "reason": "token moved"}), Fine)
    assert isinstance(parse_command({"type": "mortgagee_sale", "player": "Ann", "order": []}),
                      MortgageeSale)
