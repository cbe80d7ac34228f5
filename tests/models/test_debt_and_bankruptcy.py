"""Debts and bankruptcy: play waits while money is raised; going out to a player or to the Bank."""

from __future__ import annotations

from models.errors import RuleViolation
from models.events import (
    AuctionOpened,
    CashSurrendered,
    DebtIncurred,
    GameEnded,
    JailCardKept,
    PlayerBankrupt,
    TurnPassed,
)
from models.state import Debt
from tests.models.conftest import Game
from tests.models.estate import drain, houses, stock
from tests.models.support import give, put, refused, replays, roll

DEBT = "CL Help! I'm in debt!"


def _owes_income_tax(game: Game, name: str, cash: int, dice: tuple[int, int] = (1, 3)) -> None:
    """`name`, left with `cash`, throws from GO onto Income Tax (4), 200, on their own turn."""
    drain(game, name, cash)
    game.judge(type="adjust_turn", player=name)
    roll(game, name, *dice)


def _raising_position(game: Game) -> None:
    """Cy: 100 cash, brown with a house on each (judge). Cy throws 1 + 3 to Income Tax: owes 200."""
    houses(game, "Cy", {1: 1, 3: 1})
    _owes_income_tax(game, "Cy", 100)


# A debt ----------------------------------------------------------------------------------------


def test_a_payment_beyond_the_cash_becomes_a_debt_in_the_state(classic: Game) -> None:
    # CL Help! I'm in debt!: Cy has 150, Income Tax is 200: nothing is paid, a debt of 200 to
    # the Bank is open, and Cy's turn is over (play passes to Ann).
    drain(classic, "Cy", 150)
    classic.judge(type="adjust_turn", player="Cy")
    events = roll(classic, "Cy", 1, 3)
    assert DebtIncurred(debtor="Cy", creditor="bank", amount=200, reason="tax on Income Tax") in events
    assert classic.state is not None
    assert classic.state.debts == [Debt(debtor="Cy", creditor="bank", amount=200,
                                        reason="tax on Income Tax")]
    assert classic.cash("Cy") == 150
    assert classic.state.current == "Ann"
    replays(classic)


def test_while_a_debt_is_open_play_waits_but_money_may_be_raised(classic: Game) -> None:
    # CL Help! I'm in debt!: raise the money by selling buildings and mortgaging. Cy owes 200
    # and has 100.
    _raising_position(classic)
    refused(classic, DEBT, type="roll", player="Ann", dice=(1, 2))
    refused(classic, DEBT, type="pay_debt", player="Cy")
    give(classic, "Ann", 37, 39)
    refused(classic, DEBT, type="build", player="Ann", add={37: 1, 39: 1})
    # Sell both houses: 2 x 25 = 50 -> 150; mortgage Mediterranean and Baltic: 30 + 30 -> 210.
    classic.do(type="sell_buildings", player="Cy", remove={1: 1, 3: 1})
    classic.do(type="mortgage", player="Cy", space=1)
    classic.do(type="mortgage", player="Cy", space=3)
    assert classic.cash("Cy") == 210
    # A lift raises nothing: refused while the debt is open.
    refused(classic, DEBT, type="lift", player="Cy", space=1)
    # Pay the 200: 210 - 200 = 10; then Ann throws.
    classic.do(type="pay_debt", player="Cy")
    assert classic.cash("Cy") == 10
    assert classic.state is not None
    assert classic.state.debts == []
    roll(classic, "Ann", 4, 6)
    replays(classic)


def test_bankruptcy_is_refused_while_the_player_could_still_raise_enough(classic: Game) -> None:
    # CL Help! I'm in debt!: bankrupt only if you still owe more than you can raise. Cy owes 200
    # and could raise 100 cash + 2 x 25 (houses) + 30 + 30 (mortgages) = 210: refused, and the
    # message says so.
    _raising_position(classic)
    error = refused(classic, DEBT, type="declare_bankruptcy", player="Cy")
    assert "200" in error.message
    assert "210" in error.message


def test_a_player_who_owes_nothing_cannot_go_bankrupt(classic: Game) -> None:
    # CL Help! I'm in debt!: Ann owes nothing.
    refused(classic, DEBT, type="declare_bankruptcy", player="Ann")


# Bankrupt to a player ------------------------------------------------------------------------


def _cy_bankrupt_to_bob(classic: Game) -> list[object]:
    """Bob: Park Place with 4 houses, Boardwalk with a hotel (rent 2000). Cy: 300 cash; brown
    with 2 houses on each; Reading Railroad (5) mortgaged; Electric Company (12); the Community
    Chest card. Cy throws 1 + 3 from Short Line (35) to Boardwalk; Bob claims 2000."""
    houses(classic, "Bob", {37: 4, 39: 5})
    houses(classic, "Cy", {1: 2, 3: 2})
    give(classic, "Cy", 5, mortgaged=True)
    give(classic, "Cy", 12)
    classic.judge(type="adjust_card", card="cc_goojf", holder="Cy")
    drain(classic, "Cy", 300)
    classic.judge(type="adjust_turn", player="Cy")
    put(classic, "Cy", 35)
    roll(classic, "Cy", 1, 3)
    classic.do(type="collect_rent", claim=1)
    assert classic.state is not None
    assert classic.state.current == "Ann"
    # Cy could raise 300 + 4 x 25 (houses) + 30 + 30 + 75 (mortgages) = 535 < 2000.
    return classic.do(type="declare_bankruptcy", player="Cy")


def test_bankrupt_to_a_player_hands_over_cash_deeds_and_cards(classic: Game) -> None:
    # CL Help! I'm in debt! (and RULES.md: to a player, the buildings go to the Bank at half
    # first). Cy's 4 houses sell for 4 x 25 = 100: 300 + 100 = 400, all to Bob: 1500 + 400 =
    # 1900. The Bank's houses: 32 - 4 (Park Place) = 28 again; hotels 11 (Boardwalk's).
    events = _cy_bankrupt_to_bob(classic)
    assert CashSurrendered(payer="Cy", payee="Bob", amount=400) in events
    assert PlayerBankrupt(player="Cy", creditor="Bob", rank=1) in events
    assert (classic.cash("Cy"), classic.cash("Bob")) == (0, 1900)
    assert stock(classic) == (28, 11)
    assert classic.state is not None
    deeds = classic.state.deeds
    assert [d.space for d in classic.state.owned_by("Bob")] == [1, 3, 5, 12, 37, 39]
    assert [deeds[s].steps for s in (1, 3)] == [0, 0]
    # The mortgaged deed stays mortgaged; the others do not become mortgaged.
    assert [deeds[s].mortgaged for s in (1, 3, 5, 12)] == [False, False, True, False]
    assert classic.state.jail_cards == {"cc_goojf": "Bob"}
    cy = classic.state.player("Cy")
    assert (cy.bankrupt, cy.bankrupt_rank) == (True, 1)
    assert classic.state.debts == []
    # Ann was playing; the turn stays hers.
    assert classic.state.current == "Ann"
    replays(classic)


def test_a_mortgaged_deed_received_in_bankruptcy_holds_play_until_kept_or_lifted(
        classic: Game) -> None:
    # CL Help! I'm in debt!: "The player must pay 10% interest on each mortgaged property, even if
    # they don't want to pay off the mortgage yet." Reading Railroad (value 100) came mortgaged:
    # play waits (CL Help! I'm in debt!) until Bob lifts it or keeps it.
    _cy_bankrupt_to_bob(classic)
    assert classic.state is not None
    assert [(d.player, d.space) for d in classic.state.interest_due] == [("Bob", 5)]
    refused(classic, "CL Help! I'm in debt!", type="roll", player="Ann", dice=(1, 2))
    refused(classic, "CL Help! I'm in debt!", type="keep_mortgaged", player="Bob", space=12)
    # Keep it: 10% of 100 = 10: 1900 - 10 = 1890; it stays mortgaged, and Ann throws.
    classic.do(type="keep_mortgaged", player="Bob", space=5)
    assert classic.cash("Bob") == 1890
    assert classic.state.deeds[5].mortgaged
    assert classic.state.interest_due == []
    roll(classic, "Ann", 4, 6)
    # Lifting later costs 100 + 10 again: 1890 - 110 = 1780.
    classic.do(type="lift", player="Bob", space=5)
    assert classic.cash("Bob") == 1780
    replays(classic)


def test_a_mortgaged_deed_received_in_bankruptcy_may_be_lifted_at_once(classic: Game) -> None:
    # RULES.md Decisions: lift it at once for the value + 10%: 100 + 10 = 110: 1900 - 110 = 1790.
    _cy_bankrupt_to_bob(classic)
    classic.do(type="lift", player="Bob", space=5)
    assert classic.cash("Bob") == 1790
    assert classic.state is not None
    assert not classic.state.deeds[5].mortgaged
    assert classic.state.interest_due == []
    roll(classic, "Ann", 4, 6)
    replays(classic)


# Bankrupt to the Bank --------------------------------------------------------------------------


def test_bankrupt_to_the_bank_auctions_every_deed_unmortgaged_in_board_order(classic: Game) -> None:
    # CL Help! I'm in debt! (debt to the Bank): cash to the Bank, cards to the bottom of their
    # decks, every deed auctioned unmortgaged. Cy: 50 cash, Baltic (3) and Reading Railroad (5)
    # mortgaged, Oriental (6), the Chance card. Cy throws 2 + 2 to Income Tax (200): a debt, and
    # (a double) Cy would throw again. Cy could raise 50 + 50 (Oriental) = 100 < 200.
    give(classic, "Cy", 3, 5, mortgaged=True)
    give(classic, "Cy", 6)
    classic.judge(type="adjust_card", card="ch_goojf", holder="Cy")
    _owes_income_tax(classic, "Cy", 50, dice=(2, 2))
    assert classic.state is not None
    assert classic.state.current == "Cy"
    events = classic.do(type="declare_bankruptcy", player="Cy")
    assert CashSurrendered(payer="Cy", payee="bank", amount=50) in events
    # The current player going bankrupt passes the turn to the next (Ann), then the auctions.
    assert classic.types(events)[-2:] == ["turn_passed", "auction_opened"]
    assert events[-1] == AuctionOpened(space=3, opening_bid=1, excluded=[], queue=[5, 6],
                                       resume="roll")
    assert classic.state.current == "Ann"
    assert classic.state.jail_cards == {}
    assert all(classic.state.deeds[s].owner is None and not classic.state.deeds[s].mortgaged
               for s in (3, 5, 6))
    # Cy is out: no bid.
    refused(classic, "CL Auction", type="bid", player="Cy", amount=5)
    # Baltic to Ann for 10 (1490); Reading Railroad to Bob for 150 (1350); Oriental unsold.
    classic.do(type="bid", player="Ann", amount=10)
    opened = classic.do(type="close_auction")
    assert opened[-1] == AuctionOpened(space=5, opening_bid=1, excluded=[], queue=[6], resume="roll")
    classic.do(type="bid", player="Bob", amount=150)
    classic.do(type="close_auction")
    classic.do(type="close_auction")
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1490, 1350)
    assert [classic.state.deeds[s].owner for s in (3, 5, 6)] == ["Ann", "Bob", None]
    assert not classic.state.deeds[3].mortgaged
    assert (classic.state.phase, classic.state.current) == ("roll", "Ann")
    # Play goes on, and the card is back in its deck: Ann throws 3 + 4 to Chance (7) and draws it.
    roll(classic, "Ann", 3, 4)
    events = classic.do(type="draw_card", card="ch_goojf")
    assert JailCardKept(player="Ann", card="ch_goojf") in events
    replays(classic)


def test_a_current_player_going_bankrupt_passes_the_turn_to_the_next(classic: Game) -> None:
    # CL On your turn: play goes clockwise, Ann, Bob, Cy. Bob, with 10 and no deeds, throws
    # 2 + 2 to Income Tax (200) and owes it; out, his turn passes to Cy (not back to Ann).
    _owes_income_tax(classic, "Bob", 10, dice=(2, 2))
    assert classic.state is not None
    assert classic.state.current == "Bob"
    turn_no = classic.state.turn_no
    events = classic.do(type="declare_bankruptcy", player="Bob")
    assert events[-1] == TurnPassed(player="Cy", turn_no=turn_no + 1)
    assert classic.state.current == "Cy"
    roll(classic, "Cy", 4, 6)
    assert classic.state.current == "Ann"
    replays(classic)


def test_the_last_player_standing_wins_and_the_game_is_over(classic: Game) -> None:
    # CL How do I win?: last player standing. Cy (50) owes Income Tax and goes out first (rank
    # 1, his 50 to the Bank); Bob (10) does the same next (rank 2): Ann is left and wins.
    give(classic, "Ann", 1)
    _owes_income_tax(classic, "Cy", 50)
    classic.do(type="declare_bankruptcy", player="Cy")
    _owes_income_tax(classic, "Bob", 10)
    events = classic.do(type="declare_bankruptcy", player="Bob")
    assert events[-2:] == [PlayerBankrupt(player="Bob", creditor="bank", rank=2),
                           GameEnded(reason="one player left", winner="Ann")]
    assert classic.state is not None
    ranks = {p.name: p.bankrupt_rank for p in classic.state.players}
    assert ranks == {"Ann": None, "Bob": 2, "Cy": 1}
    assert (classic.state.phase, classic.state.winner) == ("over", "Ann")
    # Nothing more is played.
    refused(classic, "CL How do I win?", type="roll", player="Ann", dice=(1, 2))
    refused(classic, "CL How do I win?", type="mortgage", player="Ann", space=1)
    refused(classic, "CL How do I win?", type="declare_bankruptcy", player="Ann")
    replays(classic)


# Ways out that must stay open -----------------------------------------------------------------


def test_a_classic_debtor_whose_hotels_cannot_come_down_is_not_stuck(classic: Game) -> None:
    # CL Help! I'm in debt! / CL Sell buildings. Cy: brown with a hotel on each, no cash; Bob holds
    # the Bank's 32 houses (green, red, dark blue at 4: 12 + 12 + 8). Cy throws 1 + 3 to Income
    # Tax and owes 200. A CL hotel comes down to 4 houses from the Bank, which has none, so Cy
    # cannot sell; the set carries buildings, so Cy cannot mortgage. The only way on is
    # bankruptcy (or, if the banker allowed it, the hotels sold outright: 2 x (25 + 4 x 25) = 250).
    houses(classic, "Cy", {1: 5, 3: 5})
    houses(classic, "Bob", {31: 4, 32: 4, 34: 4, 21: 4, 23: 4, 24: 4, 37: 4, 39: 4})
    assert stock(classic) == (0, 10)
    _owes_income_tax(classic, "Cy", 0)
    try:
        classic.do(type="sell_buildings", player="Cy", remove={1: 5, 3: 5})
    except RuleViolation:
        classic.do(type="declare_bankruptcy", player="Cy")
        assert classic.state is not None
        assert classic.state.player("Cy").bankrupt
    else:
        assert classic.cash("Cy") == 250
        classic.do(type="pay_debt", player="Cy")
    replays(classic)


def test_a_deed_whose_ten_percent_is_still_due_cannot_be_dealt_away(classic: Game) -> None:
    # CL Help! I'm in debt!: the receiver of a mortgaged deed "must pay 10% interest on each
    # mortgaged property". Bob received Reading Railroad mortgaged from Cy and has not yet chosen:
    # selling it on to Ann for 50 first is refused (CL Mortgage properties: lift or keep first).
    _cy_bankrupt_to_bob(classic)
    refused(classic, "CL Mortgage properties", type="trade", first="Bob", second="Ann",
            first_gives={"deeds": [5]}, second_gives={"cash": 50})
