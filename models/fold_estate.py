"""The fold of deeds and money: buying, auctions, buildings, mortgages, trades, sales, rent, debts."""

from __future__ import annotations

from typing import Any, Literal

from models import events as ev
from models.events import BANK
from models.fold_base import FoldError, Handler, deed_of, nothing, player_of, put, set_steps
from models.state import (
    CLOSED_CLAIMS_KEPT,
    Auction,
    Claim,
    ClosedClaim,
    Debt,
    GameState,
    InterestDue,
    NoRent,
    Placement,
    Proposal,
)


def _offered(state: GameState, e: ev.PurchaseOffered) -> None:
    state.phase = "buy"
    state.offer = e.space


def _bought(state: GameState, e: ev.DeedBought) -> None:
    deed_of(state, e.space).owner = e.payer
    state.offer = None
    state.phase = "resolving"


def _declined(state: GameState, e: ev.PurchaseDeclined) -> None:
    state.offer = None


def _auction_opened(state: GameState, e: ev.AuctionOpened) -> None:
    state.phase = "auction"
    state.auction = Auction(space=e.space, kind=e.kind, opening_bid=e.opening_bid,
                            excluded=list(e.excluded), queue=list(e.queue), resume=e.resume,
                            seller=e.seller, minimum=e.minimum, creditor=e.creditor)


def _bid(state: GameState, e: ev.BidPlaced) -> None:
    assert state.auction is not None
    auction = state.changing(state.auction)
    auction.high_bid = e.amount
    auction.high_bidder = e.player


def _auction_won(state: GameState, e: ev.AuctionWon) -> None:
    deed_of(state, e.space).owner = e.payer
    _auction_over(state)


def _auction_over(state: GameState, *_: Any) -> None:
    state.phase = state.auction.resume if state.auction else "resolving"
    state.auction = None


def _building_auction_won(state: GameState, e: ev.BuildingAuctionWon) -> None:
    resume = state.auction.resume if state.auction else "roll"
    state.auction = None
    state.phase = "placement"
    state.placement = Placement(player=e.payer, kind=e.kind, resume=resume)


def _bought_buildings(state: GameState, e: ev.BuildingsBought) -> None:
    set_steps(state, e.changes)
    if state.build_right is not None and state.build_right.player == e.player:
        state.build_right = None  # PX: one building order per landing
    if state.placement is not None and state.placement.player == e.player:
        state.phase = state.placement.resume
        state.placement = None


def _sold_buildings(state: GameState, e: ev.BuildingsSold) -> None:
    set_steps(state, e.changes)


def _mortgaged(state: GameState, e: ev.DeedMortgaged) -> None:
    deed_of(state, e.space).mortgaged = True


def _lifted(state: GameState, e: ev.MortgageLifted) -> None:
    deed_of(state, e.space).mortgaged = False
    _interest_settled(state, e.payer, e.space)


def _interest_paid(state: GameState, e: ev.MortgageInterestPaid) -> None:
    _interest_settled(state, e.payer, e.space)


def _interest_settled(state: GameState, player: str, space: int) -> None:
    state.interest_due = [d for d in state.interest_due
                          if not (d.player == player and d.space == space)]


def _traded(state: GameState, e: ev.TradeMade) -> None:
    for space in e.first_deeds:
        deed_of(state, space).owner = e.second
    for space in e.second_deeds:
        deed_of(state, space).owner = e.first
    for card in e.first_cards:
        put(state, state.jail_cards, card, e.second)
    for card in e.second_cards:
        put(state, state.jail_cards, card, e.first)


def _bankrupt(state: GameState, e: ev.PlayerBankrupt) -> None:
    player = player_of(state, e.player)
    player.bankrupt = True
    player.bankrupt_rank = e.rank
    player.in_jail = False
    state.bankruptcies = e.rank
    state.debts = [d for d in state.debts if e.player not in (d.debtor, d.creditor)]
    state.interest_due = [d for d in state.interest_due if d.player != e.player]


def _deed_surrendered(state: GameState, e: ev.DeedSurrendered) -> None:
    deed = deed_of(state, e.space)
    deed.owner = None if e.to == BANK else e.to
    deed.mortgaged = e.mortgaged
    if e.interest_due:
        state.interest_due = [*state.interest_due, InterestDue(player=e.to, space=e.space)]


def _jail_card_surrendered(state: GameState, e: ev.JailCardSurrendered) -> None:
    put(state, state.jail_cards, e.card, None if e.to == BANK else e.to)


def _claim_opened(state: GameState, e: ev.RentClaimOpened) -> None:
    state.claims = [*state.claims, Claim(claim=e.claim, space=e.space, payer=e.payer,
                                         owner=e.owner, amount=e.amount, turn_no=e.turn_no)]
    state.next_claim = e.claim + 1


def _claim_closed(state: GameState, e: ev.RentPaid | ev.RentClaimLapsed) -> None:
    _close_claim(state, e.claim, "collected" if isinstance(e, ev.RentPaid) else "lapsed")


def _close_claim(state: GameState, number: int, how: Literal["collected", "owed", "lapsed"]) -> None:
    for claim in state.claims:
        if claim.claim == number:
            # Only the latest few are kept (a snapshot stays the same size however long the
            # game); the dictionary is replaced whole, so the undo journal needs no entry of it.
            closed = dict(state.closed_claims)
            closed[number] = ClosedClaim(claim=claim.claim, space=claim.space, payer=claim.payer,
                                         owner=claim.owner, amount=claim.amount, how=how)
            while len(closed) > CLOSED_CLAIMS_KEPT:
                del closed[next(iter(closed))]
            state.closed_claims = closed
    state.claims = [c for c in state.claims if c.claim != number]


def _no_rent(state: GameState, e: ev.RentNotDue) -> None:
    state.no_rent = NoRent(player=e.player, space=e.space, owner=e.owner, reason=e.reason,
                           turn_no=e.turn_no)


def _debt(state: GameState, e: ev.DebtIncurred) -> None:
    state.debts = [*state.debts, Debt(debtor=e.debtor, creditor=e.creditor, amount=e.amount,
                                      reason=e.reason)]
    if e.claim is not None:
        _close_claim(state, e.claim, "owed")
    if e.interest_on is not None:
        _interest_settled(state, e.debtor, e.interest_on)


def _debt_paid(state: GameState, e: ev.DebtPaid) -> None:
    for index, debt in enumerate(state.debts):
        if debt.debtor == e.payer and debt.creditor == e.payee and debt.amount == e.amount:
            state.debts = state.debts[:index] + state.debts[index + 1:]
            return
    raise FoldError(f"no open debt of {e.amount} from {e.payer} to {e.payee}")


def _sale_offered(state: GameState, e: ev.SaleOffered) -> None:
    if not e.to_raise_money:
        state.offer_turn = state.turn_no


def _proposed(state: GameState, e: ev.PurchaseProposed) -> None:
    state.offer_turn = state.turn_no
    state.proposal = Proposal(buyer=e.buyer, space=e.space, price=e.price)
    state.phase = "proposal"


def _answered(state: GameState, e: ev.ProposalAnswered) -> None:
    state.proposal = None
    state.phase = "roll"


def _sale_decision(state: GameState, e: ev.SaleDecisionRequired) -> None:
    state.phase = "sale_decision"


def _deed_sold(state: GameState, e: ev.DeedSold) -> None:
    deed_of(state, e.space).owner = e.buyer
    _auction_over(state)


def _reduce_debt(state: GameState, debtor: str, creditor: str, amount: int) -> None:
    for index, debt in enumerate(state.debts):
        if debt.debtor == debtor and debt.creditor == creditor:
            left = debt.amount - amount
            kept = [debt.model_copy(update={"amount": left})] if left > 0 else []
            state.debts = [*state.debts[:index], *kept, *state.debts[index + 1:]]
            return
    raise FoldError(f"no open debt from {debtor} to {creditor}")


def _partly_paid(state: GameState, e: ev.DebtPartlyPaid) -> None:
    _reduce_debt(state, e.payer, e.payee, e.amount)


def _mortgaged_deed_sold(state: GameState, e: ev.MortgagedDeedSold) -> None:
    deed_of(state, e.space).owner = e.buyer
    if e.to_creditor:
        _reduce_debt(state, e.debtor, e.creditor, e.to_creditor)
    _auction_over(state)


def _passed_to_creditor(state: GameState, e: ev.DeedPassedToCreditor) -> None:
    deed_of(state, e.space).owner = e.creditor
    _reduce_debt(state, e.debtor, e.creditor, e.value)
    _auction_over(state)


# The kinds of event this part folds, with their handlers (models.fold merges the parts).
HANDLERS: dict[type, Handler] = {
    ev.PurchaseOffered: _offered,
    ev.DeedBought: _bought,
    ev.PurchaseDeclined: _declined,
    ev.AuctionOpened: _auction_opened,
    ev.BidPlaced: _bid,
    ev.AuctionWon: _auction_won,
    ev.AuctionWinnerStruckOut: nothing,
    ev.AuctionUnsold: _auction_over,
    ev.RentClaimOpened: _claim_opened,
    ev.RentPaid: _claim_closed,
    ev.RentClaimLapsed: _claim_closed,
    ev.RentNotDue: _no_rent,
    ev.DebtIncurred: _debt,
    ev.DebtPaid: _debt_paid,
    ev.BuildingsBought: _bought_buildings,
    ev.BuildingsSold: _sold_buildings,
    ev.BuildingAuctionWon: _building_auction_won,
    ev.DeedMortgaged: _mortgaged,
    ev.MortgageLifted: _lifted,
    ev.MortgageInterestPaid: _interest_paid,
    ev.TradeMade: _traded,
    ev.PlayerBankrupt: _bankrupt,
    ev.CashSurrendered: nothing,
    ev.DeedSurrendered: _deed_surrendered,
    ev.JailCardSurrendered: _jail_card_surrendered,
    ev.SaleOffered: _sale_offered,
    ev.PurchaseProposed: _proposed,
    ev.ProposalAnswered: _answered,
    ev.SaleDecisionRequired: _sale_decision,
    ev.DeedSold: _deed_sold,
    ev.SaleAborted: _auction_over,
    ev.DebtPartlyPaid: _partly_paid,
    ev.MortgageeSaleOpened: nothing,
    ev.MortgagedDeedSold: _mortgaged_deed_sold,
    ev.DeedPassedToCreditor: _passed_to_creditor,
}
