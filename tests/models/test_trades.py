"""Deals between players: any mix (CL), a sale for cash (SG), none at all (PX); mortgaged deeds."""

from __future__ import annotations

from models.events import MortgageInterestPaid, MortgageLifted, TradeMade
from tests.models.conftest import Game, new_game
from tests.models.estate import drain, houses
from tests.models.support import give, refused, replays, roll


def _owner(game: Game, space: int) -> str | None:
    assert game.state is not None
    return game.state.deeds[space].owner


def _mortgaged(game: Game, space: int) -> bool:
    assert game.state is not None
    return game.state.deeds[space].mortgaged


# Classic: any mix -----------------------------------------------------------------------------


def test_a_classic_deal_may_mix_deeds_cards_and_cash(classic: Game) -> None:
    # CL Do a deal: "any combination of cash, other property or Get Out of Jail Free cards".
    # Ann gives Oriental Avenue (6) and the Community Chest card; Bob gives 100 and Reading
    # Railroad (5). Ann 1500 + 100 = 1600, Bob 1500 - 100 = 1400.
    give(classic, "Ann", 6)
    give(classic, "Bob", 5)
    classic.judge(type="adjust_card", card="cc_goojf", holder="Ann")
    events = classic.do(type="trade", first="Ann", second="Bob",
                        first_gives={"deeds": [6], "cards": ["cc_goojf"]},
                        second_gives={"cash": 100, "deeds": [5]})
    assert events == [TradeMade(first="Ann", second="Bob", first_cash=0, second_cash=100,
                                first_deeds=[6], second_deeds=[5], first_cards=["cc_goojf"],
                                second_cards=[])]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1600, 1400)
    assert (_owner(classic, 6), _owner(classic, 5)) == ("Bob", "Ann")
    assert classic.state is not None
    assert classic.state.jail_cards == {"cc_goojf": "Bob"}
    replays(classic)


def test_a_deed_whose_colour_set_carries_buildings_cannot_be_dealt(classic: Game) -> None:
    # CL Do a deal: "You must sell all buildings on a color group to the Bank before you can sell
    # one of its sites." Ann's light blue: a house on Oriental (6) only; Vermont (8) has none,
    # yet it cannot be dealt.
    houses(classic, "Ann", {6: 1, 8: 0, 9: 0})
    refused(classic, "CL Do a deal", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [8]}, second_gives={"cash": 100})
    # The house sold (half of 50 = 25: 1525), Vermont goes for 100: Ann 1625, Bob 1400.
    classic.do(type="sell_buildings", player="Ann", remove={6: 1})
    classic.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [8]},
               second_gives={"cash": 100})
    assert (classic.cash("Ann"), classic.cash("Bob"), _owner(classic, 8)) == (1625, 1400, "Bob")
    replays(classic)


def test_a_deal_needs_each_side_to_hold_what_it_gives(classic: Game) -> None:
    # CL Do a deal: Ann offers Oriental, which is Bob's; Bob offers 1501 and has 1500; Ann offers
    # a card she does not hold.
    give(classic, "Bob", 6)
    refused(classic, "CL Do a deal", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"cash": 10})
    refused(classic, "CL Do a deal", type="trade", first="Ann", second="Bob",
            first_gives={"cash": 1}, second_gives={"cash": 1501})
    refused(classic, "CL Do a deal", type="trade", first="Ann", second="Bob",
            first_gives={"cards": ["ch_goojf"]}, second_gives={"cash": 10})


def test_a_mortgaged_deed_received_costs_ten_percent_and_stays_mortgaged(classic: Game) -> None:
    # CL Do a deal: "After buying a mortgaged property, you must either repay it immediately or
    # just pay 10% of the listed value and keep the card face down." Ann mortgages Reading
    # Railroad (value 100): 1500 + 100 = 1600; she sells it to Bob for 50: Ann 1650. Bob pays 50
    # and the 10% of 100 = 10 to the Bank: 1500 - 50 - 10 = 1440; the deed stays mortgaged.
    give(classic, "Ann", 5)
    classic.do(type="mortgage", player="Ann", space=5)
    events = classic.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [5]},
                        second_gives={"cash": 50})
    assert events[1:] == [MortgageInterestPaid(payer="Bob", payee="bank", amount=10, space=5)]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1650, 1440)
    assert (_owner(classic, 5), _mortgaged(classic, 5)) == ("Bob", True)
    # "If you later decide to repay the mortgage, you will have to pay the 10% fee again":
    # 100 + 10 = 110: 1440 - 110 = 1330.
    classic.do(type="lift", player="Bob", space=5)
    assert classic.cash("Bob") == 1330
    assert not _mortgaged(classic, 5)
    replays(classic)


def test_a_mortgaged_deed_received_may_be_lifted_at_once(classic: Game) -> None:
    # CL Do a deal: repay it immediately: value + 10%. St. Charles Place (11), value 70: 70 + 7 =
    # 77. Ann mortgages it (1500 + 70 = 1570) and sells it to Bob for 40 (Ann 1610); Bob pays
    # 40 + 77: 1500 - 117 = 1383; the deed is his, unmortgaged.
    give(classic, "Ann", 11)
    classic.do(type="mortgage", player="Ann", space=11)
    events = classic.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [11]},
                        second_gives={"cash": 40}, lift=[11])
    assert events[1:] == [MortgageLifted(payer="Bob", payee="bank", amount=77, space=11)]
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1610, 1383)
    assert (_owner(classic, 11), _mortgaged(classic, 11)) == ("Bob", False)
    replays(classic)


def test_lift_may_name_only_a_mortgaged_deed_received_in_the_deal(classic: Game) -> None:
    # CL Mortgage properties: Oriental (6) is not mortgaged; nothing to lift with the deal.
    give(classic, "Ann", 6)
    refused(classic, "CL Mortgage properties", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"cash": 100}, lift=[6])


def test_a_receiver_who_cannot_pay_the_ten_percent_is_refused(classic: Game) -> None:
    # CL Do a deal: the 10% is due at once. Reading Railroad (value 100) mortgaged, offered to Bob
    # for 50; Bob with 59 would have 9 after paying, less than the 10 due: refused. With 60 he
    # pays 50 + 10 and ends on 0.
    give(classic, "Ann", 5, mortgaged=True)
    drain(classic, "Bob", 59)
    refused(classic, "CL Mortgage properties", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [5]}, second_gives={"cash": 50})
    classic.judge(type="adjust_cash", from_account="bank", to_account="Bob", amount=1)
    classic.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [5]},
               second_gives={"cash": 50})
    assert classic.cash("Bob") == 0
    replays(classic)


def test_a_classic_player_in_jail_may_deal(classic: Game) -> None:
    # RULES.md switch "in Jail" (CL): may trade. Ann in Jail sells Oriental to Bob for 100.
    give(classic, "Ann", 6)
    classic.judge(type="adjust_jail", player="Ann", in_jail=True)
    classic.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [6]},
               second_gives={"cash": 100})
    assert (classic.cash("Ann"), _owner(classic, 6)) == (1600, "Bob")


def test_a_deal_is_refused_while_an_auction_is_open(classic: Game) -> None:
    # CL Do a deal (banker's reading, models/trade.py): finish the auction first. Ann throws 1 + 2
    # to Baltic Avenue and declines it.
    give(classic, "Ann", 6)
    roll(classic, "Ann", 1, 2)
    classic.do(type="decline", player="Ann")
    refused(classic, "CL Do a deal", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"cash": 100})


# SG: a sale for cash ---------------------------------------------------------------------------


def test_sg_sells_a_deed_for_cash(sg: Game) -> None:
    # SG Selling Property: "sell ... to another player for a price you both agree on". Ann sells
    # Street 1 (light blue, 6) to Bob for 200: Ann 1700, Bob 1300.
    give(sg, "Ann", 6)
    sg.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [6]},
          second_gives={"cash": 200})
    assert (sg.cash("Ann"), sg.cash("Bob"), _owner(sg, 6)) == (1700, 1300, "Bob")
    replays(sg)


def test_sg_refuses_deeds_on_both_sides(sg: Game) -> None:
    # SG Selling Property: a sale is a deed for cash, not an exchange of deeds (with or without
    # cash on top).
    give(sg, "Ann", 6)
    give(sg, "Bob", 5)
    refused(sg, "SG Selling Property", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"deeds": [5]})
    refused(sg, "SG Selling Property", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"deeds": [5], "cash": 10})
    refused(sg, "SG Selling Property", type="trade", first="Ann", second="Bob",
            first_gives={"deeds": [6], "cash": 10}, second_gives={"cash": 100})


def test_sg_sells_a_mortgaged_deed_with_the_ten_percent(sg: Game) -> None:
    # SG Mortgages, Selling Mortgaged Property: the buyer repays or pays 10% and keeps it
    # mortgaged. MRT Station 1 (5), value 100, mortgaged by Ann (1600), sold for 30 (1630);
    # Bob pays 30 + 10 = 40: 1460.
    give(sg, "Ann", 5)
    sg.do(type="mortgage", player="Ann", space=5)
    sg.do(type="trade", first="Ann", second="Bob", first_gives={"deeds": [5]},
          second_gives={"cash": 30})
    assert (sg.cash("Ann"), sg.cash("Bob"), _mortgaged(sg, 5)) == (1630, 1460, True)
    replays(sg)


def test_sg_caps_the_price_of_a_get_out_of_jail_free_card_at_50(sg: Game) -> None:
    # SG Chance And Community Chest: a Get Out of Jail Free card sells "for any amount up to
    # M50". For 51: refused; for 50: Ann 1550, Bob 1450, the card Bob's.
    sg.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    refused(sg, "SG Chance And Community Chest", type="trade", first="Ann", second="Bob",
            first_gives={"cards": ["ch_goojf"]}, second_gives={"cash": 51})
    sg.do(type="trade", first="Ann", second="Bob", first_gives={"cards": ["ch_goojf"]},
          second_gives={"cash": 50})
    assert (sg.cash("Ann"), sg.cash("Bob")) == (1550, 1450)
    assert sg.state is not None
    assert sg.state.jail_cards == {"ch_goojf": "Bob"}
    replays(sg)


def test_a_classic_card_has_no_price_cap(classic: Game) -> None:
    # RULES.md switch: the M50 cap is SG's; CL Do a deal lets the players decide. 51 for the card:
    # Ann 1551, Bob 1449.
    classic.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    classic.do(type="trade", first="Ann", second="Bob", first_gives={"cards": ["ch_goojf"]},
               second_gives={"cash": 51})
    assert (classic.cash("Ann"), classic.cash("Bob")) == (1551, 1449)


# PX: no direct deals ---------------------------------------------------------------------------


def test_propnex_refuses_every_direct_deal() -> None:
    # PX 7.1: deeds change hands only by a Bank auction the seller opens; a deal of cash alone,
    # of a card, or of a deed is refused.
    game = new_game("propnex-championship", ("Ann", "Bob", "Cy", "Dee"))
    game.judge(type="adjust_card", card="ch_goojf", holder="Ann")
    refused(game, "PX 7.1", type="trade", first="Ann", second="Bob", first_gives={"cash": 10},
            second_gives={"cash": 20})
    refused(game, "PX 7.1", type="trade", first="Ann", second="Bob",
            first_gives={"cards": ["ch_goojf"]}, second_gives={"cash": 50})


# In debt ---------------------------------------------------------------------------------------


def _cy_owes_the_income_tax(game: Game) -> None:
    """Cy, with 150 and Oriental (6), throws 1 + 3 from GO to Income Tax (200): a debt of 200
    to the Bank; play passes to Ann."""
    give(game, "Cy", 6)
    drain(game, "Cy", 150)
    game.judge(type="adjust_turn", player="Cy")
    roll(game, "Cy", 1, 3)
    assert game.state is not None
    assert [(d.debtor, d.amount) for d in game.state.debts] == [("Cy", 200)]


def test_a_player_in_debt_may_only_make_a_deal_that_brings_them_cash(classic: Game) -> None:
    # docs/commands.md trade: "A player in debt may only make deals that bring them cash."
    # CL Help! I'm in debt!. Cy owes 200 and has 150.
    _cy_owes_the_income_tax(classic)
    give(classic, "Bob", 5)
    # Cy paying cash, or taking a deed for his deed, raises nothing: refused.
    refused(classic, "CL Help! I'm in debt!", type="trade", first="Cy", second="Bob",
            first_gives={"cash": 10}, second_gives={"deeds": [5]})
    refused(classic, "CL Help! I'm in debt!", type="trade", first="Cy", second="Bob",
            first_gives={"deeds": [6]}, second_gives={"deeds": [5]})
    # A deal between two others waits until the debt is settled.
    refused(classic, "CL Help! I'm in debt!", type="trade", first="Ann", second="Bob",
            first_gives={"cash": 10}, second_gives={"deeds": [5]})
    # Oriental to Bob for 100: Cy 150 + 100 = 250, Bob 1400; then the debt: 250 - 200 = 50.
    classic.do(type="trade", first="Cy", second="Bob", first_gives={"deeds": [6]},
               second_gives={"cash": 100})
    classic.do(type="pay_debt", player="Cy")
    assert (classic.cash("Cy"), classic.cash("Bob")) == (50, 1400)
    assert classic.state is not None
    assert classic.state.debts == []
    replays(classic)
