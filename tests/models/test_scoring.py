"""Net worth and ranking at the end of a game: PX 11, the SG scoresheet and tie-breakers, bankrupts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from models.events import BuildingsBought
from models.scoring import PlayerScore, score
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses
from tests.models.support import give, put, roll

JUDGE = {"role": "judge", "name": "Lee"}
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

# Board figures used below (singapore.toml, propnex.toml and classic-us.toml carry the classic US
# figures in the classic places): street price / house cost = hotel cost
#   1, 3 brown 60 / 50; 6, 8 light blue 100 / 50, 9 light blue 120 / 50; 11, 13 pink 140 / 100,
#   14 pink 160 / 100; 16, 18 orange 180 / 100; 21, 23 red 220 / 150; 31, 32 green 300 / 200;
#   37 dark blue 350 / 200; 39 dark blue 400 / 200; railways 5, 15, 25, 35 at 200; utilities
#   12, 28 at 150. PX zones: brown and light blue Industrial (base 50), pink and orange OCR (100),
#   red and yellow RCR (150), green and dark blue CCR (200).


def scores(game: Game) -> dict[str, PlayerScore]:
    """Each player's scored figures, by name."""
    assert game.state is not None
    return {s.name: s for s in score(game.table, game.state)}


def standings(game: Game) -> list[tuple[str, str, int]]:
    """The sheet's order: name, printed position and total."""
    assert game.state is not None
    return [(s.name, s.label, s.total) for s in score(game.table, game.state)]


def card(game: Game, card_id: str, holder: str) -> None:
    """Judge: hand a Get Out of Jail Free card to a player."""
    game.judge(type="adjust_card", card=card_id, holder=holder)


@pytest.fixture
def px() -> Game:
    """A PX table (Ann, Bob, Cy, Dee) after setup, every deed back with the Bank, 1500 each."""
    return new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))


# PX 11.1: net worth -------------------------------------------------------------------------------


def test_px_net_worth_counts_buildings_at_base_cost_never_the_absd_paid(px: Game) -> None:
    # Ann lands on her Bidadari (21, RCR) from 15 with 2 + 4 and builds 3 houses at the ABSD rates
    # (PX 6.2.9): 150 + 180 + 195 = 525. Orchard (39, CCR) holds 4 houses (judge); she lands on it
    # from 33 with 2 + 4 and adds the hotel at the 30% rate: 260. Cash 1500 - 525 - 260 = 715.
    give(px, "Ann", 21)
    put(px, "Ann", 15)
    roll(px, "Ann", 2, 4)
    bought = px.do(type="build", player="Ann", add={21: 3})
    give(px, "Ann", 39)
    px.judge(type="adjust_buildings", space=39, houses=4)
    px.judge(type="adjust_turn", player="Ann")
    put(px, "Ann", 33)
    roll(px, "Ann", 2, 4)
    bought += px.do(type="build", player="Ann", add={39: 1})
    assert [e.amount for e in bought if isinstance(e, BuildingsBought)] == [525, 260]
    give(px, "Ann", 5)
    give(px, "Ann", 31, mortgaged=True)
    card(px, "ch_goojf", "Ann")
    assert px.cash("Ann") == 715
    # PX 11.1: (a) cash 715 + (b) card 50 + (c) 3 houses on an RCR plot at base 150 = 450 (not
    # the 525 paid) + (d) hotel on CCR 5 × 200 = 1000 (not 4 houses + 260) + (e) deeds Bidadari 220
    # + Orchard 400 + PropNex Group of Services 1 200 + (f) River Valley mortgaged 300/2 = 150
    # -> 715 + 50 + 450 + 1000 + 820 + 150 = 3185. Property (deeds and buildings) 2420.
    ann = scores(px)["Ann"]
    assert [(d.name, d.buildings, d.mortgaged, d.deed_value, d.building_value) for d in ann.deeds] == [
        ("PropNex Group of Services 1", "", False, 200, 0),
        ("Bidadari", "3 houses", False, 220, 450),
        ("River Valley", "", True, 150, 0),
        ("Orchard", "hotel", False, 400, 1000),
    ]
    assert (ann.cash, ann.cards, ann.card_value) == (715, ["ch_goojf"], 50)
    assert (ann.property_value, ann.total) == (2420, 3185)
    assert standings(px)[0] == ("Ann", "1st", 3185)


def test_px_net_worth_values_each_zone_at_its_own_base(px: Game) -> None:
    # Bob (judge): Street 1 (brown, Industrial) with a hotel, Street 1 (pink, 11, OCR) with
    # 2 houses, Utility 1 (12) mortgaged, the Community Chest card; cash 1500.
    # PX 11.1: cash 1500 + (b) card 50 + (c) 2 OCR houses 2 × 100 = 200 + (d) an Industrial hotel
    # 250 + (e) deeds 60 + 140 + (f) Utility 1 mortgaged 150/2 = 75 -> 2275. Property (deeds and
    # buildings) 250 + 200 + 60 + 140 + 75 = 725.
    houses(px, "Bob", {1: 5, 11: 2})
    give(px, "Bob", 12, mortgaged=True)
    card(px, "cc_goojf", "Bob")
    bob = scores(px)["Bob"]
    assert [d.building_value for d in bob.deeds] == [250, 200, 0]
    assert [d.deed_value for d in bob.deeds] == [60, 140, 75]
    assert (bob.card_value, bob.property_value, bob.total) == (50, 725, 2275)
    # PX 11.2: the highest net worth wins; Ann, Cy and Dee hold 1500 each and share 2nd.
    assert standings(px) == [("Bob", "1st", 2275), ("Ann", "=2nd", 1500), ("Cy", "=2nd", 1500),
                             ("Dee", "=2nd", 1500)]


def test_a_px_tie_is_shown_as_a_tie_because_the_book_has_no_tie_breaker(px: Game) -> None:
    # PX 11 names no tie-breaker (decisions.md: a PX tie is shown as a tie). Ann: cash 1500 + the
    # Chance card 50 = 1550. Bob: cash 1500 - 10 = 1490 + Street 1 (brown) 60 = 1550. Under SG the
    # cash (1500 against 1490) would decide; under PX they share 1st. Cy 1500 - 20 = 1480 and
    # Dee 1480 share 3rd: "=1st", "=1st", "=3rd", "=3rd".
    card(px, "ch_goojf", "Ann")
    drain(px, "Bob", 1490)
    give(px, "Bob", 1)
    drain(px, "Cy", 1480)
    drain(px, "Dee", 1480)
    assert standings(px) == [("Ann", "=1st", 1550), ("Bob", "=1st", 1550), ("Cy", "=3rd", 1480),
                             ("Dee", "=3rd", 1480)]
    table = scores(px)
    assert [(table[n].position, table[n].tied) for n in ("Ann", "Bob", "Cy", "Dee")] == [
        (1, True), (1, True), (3, True), (3, True)]


def test_px_bankrupt_players_score_nothing_and_the_second_bankruptcy_ends_the_game(px: Game) -> None:
    # PX 10a: the second bankruptcy ends the game. Cy, then Dee, left with 100 each, throw 1 + 3
    # from GO onto Income Tax (200) and go bankrupt to the Bank. PX 11.1 values the "remaining"
    # players only: Cy and Dee score 0 and rank below Ann and Bob (1500 each, tied), the later
    # bankruptcy (Dee, number 2) above the earlier (Cy, number 1).
    for name in ("Cy", "Dee"):
        drain(px, name, 100)
        px.judge(type="adjust_turn", player=name)
        roll(px, name, 1, 3)
        px.do(type="declare_bankruptcy", player=name)
    assert px.state is not None and px.state.ended == "bankruptcy number 2"
    assert standings(px) == [("Ann", "=1st", 1500), ("Bob", "=1st", 1500), ("Dee", "3rd", 0),
                             ("Cy", "4th", 0)]
    dee = scores(px)["Dee"]
    assert (dee.bankrupt, dee.bankrupt_rank, dee.cash, dee.property_value) == (True, 2, 0, 0)


# SG: the scoresheet total ---------------------------------------------------------------------------


def test_sg_total_is_cash_and_property_with_a_hotel_at_its_cost_plus_four_houses(sg: Game) -> None:
    # SG Scoring ("Add the two totals together for your grand total") and RULES.md Score. Ann
    # (judge): Street 3 (light blue, 9) with 3 houses, Street 2 (dark blue, 39) with a hotel,
    # MRT Station 1 (5), Utility 2 (28), Street 1 (orange, 16) mortgaged, the Chance card;
    # cash 1500 - 230 = 1270.
    houses(sg, "Ann", {9: 3, 39: 5})
    give(sg, "Ann", 5, 28)
    give(sg, "Ann", 16, mortgaged=True)
    card(sg, "ch_goojf", "Ann")
    drain(sg, "Ann", 1270)
    # Property: deeds 120 + 400 + 200 + 150 = 870; 3 houses × 50 = 150; the hotel 200 + 4 × 200 =
    # 1000; Street 1 (orange) mortgaged 180/2 = 90 -> 870 + 150 + 1000 + 90 = 2110.
    # Total: cash 1270 + 2110 = 3380. The card is not in the SG total (no 3430).
    ann = scores(sg)["Ann"]
    assert [(d.space, d.buildings, d.deed_value, d.building_value) for d in ann.deeds] == [
        (5, "", 200, 0), (9, "3 houses", 120, 150), (16, "", 90, 0), (28, "", 150, 0),
        (39, "hotel", 400, 1000)]
    assert (ann.cash, ann.property_value, ann.total) == (1270, 2110, 3380)
    # SG Tie-Breaker Sequence figures: cash 1270; unmortgaged at price 120 + 400 + 200 + 150 = 870;
    # hotels 1000; houses 150; utilities 150; mortgaged at purchase price 180; the card 50.
    assert ann.tie_breaks == {"cash": 1270, "unmortgaged": 870, "hotels": 1000, "houses": 150,
                              "utilities": 150, "mortgaged": 180, "cards": 50}
    assert (ann.cards, ann.card_value) == (["ch_goojf"], 50)


# SG: the Tie-Breaker Sequence, one breaker at a time ------------------------------------------------


def test_sg_a_tie_on_total_is_broken_by_cash(sg: Game) -> None:
    # SG Tie-Breaker Sequence 1, cash on hand. Ann: 1500 + Street 1 (brown) 60 = 1560. Bob: cash
    # 1400 + Street 3 (pink, 14) 160 = 1560. Cash 1500 > 1400: Ann 1st, Bob 2nd. Cy and Dee, 1500
    # each and identical, share 3rd.
    give(sg, "Ann", 1)
    drain(sg, "Bob", 1400)
    give(sg, "Bob", 14)
    assert standings(sg) == [("Ann", "1st", 1560), ("Bob", "2nd", 1560), ("Cy", "=3rd", 1500),
                             ("Dee", "=3rd", 1500)]


def test_sg_a_tie_on_total_and_cash_is_broken_by_unmortgaged_property(sg: Game) -> None:
    # SG Tie-Breaker Sequence 2 (and "Using the score sheet": "the player with the highest value in
    # unmortgaged property takes the lead"). Ann: 1500 + MRT Station 1 (5) 200 = 1700. Bob: 1500 +
    # MRT Stations 2 and 3 (15, 25) mortgaged 200/2 + 200/2 = 1700. Cash 1500 each; unmortgaged
    # 200 against 0: Ann 1st.
    give(sg, "Ann", 5)
    give(sg, "Bob", 15, 25, mortgaged=True)
    table = scores(sg)
    assert [(table[n].total, table[n].cash, table[n].tie_breaks["unmortgaged"]) for n in ("Ann", "Bob")] == [
        (1700, 1500, 200), (1700, 1500, 0)]
    assert standings(sg)[:2] == [("Ann", "1st", 1700), ("Bob", "2nd", 1700)]


def test_sg_a_tie_on_total_cash_and_unmortgaged_is_broken_by_hotels(sg: Game) -> None:
    # SG Tie-Breaker Sequence 3, value of hotels. Ann: 1500 + Street 1 (brown) 60 + a hotel 50 +
    # 4 × 50 = 250 -> 1810. Bob: 1500 + Street 2 (brown, 3) 60 + 4 houses 4 × 50 = 200 + Street 1
    # (light blue, 6) mortgaged 100/2 = 50 -> 1810. Cash 1500, unmortgaged 60 each; hotels 250
    # against 0: Ann 1st (Bob's houses, 200, come later in the sequence).
    houses(sg, "Ann", {1: 5})
    houses(sg, "Bob", {3: 4})
    give(sg, "Bob", 6, mortgaged=True)
    table = scores(sg)
    assert [table[n].tie_breaks["hotels"] for n in ("Ann", "Bob")] == [250, 0]
    assert [table[n].tie_breaks["houses"] for n in ("Ann", "Bob")] == [0, 200]
    assert standings(sg)[:2] == [("Ann", "1st", 1810), ("Bob", "2nd", 1810)]


def test_sg_then_houses_break_the_tie(sg: Game) -> None:
    # SG Tie-Breaker Sequence 4, value of houses. Ann: 1500 + Street 1 (light blue, 6) 100 +
    # 2 houses 2 × 50 = 100 -> 1700. Bob: 1500 + Street 2 (light blue, 8) 100 + MRT Station 1 (5)
    # mortgaged 200/2 = 100 -> 1700. Cash 1500, unmortgaged 100, hotels 0 each; houses 100
    # against 0: Ann 1st.
    houses(sg, "Ann", {6: 2})
    give(sg, "Bob", 8)
    give(sg, "Bob", 5, mortgaged=True)
    assert standings(sg)[:2] == [("Ann", "1st", 1700), ("Bob", "2nd", 1700)]


def test_sg_then_utilities_break_the_tie(sg: Game) -> None:
    # SG Tie-Breaker Sequence 5, value of utilities. Ann: 1500 + Utilities 1 and 2 (12, 28)
    # 150 + 150 -> 1800. Bob: 1500 + MRT Station 1 (5) 200 + Street 1 (light blue, 6) 100 -> 1800.
    # Cash 1500, unmortgaged 300, hotels 0, houses 0 each; utilities 300 against 0: Ann 1st.
    give(sg, "Ann", 12, 28)
    give(sg, "Bob", 5, 6)
    table = scores(sg)
    assert [table[n].tie_breaks["utilities"] for n in ("Ann", "Bob")] == [300, 0]
    assert standings(sg)[:2] == [("Ann", "1st", 1800), ("Bob", "2nd", 1800)]


def test_sg_get_out_of_jail_free_cards_are_the_last_breaker_and_not_in_the_total(sg: Game) -> None:
    # SG Tie-Breaker Sequence 7, "Get Out of Jail Free" cards at 50 each. Ann: 1500 + Street 1
    # (brown) mortgaged 60/2 = 30 -> 1530, and the Chance card (not in the total: 1530, not 1580).
    # Bob: 1500 + Street 2 (brown, 3) mortgaged 60/2 -> 1530. Cash 1500, unmortgaged 0, hotels,
    # houses, utilities 0, mortgaged at purchase price 60 each: all level; cards 50 against 0.
    give(sg, "Ann", 1, mortgaged=True)
    give(sg, "Bob", 3, mortgaged=True)
    card(sg, "ch_goojf", "Ann")
    table = scores(sg)
    assert {k: v for k, v in table["Ann"].tie_breaks.items() if k != "cards"} == {
        k: v for k, v in table["Bob"].tie_breaks.items() if k != "cards"}
    assert (table["Ann"].tie_breaks["mortgaged"], table["Ann"].tie_breaks["cards"]) == (60, 50)
    assert standings(sg)[:2] == [("Ann", "1st", 1530), ("Bob", "2nd", 1530)]


def test_sg_a_tie_that_survives_every_breaker_is_shown_as_a_tie(sg: Game) -> None:
    # As above, but Bob holds the Community Chest card too: total 1530, cash 1500, unmortgaged 0,
    # hotels 0, houses 0, utilities 0, mortgaged 60, cards 50 for both. Nothing separates them:
    # both "=1st" (position 1, tied). Cy 1500 beats Dee 1500 - 100 = 1400: 3rd and 4th, not tied.
    give(sg, "Ann", 1, mortgaged=True)
    give(sg, "Bob", 3, mortgaged=True)
    card(sg, "ch_goojf", "Ann")
    card(sg, "cc_goojf", "Bob")
    drain(sg, "Dee", 1400)
    assert standings(sg) == [("Ann", "=1st", 1530), ("Bob", "=1st", 1530), ("Cy", "3rd", 1500),
                             ("Dee", "4th", 1400)]
    table = scores(sg)
    assert [(table[n].position, table[n].tied) for n in ("Ann", "Bob", "Cy", "Dee")] == [
        (1, True), (1, True), (3, False), (4, False)]


def test_sg_the_mortgaged_breaker_uses_the_purchase_price(sg: Game) -> None:
    # SG Tie-Breaker Sequence 6: "Value of Mortgaged properties (based on purchase price)", while
    # the total counts them at half. Bob: Street 2 (dark blue, 39) and Street 1 (green, 31)
    # mortgaged: total 1500 + 400/2 + 300/2 = 1850; the breaker 400 + 300 = 700.
    give(sg, "Bob", 39, 31, mortgaged=True)
    bob = scores(sg)["Bob"]
    assert (bob.total, bob.tie_breaks["mortgaged"], bob.tie_breaks["unmortgaged"]) == (1850, 700, 0)


# Bankrupt players --------------------------------------------------------------------------------


def test_sg_bankrupt_players_score_zero_below_everyone_the_later_above_the_earlier(sg: Game) -> None:
    # SG Using the score sheet: "If you go bankrupt, you will have zero property and cash totals".
    # Cy first: left with 100, throws 1 + 3 from GO onto Income Tax (200), bankrupt to the Bank.
    drain(sg, "Cy", 100)
    sg.judge(type="adjust_turn", player="Cy")
    roll(sg, "Cy", 1, 3)
    sg.do(type="declare_bankruptcy", player="Cy")
    # Dee second: 300 cash and Street 1 (brown); Bob's Street 2 (dark blue, 39) with a hotel
    # (rent 2000). Dee throws 1 + 3 from 35 onto it; Bob claims 2000; Dee could raise 300 + 30
    # (the brown mortgage) = 330: bankrupt "as is" to Bob, who takes 300 and Street 1 (brown).
    houses(sg, "Bob", {39: 5})
    give(sg, "Dee", 1)
    drain(sg, "Dee", 300)
    sg.judge(type="adjust_turn", player="Dee")
    put(sg, "Dee", 35)
    roll(sg, "Dee", 1, 3)
    assert sg.state is not None
    sg.do(type="collect_rent", claim=sg.state.claims[0].claim)
    sg.do(type="declare_bankruptcy", player="Dee")
    # Ann has nothing left (judge: 1500 to the Bank): total 0, still above both bankrupt players.
    drain(sg, "Ann", 0)
    # Bob: cash 1500 + 300 = 1800 + Street 2 (dark blue) 400 + hotel 200 + 4 × 200 = 1000 + Street 1
    # (brown) 60 -> 3260. Ann 0 (2nd, in the game). Dee (bankruptcy 2) 3rd, Cy (bankruptcy 1) 4th,
    # both 0.
    assert standings(sg) == [("Bob", "1st", 3260), ("Ann", "2nd", 0), ("Dee", "3rd", 0),
                             ("Cy", "4th", 0)]
    table = scores(sg)
    assert [(table[n].bankrupt, table[n].bankrupt_rank) for n in ("Ann", "Dee", "Cy")] == [
        (False, None), (True, 2), (True, 1)]
    assert (table["Dee"].cash, table["Dee"].deeds, table["Dee"].property_value) == (0, [], 0)


# CL on a timed game ------------------------------------------------------------------------------


def test_a_timed_classic_game_is_scored_like_the_sg_sheet_and_a_tie_stays_a_tie(classic: Game) -> None:
    # decisions.md Scoring: "SG (and CL on a timed game)". The judge gives the classic game 45
    # minutes; the clock starts at T and a tick at T+45 calls time.
    classic.do(type="set_game_length", minutes=45, reason="club night", actor=JUDGE, at=T)
    classic.do(type="start_clock", at=T)
    # Ann: Park Place (37) with 4 houses, Boardwalk (39) with a hotel, Reading Railroad (5)
    # mortgaged, the Chance card; cash 1500 - 500 = 1000.
    houses(classic, "Ann", {37: 4, 39: 5})
    give(classic, "Ann", 5, mortgaged=True)
    card(classic, "ch_goojf", "Ann")
    drain(classic, "Ann", 1000)
    # Bob: cash 1500 + Mediterranean Avenue (1) 60 = 1560. Cy: cash 1560 (judge: 60 from the
    # Bank) — the same total, more cash, but classic has no tie-breakers: a tie.
    give(classic, "Bob", 1)
    classic.judge(type="adjust_cash", from_account="bank", to_account="Cy", amount=60)
    classic.do(type="clock_tick", at=T + timedelta(minutes=45))
    assert classic.state is not None and classic.state.ended == "time called"
    # As the SG sheet: cash 1000 + Park Place 350 + 4 houses 4 × 200 = 800 + Boardwalk 400 + hotel
    # 200 + 4 × 200 = 1000 + Reading Railroad mortgaged 200/2 = 100 -> 3650; the card is not in
    # the total (it would make 3700).
    ann = scores(classic)["Ann"]
    assert [d.building_value for d in ann.deeds] == [0, 800, 1000]
    assert (ann.property_value, ann.total, ann.card_value) == (2650, 3650, 50)
    assert standings(classic) == [("Ann", "1st", 3650), ("Bob", "=2nd", 1560), ("Cy", "=2nd", 1560)]
