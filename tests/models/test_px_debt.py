"""PX money owed: the mortgagee sale (8), bankruptcy to the Bank (7.3.3), the end (10a), Jail (6.6)."""

from __future__ import annotations

import pytest

from models.events import (
    AuctionOpened,
    AuctionUnsold,
    AuctionWon,
    BuildingsSold,
    CashSurrendered,
    DebtIncurred,
    DebtPartlyPaid,
    DeedPassedToCreditor,
    DeedSurrendered,
    DiceRolled,
    GameEnded,
    LeftJail,
    MortgagedDeedSold,
    MortgageeSaleOpened,
    MortgageLifted,
    PlayerBankrupt,
    RentClaimOpened,
    RollAgain,
    StepChange,
    TokenMoved,
)
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses
from tests.models.support import give, put, refused, replays, roll


@pytest.fixture
def game() -> Game:
    """A PX table, Ann to throw first; every deed with the Bank, everyone on GO with 1500."""
    return new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))


def _bob_owes_ann_rent(game: Game, space: int, built: int, cash: int) -> int:
    """Ann's street `space` with `built` houses; Bob, left with `cash`, lands on it with 4 + 5
    after Ann's 4 + 6 to Just Visiting; play passes to Cy and Ann collects claim 1. Returns the
    rent, which Bob now owes as a debt (PX 7.3.1)."""
    houses(game, "Ann", {space: built})
    drain(game, "Bob", cash)
    put(game, "Bob", space - 9)
    roll(game, "Ann", 4, 6)
    roll(game, "Bob", 4, 5)
    events = game.do(type="collect_rent", claim=1)
    debt = events[0]
    assert isinstance(debt, DebtIncurred)
    assert (debt.debtor, debt.creditor) == ("Bob", "Ann")
    return debt.amount


def _owners(game: Game, *spaces: int) -> list[tuple[str | None, bool]]:
    assert game.state is not None
    return [(game.state.deeds[s].owner, game.state.deeds[s].mortgaged) for s in spaces]


# The mortgagee sale --------------------------------------------------------------------------------


def test_the_mortgagee_sale_of_px_8_4_hands_all_three_deeds_to_the_creditor_with_no_change(
        game: Game) -> None:
    # PX 8.4: rent 300 (Street 3 light blue, 9, with 3 houses: 300), no cash, the debtor's only
    # deeds mortgaged: PropNex Group of Services 1 (5) and 2 (15), 100 each, and Ang Mo
    # Kio/Bishan (24), 120. Bob picks the order 5, 15, 24 (PX 8.2); each opens at its mortgage
    # value; nobody bids, so each passes to Ann (PX 8.3): 300 - 100 - 100 = 100 still owed, and
    # 24 at 120 covers it; the 20 over is not given back (PX 8.4).
    give(game, "Bob", 5, 15, 24, mortgaged=True)
    assert _bob_owes_ann_rent(game, 9, built=3, cash=0) == 300
    events = game.do(type="mortgagee_sale", player="Bob", order=[5, 15, 24])
    assert events == [
        MortgageeSaleOpened(debtor="Bob", creditor="Ann", order=[5, 15, 24]),
        AuctionOpened(space=5, kind="mortgagee", opening_bid=100, excluded=["Bob"], queue=[15, 24],
                      resume="roll", seller="Bob", creditor="Ann"),
    ]
    passed = [game.do(type="close_auction")[0] for _ in range(3)]
    assert passed == [
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=5, value=100),
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=15, value=100),
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=24, value=120),
    ]
    # The creditor keeps them mortgaged; no cash moved: Ann 1500, Bob 0.
    assert _owners(game, 5, 15, 24) == [("Ann", True)] * 3
    assert (game.cash("Ann"), game.cash("Bob")) == (1500, 0)
    assert game.state is not None
    assert game.state.debts == []
    replays(game)


def test_a_debtor_whose_debt_is_covered_at_the_mortgagee_sale_stays_in_the_game(game: Game) -> None:
    # RULES.md / docs (mortgagee_sale): "It stops when the debt is covered; if the deeds run out
    # first, the debtor is bankrupt". In the PX 8.4 example the last deed covers the 300, so Bob,
    # left with no cash and no deeds, is not bankrupt: play goes on with Cy's throw, then his.
    give(game, "Bob", 5, 15, 24, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    game.do(type="mortgagee_sale", player="Bob", order=[5, 15, 24])
    for _ in range(3):
        game.do(type="close_auction")
    assert game.state is not None
    assert not game.state.player("Bob").bankrupt
    assert game.state.bankruptcies == 0
    assert game.state.owned_by("Bob") == []
    assert (game.state.phase, game.state.current) == ("roll", "Cy")
    roll(game, "Cy", 4, 6)
    roll(game, "Dee", 4, 6)
    roll(game, "Ann", 1, 2)
    game.do(type="decline", player="Ann")
    game.do(type="close_auction")
    # Bob 9 + 1 + 2 = 12, Utility 1, the Bank's: offered to him at 150 (he cannot pay).
    roll(game, "Bob", 1, 2)
    assert game.state.offer == 12


def test_the_debtors_cash_goes_first_and_the_sale_stops_once_the_debt_is_covered(game: Game) -> None:
    # RULES.md: debt paid from cash first. Bob has 100 of the 300 (Street 3 light blue with 3
    # houses): 100 to Ann, 200 still owed. Bob's order 5, 15, 24: 5 (100) passes, 100 owed;
    # 15 (100) passes, covered: the sale stops and Ang Mo Kio/Bishan (24) stays Bob's, mortgaged.
    # Ann 1500 + 100 = 1600, Bob 0.
    give(game, "Bob", 5, 15, 24, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=100)
    events = game.do(type="mortgagee_sale", player="Bob", order=[5, 15, 24])
    assert events[0] == DebtPartlyPaid(payer="Bob", payee="Ann", amount=100)
    assert game.do(type="close_auction")[0] == DeedPassedToCreditor(
        debtor="Bob", creditor="Ann", space=5, value=100)
    assert game.do(type="close_auction") == [
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=15, value=100)]
    assert _owners(game, 5, 15, 24) == [("Ann", True), ("Ann", True), ("Bob", True)]
    assert (game.cash("Ann"), game.cash("Bob")) == (1600, 0)
    assert game.state is not None
    assert (game.state.debts, game.state.phase, game.state.current) == ([], "roll", "Cy")
    replays(game)


def test_a_debtor_whose_deeds_run_out_before_the_debt_is_covered_is_bankrupt(game: Game) -> None:
    # PX 8.3 / docs: Bob owes 300 with only Street 1 and 2 (brown, 1 and 3), mortgaged at 30
    # each: both pass to Ann (300 - 30 - 30 = 240 still owed) and Bob is bankrupt, the first
    # (rank 1), to Ann. The game goes on: one bankruptcy does not end it (PX 10a).
    give(game, "Bob", 1, 3, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    game.do(type="mortgagee_sale", player="Bob", order=[3, 1])
    game.do(type="close_auction")
    events = game.do(type="close_auction")
    assert events == [
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=1, value=30),
        PlayerBankrupt(player="Bob", creditor="Ann", rank=1),
    ]
    assert _owners(game, 1, 3) == [("Ann", True), ("Ann", True)]
    assert game.state is not None
    assert game.state.player("Bob").bankrupt
    assert game.state.debts == []
    assert (game.state.phase, game.state.current, game.state.ended) == ("roll", "Cy", None)
    replays(game)


def test_a_bid_at_the_mortgagee_sale_pays_the_creditor_first_and_the_rest_to_the_debtor(
        game: Game) -> None:
    # PX 8.2 / docs: Bob owes Ann 120 (Street 3 yellow, 29, with 1 house: 120); PropNex Group of
    # Services 1 (5, mortgage value 100) opens at 100; Cy bids 150: Ann gets the 120 owed, Bob
    # the other 30; the sale stops and 15 stays Bob's. Cy 1500 - 150 = 1350 and holds 5 mortgaged.
    give(game, "Bob", 5, 15, mortgaged=True)
    assert _bob_owes_ann_rent(game, 29, built=1, cash=0) == 120
    game.do(type="mortgagee_sale", player="Bob", order=[5, 15])
    game.do(type="bid", player="Cy", amount=150)
    assert game.do(type="close_auction") == [MortgagedDeedSold(
        buyer="Cy", debtor="Bob", creditor="Ann", space=5, to_creditor=120, to_debtor=30)]
    assert (game.cash("Ann"), game.cash("Bob"), game.cash("Cy")) == (1620, 30, 1350)
    assert _owners(game, 5, 15) == [("Cy", True), ("Bob", True)]


def test_the_creditor_keeps_a_received_deed_mortgaged_and_lifts_it_later_for_value_plus_ten(
        game: Game) -> None:
    # PX 7.3.2: the creditor may hold the mortgaged deed until ready; no 10% is due on receipt
    # (play goes on at once with Cy's throw). Later Ann lifts Ang Mo Kio/Bishan (24):
    # 120 + 10% (12) = 132: 1500 - 132 = 1368.
    give(game, "Bob", 5, 15, 24, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    game.do(type="mortgagee_sale", player="Bob", order=[5, 15, 24])
    for _ in range(3):
        game.do(type="close_auction")
    assert game.state is not None
    assert game.state.interest_due == []
    roll(game, "Cy", 4, 6)
    assert game.do(type="lift", player="Ann", space=24) == [
        MortgageLifted(payer="Ann", payee="bank", amount=132, space=24)]
    assert game.cash("Ann") == 1368
    assert _owners(game, 24) == [("Ann", False)]
    replays(game)


def test_the_mortgagee_sale_waits_until_every_deed_is_mortgaged_and_every_building_sold(
        game: Game) -> None:
    # PX 8.1: the mortgagee sale is for a debtor with no cash and all deeds mortgaged; PX 7.3.1:
    # houses are sold first. Bob owes 300; he still has PropNex Group of Services 2 (15)
    # unmortgaged, and a house on Bidadari (21): refused (PX 7.3.1, buildings are sold first).
    give(game, "Bob", 5, mortgaged=True)
    give(game, "Bob", 15)
    houses(game, "Bob", {21: 1})
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    refused(game, "PX 7.3.1", type="mortgagee_sale", player="Bob", order=[5, 15, 21])
    # He sells the house (half the RCR base 150: 75) and mortgages 21 (110) and 15 (100):
    # 0 + 75 + 110 + 100 = 285 < 300. Now every deed is mortgaged and the sale may be held,
    # but the order must name each of his deeds once (PX 8.2).
    game.do(type="sell_buildings", player="Bob", remove={21: 1})
    refused(game, "PX 8.2", type="mortgagee_sale", player="Bob", order=[5, 15, 21])
    game.do(type="mortgage", player="Bob", space=21)
    game.do(type="mortgage", player="Bob", space=15)
    assert game.cash("Bob") == 285
    refused(game, "PX 8.2", type="mortgagee_sale", player="Bob", order=[5, 15])
    refused(game, "PX 8.2", type="mortgagee_sale", player="Bob", order=[5, 15, 21, 5])
    # 285 is paid first; the 15 left is covered by the first deed (5, 100) passing to Ann.
    game.do(type="mortgagee_sale", player="Bob", order=[5, 15, 21])
    assert game.do(type="close_auction") == [
        DeedPassedToCreditor(debtor="Bob", creditor="Ann", space=5, value=100)]
    assert (game.cash("Ann"), game.cash("Bob")) == (1785, 0)
    replays(game)


def test_a_debtor_who_can_pay_from_cash_has_no_mortgagee_sale(game: Game) -> None:
    # PX 8.1: "If a Player runs out of cash". Bob owes Ann 300 (he had 50) and then is judged to
    # find 300 more: with 350 he pays; the mortgagee sale is refused (PX 8.2).
    give(game, "Bob", 5, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=50)
    game.judge(type="adjust_cash", from_account="bank", to_account="Bob", amount=300)
    refused(game, "PX 8.2", type="mortgagee_sale", player="Bob", order=[5])


def test_bankruptcy_owed_to_a_player_is_refused_while_the_debtor_holds_mortgaged_deeds(
        game: Game) -> None:
    # PX 8 / RULES.md: owed to a player, the mortgagee sale decides; declaring bankruptcy with
    # mortgaged deeds in hand (5 and 15, nothing left to raise) is refused citing PX 8.2.
    give(game, "Bob", 5, 15, mortgaged=True)
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    refused(game, "PX 8.2", type="declare_bankruptcy", player="Bob")


def test_bankruptcy_is_refused_while_the_debtor_could_still_raise_the_debt(game: Game) -> None:
    # PX 7.3.1: cash first, then sell buildings, mortgage or auction. Bob owes 300 and could
    # mortgage Ang Mo Kio/Bishan (120) and PropNex Group of Services 3 and 4 (100 each):
    # 0 + 120 + 100 + 100 = 320 >= 300: refused citing PX 7.3.
    give(game, "Bob", 24, 25, 35)
    _bob_owes_ann_rent(game, 9, built=3, cash=0)
    refused(game, "PX 7.3", type="declare_bankruptcy", player="Bob")


# Bankruptcy to the Bank, and the end ----------------------------------------------------------------


def _bob_bankrupt_to_the_bank(game: Game) -> list[object]:
    """Bob, with 10 cash, a house on Street 1 (brown, 1) and Street 2 (brown, 3) mortgaged,
    throws 1 + 3 from GO onto Income Tax (4) after Ann's 4 + 6: he owes the Bank 200 and could
    raise 10 + 25 (the house) + 30 (mortgaging 1) = 65 < 200 (PX 7.3.3). He declares."""
    houses(game, "Bob", {1: 1})
    give(game, "Bob", 3, mortgaged=True)
    drain(game, "Bob", 10)
    roll(game, "Ann", 4, 6)
    events = roll(game, "Bob", 1, 3)
    assert DebtIncurred(debtor="Bob", creditor="bank", amount=200, reason="tax on Income Tax") in events
    return list(game.do(type="declare_bankruptcy", player="Bob"))


def test_bankrupt_to_the_bank_hands_over_everything_and_the_bank_auctions_each_deed(
        game: Game) -> None:
    # PX 7.3.3: all assets to the Bank, which auctions every deed to the remaining players.
    # The house goes back at half its base: 25 to Bob, then his 10 + 25 = 35 to the Bank. The
    # deeds go to the Bank unmortgaged (RULES.md) and are auctioned in board order, each opening
    # at its board price (60): Bob is bankrupt first (rank 1); Cy, whose turn it is, plays on.
    events = _bob_bankrupt_to_the_bank(game)
    assert events == [
        BuildingsSold(payer="bank", payee="Bob", amount=25, changes=[StepChange(space=1, before=1, after=0)]),
        CashSurrendered(payer="Bob", payee="bank", amount=35),
        DeedSurrendered(player="Bob", to="bank", space=1, mortgaged=False),
        DeedSurrendered(player="Bob", to="bank", space=3, mortgaged=False),
        PlayerBankrupt(player="Bob", creditor="bank", rank=1),
        AuctionOpened(space=1, opening_bid=60, excluded=[], queue=[3], resume="roll"),
    ]
    # 1: a bid below 60 is refused (PX 3.5), Bob's as out of the game (the profile's auction
    # clause, PX 7.1.2); Ann 60, Cy 70 (+10): Cy pays 70: 1500 - 70 = 1430.
    refused(game, "PX 3.5", type="bid", player="Ann", amount=50)
    refused(game, "PX 7.1.2", type="bid", player="Bob", amount=60)
    game.do(type="bid", player="Ann", amount=60)
    game.do(type="bid", player="Cy", amount=70)
    assert game.do(type="close_auction") == [
        AuctionWon(payer="Cy", payee="bank", amount=70, space=1),
        AuctionOpened(space=3, opening_bid=60, excluded=[], queue=[], resume="roll"),
    ]
    # 3: nobody bids, it stays with the Bank.
    assert game.do(type="close_auction") == [AuctionUnsold(space=3)]
    assert _owners(game, 1, 3) == [("Cy", False), (None, False)]
    assert (game.cash("Bob"), game.cash("Cy")) == (0, 1430)
    assert game.state is not None
    assert (game.state.phase, game.state.current) == ("roll", "Cy")
    replays(game)


def test_the_game_ends_at_the_second_bankruptcy_and_refuses_everything_after(game: Game) -> None:
    # PX 10a: the game concludes when 2 players are bankrupt. Bob first (to the Bank, his two
    # deeds left unsold). Cy, with no cash and Street 1 (light blue, 6) mortgaged, throws 1 + 3
    # from GO to Income Tax: owes 200, can raise nothing: bankrupt, the second: the game ends at
    # once, and 6 goes to the Bank with no auction.
    _bob_bankrupt_to_the_bank(game)
    game.do(type="close_auction")
    game.do(type="close_auction")
    give(game, "Cy", 6, mortgaged=True)
    drain(game, "Cy", 0)
    roll(game, "Cy", 1, 3)
    events = game.do(type="declare_bankruptcy", player="Cy")
    assert events == [
        DeedSurrendered(player="Cy", to="bank", space=6, mortgaged=False),
        PlayerBankrupt(player="Cy", creditor="bank", rank=2),
        GameEnded(reason="bankruptcy number 2", winner=None),
    ]
    assert game.state is not None
    assert game.state.phase == "over"
    assert [(p.name, p.bankrupt_rank) for p in game.state.players] == [
        ("Ann", None), ("Bob", 1), ("Cy", 2), ("Dee", None)]
    refused(game, "PX 10a", type="roll", player="Dee", dice=[1, 2])
    refused(game, "PX 10a", type="offer_sale", player="Ann", space=6, minimum=10)
    replays(game)


# Jail ----------------------------------------------------------------------------------------


def test_a_propnex_owner_in_jail_collects_no_rent(game: Game) -> None:
    # PX 6.6.3: no rent to an owner in Jail. Bob (in Jail) owns Bidadari (21) with 2 houses
    # (rent 250); Ann 2 + 4 from 15 lands on it: no claim, both keep 1500.
    houses(game, "Bob", {21: 2})
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    put(game, "Ann", 15)
    events = roll(game, "Ann", 2, 4)
    assert not any(isinstance(e, RentClaimOpened) for e in events)
    assert (game.cash("Ann"), game.cash("Bob")) == (1500, 1500)


def test_a_claim_opened_before_the_owner_went_to_jail_cannot_be_collected(game: Game) -> None:
    # PX 6.6.3: Ann lands on Bob's Bidadari (21, 2 houses: claim of 250) while he is free; the
    # judge then puts him in Jail: collecting is refused.
    houses(game, "Bob", {21: 2})
    put(game, "Ann", 15)
    events = roll(game, "Ann", 2, 4)
    assert [e.amount for e in events if isinstance(e, RentClaimOpened)] == [250]
    game.judge(type="adjust_jail", player="Bob", in_jail=True)
    refused(game, "PX 6.6.3", type="collect_rent", claim=1)


def test_a_propnex_double_out_of_jail_moves_and_throws_again(game: Game) -> None:
    # PX 6.6.5c: the double moves the player "and to throw the dice another time". Ann in Jail
    # throws 5 + 5: out, 10 + 10 = 20, Free Parking, and throws again: 1 + 2 to 23, the Bank's
    # Balestier/Toa Payoh, offered to her.
    game.judge(type="adjust_jail", player="Ann", in_jail=True)
    events = roll(game, "Ann", 5, 5)
    assert events == [
        DiceRolled(player="Ann", dice=(5, 5), purpose="jail"),
        LeftJail(player="Ann", how="double", rolls_again=True),
        TokenMoved(player="Ann", from_space=10, to_space=20, how="dice"),
        RollAgain(player="Ann"),
    ]
    roll(game, "Ann", 1, 2)
    assert game.position("Ann") == 23
    assert game.state is not None
    assert (game.state.current, game.state.offer) == ("Ann", 23)
    replays(game)


def test_after_the_third_failed_roll_in_jail_the_fine_is_paid_and_there_is_no_second_throw(
        game: Game) -> None:
    # RULES.md Jail: after the third failed roll pay 50 and move by that roll, no further roll.
    # Ann, 2 turns served, throws 1 + 3: 1500 - 50 = 1450, 10 + 4 = 14 (the Bank's pink street).
    game.judge(type="adjust_jail", player="Ann", in_jail=True, turns_served=2)
    roll(game, "Ann", 1, 3)
    game.do(type="decline", player="Ann")
    game.do(type="close_auction")
    assert (game.cash("Ann"), game.position("Ann")) == (1450, 14)
    assert game.state is not None
    assert game.state.current == "Bob"
