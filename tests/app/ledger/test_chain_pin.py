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


def test_games_of_one_edition_share_the_pins_start_and_each_gets_its_own_pin() -> None:
    # The board's id, its JSON and the chain's version come first in the pin's text and are
    # the same for an edition's games: the hash's state after them is kept (chain._STARTED).
    # Each game's own fields after them (its id, time, label, profile) still make its pin.
    edition: dict[str, Any] = {name: f"{name} of the edition" for name in GAME_COLUMNS}
    edition["chain_version"] = 2
    games = [edition | {"id": f"g{n}", "created_at": f"2026-11-2{n}T10:00:00+00:00",
                        "label": None if n % 2 else f"Table {n}"} for n in range(4)]
    seats = [(1, "林美玲"), (2, "Ramasamy Kumaran")]
    pins = [chain._pin(game, seats) for game in games]
    assert pins == [game_digest(game=game, players=seats, plain=True) for game in games]
    assert len(set(pins)) == 4
    other_board = games[0] | {"board_json": "another board"}
    assert chain._pin(other_board, seats) == game_digest(game=other_board, players=seats,
                                                         plain=True) != pins[0]
    assert chain._pin(games[0], seats[:1]) != pins[0]  # the seats are the text's end
