"""PX 7.1: deeds change hands only by a Bank auction that the seller opens, for 10% commission."""

from __future__ import annotations

from models import events as ev
from models.auctions import struck_out
from models.commands import AnswerProposal, DecideSale, OfferPurchase, OfferSale
from models.money import percent_up
from models.state import Auction
from models.table import Scratch


def offer_sale(t: Scratch, cmd: OfferSale) -> None:
    """Put one's unmortgaged deed up for auction with a minimum price (buildings go with it)."""
    raising = any(d.debtor == cmd.player for d in t.state.debts)
    _check_offer(t, cmd.player, raising)
    deed = t.deed_state(cmd.space)
    if deed.owner != cmd.player:
        t.refuse("sale_offer", f"{cmd.player} does not own {t.space_name(cmd.space)}")
    if deed.mortgaged:
        t.refuse("sale_mortgaged", f"{t.space_name(cmd.space)} is mortgaged and cannot be offered for sale")
    if raising and deed.steps:
        t.refuse("debt", f"sell the buildings on {t.space_name(cmd.space)} to the Bank before auctioning it "
                 "to raise money")
    t.emit(ev.SaleOffered(seller=cmd.player, space=cmd.space, minimum=cmd.minimum,
                          to_raise_money=raising))
    _open(t, cmd.player, cmd.space, cmd.minimum, resume_roll=not raising)


def offer_purchase(t: Scratch, cmd: OfferPurchase) -> None:
    """Offer to buy another player's plot; its owner puts it up for auction or refuses."""
    _check_offer(t, cmd.player, raising=False)
    deed = t.deed_state(cmd.space)
    if deed.owner is None or deed.owner == cmd.player:
        t.refuse("sale_offer", f"{t.space_name(cmd.space)} is not another player's")
    if deed.mortgaged:
        t.refuse("sale_mortgaged", f"{t.space_name(cmd.space)} is mortgaged and cannot be sold")
    if t.state.player(deed.owner).in_jail:
        t.refuse("jail_no_part", f"{deed.owner} is in Jail and takes no part in sales")
    t.emit(ev.PurchaseProposed(buyer=cmd.player, space=cmd.space, price=cmd.price))


def answer_proposal(t: Scratch, cmd: AnswerProposal) -> None:
    """The owner's answer: put the plot up (the buyer's offer is the opening bid), or not."""
    proposal = t.state.proposal
    if t.state.phase != "proposal" or proposal is None:
        t.refuse("sale_offer", "no offer to buy is waiting for an answer")
    owner = t.state.deeds[proposal.space].owner
    if cmd.player != owner:
        t.refuse("sale_offer", f"the answer is {owner}'s to give")
    t.emit(ev.ProposalAnswered(owner=cmd.player, accepted=cmd.accept))
    if not cmd.accept:
        return
    t.emit(ev.SaleOffered(seller=cmd.player, space=proposal.space, minimum=cmd.minimum))
    _open(t, cmd.player, proposal.space, cmd.minimum, resume_roll=True)
    t.emit(ev.BidPlaced(player=proposal.buyer, amount=proposal.price))


def close_sale(t: Scratch, auction: Auction) -> None:
    """The bidding is over: sold at or above the minimum; below it, the seller decides."""
    assert auction.seller is not None and auction.space is not None
    winner, amount = auction.high_bidder, auction.high_bid
    if winner is None or amount is None:
        t.emit(ev.SaleAborted(seller=auction.seller, space=auction.space))
        return
    if struck_out(t, auction):
        return
    if amount < (auction.minimum or 0):
        t.emit(ev.SaleDecisionRequired(seller=auction.seller, space=auction.space, buyer=winner,
                                       amount=amount))
        return
    _sold(t, auction, winner, amount)


def decide_sale(t: Scratch, cmd: DecideSale) -> None:
    """The seller sells below the minimum, or aborts (no commission is paid then)."""
    auction = t.state.auction
    if t.state.phase != "sale_decision" or auction is None or auction.seller is None:
        t.refuse("sale_offer", "no sale is waiting for the seller's decision")
    if cmd.player != auction.seller:
        t.refuse("sale_offer", f"the decision is {auction.seller}'s")
    assert auction.space is not None and auction.high_bidder and auction.high_bid
    if cmd.sell:
        _sold(t, auction, auction.high_bidder, auction.high_bid)
    else:
        t.emit(ev.SaleAborted(seller=auction.seller, space=auction.space))


def _sold(t: Scratch, auction: Auction, buyer: str, amount: int) -> None:
    assert auction.seller is not None and auction.space is not None
    commission = percent_up(amount, t.profile.sale_commission_percent)
    t.emit(ev.DeedSold(buyer=buyer, seller=auction.seller, space=auction.space, amount=amount,
                       commission=commission))


def _check_offer(t: Scratch, name: str, raising: bool) -> None:
    s = t.state
    player = t.player(name)
    if t.profile.trading != "bank_auction":
        t.refuse("trade", "this profile sells deeds by agreement between players, not by auction")
    if player.bankrupt:
        t.refuse("sale_offer", f"{name} is out of the game")
    if player.in_jail and not t.profile.jail_takes_part:
        t.refuse("jail_no_part", f"{name} is in Jail and takes no part in sales")
    if raising:
        if s.phase in ("auction", "proposal", "sale_decision"):
            t.refuse("sale_offer", "finish the auction under way first")
        return
    if s.phase != "roll" or s.current != name or s.rolled:
        t.refuse("sale_offer", "an offer is made on one's own turn, before throwing the dice")
    if s.offer_turn == s.turn_no:
        t.refuse("sale_offer", "only one offer to sell or to buy a turn")


def _open(t: Scratch, seller: str, space: int, minimum: int, *, resume_roll: bool) -> None:
    # Everyone but the seller and players in Jail may bid; the least raise is the profile's.
    excluded = [seller] + [p.name for p in t.state.active_players()
                           if p.in_jail and not t.profile.jail_takes_part and p.name != seller]
    resume = "roll" if resume_roll or t.state.phase == "roll" else "resolving"
    t.emit(ev.AuctionOpened(space=space, kind="sale", opening_bid=t.profile.auction_min_raise,
                            excluded=excluded, resume=resume, seller=seller, minimum=minimum))
