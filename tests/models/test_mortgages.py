"""Mortgages: the value paid, the set without buildings, no rent, lifting at value + 10% rounded up."""

from __future__ import annotations

import pytest

from models.events import DeedMortgaged, MortgageLifted, PlayerBankrupt, RentClaimOpened
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses
from tests.models.support import give, put, refused, replays, roll

MORTGAGE = {"classic": "CL Mortgage properties", "sg-championship": "SG Mortgages"}


@pytest.fixture(params=["classic", "sg-championship"])
def game(request: pytest.FixtureRequest) -> Game:
    """Ann, Bob and Cy at a CL table, then at an SG one."""
    return new_game(request.param, ("Ann", "Bob", "Cy"))


def _claims(events: list[object]) -> list[RentClaimOpened]:
    return [e for e in events if isinstance(e, RentClaimOpened)]


def test_mortgaging_pays_the_mortgage_value(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages: collect the value on the back of the deed.
    # Mediterranean Avenue (1): mortgage value 30 (half the price 60): 1500 + 30 = 1530.
    give(game, "Ann", 1)
    events = game.do(type="mortgage", player="Ann", space=1)
    assert events == [DeedMortgaged(payer="bank", payee="Ann", amount=30, space=1)]
    assert game.cash("Ann") == 1530
    assert game.state is not None
    assert game.state.deeds[1].mortgaged
    replays(game)


def test_a_deed_whose_colour_set_carries_buildings_cannot_be_mortgaged(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages: sell every building of the set first. Ann's brown:
    # Baltic (3) holds one house (judge), Mediterranean (1) none: Mediterranean is refused too.
    houses(game, "Ann", {1: 0, 3: 1})
    clause = MORTGAGE[game.table.profile.id]
    refused(game, clause, type="mortgage", player="Ann", space=1)
    refused(game, clause, type="mortgage", player="Ann", space=3)
    # Once the house is sold (half of 50 = 25: 1525), Mediterranean goes for 30: 1555.
    game.do(type="sell_buildings", player="Ann", remove={3: 1})
    game.do(type="mortgage", player="Ann", space=1)
    assert game.cash("Ann") == 1555
    replays(game)


def test_a_deed_cannot_be_mortgaged_twice(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages: Reading Railroad (5) mortgaged once for 100 (1600).
    give(game, "Ann", 5)
    game.do(type="mortgage", player="Ann", space=5)
    refused(game, MORTGAGE[game.table.profile.id], type="mortgage", player="Ann", space=5)
    assert game.cash("Ann") == 1600


def test_only_the_owner_may_mortgage_a_deed(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages ("No other player can pay off your mortgage"): Reading
    # Railroad is Ann's; Bob can neither mortgage it nor, once Ann has, lift it.
    give(game, "Ann", 5)
    clause = MORTGAGE[game.table.profile.id]
    refused(game, clause, type="mortgage", player="Bob", space=5)
    game.do(type="mortgage", player="Ann", space=5)
    refused(game, clause, type="lift", player="Bob", space=5)


def test_a_mortgaged_deed_opens_no_rent_claim(game: Game) -> None:
    # CL Mortgage properties ("Rent cannot be collected on mortgaged properties") / SG Mortgages.
    # Bob mortgages Oriental Avenue (6) for 50 (1550); Ann throws 2 + 4 onto it: no claim, Ann 1500.
    give(game, "Bob", 6)
    game.do(type="mortgage", player="Bob", space=6)
    events = roll(game, "Ann", 2, 4)
    assert _claims(events) == []
    assert (game.cash("Ann"), game.cash("Bob")) == (1500, 1550)
    replays(game)


@pytest.mark.parametrize(("space", "value", "interest"), [
    (1, 30, 3),     # Mediterranean Avenue: 30 + 3 = 33
    (3, 30, 3),     # Baltic Avenue: 30 + 3 = 33
    (5, 100, 10),   # Reading Railroad: 100 + 10 = 110
    (6, 50, 5),     # Oriental Avenue: 50 + 5 = 55
    (11, 70, 7),    # St. Charles Place: 70 + 7 = 77
    (12, 75, 8),    # Electric Company: 75 + 7.5, rounded up to 8 = 83
    (21, 110, 11),  # Kentucky Avenue: 110 + 11 = 121
    (29, 140, 14),  # Marvin Gardens: 140 + 14 = 154
    (37, 175, 18),  # Park Place: 175 + 17.5, rounded up to 18 = 193
])
def test_lifting_costs_the_value_plus_ten_percent_rounded_up(
        classic: Game, space: int, value: int, interest: int) -> None:
    # CL Mortgage properties: repay the listed value plus 10%; RULES.md: every 10% rounds up.
    # Ann mortgages (1500 + value) and lifts (- value - interest): 1500 - interest in the end.
    give(classic, "Ann", space)
    classic.do(type="mortgage", player="Ann", space=space)
    assert classic.cash("Ann") == 1500 + value
    events = classic.do(type="lift", player="Ann", space=space)
    assert events == [MortgageLifted(payer="Ann", payee="bank", amount=value + interest, space=space)]
    assert classic.cash("Ann") == 1500 - interest
    assert classic.state is not None
    assert not classic.state.deeds[space].mortgaged
    replays(classic)


def test_lifting_with_too_little_cash_is_refused(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages: lifting Reading Railroad costs 100 + 10 = 110.
    # Ann, left with 109, is refused; with 110 she ends on 0.
    give(game, "Ann", 5, mortgaged=True)
    drain(game, "Ann", 109)
    clause = MORTGAGE[game.table.profile.id]
    refused(game, clause, type="lift", player="Ann", space=5)
    game.judge(type="adjust_cash", from_account="bank", to_account="Ann", amount=1)
    game.do(type="lift", player="Ann", space=5)
    assert game.cash("Ann") == 0
    replays(game)


def test_a_deed_that_is_not_mortgaged_cannot_be_lifted(game: Game) -> None:
    # CL Mortgage properties / SG Mortgages: Reading Railroad is Ann's and not mortgaged.
    give(game, "Ann", 5)
    refused(game, MORTGAGE[game.table.profile.id], type="lift", player="Ann", space=5)


def test_classic_does_not_double_the_rent_of_a_set_with_a_street_mortgaged(classic: Game) -> None:
    # RULES.md switch (CL luxury): the full set doubles unimproved rent only if none of it is
    # mortgaged. Bob holds light blue and mortgages Connecticut (9) for 60 (1560). Ann throws
    # 2 + 4 to Oriental (6): base rent 6, not 12.
    give(classic, "Bob", 6, 8, 9)
    classic.do(type="mortgage", player="Bob", space=9)
    events = roll(classic, "Ann", 2, 4)
    assert [c.amount for c in _claims(events)] == [6]
    classic.do(type="collect_rent", claim=1)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1494, 1566)
    replays(classic)


def test_sg_doubles_the_rent_of_a_full_set_with_a_street_mortgaged(sg: Game) -> None:
    # SG Paying Rent / SG Mortgages: "Even if one street in a color set is mortgaged, you can still
    # collect double rent." Bob mortgages Street 3 (light blue, 9) for 60 (1560); Ann throws 2 + 4
    # to Street 1 (6): 6 x 2 = 12: Ann 1488, Bob 1572.
    give(sg, "Bob", 6, 8, 9)
    sg.do(type="mortgage", player="Bob", space=9)
    events = roll(sg, "Ann", 2, 4)
    assert [c.amount for c in _claims(events)] == [12]
    sg.do(type="collect_rent", claim=1)
    assert (sg.cash("Ann"), sg.cash("Bob")) == (1488, 1572)
    replays(sg)


# Bankrupt "as is" (SG) -------------------------------------------------------------------------


def _cy_owes_2000_to_bob(game: Game) -> None:
    """Bob: dark blue with 4 houses on Park Place and a hotel on Boardwalk (rent 2000). Cy: 100
    cash; brown with a house on each (2 x 25 = 50 if sold); Oriental (6) unmortgaged (50);
    Reading Railroad / MRT Station 1 (5) mortgaged. Cy throws 1 + 3 from 35 to Boardwalk (39)."""
    houses(game, "Bob", {37: 4, 39: 5})
    houses(game, "Cy", {1: 1, 3: 1})
    give(game, "Cy", 6)
    give(game, "Cy", 5, mortgaged=True)
    drain(game, "Cy", 100)
    game.judge(type="adjust_turn", player="Cy")
    put(game, "Cy", 35)
    events = roll(game, "Cy", 1, 3)
    claim = _claims(events)[0]
    assert claim.amount == 2000
    game.do(type="collect_rent", claim=claim.claim)
    assert game.state is not None
    assert [(d.debtor, d.creditor, d.amount) for d in game.state.debts] == [("Cy", "Bob", 2000)]


def test_sg_refuses_a_mortgage_when_the_debt_exceeds_everything_the_player_could_raise() -> None:
    # SG How to Play 4: "If you can't raise enough to pay your debt, do not mortgage any
    # properties. You go bankrupt 'as is'." Cy owes 2000; could raise 100 cash + 50 (houses at
    # half) + 30 + 30 + 50 (Mediterranean, Baltic, Oriental) = 260; MRT Station 1 is already
    # mortgaged. 2000 > 260: a mortgage is refused, citing How to Play 4, the clause that says
    # "as is" (not Running Out Of Money, the clause beside it that says to mortgage).
    game = new_game("sg-championship", ("Ann", "Bob", "Cy", "Dee"))
    _cy_owes_2000_to_bob(game)
    error = refused(game, "SG How to Play 4", type="mortgage", player="Cy", space=6)
    assert "260" in error.message
    # Declaring bankruptcy is accepted (SG Bankruptcy, owing another player): the 2 houses go to
    # the Bank at half, 2 x 25 = 50; Bob receives Cy's 100 + 50 = 150 (1500 + 150 = 1650) and the
    # deeds 1, 3, 5 and 6 beside his own 37 and 39.
    events = game.do(type="declare_bankruptcy", player="Cy")
    assert PlayerBankrupt(player="Cy", creditor="Bob", rank=1) in events
    assert game.cash("Bob") == 1650
    assert game.state is not None
    assert [d.space for d in game.state.owned_by("Bob")] == [1, 3, 5, 6, 37, 39]
    replays(game)


def test_classic_lets_a_player_mortgage_whatever_the_debt(classic: Game) -> None:
    # RULES.md switch: "go bankrupt as is" is SG's only; CL Help! I'm in debt! says to mortgage.
    # The same position at a classic table: Cy mortgages Oriental for 50: 100 + 50 = 150.
    _cy_owes_2000_to_bob(classic)
    classic.do(type="mortgage", player="Cy", space=6)
    assert classic.cash("Cy") == 150
    replays(classic)
