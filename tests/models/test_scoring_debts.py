"""A debt still open when time is called is settled on the scoresheet (RULES.md Score)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from models.scoring import DebtLine, PlayerScore, score
from tests.models.conftest import Game
from tests.models.estate import drain, houses
from tests.models.support import give, put, roll

T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
RENT = "rent on Street 1 (dark blue)"

# Figures (singapore.toml, the classic US figures in the classic places): Street 1 (dark blue, 37)
# 350, house 200, rent with 2 houses 500; Street 2 (dark blue, 39) 400; railways 5, 15, 25 at 200.


def _scores(game: Game) -> dict[str, PlayerScore]:
    assert game.state is not None
    return {s.name: s for s in score(game.table, game.state)}


def _ann_owes_bob_500_at_time(sg: Game, ann_cash: int, *ann_deeds: int) -> None:
    """Bob holds both dark blues with 2 houses each; Ann, left with `ann_cash`, lands on Street 1
    (37) from 33 with 1 + 3: rent 500 she cannot pay, a debt to Bob; then time is called."""
    sg.do(type="start_clock", at=T)
    houses(sg, "Bob", {37: 2, 39: 2})
    give(sg, "Ann", *ann_deeds)
    drain(sg, "Ann", ann_cash)
    put(sg, "Ann", 33)
    roll(sg, "Ann", 1, 3)
    sg.do(type="collect_rent", claim=1)
    assert sg.state is not None and len(sg.state.debts) == 1
    sg.do(type="clock_tick", at=T + timedelta(minutes=60))
    assert sg.state.ended == "time called"


def test_a_debtor_worth_less_than_the_debt_scores_0_and_the_creditor_gains_their_worth(
        sg: Game) -> None:
    # RULES.md Score: Ann's net worth is her cash 300 (no deeds); she owes 500: 300 - 500 is below
    # 0, so she scores 0, and Bob gains what that covers: 300, not the 500 owed. Bob's net worth:
    # cash 1500 + deeds 350 + 400 + 4 houses × 200 = 800 -> 3050; with the 300 -> 3350.
    _ann_owes_bob_500_at_time(sg, 300)
    table = _scores(sg)
    ann, bob = table["Ann"], table["Bob"]
    assert (ann.net_worth, ann.total, ann.bankrupt) == (300, 0, False)
    assert (bob.net_worth, bob.total) == (3050, 3350)
    assert ann.debts == [DebtLine(side="owes", other="Bob", amount=500, counted=300, reason=RENT)]
    assert bob.debts == [DebtLine(side="owed", other="Ann", amount=500, counted=300, reason=RENT)]
    # Not bankrupt: ranked by score, below Cy and Dee (1500 each), a place of her own, 4th.
    assert sg.state is not None
    assert [(s.name, s.label, s.total) for s in score(sg.table, sg.state)] == [
        ("Bob", "1st", 3350), ("Cy", "=2nd", 1500), ("Dee", "=2nd", 1500), ("Ann", "4th", 0)]


def test_a_debtor_worth_more_than_the_debt_scores_the_difference_and_the_creditor_gains_it_all(
        sg: Game) -> None:
    # RULES.md Score: Ann's net worth is cash 300 + three railways 3 × 200 = 600 -> 900; she owes
    # 500: 900 - 500 = 400. Bob gains the whole 500: 3050 + 500 = 3550.
    _ann_owes_bob_500_at_time(sg, 300, 5, 15, 25)
    table = _scores(sg)
    assert (table["Ann"].net_worth, table["Ann"].total) == (900, 400)
    assert (table["Bob"].net_worth, table["Bob"].total) == (3050, 3550)
    assert table["Ann"].debts[0].counted == table["Bob"].debts[0].counted == 500
    # The figures on the sheet stay what she holds: cash 300, property 600.
    assert (table["Ann"].cash, table["Ann"].property_value) == (300, 600)


def test_a_debt_to_the_bank_is_taken_off_the_debtor_and_gained_by_no_one(classic: Game) -> None:
    # RULES.md Score: Cy has 150 and throws 2 + 2 from GO to Income Tax (4): 200 owed to the Bank.
    # A 30-minute classic game is then timed out: Cy 150 - 200 is below 0 -> 0; Ann and Bob keep
    # their 1500 (no one gains the Bank's debt).
    judge = {"role": "judge", "name": "Lee"}
    classic.do(type="set_game_length", minutes=30, reason="club night", actor=judge, at=T)
    classic.do(type="start_clock", at=T)
    drain(classic, "Cy", 150)
    classic.judge(type="adjust_turn", player="Cy")
    roll(classic, "Cy", 2, 2)
    classic.do(type="clock_tick", at=T + timedelta(minutes=30))
    table = _scores(classic)
    assert (table["Cy"].net_worth, table["Cy"].total) == (150, 0)
    assert table["Cy"].debts == [DebtLine(side="owes", other="bank", amount=200, counted=150,
                                          reason="tax on Income Tax")]
    assert [table[n].total for n in ("Ann", "Bob")] == [1500, 1500]
    assert table["Ann"].debts == table["Bob"].debts == []


def test_a_debtor_worth_exactly_the_debt_scores_0_and_the_creditor_gains_it_all(sg: Game) -> None:
    # RULES.md Score: Ann holds cash 300 + one railway 200 = 500 and owes 500: 500 - 500 = 0;
    # Bob gains the whole 500: 3050 + 500 = 3550.
    _ann_owes_bob_500_at_time(sg, 300, 5)
    table = _scores(sg)
    assert (table["Ann"].net_worth, table["Ann"].total) == (500, 0)
    assert table["Bob"].total == 3550
