"""Deals between players: any mix (CL), a sale for cash (SG), or none at all (PX sells by auction)."""

from __future__ import annotations

from models import events as ev
from models.board import Street
from models.commands import Bundle, Trade
from models.events import BANK
from models.money import percent_up
from models.table import Scratch


def trade(t: Scratch, cmd: Trade) -> None:
    """Both players agree: cash, unimproved deeds and Get Out of Jail Free cards change hands."""
    if t.profile.trading == "bank_auction":
        t.refuse("trade", "deeds change hands only by a Bank auction the seller opens")
    if cmd.first == cmd.second:
        t.refuse("trade", "a deal needs two different players")
    for name in (cmd.first, cmd.second):
        player = t.player(name)
        if player.bankrupt:
            t.refuse("trade", f"{name} is out of the game")
        if player.in_jail and not t.profile.jail_takes_part:
            t.refuse("jail_no_part", f"{name} is in Jail and may not deal")
    if t.state.phase in ("auction", "card", "utility_throw", "placement"):
        t.refuse("trade", "finish the auction, card or throw under way first")
    if cmd.first_gives.is_empty() and cmd.second_gives.is_empty():
        t.refuse("trade", "a deal where nothing changes hands")
    if t.profile.trading == "sale":
        _check_sale(t, cmd)
    _check_side(t, cmd.first, cmd.first_gives)
    _check_side(t, cmd.second, cmd.second_gives)
    _check_debt(t, cmd)
    t.emit(ev.TradeMade(
        first=cmd.first, second=cmd.second,
        first_cash=cmd.first_gives.cash, second_cash=cmd.second_gives.cash,
        first_deeds=sorted(cmd.first_gives.deeds), second_deeds=sorted(cmd.second_gives.deeds),
        first_cards=sorted(cmd.first_gives.cards), second_cards=sorted(cmd.second_gives.cards),
    ))
    _settle_mortgages(t, cmd)


def _check_sale(t: Scratch, cmd: Trade) -> None:
    sides = (cmd.first_gives, cmd.second_gives)
    sellers = [s for s in sides if s.deeds or s.cards]
    if len(sellers) != 1 or sellers[0].cash:
        t.refuse("trade", "a sale is deeds or a card from one player for cash from the other")
    seller = sellers[0]
    buyer = sides[1] if seller is sides[0] else sides[0]
    if buyer.deeds or buyer.cards:
        t.refuse("trade", "a sale is paid in cash only")
    if seller.cards and seller.deeds:
        t.refuse("trade", "sell a Get Out of Jail Free card on its own")
    cap = t.profile.jail_card_price_cap
    if seller.cards and cap is not None and buyer.cash > cap * len(seller.cards):
        t.refuse("jail_card_price", f"a Get Out of Jail Free card sells for at most M{cap}")


def _check_side(t: Scratch, name: str, gives: Bundle) -> None:
    cash = t.state.player(name).cash
    if gives.cash > cash:
        t.refuse("trade", f"{name} offers M{gives.cash} and has M{cash}")
    for space in gives.deeds:
        deed = t.deed_state(space)
        if deed.owner != name:
            t.refuse("trade", f"{name} does not own {t.space_name(space)}")
        if any(d.space == space for d in t.state.interest_due):
            t.refuse("lift", f"lift {t.space_name(space)} or pay its 10% before dealing it away")
        figures = t.board.deed(space)
        if isinstance(figures, Street):
            built = [s.name for s in t.board.streets_of(figures.group) if t.state.deeds[s.index].steps]
            if built:
                t.refuse("trade", f"sell the buildings of the {figures.group} set first "
                         f"({', '.join(built)})")
    for card in gives.cards:
        if t.state.jail_cards.get(card) != name:
            t.refuse("trade", f"{name} does not hold {card}")


def _check_debt(t: Scratch, cmd: Trade) -> None:
    # While a player is in debt, a deal must raise money for them: cash in, none out.
    for name, gives, gets in ((cmd.first, cmd.first_gives, cmd.second_gives),
                              (cmd.second, cmd.second_gives, cmd.first_gives)):
        if any(d.debtor == name for d in t.state.debts) and (gives.cash or not gets.cash):
            t.refuse("debt", f"{name} is in debt: a deal must bring them cash")
    other = [d for d in t.state.debts if d.debtor not in (cmd.first, cmd.second)]
    if other:
        t.refuse("debt", f"{other[0].debtor} owes {other[0].amount}; that is settled first")


def _settle_mortgages(t: Scratch, cmd: Trade) -> None:
    received = [(cmd.second, s) for s in cmd.first_gives.deeds]
    received += [(cmd.first, s) for s in cmd.second_gives.deeds]
    mortgaged = {s for _, s in received if t.state.deeds[s].mortgaged}
    unknown = sorted(set(cmd.lift) - mortgaged)
    if unknown:
        t.refuse("lift", f"only a mortgaged deed received in this deal can be lifted with it "
                 f"({', '.join(t.space_name(s) for s in unknown)})")
    for name, space in received:
        if space not in mortgaged:
            continue
        value = t.board.deed(space).mortgage
        interest = percent_up(value, t.profile.mortgage_interest_percent)
        amount = value + interest if space in cmd.lift else interest
        cash = t.state.player(name).cash
        if cash < amount:
            t.refuse("lift", f"{name} must pay M{amount} on mortgaged {t.space_name(space)} "
                     f"and has M{cash}")
        if space in cmd.lift:
            t.emit(ev.MortgageLifted(payer=name, payee=BANK, amount=amount, space=space))
        else:
            t.emit(ev.MortgageInterestPaid(payer=name, payee=BANK, amount=amount, space=space))
