"""Buying, auctions, rent claims and debts: every way a deed or a debt is settled."""

from __future__ import annotations

from typing import NoReturn

from models import events as ev
from models import mortgagee, sales
from models.auctions import next_in_queue, open_auction, struck_out
from models.building import has_room
from models.commands import Bid, Buy, CloseAuction, CollectRent, Decline, PayDebt
from models.events import BANK
from models.state import Auction
from models.table import Scratch


def buy(t: Scratch, cmd: Buy) -> None:
    """Buy the offered deed at the board price."""
    space = _offer_for(t, cmd.player)
    price = t.board.deed(space).price
    cash = t.state.player(cmd.player).cash
    if cash < price:
        t.refuse("buy", f"{cmd.player} has M{cash}; {t.space_name(space)} costs M{price}: "
                 "decline to auction it")
    t.emit(ev.DeedBought(payer=cmd.player, payee=BANK, amount=price, space=space))


def decline(t: Scratch, cmd: Decline) -> None:
    """Decline the offer: the banker auctions the deed at once."""
    space = _offer_for(t, cmd.player)
    t.emit(ev.PurchaseDeclined(player=cmd.player, space=space))
    open_auction(t, space, excluded=[])


def bid(t: Scratch, cmd: Bid) -> None:
    """A bid: at least the opening bid, and above the highest by the profile's least raise."""
    auction = t.state.auction
    if t.state.phase != "auction" or auction is None:
        t.refuse("auction", "no auction is open")
    bidder = t.player(cmd.player)
    if bidder.bankrupt:
        t.refuse("auction", f"{cmd.player} is out of the game")
    if cmd.player == auction.seller:
        t.refuse("sale_offer", f"{cmd.player} is the seller and does not bid")
    if bidder.in_jail and not t.profile.jail_takes_part:
        t.refuse("jail_no_part", f"{cmd.player} is in Jail and takes no part in auctions")
    if any(d.debtor == cmd.player for d in t.state.debts):
        t.refuse("debt", f"{cmd.player} is in debt and cannot bid")
    if cmd.player in auction.excluded:
        t.refuse("auction_winner_cannot_pay",
                 f"{cmd.player} could not pay a winning bid here and may not bid again")
    if auction.kind in ("house", "hotel") and not has_room(t, cmd.player, auction.kind):
        t.refuse("building_shortage", f"{cmd.player} has no street with room for a {auction.kind}")
    if auction.high_bid is None:
        if cmd.amount < auction.opening_bid:
            _below_opening(t, auction, cmd.amount)
    elif cmd.amount < auction.high_bid + t.profile.auction_min_raise:
        least, rise = auction.high_bid + t.profile.auction_min_raise, t.profile.auction_min_raise
        t.refuse("auction" if auction.kind == "sale" else "auction_raise",
                 f"a bid must be at least M{least}, not M{cmd.amount}: the highest is "
                 f"M{auction.high_bid} by {auction.high_bidder} and bids rise by M{rise} or more")
    t.emit(ev.BidPlaced(player=cmd.player, amount=cmd.amount))


def _below_opening(t: Scratch, auction: Auction, amount: int) -> NoReturn:
    """Refuse a first bid under the opening bid, citing the rule that sets it for this auction."""
    opening = f"bids start at M{auction.opening_bid}, not M{amount}"
    name = t.space_name(auction.space) if auction.space is not None else ""
    if auction.kind == "mortgagee":
        t.refuse("mortgagee_sale", f"{opening}: the mortgage value of {name}")
    if auction.kind in ("house", "hotel"):
        t.refuse("building_shortage", f"{opening}: the lowest {auction.kind} price of the streets "
                 "with room for it")
    if auction.kind == "sale":
        t.refuse("auction", opening)
    if t.profile.auction_opening == "board_price":
        t.refuse("auction_opening_bid", f"{opening}: the board price of {name}")
    t.refuse("auction_opening_bid", opening)


def close_auction(t: Scratch, cmd: CloseAuction) -> None:
    """Close the bidding: the winner pays, or is struck out and the auction is held again."""
    auction = t.state.auction
    if t.state.phase != "auction" or auction is None:
        t.refuse("auction", "no auction is open")
    if auction.kind == "sale":
        sales.close_sale(t, auction)
        return
    if auction.kind == "mortgagee":
        mortgagee.close_mortgagee_auction(t, auction)
        return
    space = auction.space
    winner, amount = auction.high_bidder, auction.high_bid
    if winner is None or amount is None:
        t.emit(ev.AuctionUnsold(space=space))
    elif struck_out(t, auction):
        return
    elif space is None:
        assert auction.kind != "deed"
        t.emit(ev.BuildingAuctionWon(payer=winner, payee=BANK, amount=amount, kind=auction.kind))
        return
    else:
        t.emit(ev.AuctionWon(payer=winner, payee=BANK, amount=amount, space=space))
    next_in_queue(t, auction)


def collect_rent(t: Scratch, cmd: CollectRent) -> None:
    """The owner claims the rent: paid from cash, or owed as a debt."""
    claim = next((c for c in t.state.claims if c.claim == cmd.claim), None)
    if claim is None:
        _no_claim(t, cmd.claim)
    deed = t.state.deeds[claim.space]
    if deed.owner != claim.owner:
        t.refuse("rent", f"no rent: {claim.owner} no longer owns {t.space_name(claim.space)}")
    if deed.mortgaged:
        t.refuse("rent_mortgaged", f"no rent: {t.space_name(claim.space)} is mortgaged")
    if t.state.player(claim.owner).in_jail and not t.profile.jail_collects_rent:
        t.refuse("rent_in_jail", f"no rent: {claim.owner} is in Jail and collects no rent")
    payer = t.state.player(claim.payer)
    if payer.cash >= claim.amount:
        t.emit(ev.RentPaid(payer=claim.payer, payee=claim.owner, amount=claim.amount,
                           claim=claim.claim))
    else:
        t.emit(ev.DebtIncurred(debtor=claim.payer, creditor=claim.owner, amount=claim.amount,
                               reason=f"rent on {t.space_name(claim.space)}", claim=claim.claim))


def _no_claim(t: Scratch, number: int) -> NoReturn:
    """Refuse a claim that is not open, saying why: collected, lapsed, or no rent was due."""
    s = t.state
    closed = s.closed_claims.get(number)
    if closed is not None:
        name = t.space_name(closed.space)
        if closed.how == "lapsed":
            t.refuse("rent_window", f"no rent: claim {number} for {name} has lapsed; {closed.owner} "
                     f"did not ask {closed.payer} for it in time")
        t.refuse("rent", f"no rent: claim {number} for {name} was already collected from "
                 f"{closed.payer} (M{closed.amount}" + (", owed as a debt)" if closed.how == "owed"
                                                       else ")"))
    if number < s.next_claim and all(c.claim != number for c in s.claims):
        # Closed long enough ago that the state no longer keeps how (the ledger does).
        t.refuse("rent", f"no rent: claim {number} was closed earlier in the game (collected or "
                 "lapsed; the ledger says which); " + _open_claims(t))
    missed = s.no_rent
    window_end = missed.turn_no + t.profile.rent_claim_window_turns if missed else 0
    if missed and number >= s.next_claim and (s.turn_no < window_end
                                               or (s.turn_no == window_end and not s.rolled)):
        name = t.space_name(missed.space)
        if missed.reason == "mortgaged":
            t.refuse("rent_mortgaged", f"no rent: {name} is mortgaged")
        t.refuse("rent_in_jail", f"no rent: {missed.owner} is in Jail and collects no rent "
                 f"for {name}")
    t.refuse("rent", f"no rent claim {number} is open; " + _open_claims(t))


def _open_claims(t: Scratch) -> str:
    open_claims = ", ".join(f"claim {c.claim} ({c.payer} owes {c.owner} M{c.amount} for "
                            f"{t.space_name(c.space)})" for c in t.state.claims)
    return f"open: {open_claims}" if open_claims else "no rent is owed now"


def pay_debt(t: Scratch, cmd: PayDebt) -> None:
    """Settle the player's oldest open debt in full."""
    debt = next((d for d in t.state.debts if d.debtor == cmd.player), None)
    if debt is None:
        t.refuse("debt", f"{cmd.player} owes nothing")
    cash = t.player(cmd.player).cash
    if cash < debt.amount:
        t.refuse("debt", f"{cmd.player} owes M{debt.amount} to {debt.creditor} and has M{cash}")
    t.emit(ev.DebtPaid(payer=cmd.player, payee=debt.creditor, amount=debt.amount))


def _offer_for(t: Scratch, name: str) -> int:
    t.player(name)
    if t.state.phase != "buy" or t.state.offer is None:
        t.refuse("buy", "no deed is on offer")
    if name != t.state.current:
        t.refuse("turn", f"the offer is {t.state.current}'s, not {name}'s")
    return t.state.offer
