"""PX 8: the mortgagee sale of a debtor with no cash and every deed mortgaged, owing a player."""

from __future__ import annotations

from models import events as ev
from models.auctions import next_in_queue, struck_out
from models.bankruptcy import go_bankrupt
from models.commands import MortgageeSale
from models.events import BANK
from models.state import Auction
from models.table import Scratch


def mortgagee_sale(t: Scratch, cmd: MortgageeSale) -> None:
    """The debtor picks the order; each deed is auctioned from its mortgage value."""
    s = t.state
    if t.profile.bankruptcy_to_player != "mortgagee_sale":
        t.refuse("mortgagee_sale", "this profile has no mortgagee sale")
    if s.phase in ("auction", "proposal", "sale_decision"):
        t.refuse("mortgagee_sale", "finish the auction under way first")
    debt = next((d for d in s.debts if d.debtor == cmd.player and d.creditor != BANK), None)
    if debt is None:
        t.refuse("mortgagee_sale", f"{cmd.player} owes no player anything")
    owned = s.owned_by(cmd.player)
    if any(d.steps for d in owned):
        t.refuse("debt", f"{cmd.player} first sells every building to the Bank")
    if not owned or not all(d.mortgaged for d in owned):
        t.refuse("mortgagee_sale", "a mortgagee sale is for a debtor whose every deed is mortgaged")
    if sorted(cmd.order) != sorted(d.space for d in owned):
        names = ", ".join(t.space_name(d.space) for d in owned)
        t.refuse("mortgagee_sale", f"the order must name each of {cmd.player}'s deeds once: {names}")
    cash = s.player(cmd.player).cash
    if cash >= debt.amount:
        t.refuse("mortgagee_sale", f"{cmd.player} has M{cash} and can pay the M{debt.amount} owed")
    if cash:
        t.emit(ev.DebtPartlyPaid(payer=cmd.player, payee=debt.creditor, amount=cash))
    t.emit(ev.MortgageeSaleOpened(debtor=cmd.player, creditor=debt.creditor, order=cmd.order))
    first = cmd.order[0]
    excluded = [cmd.player] + [p.name for p in s.active_players()
                               if p.in_jail and not t.profile.jail_takes_part]
    t.emit(ev.AuctionOpened(space=first, kind="mortgagee", opening_bid=t.board.deed(first).mortgage,
                            excluded=sorted(set(excluded)), queue=cmd.order[1:],
                            resume="roll" if s.phase == "roll" else "resolving",
                            seller=cmd.player, creditor=debt.creditor))


def close_mortgagee_auction(t: Scratch, auction: Auction) -> None:
    """Sold: the creditor is paid first; unsold: the deed passes to the creditor at mortgage
    value, with no change given (PX 8.3-8.4). Then the next deed, until the debt is covered."""
    debtor, creditor, space = auction.seller, auction.creditor, auction.space
    assert debtor is not None and creditor is not None and space is not None
    owing = next(d.amount for d in t.state.debts if d.debtor == debtor and d.creditor == creditor)
    winner, amount = auction.high_bidder, auction.high_bid
    if winner is not None and amount is not None:
        if struck_out(t, auction):
            return
        paid = min(amount, owing)
        t.emit(ev.MortgagedDeedSold(buyer=winner, debtor=debtor, creditor=creditor, space=space,
                                    to_creditor=paid, to_debtor=amount - paid))
    else:
        value = t.board.deed(space).mortgage
        t.emit(ev.DeedPassedToCreditor(debtor=debtor, creditor=creditor, space=space, value=value))
    still_owed = any(d.debtor == debtor and d.creditor == creditor for d in t.state.debts)
    if not still_owed:
        return
    if not next_in_queue(t, auction):
        go_bankrupt(t, debtor, creditor)
