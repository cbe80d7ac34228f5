"""Rent: what a landing owes, the claim the owner must make in time, and rent that becomes a debt."""

from __future__ import annotations

import pytest

from models.events import DebtIncurred, RentClaimLapsed, RentClaimOpened, RentPaid
from tests.models.conftest import Game
from tests.models.support import give, put, refused, replays, roll


def _claims(events: list[object]) -> list[RentClaimOpened]:
    return [e for e in events if isinstance(e, RentClaimOpened)]


def _land_on_oriental(game: Game) -> list[object]:
    """Ann throws 2 + 4 = 6 from GO to Oriental Avenue (6)."""
    return roll(game, "Ann", 2, 4)


# What a landing owes --------------------------------------------------------------------------


def test_a_street_owes_its_base_rent_as_a_claim_and_no_money_moves_on_landing(classic: Game) -> None:
    # CL A property owned by another player: Oriental Avenue base rent 6 (Bob holds Oriental
    # only, not the light-blue set). The claim opens; both still hold 1500 until Bob collects.
    give(classic, "Bob", 6)
    events = _land_on_oriental(classic)
    assert _claims(events) == [RentClaimOpened(claim=1, space=6, payer="Ann", owner="Bob", amount=6,
                                               turn_no=1)]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1500, 1500)
    replays(classic)


def test_collecting_the_claim_moves_the_rent_from_payer_to_owner(classic: Game) -> None:
    # CL Collect rent: Bob claims the 6 for Oriental Avenue: Ann 1500 − 6 = 1494, Bob 1506.
    give(classic, "Bob", 6)
    _land_on_oriental(classic)
    events = classic.do(type="collect_rent", claim=1)
    assert events == [RentPaid(payer="Ann", payee="Bob", amount=6, claim=1)]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1494, 1506)
    assert classic.state is not None
    assert classic.state.claims == []
    replays(classic)


def test_a_claim_collected_once_cannot_be_collected_again(classic: Game) -> None:
    # CL A property owned by another player: rent is owed once a landing; claim 1 (6 on
    # Oriental) is paid, and a second collect is refused saying it was collected.
    give(classic, "Bob", 6)
    _land_on_oriental(classic)
    classic.do(type="collect_rent", claim=1)
    error = refused(classic, "CL A property owned by another player", type="collect_rent", claim=1)
    assert error.message == "no rent: claim 1 for Oriental Avenue was already collected from Ann (M6)"
    assert classic.cash("Bob") == 1506


def test_the_full_colour_set_doubles_unimproved_rent(classic: Game) -> None:
    # CL Collect rent: Oriental Avenue base rent 6, doubled for the full light-blue set (6, 8, 9
    # all Bob's, none mortgaged) = 12.
    give(classic, "Bob", 6, 8, 9)
    events = _land_on_oriental(classic)
    assert _claims(events)[0].amount == 12
    classic.do(type="collect_rent", claim=1)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1488, 1512)
    replays(classic)


def test_two_of_three_in_a_colour_set_do_not_double_the_rent(classic: Game) -> None:
    # CL Collect rent: Bob holds Oriental (6) and Vermont (8), Cy holds Connecticut (9): base 6.
    give(classic, "Bob", 6, 8)
    give(classic, "Cy", 9)
    assert _claims(_land_on_oriental(classic))[0].amount == 6


def test_classic_does_not_double_the_rent_when_another_of_the_set_is_mortgaged(classic: Game) -> None:
    # RULES.md switch (CL luxury): the set doubles only if none of it is mortgaged. Connecticut (9)
    # is mortgaged, so Oriental stays at its base 6.
    give(classic, "Bob", 6, 8)
    give(classic, "Bob", 9, mortgaged=True)
    assert _claims(_land_on_oriental(classic))[0].amount == 6
    replays(classic)


def test_sg_doubles_the_rent_even_when_another_of_the_set_is_mortgaged(sg: Game) -> None:
    # RULES.md switch: SG doubles even with another of the set mortgaged. Street 1 (light blue)
    # base 6, Bob holds all three with Street 3 (9) mortgaged: 6 × 2 = 12.
    give(sg, "Bob", 6, 8)
    give(sg, "Bob", 9, mortgaged=True)
    assert _claims(_land_on_oriental(sg))[0].amount == 12
    replays(sg)


@pytest.mark.parametrize(("houses", "hotel", "rent"), [
    (1, False, 30), (2, False, 90), (3, False, 270), (4, False, 400), (0, True, 550),
])
def test_buildings_set_the_rent_from_the_deed(classic: Game, houses: int, hotel: bool, rent: int) -> None:
    # CL A property owned by another player: Oriental Avenue rents 6 / 30 / 90 / 270 / 400 / 550
    # for 0–4 houses and a hotel (board file); the set bonus only doubles the unimproved rent.
    give(classic, "Bob", 6, 8, 9)
    classic.judge(type="adjust_buildings", space=6, houses=houses, hotel=hotel)
    assert _claims(_land_on_oriental(classic))[0].amount == rent
    classic.do(type="collect_rent", claim=1)
    assert classic.cash("Ann") == 1500 - rent
    replays(classic)


@pytest.mark.parametrize(("railways", "rent"), [
    ((5,), 25), ((5, 15), 50), ((5, 15, 25), 100), ((5, 15, 25, 35), 200),
])
def test_railway_rent_follows_how_many_railways_the_owner_holds(
        classic: Game, railways: tuple[int, ...], rent: int) -> None:
    # RULES.md Board and deeds: railways 25 / 50 / 100 / 200 for 1–4 held. Ann 2+3 → Reading (5).
    give(classic, "Bob", *railways)
    events = roll(classic, "Ann", 2, 3)
    assert _claims(events)[0].amount == rent
    replays(classic)


@pytest.mark.parametrize(("utilities", "rent"), [((12,), 28), ((12, 28), 70)])
def test_utility_rent_is_a_multiple_of_the_dice_that_brought_the_player(
        classic: Game, utilities: tuple[int, ...], rent: int) -> None:
    # RULES.md Board and deeds: 4× the dice with one utility, 10× with both. Ann on 5 throws
    # 3 + 4 = 7 to Electric Company (12): 4 × 7 = 28, or 10 × 7 = 70.
    give(classic, "Bob", *utilities)
    put(classic, "Ann", 5)
    assert _claims(roll(classic, "Ann", 3, 4))[0].amount == rent
    replays(classic)


def test_a_mortgaged_deed_opens_no_claim(classic: Game) -> None:
    # CL Mortgage properties: no rent on a mortgaged deed; Oriental is mortgaged, nothing owed.
    give(classic, "Bob", 6, mortgaged=True)
    events = _land_on_oriental(classic)
    assert _claims(events) == []
    assert classic.state is not None
    assert classic.state.claims == []
    assert classic.cash("Ann") == 1500


def test_landing_on_ones_own_deed_opens_no_claim(classic: Game) -> None:
    # CL A property owned by another player: rent is owed to another player only; Oriental is Ann's.
    give(classic, "Ann", 6)
    assert _claims(_land_on_oriental(classic)) == []


def test_a_claim_on_a_deed_mortgaged_since_the_landing_is_refused(classic: Game) -> None:
    # RULES.md Decisions: a claim on a mortgaged deed is refused. Claim 1 (6 on Oriental) opened,
    # then the judge records Oriental mortgaged: collecting cites CL Mortgage properties.
    give(classic, "Bob", 6)
    _land_on_oriental(classic)
    give(classic, "Bob", 6, mortgaged=True)
    refused(classic, "CL Mortgage properties", type="collect_rent", claim=1)


def test_a_claim_by_an_owner_who_no_longer_holds_the_deed_is_refused(classic: Game) -> None:
    # CL A property owned by another player: claim 1 is Bob's; Oriental has since gone to Cy.
    give(classic, "Bob", 6)
    _land_on_oriental(classic)
    give(classic, "Cy", 6)
    refused(classic, "CL A property owned by another player", type="collect_rent", claim=1)


# The claim window -----------------------------------------------------------------------------


def test_a_classic_claim_lapses_when_the_next_player_rolls(classic: Game) -> None:
    # CL Collect rent: the owner must ask before the next player rolls. Ann owes 6 on Oriental
    # (turn 1); Bob throws 4 + 6 (turn 2): the claim lapses and nothing is paid (both 1500).
    give(classic, "Bob", 6)
    _land_on_oriental(classic)
    events = roll(classic, "Bob", 4, 6)
    assert RentClaimLapsed(claim=1) in events
    refused(classic, "CL Collect rent", type="collect_rent", claim=1)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1500, 1500)
    replays(classic)


def test_a_classic_claim_survives_the_same_players_roll_after_a_double(classic: Game) -> None:
    # CL Collect rent: Ann 3+3 → Oriental (6), Bob's: claim 6; she throws again 2+2 → 10; that
    # is not the next player's roll, so Bob still collects 6: 1506.
    give(classic, "Bob", 6)
    roll(classic, "Ann", 3, 3)
    events = roll(classic, "Ann", 2, 2)
    assert not any(isinstance(e, RentClaimLapsed) for e in events)
    classic.do(type="collect_rent", claim=1)
    assert classic.cash("Bob") == 1506


def test_an_sg_claim_can_still_be_collected_after_the_next_players_roll(sg: Game) -> None:
    # SG Paying Rent: before the next two players roll. Ann owes 6 on Street 1 (light blue),
    # Bob throws 4 + 6 to Just Visiting; Bob still collects: Ann 1494, Bob 1506.
    give(sg, "Bob", 6)
    _land_on_oriental(sg)
    events = roll(sg, "Bob", 4, 6)
    assert not any(isinstance(e, RentClaimLapsed) for e in events)
    sg.do(type="collect_rent", claim=1)
    assert (sg.cash("Ann"), sg.cash("Bob")) == (1494, 1506)
    replays(sg)


def test_an_sg_claim_lapses_when_the_player_after_next_rolls(sg: Game) -> None:
    # SG Paying Rent: Ann's 6 (turn 1) survives Bob's roll (turn 2) and lapses at Cy's (turn 3).
    give(sg, "Bob", 6)
    _land_on_oriental(sg)
    roll(sg, "Bob", 4, 6)
    events = roll(sg, "Cy", 4, 6)
    assert RentClaimLapsed(claim=1) in events
    refused(sg, "SG Paying Rent", type="collect_rent", claim=1)
    assert (sg.cash("Ann"), sg.cash("Bob")) == (1500, 1500)
    replays(sg)


# Rent that becomes a debt ---------------------------------------------------------------------


def _ann_owes_more_than_she_has(game: Game) -> None:
    """Ann left with 3 (1500 − 1497) owes 6 on Bob's Oriental Avenue; Bob collects: a debt."""
    give(game, "Bob", 6)
    game.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1497)
    _land_on_oriental(game)
    game.do(type="collect_rent", claim=1)


def test_rent_the_payer_cannot_afford_becomes_a_debt(classic: Game) -> None:
    # CL Help! I'm in debt!: Ann has 3 and owes 6 (3 < 6): nothing moves, a debt of 6 to Bob opens
    # and the claim is closed by it.
    give(classic, "Bob", 6)
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1497)
    _land_on_oriental(classic)
    events = classic.do(type="collect_rent", claim=1)
    assert events == [DebtIncurred(debtor="Ann", creditor="Bob", amount=6,
                                   reason="rent on Oriental Avenue", claim=1)]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (3, 1500)
    assert classic.state is not None
    assert classic.state.claims == []
    replays(classic)


def test_while_a_debt_is_open_play_waits(classic: Game) -> None:
    # CL Help! I'm in debt!: with Ann's 6 owed to Bob (she has 3), Bob's roll and his Jail fine
    # are refused, and so is Ann's payment while 3 < 6; an adjustment is still taken.
    _ann_owes_more_than_she_has(classic)
    refused(classic, "CL Help! I'm in debt!", type="roll", player="Bob", dice=[3, 4])
    refused(classic, "CL Help! I'm in debt!", type="pay_jail_fine", player="Bob")
    refused(classic, "CL Help! I'm in debt!", type="pay_debt", player="Ann")
    put(classic, "Cy", 20)
    assert classic.position("Cy") == 20


def test_paying_the_debt_once_the_debtor_has_the_money_settles_it(classic: Game) -> None:
    # CL Help! I'm in debt!: the judge gives Ann 10 from the Bank (3 + 10 = 13); she pays the 6:
    # Ann 13 − 6 = 7, Bob 1500 + 6 = 1506; then Bob may roll.
    _ann_owes_more_than_she_has(classic)
    classic.judge(type="adjust_cash", from_account="bank", to_account="Ann", amount=10)
    events = classic.do(type="pay_debt", player="Ann")
    assert classic.types(events) == ["debt_paid"]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (7, 1506)
    assert classic.state is not None
    assert classic.state.debts == []
    roll(classic, "Bob", 4, 6)
    replays(classic)


def test_paying_a_debt_by_someone_who_owes_nothing_is_refused(classic: Game) -> None:
    # CL Help! I'm in debt!: Cy owes nothing.
    refused(classic, "CL Help! I'm in debt!", type="pay_debt", player="Cy")
