"""Through the table service: a refused or repeated command leaves the ledger and state untouched."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.ledger import StaleSequence
from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.service import TableGame
from models.errors import RuleViolation
from tests.app.conftest import SAMPLE

SAMPLE_LINES = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


@pytest.fixture
def game(db: Path) -> Iterator[TableGame]:
    """The sample's first two commands: Bob has rolled onto Reading Railroad and is offered it.
    The new game registers judge Jo (PIN 471100), who is not signed in."""
    session = TableGame.open(str(db))
    opening = json.loads(SAMPLE_LINES[0]) | {"judges": judges_field([("Jo", "471100")])}
    for line in [opening, *SAMPLE_LINES[1:2]]:
        session.submit(parse_command(line))
    yield session
    session.close()


def snapshot(session: TableGame) -> tuple[Any, ...]:
    """Everything a refusal must leave alone: the ledger's head and counts, and the state."""
    assert session.game_id is not None
    ledger = session.ledger
    return (ledger.head(session.game_id), len(ledger.events(session.game_id)),
            len(ledger.commands(session.game_id)), session.head_seq, session.state_json())


def command(**fields: Any) -> Any:
    return parse_command(fields)


@pytest.mark.parametrize("refused", [
    {"type": "roll", "player": "Ann", "dice": [1, 2]},
    {"type": "roll", "player": "Bob", "dice": [4, 4]},
    {"type": "buy", "player": "Cy"},
    {"type": "bid", "player": "Ann", "amount": 5},
    {"type": "close_auction"},
    {"type": "collect_rent", "claim": 9},
    {"type": "draw_card", "card": "cc_birthday"},
    {"type": "pay_debt", "player": "Bob"},
], ids=lambda c: c["type"])
def test_a_refused_command_changes_neither_the_ledger_nor_the_state(
    game: TableGame, refused: dict[str, Any]
) -> None:
    before = snapshot(game)
    with pytest.raises(RuleViolation) as error:
        game.submit(parse_command(refused))
    assert error.value.clause
    assert snapshot(game) == before


def test_after_a_refusal_the_right_command_is_still_accepted(game: TableGame) -> None:
    with pytest.raises(RuleViolation):
        game.submit(command(type="roll", player="Cy", dice=[1, 1]))
    stored = game.submit(parse_command(SAMPLE_LINES[2]))  # Bob buys Reading Railroad
    assert stored[0].type == "deed_bought"
    assert game.state is not None and game.state.player("Bob").cash == 1300


def test_a_command_carrying_the_head_it_saw_is_accepted(game: TableGame) -> None:
    head = game.head_seq
    stored = game.submit(command(type="buy", player="Bob", expect_seq=head))
    assert stored[0].seq == head + 1
    assert game.head_seq == stored[-1].seq
    assert game.state is not None and game.state.deeds[5].owner == "Bob"


def test_a_double_click_with_a_stale_expect_seq_is_refused_and_applied_once(game: TableGame) -> None:
    # A judge's cash adjustment is allowed twice by the rules, so only the ledger can tell the
    # second click from a new order: it carries the head the first click already moved past.
    game.sign_in_judge("Jo", "471100")
    head = game.head_seq
    click = {"type": "adjust_cash", "from_account": "bank", "to_account": "Ann", "amount": 10,
             "reason": "change miscounted", "expect_seq": head,
             "actor": {"role": "judge", "name": "Jo"}}
    game.submit(parse_command(click))
    after_first = snapshot(game)

    with pytest.raises(StaleSequence) as error:
        game.submit(parse_command(click))

    assert (error.value.expected, error.value.actual) == (head, game.head_seq)
    assert snapshot(game) == after_first
    assert game.state is not None and game.state.player("Ann").cash == 1510
    adjustments = [e for e in game.events() if e.type == "cash_adjusted"]
    assert len(adjustments) == 1


def test_the_same_roll_sent_from_a_second_window_is_refused_as_stale(game: TableGame, db: Path) -> None:
    game.submit(parse_command(SAMPLE_LINES[2]))  # Bob buys; Cy is to roll
    other = TableGame.open(str(db))
    try:
        roll = command(type="roll", player="Cy", dice=[6, 6], expect_seq=game.head_seq)
        game.submit(roll)
        before = snapshot(game)
        with pytest.raises(StaleSequence):
            other.submit(roll)  # this window saw the same head and still thinks Cy is to roll
        assert snapshot(game) == before
        rolls = [e for e in game.events() if e.type == "dice_rolled" and e.payload["player"] == "Cy"]
        assert len(rolls) == 1
    finally:
        other.close()


def test_an_expect_seq_from_the_future_is_refused(game: TableGame) -> None:
    before = snapshot(game)
    with pytest.raises(StaleSequence):
        game.submit(command(type="buy", player="Bob", expect_seq=game.head_seq + 5))
    assert snapshot(game) == before


def test_reopening_the_file_gives_the_live_sessions_state(game: TableGame, db: Path) -> None:
    for line in SAMPLE_LINES[2:]:
        game.submit(parse_command(line))
    with pytest.raises(RuleViolation):
        game.submit(command(type="roll", player="Ann", dice=[2, 2]))
    reopened = TableGame.open(str(db))
    try:
        assert reopened.state_json() == game.state_json()
        assert reopened.head_seq == game.head_seq
        assert reopened.state == game.state
    finally:
        reopened.close()


def test_reopening_the_file_mid_auction_gives_the_live_sessions_state(game: TableGame, db: Path) -> None:
    for line in SAMPLE_LINES[2:7]:  # Bob buys; Cy rolls a double and declines; two bids
        game.submit(parse_command(line))
    assert game.state is not None and game.state.phase == "auction"
    reopened = TableGame.open(str(db))
    try:
        assert reopened.state_json() == game.state_json()
        reopened.submit(parse_command(SAMPLE_LINES[7]))  # the reopened session plays on
        assert reopened.state is not None and reopened.state.auction is not None
        assert reopened.state.auction.high_bid == 70
    finally:
        reopened.close()
