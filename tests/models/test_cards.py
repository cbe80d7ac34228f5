"""Chance and Community Chest: the banker records the card drawn and the engine applies its effect."""

from __future__ import annotations

import pytest

from models.errors import BadInput
from models.events import (
    CardPayment,
    DebtIncurred,
    JailCardKept,
    PurchaseOffered,
    RentClaimOpened,
    SalaryPaid,
    SentToJail,
    UtilityThrowRequired,
)
from tests.models.conftest import Game
from tests.models.support import give, put, refused, replays, roll


def _to(game: Game, space: int, name: str = "Ann") -> None:
    """Bring `name` to a Chance or Community Chest space with a throw of 3 + 4 = 7 (no GO on the way)."""
    assert space >= 7
    put(game, name, space - 7)
    roll(game, name, 3, 4)
    assert game.state is not None
    assert game.state.phase == "card"


def _draw(game: Game, card: str) -> list[object]:
    return game.do(type="draw_card", card=card)


def _salaries(events: list[object]) -> int:
    return sum(e.amount for e in events if isinstance(e, SalaryPaid))


def test_landing_on_chance_asks_for_a_chance_card(classic: Game) -> None:
    # CL Chance or Community Chest: Ann 3 + 4 = 7, Chance: a Chance card is due, play waits.
    events = roll(classic, "Ann", 3, 4)
    assert classic.types(events)[-1] == "card_draw_required"
    assert classic.state is not None
    assert (classic.state.phase, classic.state.card_deck) == ("card", "chance")


# Advance --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "space"), [("ch_advance_go", 7), ("cc_go", 17)])
def test_advance_to_go_pays_the_salary_once(classic: Game, card: str, space: int) -> None:
    # RULES.md Decisions: salary for landing on GO by a forward card, paid once: 1500 + 200 = 1700.
    _to(classic, space)
    events = _draw(classic, card)
    assert classic.position("Ann") == 0
    assert _salaries(events) == 200
    assert classic.cash("Ann") == 1700
    assert classic.types(events)[-1] == "turn_passed"
    replays(classic)


def test_advancing_past_go_to_a_street_pays_the_salary(classic: Game) -> None:
    # RULES.md Decisions: salary for passing GO by a forward card. From Chance 36 to Illinois (24)
    # goes forward round the board past GO: 1500 + 200 = 1700; Illinois (240) is then offered.
    _to(classic, 36)
    events = _draw(classic, "ch_advance_red3")
    assert classic.position("Ann") == 24
    assert classic.cash("Ann") == 1700
    assert events[-1] == PurchaseOffered(player="Ann", space=24, price=240)
    replays(classic)


def test_advancing_to_a_street_ahead_pays_no_salary(classic: Game) -> None:
    # CL Chance: from Chance 7 forward to Illinois (24) GO is not passed: cash stays 1500.
    _to(classic, 7)
    events = _draw(classic, "ch_advance_red3")
    assert classic.position("Ann") == 24
    assert _salaries(events) == 0
    assert classic.cash("Ann") == 1500


def test_advancing_to_an_owned_street_opens_a_rent_claim(classic: Game) -> None:
    # CL A property owned by another player: Chance 7 → Boardwalk (39), Bob's alone: base rent 50.
    give(classic, "Bob", 39)
    _to(classic, 7)
    events = _draw(classic, "ch_advance_top")
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [50]


def test_advance_to_the_first_railway_passes_go_from_any_chance_space(classic: Game) -> None:
    # RULES.md Decisions: salary for passing GO by card. Chance 7 → Reading Railroad (5) runs
    # round the board (7 → 40 → 5): 1500 + 200 = 1700, and Reading (200) is offered.
    _to(classic, 7)
    events = _draw(classic, "ch_trip_rr1")
    assert classic.position("Ann") == 5
    assert classic.cash("Ann") == 1700
    assert events[-1] == PurchaseOffered(player="Ann", space=5, price=200)
    replays(classic)


def test_two_salaries_in_one_turn_by_dice_and_then_by_card(classic: Game) -> None:
    # RULES.md Decisions: twice in one turn where both happen. Ann on 39 throws 3 + 5 = 8 → Chance 7
    # past GO (+200), then Advance to GO (+200): 1500 + 400 = 1900.
    put(classic, "Ann", 39)
    roll(classic, "Ann", 3, 5)
    _draw(classic, "ch_advance_go")
    assert classic.cash("Ann") == 1900
    replays(classic)


# Nearest railway and utility ------------------------------------------------------------------


@pytest.mark.parametrize(("railways", "claim"), [((15,), 50), ((5, 15), 100)])
def test_nearest_railway_pays_its_owner_twice_the_railway_rent(
        classic: Game, railways: tuple[int, ...], claim: int) -> None:
    # CL Chance: nearest railway from Chance 7 is Pennsylvania (15); Bob holds 1 railway: 2 × 25 = 50,
    # or 2 railways: 2 × 50 = 100.
    give(classic, "Bob", *railways)
    _to(classic, 7)
    events = _draw(classic, "ch_nearest_rr_1")
    assert classic.position("Ann") == 15
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [claim]
    classic.do(type="collect_rent", claim=1)
    assert classic.cash("Bob") == 1500 + claim
    replays(classic)


def test_nearest_railway_from_the_last_chance_passes_go(classic: Game) -> None:
    # CL Chance: from Chance 36 the nearest railway is Reading (5), past GO: 1500 + 200 = 1700;
    # Bob holds it alone: claim 2 × 25 = 50.
    give(classic, "Bob", 5)
    _to(classic, 36)
    events = _draw(classic, "ch_nearest_rr_2")
    assert classic.position("Ann") == 5
    assert classic.cash("Ann") == 1700
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [50]


def test_nearest_railway_unowned_is_offered_for_sale(classic: Game) -> None:
    # CL An unowned property: Chance 22 → B. & O. (25), unowned: offered at 200, no claim.
    _to(classic, 22)
    events = _draw(classic, "ch_nearest_rr_1")
    assert events[-1] == PurchaseOffered(player="Ann", space=25, price=200)
    assert classic.state is not None
    assert classic.state.phase == "buy"


def test_nearest_utility_asks_for_a_new_throw_and_claims_ten_times_it(classic: Game) -> None:
    # RULES.md Decisions: the nearest-utility card takes a new throw and always pays 10× it, even
    # though Bob holds one utility (normally 4×). Chance 7 → Electric Company (12); new throw
    # 2 + 3 = 5: 10 × 5 = 50.
    give(classic, "Bob", 12)
    _to(classic, 7)
    events = _draw(classic, "ch_nearest_util")
    assert events[-1] == UtilityThrowRequired(player="Ann", space=12, multiplier=10)
    assert classic.state is not None
    assert classic.state.phase == "utility_throw"
    refused(classic, "CL On your turn", type="roll", player="Bob", dice=[2, 3])
    events = roll(classic, "Ann", 2, 3)
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [50]
    assert classic.position("Ann") == 12
    assert classic.state.current == "Bob"
    classic.do(type="collect_rent", claim=1)
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1450, 1550)
    replays(classic)


def test_nearest_utility_unowned_is_offered_for_sale(classic: Game) -> None:
    # CL An unowned property: Chance 22 → Water Works (28), unowned: offered at 150, no throw.
    _to(classic, 22)
    events = _draw(classic, "ch_nearest_util")
    assert events[-1] == PurchaseOffered(player="Ann", space=28, price=150)


# Back 3 ---------------------------------------------------------------------------------------


def test_back_three_onto_income_tax_pays_the_tax_and_no_salary(classic: Game) -> None:
    # RULES.md Decisions: "Back 3" never pays salary. Chance 7 → 4, Income Tax 200: 1500 − 200 = 1300.
    _to(classic, 7)
    events = _draw(classic, "ch_back3")
    assert classic.position("Ann") == 4
    assert _salaries(events) == 0
    assert classic.cash("Ann") == 1300
    replays(classic)


def test_back_three_onto_community_chest_asks_for_another_card(classic: Game) -> None:
    # CL Chance: Chance 36 → 33, Community Chest: a chest card is due; Collect 200: 1700.
    _to(classic, 36)
    events = _draw(classic, "ch_back3")
    assert classic.position("Ann") == 33
    assert classic.types(events)[-1] == "card_draw_required"
    assert classic.state is not None
    assert classic.state.card_deck == "chest"
    _draw(classic, "cc_200")
    assert classic.cash("Ann") == 1700
    replays(classic)


# Money ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("space", "card", "cash"), [
    (7, "ch_dividend", 1550), (7, "ch_building_loan", 1650), (17, "cc_200", 1700), (17, "cc_10", 1510),
])
def test_a_collect_card_pays_from_the_bank(classic: Game, space: int, card: str, cash: int) -> None:
    # CL Chance or Community Chest: the card's sum from the Bank, e.g. dividend 1500 + 50 = 1550.
    _to(classic, space)
    events = _draw(classic, card)
    assert CardPayment(payer="bank", payee="Ann", amount=cash - 1500, card=card) in events
    assert classic.cash("Ann") == cash
    replays(classic)


@pytest.mark.parametrize(("space", "card", "cash"), [
    (7, "ch_speeding", 1485), (17, "cc_pay100", 1400), (17, "cc_pay50_a", 1450),
])
def test_a_pay_card_pays_the_bank(classic: Game, space: int, card: str, cash: int) -> None:
    # CL Chance or Community Chest: speeding fine 15 → 1485; pay 100 → 1400; pay 50 → 1450.
    _to(classic, space)
    _draw(classic, card)
    assert classic.cash("Ann") == cash
    replays(classic)


def test_a_pay_card_the_player_cannot_afford_becomes_a_debt_to_the_bank(classic: Game) -> None:
    # CL Help! I'm in debt!: Ann has 10 (1500 − 1490) and draws Pay 100: 10 < 100, a debt of 100
    # to the Bank opens and her 10 stays.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1490)
    _to(classic, 17)
    events = _draw(classic, "cc_pay100")
    assert DebtIncurred(debtor="Ann", creditor="bank", amount=100, reason="card cc_pay100") in events
    assert classic.cash("Ann") == 10
    assert classic.state is not None
    assert len(classic.state.debts) == 1
    replays(classic)


def _ann_builds(game: Game) -> None:
    """Ann holds the browns: 3 houses on Mediterranean (1), a hotel on Baltic (3); Bob 4 houses on 6."""
    give(game, "Ann", 1, 3)
    give(game, "Bob", 6)
    game.judge(type="adjust_buildings", space=1, houses=3)
    game.judge(type="adjust_buildings", space=3, houses=0, hotel=True)
    game.judge(type="adjust_buildings", space=6, houses=4)


def test_general_repairs_charge_25_a_house_and_100_a_hotel(classic: Game) -> None:
    # CL Chance: 3 houses × 25 + 1 hotel × 100 = 75 + 100 = 175 (Bob's houses are his own
    # business): 1500 − 175 = 1325.
    _ann_builds(classic)
    _to(classic, 7)
    events = _draw(classic, "ch_general_repairs")
    assert CardPayment(payer="Ann", payee="bank", amount=175, card="ch_general_repairs") in events
    assert classic.cash("Ann") == 1325
    replays(classic)


def test_street_repairs_charge_40_a_house_and_115_a_hotel(classic: Game) -> None:
    # CL Community Chest: 3 houses × 40 + 1 hotel × 115 = 120 + 115 = 235: 1500 − 235 = 1265.
    _ann_builds(classic)
    _to(classic, 17)
    _draw(classic, "cc_street_repairs")
    assert classic.cash("Ann") == 1265
    replays(classic)


def test_repairs_with_no_buildings_cost_nothing(classic: Game) -> None:
    # CL Chance: 0 houses × 25 + 0 hotels × 100 = 0: no payment at all, cash 1500.
    _to(classic, 7)
    events = _draw(classic, "ch_general_repairs")
    assert not any(isinstance(e, CardPayment) for e in events)
    assert classic.cash("Ann") == 1500


def test_pay_each_player_pays_every_other_player(classic: Game) -> None:
    # CL Chance: 50 to each of Bob and Cy: Ann 1500 − 2 × 50 = 1400, Bob and Cy 1550.
    _to(classic, 7)
    _draw(classic, "ch_chairman")
    assert [classic.cash(n) for n in ("Ann", "Bob", "Cy")] == [1400, 1550, 1550]
    replays(classic)


def test_pay_each_player_short_of_the_whole_becomes_a_debt_to_each(classic: Game) -> None:
    # CL Help! I'm in debt!: Ann has 60 < 2 × 50 = 100: a debt of 50 to Bob and one to Cy, nothing paid.
    classic.judge(type="adjust_cash", from_account="Ann", to_account="bank", amount=1440)
    _to(classic, 7)
    events = _draw(classic, "ch_chairman")
    debts = [(e.creditor, e.amount) for e in events if isinstance(e, DebtIncurred)]
    assert debts == [("Bob", 50), ("Cy", 50)]
    assert [classic.cash(n) for n in ("Ann", "Bob", "Cy")] == [60, 1500, 1500]
    replays(classic)


def test_collect_from_each_player_takes_10_from_every_other_player(classic: Game) -> None:
    # CL Community Chest: 10 from each of Bob and Cy: Ann 1500 + 20 = 1520, Bob and Cy 1490.
    _to(classic, 17)
    _draw(classic, "cc_birthday")
    assert [classic.cash(n) for n in ("Ann", "Bob", "Cy")] == [1520, 1490, 1490]
    replays(classic)


def test_collect_from_each_player_leaves_a_debt_for_one_who_cannot_pay(classic: Game) -> None:
    # CL Help! I'm in debt!: Cy has 5 < 10: Bob pays 10 (1490), Cy owes Ann 10; Ann 1510.
    classic.judge(type="adjust_cash", from_account="Cy", to_account="bank", amount=1495)
    _to(classic, 17)
    events = _draw(classic, "cc_birthday")
    assert DebtIncurred(debtor="Cy", creditor="Ann", amount=10, reason="card cc_birthday") in events
    assert [classic.cash(n) for n in ("Ann", "Bob", "Cy")] == [1510, 1490, 5]
    refused(classic, "CL Help! I'm in debt!", type="roll", player="Bob", dice=[1, 2])
    replays(classic)


# Jail cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("space", "card"), [(7, "ch_jail"), (36, "ch_jail"), (17, "cc_jail")])
def test_go_to_jail_card_sends_to_jail_with_no_salary(classic: Game, space: int, card: str) -> None:
    # CL Go to Jail: straight to 10, no salary even from 36 (36 → 40 → 10 runs past GO): 1500,
    # and the turn passes to Bob.
    _to(classic, space)
    events = _draw(classic, card)
    assert SentToJail(player="Ann", cause="card") in events
    assert classic.position("Ann") == 10
    assert classic.cash("Ann") == 1500
    assert classic.state is not None
    assert classic.state.player("Ann").in_jail
    assert classic.state.current == "Bob"
    replays(classic)


def test_a_get_out_of_jail_free_card_is_kept_and_cannot_be_drawn_while_held(classic: Game) -> None:
    # CL Chance or Community Chest: Ann keeps ch_goojf; when Bob lands on Chance 7 the card is not
    # in the deck, so recording it is refused; he draws the dividend instead (1500 + 50 = 1550).
    _to(classic, 7)
    events = _draw(classic, "ch_goojf")
    assert JailCardKept(player="Ann", card="ch_goojf") in events
    assert classic.state is not None
    assert classic.state.jail_cards == {"ch_goojf": "Ann"}
    roll(classic, "Bob", 3, 4)
    refused(classic, "CL Chance or Community Chest", type="draw_card", card="ch_goojf")
    _draw(classic, "ch_dividend")
    assert classic.cash("Bob") == 1550
    replays(classic)


def test_a_card_from_the_other_deck_is_refused(classic: Game) -> None:
    # CL Chance or Community Chest: Ann is on Chance 7; a Community Chest card is not hers to draw.
    _to(classic, 7)
    refused(classic, "CL Chance or Community Chest", type="draw_card", card="cc_200")
    assert classic.state is not None
    assert classic.state.card_deck == "chance"


def test_a_chance_card_while_a_chest_card_is_due_is_refused(classic: Game) -> None:
    # CL Chance or Community Chest: Ann on Community Chest 17; Chance's dividend is refused.
    _to(classic, 17)
    refused(classic, "CL Chance or Community Chest", type="draw_card", card="ch_dividend")


def test_drawing_a_card_when_none_is_due_is_refused(classic: Game) -> None:
    # CL Chance or Community Chest: Ann has not thrown; no card is due.
    refused(classic, "CL Chance or Community Chest", type="draw_card", card="ch_dividend")


def test_an_unknown_card_id_is_bad_input(classic: Game) -> None:
    # The classic decks hold no card "ch_free_money": bad input, nothing recorded.
    _to(classic, 7)
    logged = len(classic.log)
    with pytest.raises(BadInput):
        _draw(classic, "ch_free_money")
    assert len(classic.log) == logged
