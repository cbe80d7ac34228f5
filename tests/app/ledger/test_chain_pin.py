"""The chain check's own writing of a game's pin (app/ledger/chain.py `_pin`) is game_digest's
text, byte for byte: a pin it got wrong would send a sound game the long way, and one it got
right for the wrong text would pass a changed games row."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from app.ledger import chain
from app.ledger.hashing import game_digest
from app.ledger.verify import GAME_COLUMNS

# What a games row's columns hold once the chain check has looked at their types: text, an
# int or None (any character but a lone surrogate: control characters, U+2028, DEL, quotes).
_VALUE = st.none() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text()
_ROW = st.fixed_dictionaries({name: _VALUE for name in GAME_COLUMNS})
_SEATS = st.lists(st.tuples(st.integers(min_value=0, max_value=12), st.text()), max_size=6)


@given(_ROW, _SEATS)
def test_the_pin_is_game_digests(row: dict[str, Any], seats: list[tuple[int, str]]) -> None:
    assert chain._pin(row, sorted(seats)) == game_digest(game=row, players=sorted(seats),
                                                           plain=True)


def test_a_rule_text_kept_gives_the_same_pin_and_a_changed_one_another() -> None:
    row: dict[str, Any] = {name: f"{name} é\u2028\x7f\"\\" for name in GAME_COLUMNS}
    row["chain_version"] = 2
    seats = [(1, "Ann"), (2, "Bo")]
    first = chain._pin(row, seats)
    assert chain._pin(dict(row), seats) == first == game_digest(game=row, players=seats,
                                                                   plain=True)
    changed = dict(row, board_json=row["board_json"] + " ")
    assert chain._pin(changed, seats) == game_digest(game=changed, players=seats, plain=True)
    assert chain._pin(changed, seats) != first


def test_a_value_orjson_writes_otherwise_sends_the_check_the_long_way() -> None:
    row: dict[str, Any] = dict.fromkeys(GAME_COLUMNS, "x")
    assert chain._pin(row | {"label": 2**70}, []) is None  # beyond 64 bits
    assert chain._pin(row | {"board_json": "\ud800"}, []) is None  # a lone surrogate
