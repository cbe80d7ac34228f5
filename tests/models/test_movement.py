"""Dice and movement: moving by the throw, salary at GO, doubles, and the Go To Jail space."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.commands import COMMAND_ADAPTER
from models.errors import BadInput
from models.events import SalaryPaid, SentToJail, TokenMoved
from tests.models.conftest import Game
from tests.models.support import give, put, refused, replays, roll


def test_a_roll_moves_the_token_forward_by_the_dice_total(classic: Game) -> None:
    # CL On your turn 1–2: Ann on GO (0) throws 4 + 6 = 10 and lands on 10, Jail / Just Visiting;
    # nothing is due there and, no double, the turn passes to Bob.
    events = roll(classic, "Ann", 4, 6)
    assert classic.types(events) == ["dice_rolled", "token_moved", "turn_passed"]
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1500
    assert classic.state is not None
    assert classic.state.current == "Bob"
    assert classic.state.turn_no == 2
    replays(classic)


def test_passing_go_pays_the_salary_of_200(classic: Game) -> None:
    # CL On your turn 4 / RULES.md Salary: Ann on 39 throws 5 + 6 = 11: 39 + 11 = 50, past 40,
    # lands on 10 Just Visiting and collects 200: 1500 + 200 = 1700.
    put(classic, "Ann", 39)
    events = roll(classic, "Ann", 5, 6)
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1700
    assert [e for e in events if isinstance(e, SalaryPaid)] == [
        SalaryPaid(payer="bank", payee="Ann", amount=200)]
    replays(classic)


def test_landing_exactly_on_go_pays_the_salary(classic: Game) -> None:
    # RULES.md Decisions: salary for landing on GO too. Ann on 37 throws 1 + 2 = 3: 37 + 3 = 40,
    # which is space 0, GO: 1500 + 200 = 1700.
    put(classic, "Ann", 37)
    events = roll(classic, "Ann", 1, 2)
    assert classic.position("Ann") == 0
    assert classic.cash("Ann") == 1700
    assert classic.types(events) == ["dice_rolled", "token_moved", "salary_paid", "turn_passed"]
    replays(classic)


def test_landing_on_go_with_a_double_pays_the_salary_and_gives_another_roll(classic: Game) -> None:
    # RULES.md Decisions: Ann on 38 throws 1 + 1 = 2: 38 + 2 = 40 = GO, salary 200 (1700); a
    # double, so Ann throws again (CL On your turn 5).
    put(classic, "Ann", 38)
    events = roll(classic, "Ann", 1, 1)
    assert classic.position("Ann") == 0
    assert classic.cash("Ann") == 1700
    assert classic.types(events)[-1] == "roll_again"
    assert classic.state is not None
    assert classic.state.current == "Ann"


def test_a_move_that_stops_short_of_go_pays_no_salary(classic: Game) -> None:
    # CL On your turn 4: Ann on 28 throws 5 + 6 = 11 to 39 (Boardwalk, offered): 39 < 40, no GO.
    put(classic, "Ann", 28)
    events = roll(classic, "Ann", 5, 6)
    assert classic.position("Ann") == 39
    assert classic.cash("Ann") == 1500
    assert "salary_paid" not in classic.types(events)


def test_a_double_gives_the_same_player_another_roll(classic: Game) -> None:
    # CL On your turn 5: Ann throws 3 + 3 = 6 to Oriental Avenue (her own, nothing due): a
    # double, so she rolls again and it stays her turn, still turn 1.
    give(classic, "Ann", 6)
    events = roll(classic, "Ann", 3, 3)
    assert classic.types(events) == ["dice_rolled", "token_moved", "roll_again"]
    assert classic.state is not None
    assert classic.state.current == "Ann"
    assert classic.state.phase == "roll"
    assert classic.state.turn_no == 1
    replays(classic)


def test_two_doubles_then_a_plain_throw_end_the_turn(classic: Game) -> None:
    # CL On your turn 5: Ann 3+3 → 6 (own), 5+5 → 16 (own), 1+2 → 19 (own): three moves, the
    # third is no double, so play passes to Bob.
    give(classic, "Ann", 6, 16, 19)
    roll(classic, "Ann", 3, 3)
    roll(classic, "Ann", 5, 5)
    events = roll(classic, "Ann", 1, 2)
    assert classic.position("Ann") == 19
    assert classic.types(events)[-1] == "turn_passed"
    assert classic.state is not None
    assert classic.state.current == "Bob"
    replays(classic)


def test_a_third_double_goes_straight_to_jail_without_moving_or_salary(classic: Game) -> None:
    # RULES.md Decisions: a third double sends the token straight to Jail (10) without moving by
    # that roll; the turn ends. Ann 3+3 → 6 (own), 5+5 → 16 (own); 6+6 would reach 28 but she
    # goes to 10 instead, with no salary (1500) and Bob to play.
    give(classic, "Ann", 6, 16)
    roll(classic, "Ann", 3, 3)
    roll(classic, "Ann", 5, 5)
    events = roll(classic, "Ann", 6, 6)
    assert classic.types(events) == ["dice_rolled", "sent_to_jail", "turn_passed"]
    assert not any(isinstance(e, TokenMoved) for e in events)
    assert events[1] == SentToJail(player="Ann", cause="third_double")
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1500
    assert classic.state is not None
    assert classic.state.player("Ann").in_jail
    assert classic.state.current == "Bob"
    replays(classic)


def test_a_third_double_past_go_still_pays_no_salary(classic: Game) -> None:
    # RULES.md Decisions: never salary on the way to Jail. Ann on 20: 2+2 → 24 (own), 4+4 → 32
    # (own); 5+5 would pass GO (32 + 10 = 42) but the third double is Jail, cash stays 1500.
    give(classic, "Ann", 24, 32)
    put(classic, "Ann", 20)
    roll(classic, "Ann", 2, 2)
    roll(classic, "Ann", 4, 4)
    roll(classic, "Ann", 5, 5)
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1500
    replays(classic)


@pytest.mark.parametrize("dice", [[7, 1], [1, 0], [0, 0], [6, 7]])
def test_a_die_outside_one_to_six_is_refused_when_the_command_is_read(classic: Game, dice: list[int]) -> None:
    # RULES.md Decisions, Turn and money: a die shows 1 to 6; anything else is bad input at parse.
    command = {"type": "roll", "player": "Ann", "dice": dice}
    with pytest.raises(ValidationError) as info:
        COMMAND_ADAPTER.validate_python(command)
    assert "a die shows 1 to 6" in str(info.value)
    assert classic.state is not None
    before = classic.state.model_dump()
    with pytest.raises(ValidationError):
        classic.do(**command)
    assert classic.state.model_dump() == before
    assert len(classic.log) == 1


def test_a_roll_out_of_turn_is_refused(classic: Game) -> None:
    # CL On your turn: it is Ann's turn (she won the roll-off); Bob's throw is refused.
    refused(classic, "CL On your turn", type="roll", player="Bob", dice=[3, 4])


def test_a_roll_by_a_player_not_at_the_table_is_bad_input(classic: Game) -> None:
    # Nobody called Zed plays: no rule to cite, the name is bad input.
    with pytest.raises(BadInput):
        roll(classic, "Zed", 3, 4)
    assert len(classic.log) == 1


def test_a_roll_while_a_purchase_offer_is_open_is_refused(classic: Game) -> None:
    # CL On your turn / CL An unowned property: Ann 1+2 → Baltic Avenue (3), unowned, offered at
    # 60; she must buy or decline before any further throw.
    roll(classic, "Ann", 1, 2)
    assert classic.state is not None
    assert classic.state.phase == "buy"
    refused(classic, "CL On your turn", type="roll", player="Ann", dice=[3, 4])
    refused(classic, "CL On your turn", type="roll", player="Bob", dice=[3, 4])


def test_the_go_to_jail_space_sends_the_token_to_jail_and_ends_the_turn(classic: Game) -> None:
    # CL Go to Jail: Ann on 25 throws 2 + 3 = 5 to 30, Go To Jail; she goes to 10, in Jail,
    # collects nothing (1500) and Bob plays.
    put(classic, "Ann", 25)
    events = roll(classic, "Ann", 2, 3)
    assert classic.types(events) == ["dice_rolled", "token_moved", "sent_to_jail", "turn_passed"]
    assert events[2] == SentToJail(player="Ann", cause="space")
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1500
    assert classic.state is not None
    assert classic.state.player("Ann").in_jail
    assert classic.state.current == "Bob"
    replays(classic)


def test_go_to_jail_pays_no_salary_though_the_way_from_30_to_10_runs_past_go(classic: Game) -> None:
    # RULES.md Jail: no salary on the way. From 30 forward to 10 would cross GO (30 → 40 → 10),
    # but the token goes directly: cash stays 1500. A double that lands there (24 + 3+3 = 30)
    # gives no further roll either: Bob plays.
    put(classic, "Ann", 24)
    events = roll(classic, "Ann", 3, 3)
    assert "salary_paid" not in classic.types(events)
    assert "roll_again" not in classic.types(events)
    assert classic.cash("Ann") == 1500
    assert classic.position("Ann") == 10
    assert classic.state is not None
    assert classic.state.current == "Bob"
    replays(classic)


def test_a_tax_space_takes_its_amount_on_landing(classic: Game) -> None:
    # CL Income tax / Luxury tax: Ann on GO throws 1 + 3 = 4, Income Tax 200: 1500 − 200 = 1300.
    events = roll(classic, "Ann", 1, 3)
    assert "tax_paid" in classic.types(events)
    assert classic.cash("Ann") == 1300
    replays(classic)


def test_play_goes_round_the_table_in_turn_order(classic: Game) -> None:
    # CL On your turn: Ann, Bob, Cy, then Ann again; each throws 4 + 6 = 10 to Just Visiting.
    for name in ("Ann", "Bob", "Cy"):
        roll(classic, name, 4, 6)
    assert classic.state is not None
    assert classic.state.current == "Ann"
    assert classic.state.turn_no == 4
    replays(classic)
