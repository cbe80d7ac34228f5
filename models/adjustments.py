"""Judge's adjustments: any position a ruling needs, with the totals still balancing."""

from __future__ import annotations

from models import events as ev
from models.board import Street
from models.commands import (
    AdjustBuildings,
    AdjustCard,
    AdjustCash,
    AdjustDeed,
    AdjustJail,
    AdjustToken,
    AdjustTurn,
)
from models.deck import GetOutOfJailFree
from models.errors import BadInput
from models.events import BANK
from models.table import Scratch


def adjust_cash(t: Scratch, cmd: AdjustCash) -> None:
    """Move cash between accounts; nobody's cash may go below zero."""
    source, target = t.account(cmd.from_account), t.account(cmd.to_account)
    if source == target:
        raise BadInput("an adjustment moves cash between two different accounts")
    if source != BANK and t.state.player(source).cash < cmd.amount:
        t.refuse("adjustment", f"{source} has M{t.state.player(source).cash}, not M{cmd.amount}")
    t.emit(ev.CashAdjusted(payer=source, payee=target, amount=cmd.amount, reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_deed(t: Scratch, cmd: AdjustDeed) -> None:
    """Give a deed to a player or back to the Bank, mortgaged or not."""
    deed = t.deed_state(cmd.space)
    auction = t.state.auction
    if t.state.offer == cmd.space or (auction is not None and cmd.space in (auction.space, *auction.queue)):
        t.refuse("adjustment", f"{t.space_name(cmd.space)} is on offer or under the hammer; "
                 "close the auction or hand the turn on (adjust_turn) first")
    if cmd.owner is not None and t.player(cmd.owner).bankrupt:
        t.refuse("adjustment", f"{cmd.owner} is out of the game")
    if cmd.owner is None and cmd.mortgaged:
        t.refuse("adjustment", "a deed with the Bank is never mortgaged")
    if deed.steps and (cmd.owner is None or cmd.mortgaged):
        t.refuse("adjustment", f"{t.space_name(cmd.space)} carries buildings: remove them first")
    t.emit(ev.DeedAdjusted(space=cmd.space, owner=cmd.owner, mortgaged=cmd.mortgaged,
                           reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_buildings(t: Scratch, cmd: AdjustBuildings) -> None:
    """Set the buildings on an owned, unmortgaged street, from or to the Bank's stock."""
    deed = t.deed_state(cmd.space)
    if not isinstance(t.board.deed(cmd.space), Street):
        t.refuse("adjustment", f"{t.space_name(cmd.space)} is not a street and takes no buildings")
    if cmd.hotel and cmd.houses:
        raise BadInput("a street holds houses or a hotel, not both")
    if deed.owner is None or deed.mortgaged:
        t.refuse("adjustment", f"{t.space_name(cmd.space)} must be owned and unmortgaged")
    houses_needed = cmd.houses - deed.houses
    hotels_needed = int(cmd.hotel) - int(deed.hotel)
    if houses_needed > t.state.bank_houses:
        t.refuse("adjustment", f"the Bank has {t.state.bank_houses} houses, {houses_needed} needed")
    if hotels_needed > t.state.bank_hotels:
        t.refuse("adjustment", f"the Bank has {t.state.bank_hotels} hotels, {hotels_needed} needed")
    t.emit(ev.BuildingsAdjusted(space=cmd.space, houses=cmd.houses, hotel=cmd.hotel,
                                reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_token(t: Scratch, cmd: AdjustToken) -> None:
    """Put a token on a space; no salary and nothing is due for landing."""
    t.player(cmd.player)
    t.emit(ev.TokenAdjusted(player=cmd.player, space=cmd.space, reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_jail(t: Scratch, cmd: AdjustJail) -> None:
    """Send a player to Jail (with turns already served) or free them."""
    t.player(cmd.player)
    t.emit(ev.JailAdjusted(player=cmd.player, in_jail=cmd.in_jail,
                           turns_served=cmd.turns_served, reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_card(t: Scratch, cmd: AdjustCard) -> None:
    """Hand a Get Out of Jail Free card to a player, or return it to its deck."""
    try:
        _, card = t.table.decks.card(cmd.card)
    except KeyError:
        raise BadInput(f"no card {cmd.card!r} in the {t.table.decks.name} decks") from None
    if not isinstance(card.effect, GetOutOfJailFree):
        t.refuse("adjustment", f"{cmd.card} is not a Get Out of Jail Free card; only those are held")
    if cmd.holder is not None:
        t.player(cmd.holder)
    t.emit(ev.CardAdjusted(card=cmd.card, holder=cmd.holder, reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def adjust_turn(t: Scratch, cmd: AdjustTurn) -> None:
    """Make it a player's turn, before their roll; an open offer or auction is cancelled."""
    if t.player(cmd.player).bankrupt:
        t.refuse("adjustment", f"{cmd.player} is out of the game")
    t.emit(ev.TurnAdjusted(player=cmd.player, reason=cmd.reason,
           dispute=_dispute(t, cmd.dispute)))


def _dispute(t: Scratch, number: int | None) -> int | None:
    """The dispute a correction answers; it must have been raised."""
    if number is not None and not any(d.dispute == number for d in t.state.disputes):
        t.refuse("dispute", f"there is no dispute {number}")
    return number
