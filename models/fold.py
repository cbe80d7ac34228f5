"""`apply`: fold one event into the state. Pure bookkeeping; every decision was made in `decide`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any, Literal

from models import events as ev
from models.events import BANK, Event
from models.state import (
    Auction,
    BuildRight,
    CashCheck,
    Claim,
    Clock,
    ClosedClaim,
    Debt,
    DeedState,
    Dispute,
    GameState,
    InterestDue,
    NoRent,
    Placement,
    PlayerState,
    PlayMark,
    Proposal,
)


class FoldError(Exception):
    """An event that cannot be applied to the state it follows (a corrupt or foreign ledger)."""


def start(event: ev.GameStarted) -> GameState:
    """The state right after a game starts."""
    return GameState(
        profile=event.profile,
        board=event.board,
        decks=event.decks,
        players=[PlayerState(name=n, cash=event.starting_cash) for n in event.players],
        deeds={space: DeedState(space=space) for space in event.deeds},
        bank_houses=event.bank_houses,
        bank_hotels=event.bank_hotels,
        jail_space=event.jail_space,
        current=event.players[0],
        phase="deal" if event.setup else "roll",
        first_player=event.players[0],
        clock=Clock(minutes=event.minutes) if event.minutes else None,
        seq=1,
    )


def apply(state: GameState, event: Event) -> GameState:
    """Apply `event` to `state` in place and return it; raises FoldError if it does not fit."""
    kind = type(event)
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise FoldError(f"event {event.type} cannot follow the start of a game")
    try:
        if kind in MOVING_MONEY:  # most events move none: skip asking them
            for transfer in event.transfers():
                _move_money(state, transfer)
        handler(state, event)
    except KeyError as e:
        raise FoldError(f"event {event.type} names an unknown player or space: {e}") from e
    state.seq += 1
    return state


def _move_money(state: GameState, transfer: ev.Transfer) -> None:
    if transfer.source != BANK:
        _player(state, transfer.source).cash -= transfer.amount
    if transfer.target != BANK:
        _player(state, transfer.target).cash += transfer.amount


# `apply` changes players, deeds, the auction and the clock in place, and dictionaries key by key,
# each after telling the state (`changing`), whose undo journal keeps a before-image while a
# decision is worked out on it; lists it replaces whole. Nothing else is changed in place.
def _player(state: GameState, name: str) -> PlayerState:
    return state.changing(state.player(name))


def _deed(state: GameState, space: int) -> DeedState:
    return state.changing(state.deeds[space])


def _put(state: GameState, mapping: dict[Any, Any], key: Any, value: Any) -> None:
    """Set `mapping[key]` to `value`, or remove the entry when `value` is None."""
    state.changing_key(mapping, key)
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value


def _judge_added(state: GameState, e: ev.JudgeAdded) -> None:
    # A new dict, not an update in place: `clone` shares it between copies.
    state.judges = {**state.judges, e.name: e.pin_hash}


def _nothing(state: GameState, event: Any) -> None:
    """Events whose only effect is the money they move, or that are a record for people."""


def _dice(state: GameState, e: ev.DiceRolled) -> None:
    state.last_dice = e.dice
    state.rolled = True
    state.build_right = None
    if e.purpose == "move":
        state.doubles = state.doubles + 1 if e.dice[0] == e.dice[1] else 0
        state.may_roll_again = e.dice[0] == e.dice[1]
    elif e.purpose == "jail":
        state.may_roll_again = False
    else:  # the throw a nearest-utility card asked for settles it
        state.utility_due = None
    state.phase = "resolving"


def _moved(state: GameState, e: ev.TokenMoved) -> None:
    _player(state, e.player).position = e.to_space


def _to_jail(state: GameState, e: ev.SentToJail) -> None:
    player = _player(state, e.player)
    player.in_jail = True
    player.jail_turns = 0
    player.position = _jail_space(state)
    if e.player == state.current:
        state.may_roll_again = False
        state.doubles = 0


def _jail_space(state: GameState) -> int:
    return state.jail_space


def _served(state: GameState, e: ev.JailTurnServed) -> None:
    _player(state, e.player).jail_turns = e.turns_served


def _left_jail(state: GameState, e: ev.LeftJail) -> None:
    player = _player(state, e.player)
    player.in_jail = False
    player.jail_turns = 0
    if e.how == "double":
        state.doubles = 1
        state.may_roll_again = e.rolls_again
    if e.how == "third_roll":
        state.may_roll_again = False


def _roll_again(state: GameState, e: ev.RollAgain) -> None:
    state.phase = "roll"
    state.may_roll_again = False


def _turn_passed(state: GameState, e: ev.TurnPassed) -> None:
    state.rolled = False
    state.current = e.player
    state.turn_no = e.turn_no
    state.doubles = 0
    state.may_roll_again = False
    state.offer = None
    state.card_deck = None
    state.utility_due = None
    state.phase = "roll"


def _offered(state: GameState, e: ev.PurchaseOffered) -> None:
    state.phase = "buy"
    state.offer = e.space


def _bought(state: GameState, e: ev.DeedBought) -> None:
    _deed(state, e.space).owner = e.payer
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
    _deed(state, e.space).owner = e.payer
    _auction_over(state)


def _auction_over(state: GameState, *_: Any) -> None:
    state.phase = state.auction.resume if state.auction else "resolving"
    state.auction = None


def _building_auction_won(state: GameState, e: ev.BuildingAuctionWon) -> None:
    resume = state.auction.resume if state.auction else "roll"
    state.auction = None
    state.phase = "placement"
    state.placement = Placement(player=e.payer, kind=e.kind, resume=resume)


def _steps(state: GameState, changes: list[ev.StepChange]) -> None:
    for change in changes:
        deed = _deed(state, change.space)
        houses_after = change.after if change.after <= 4 else 0
        state.bank_houses += deed.houses - houses_after
        state.bank_hotels += int(deed.hotel) - int(change.after == 5)
        deed.houses = houses_after
        deed.hotel = change.after == 5


def _bought_buildings(state: GameState, e: ev.BuildingsBought) -> None:
    _steps(state, e.changes)
    if state.build_right is not None and state.build_right.player == e.player:
        state.build_right = None  # PX: one building order per landing
    if state.placement is not None and state.placement.player == e.player:
        state.phase = state.placement.resume
        state.placement = None


def _sold_buildings(state: GameState, e: ev.BuildingsSold) -> None:
    _steps(state, e.changes)


def _mortgaged(state: GameState, e: ev.DeedMortgaged) -> None:
    _deed(state, e.space).mortgaged = True


def _lifted(state: GameState, e: ev.MortgageLifted) -> None:
    _deed(state, e.space).mortgaged = False
    _interest_settled(state, e.payer, e.space)


def _interest_paid(state: GameState, e: ev.MortgageInterestPaid) -> None:
    _interest_settled(state, e.payer, e.space)


def _interest_settled(state: GameState, player: str, space: int) -> None:
    state.interest_due = [d for d in state.interest_due
                          if not (d.player == player and d.space == space)]


def _traded(state: GameState, e: ev.TradeMade) -> None:
    for space in e.first_deeds:
        _deed(state, space).owner = e.second
    for space in e.second_deeds:
        _deed(state, space).owner = e.first
    for card in e.first_cards:
        _put(state, state.jail_cards, card, e.second)
    for card in e.second_cards:
        _put(state, state.jail_cards, card, e.first)


def _bankrupt(state: GameState, e: ev.PlayerBankrupt) -> None:
    player = _player(state, e.player)
    player.bankrupt = True
    player.bankrupt_rank = e.rank
    player.in_jail = False
    state.bankruptcies = e.rank
    state.debts = [d for d in state.debts if e.player not in (d.debtor, d.creditor)]
    state.interest_due = [d for d in state.interest_due if d.player != e.player]


def _deed_surrendered(state: GameState, e: ev.DeedSurrendered) -> None:
    deed = _deed(state, e.space)
    deed.owner = None if e.to == BANK else e.to
    deed.mortgaged = e.mortgaged
    if e.interest_due:
        state.interest_due = [*state.interest_due, InterestDue(player=e.to, space=e.space)]


def _jail_card_surrendered(state: GameState, e: ev.JailCardSurrendered) -> None:
    _put(state, state.jail_cards, e.card, None if e.to == BANK else e.to)


def _ended(state: GameState, e: ev.GameEnded) -> None:
    state.before_end = PlayMark(phase=state.phase, offer=state.offer, auction=state.auction)
    state.phase = "over"
    state.ended = e.reason
    state.winner = e.winner
    state.auction = None
    state.offer = None


def _claim_opened(state: GameState, e: ev.RentClaimOpened) -> None:
    state.claims = [*state.claims, Claim(claim=e.claim, space=e.space, payer=e.payer,
                                         owner=e.owner, amount=e.amount, turn_no=e.turn_no)]
    state.next_claim = e.claim + 1


def _claim_closed(state: GameState, e: ev.RentPaid | ev.RentClaimLapsed) -> None:
    _close_claim(state, e.claim, "collected" if isinstance(e, ev.RentPaid) else "lapsed")


def _close_claim(state: GameState, number: int, how: Literal["collected", "owed", "lapsed"]) -> None:
    for claim in state.claims:
        if claim.claim == number:
            _put(state, state.closed_claims, number, ClosedClaim(
                claim=claim.claim, space=claim.space, payer=claim.payer, owner=claim.owner,
                amount=claim.amount, how=how))
    state.claims = [c for c in state.claims if c.claim != number]


def _no_rent(state: GameState, e: ev.RentNotDue) -> None:
    state.no_rent = NoRent(player=e.player, space=e.space, owner=e.owner, reason=e.reason,
                           turn_no=e.turn_no)


def _card_required(state: GameState, e: ev.CardDrawRequired) -> None:
    state.phase = "card"
    state.card_deck = e.deck


def _card_drawn(state: GameState, e: ev.CardDrawn) -> None:
    state.card_deck = None
    state.phase = "resolving"


def _utility_required(state: GameState, e: ev.UtilityThrowRequired) -> None:
    state.phase = "utility_throw"
    state.utility_due = (e.space, e.multiplier)


def _card_kept(state: GameState, e: ev.JailCardKept) -> None:
    _put(state, state.jail_cards, e.card, e.player)


def _card_returned(state: GameState, e: ev.JailCardReturned) -> None:
    _put(state, state.jail_cards, e.card, None)


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


def _deed_adjusted(state: GameState, e: ev.DeedAdjusted) -> None:
    deed = _deed(state, e.space)
    deed.owner = e.owner
    deed.mortgaged = e.mortgaged


def _buildings_adjusted(state: GameState, e: ev.BuildingsAdjusted) -> None:
    deed = _deed(state, e.space)
    after = 5 if e.hotel else e.houses
    _steps(state, [ev.StepChange(space=e.space, before=deed.steps, after=after)])


def _token_adjusted(state: GameState, e: ev.TokenAdjusted) -> None:
    _player(state, e.player).position = e.space


def _jail_adjusted(state: GameState, e: ev.JailAdjusted) -> None:
    player = _player(state, e.player)
    player.in_jail = e.in_jail
    player.jail_turns = e.turns_served if e.in_jail else 0
    if e.in_jail:
        player.position = _jail_space(state)


def _card_adjusted(state: GameState, e: ev.CardAdjusted) -> None:
    _put(state, state.jail_cards, e.card, e.holder)


def _turn_adjusted(state: GameState, e: ev.TurnAdjusted) -> None:
    state.rolled = False
    state.proposal = None
    state.current = e.player
    state.turn_no += 1  # a new turn: rent claims count their window from it
    state.phase = "roll"
    state.doubles = 0
    state.may_roll_again = False
    state.offer = None
    state.card_deck = None
    state.utility_due = None
    state.auction = None


def _dealt(state: GameState, e: ev.DeedsDealt) -> None:
    for name, spaces in e.hands.items():
        for space in spaces:
            _deed(state, space).owner = name


def _prebuilt(state: GameState, e: ev.HousesPrebuilt) -> None:
    _steps(state, e.changes)
    state.prebuilt = [*state.prebuilt, e.player]


def _play_started(state: GameState, e: ev.PlayStarted) -> None:
    state.phase = "roll"


def _own_plot(state: GameState, e: ev.OwnPlotLanded) -> None:
    state.build_right = BuildRight(player=e.player, space=e.space, at_landing=dict(e.at_landing))


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
    _deed(state, e.space).owner = e.buyer
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
    _deed(state, e.space).owner = e.buyer
    if e.to_creditor:
        _reduce_debt(state, e.debtor, e.creditor, e.to_creditor)
    _auction_over(state)


def _passed_to_creditor(state: GameState, e: ev.DeedPassedToCreditor) -> None:
    _deed(state, e.space).owner = e.creditor
    _reduce_debt(state, e.debtor, e.creditor, e.value)
    _auction_over(state)


def _clock(state: GameState) -> Clock:
    if state.clock is None:
        raise FoldError("a clock event in a game without a clock")
    return state.changing(state.clock)


def _clock_started(state: GameState, e: ev.ClockStarted) -> None:
    _clock(state).started_at = e.at
    _clock(state).minutes = e.minutes


def _clock_paused(state: GameState, e: ev.ClockPaused) -> None:
    _clock(state).paused_at = e.at


def _clock_resumed(state: GameState, e: ev.ClockResumed) -> None:
    clock = _clock(state)
    if clock.paused_at is not None:
        clock.paused_ms += (e.at - clock.paused_at) // timedelta(milliseconds=1)
    clock.paused_at = None


def _length_set(state: GameState, e: ev.GameLengthSet) -> None:
    if state.clock is None:
        state.clock = Clock(minutes=e.minutes)
    else:
        _clock(state).minutes = e.minutes


def _announced(state: GameState, e: ev.AnnouncementMade) -> None:
    _clock(state).announced = [*_clock(state).announced, e.minutes_left]


def _time_called(state: GameState, e: ev.TimeCalled) -> None:
    _clock(state).called_at = e.at
    state.final_round = e.play_out_round


def _time_call_withdrawn(state: GameState, e: ev.TimeCallWithdrawn) -> None:
    clock = _clock(state)
    clock.called_at = None
    clock.announced = [mark for mark in clock.announced if mark not in e.announcements]
    state.final_round = False
    where = state.before_end
    if e.reopened and where is not None:
        state.phase, state.offer = where.phase, where.offer
        state.auction = where.auction.model_copy(deep=True) if where.auction else None
        state.ended = state.winner = state.before_end = None


def _break_started(state: GameState, e: ev.BreakStarted) -> None:
    _put(state, state.breaks, e.player, e.at)


def _break_ended(state: GameState, e: ev.BreakEnded) -> None:
    _put(state, state.breaks, e.player, None)


def _dispute_raised(state: GameState, e: ev.DisputeRaised) -> None:
    state.disputes = [*state.disputes, Dispute(dispute=e.dispute, raised_by=e.raised_by,
                                               about=e.about, entries=list(e.entries))]


def _dispute_ruled(state: GameState, e: ev.DisputeRuled) -> None:
    state.disputes = [d.model_copy(update={"ruling": e.ruling}) if d.dispute == e.dispute else d
                      for d in state.disputes]


def _cash_counted(state: GameState, e: ev.CashCounted) -> None:
    state.checks = [*state.checks, CashCheck(check=e.check, player=e.player, counted=e.counted,
                                             balance=e.balance)]


def _count_settled(state: GameState, e: ev.CountSettled) -> None:
    state.checks = [c.model_copy(update={"finding": e.finding}) if c.check == e.check else c
                    for c in state.checks]


def _collected(state: GameState, e: ev.ScoresheetCollected) -> None:
    state.locked = True


def _unlocked(state: GameState, e: ev.GameUnlocked) -> None:
    state.locked = False


_HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    ev.DiceRolled: _dice,
    ev.TokenMoved: _moved,
    ev.SalaryPaid: _nothing,
    ev.SentToJail: _to_jail,
    ev.JailTurnServed: _served,
    ev.LeftJail: _left_jail,
    ev.JailFinePaid: _nothing,
    ev.RollAgain: _roll_again,
    ev.TurnPassed: _turn_passed,
    ev.PurchaseOffered: _offered,
    ev.DeedBought: _bought,
    ev.PurchaseDeclined: _declined,
    ev.AuctionOpened: _auction_opened,
    ev.BidPlaced: _bid,
    ev.AuctionWon: _auction_won,
    ev.AuctionWinnerStruckOut: _nothing,
    ev.AuctionUnsold: _auction_over,
    ev.RentClaimOpened: _claim_opened,
    ev.RentPaid: _claim_closed,
    ev.RentClaimLapsed: _claim_closed,
    ev.RentNotDue: _no_rent,
    ev.TaxPaid: _nothing,
    ev.CardDrawRequired: _card_required,
    ev.CardDrawn: _card_drawn,
    ev.CardPayment: _nothing,
    ev.UtilityThrowRequired: _utility_required,
    ev.JailCardKept: _card_kept,
    ev.JailCardReturned: _card_returned,
    ev.DebtIncurred: _debt,
    ev.DebtPaid: _debt_paid,
    ev.CashAdjusted: _nothing,
    ev.DeedAdjusted: _deed_adjusted,
    ev.BuildingsAdjusted: _buildings_adjusted,
    ev.TokenAdjusted: _token_adjusted,
    ev.JailAdjusted: _jail_adjusted,
    ev.CardAdjusted: _card_adjusted,
    ev.TurnAdjusted: _turn_adjusted,
    ev.BuildingsBought: _bought_buildings,
    ev.BuildingsSold: _sold_buildings,
    ev.BuildingAuctionWon: _building_auction_won,
    ev.DeedMortgaged: _mortgaged,
    ev.MortgageLifted: _lifted,
    ev.MortgageInterestPaid: _interest_paid,
    ev.TradeMade: _traded,
    ev.PlayerBankrupt: _bankrupt,
    ev.CashSurrendered: _nothing,
    ev.DeedSurrendered: _deed_surrendered,
    ev.JailCardSurrendered: _jail_card_surrendered,
    ev.GameEnded: _ended,
    ev.DeedsDealt: _dealt,
    ev.HousesPrebuilt: _prebuilt,
    ev.PlayStarted: _play_started,
    ev.OwnPlotLanded: _own_plot,
    ev.SaleOffered: _sale_offered,
    ev.PurchaseProposed: _proposed,
    ev.ProposalAnswered: _answered,
    ev.SaleDecisionRequired: _sale_decision,
    ev.DeedSold: _deed_sold,
    ev.SaleAborted: _auction_over,
    ev.DebtPartlyPaid: _partly_paid,
    ev.MortgageeSaleOpened: _nothing,
    ev.MortgagedDeedSold: _mortgaged_deed_sold,
    ev.DeedPassedToCreditor: _passed_to_creditor,
    ev.ClockStarted: _clock_started,
    ev.ClockPaused: _clock_paused,
    ev.ClockResumed: _clock_resumed,
    ev.GameLengthSet: _length_set,
    ev.AnnouncementMade: _announced,
    ev.TimeCalled: _time_called,
    ev.TimeCallWithdrawn: _time_call_withdrawn,
    ev.BreakStarted: _break_started,
    ev.BreakEnded: _break_ended,
    ev.TurnSkipped: _nothing,
    ev.PlayerAbsent: _nothing,
    ev.DisputeRaised: _dispute_raised,
    ev.DisputeRuled: _dispute_ruled,
    ev.FineImposed: _nothing,
    ev.PlayerDisqualified: _nothing,
    ev.CashCounted: _cash_counted,
    ev.CountSettled: _count_settled,
    ev.ScoresheetCollected: _collected,
    ev.GameUnlocked: _unlocked,
    ev.CommandsVoided: _nothing,
    ev.JudgeAdded: _judge_added,
}

# The kinds of event that move money (their `transfers` is their own, not the base's empty one).
MOVING_MONEY = frozenset(kind for kind in (*_HANDLERS, ev.GameStarted) if ev.moves_money(kind))
