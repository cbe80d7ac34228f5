"""Events in words, as the banker, the judge and the printed ledger show them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from models import events as ev
from models.board import Board
from models.events import Event


def describe(event: Event, board: Board) -> str:
    """One line saying what happened, with names instead of numbers."""

    def name(space: int) -> str:
        return board.space(space).name

    say: dict[type, Callable[[Any], str]] = {
        ev.GameStarted: lambda e: f"Game started ({e.profile}, {e.board}); order: "
                                  f"{', '.join(e.players)}; each receives {e.starting_cash}",
        ev.DiceRolled: lambda e: f"{e.player} rolls {e.dice[0]}+{e.dice[1]}"
                                 + {"move": "", "jail": " in Jail", "utility": " for the utility"}[
                                     e.purpose],
        ev.TokenMoved: lambda e: f"{e.player} moves from {name(e.from_space)} to {name(e.to_space)}",
        ev.SalaryPaid: lambda e: f"{e.payee} collects {e.amount} salary",
        ev.SentToJail: lambda e: f"{e.player} goes to Jail ({e.cause.replace('_', ' ')})",
        ev.JailTurnServed: lambda e: f"{e.player} stays in Jail (turn {e.turns_served} served)",
        ev.LeftJail: lambda e: f"{e.player} leaves Jail ({e.how.replace('_', ' ')})",
        ev.JailFinePaid: lambda e: f"{e.payer} pays the Jail fine of {e.amount}",
        ev.RollAgain: lambda e: f"{e.player} rolls again",
        ev.TurnPassed: lambda e: f"Turn {e.turn_no}: {e.player} to play",
        ev.PurchaseOffered: lambda e: f"{e.player} may buy {name(e.space)} for {e.price}",
        ev.DeedBought: lambda e: f"{e.payer} buys {name(e.space)} for {e.amount}",
        ev.PurchaseDeclined: lambda e: f"{e.player} declines {name(e.space)}",
        ev.AuctionOpened: lambda e: f"Auction of {name(e.space)} opens at {e.opening_bid}"
                                    + (f" without {', '.join(e.excluded)}" if e.excluded else ""),
        ev.BidPlaced: lambda e: f"{e.player} bids {e.amount}",
        ev.AuctionWon: lambda e: f"{e.payer} wins {name(e.space)} for {e.amount}",
        ev.AuctionWinnerStruckOut: lambda e: f"{e.player} cannot pay {e.amount}; the auction is "
                                             "held again without them",
        ev.AuctionUnsold: lambda e: f"Nobody bids: {name(e.space)} stays with the Bank",
        ev.RentClaimOpened: lambda e: f"Claim {e.claim}: {e.payer} owes {e.owner} {e.amount} rent "
                                      f"for {name(e.space)}",
        ev.RentPaid: lambda e: f"{e.payer} pays {e.payee} {e.amount} rent (claim {e.claim})",
        ev.RentClaimLapsed: lambda e: f"Claim {e.claim} lapses: not collected in time",
        ev.TaxPaid: lambda e: f"{e.payer} pays {e.amount} {name(e.space)}",
        ev.CardDrawRequired: lambda e: f"{e.player} draws a "
                                       + ("Chance" if e.deck == "chance" else "Community Chest")
                                       + " card",
        ev.CardDrawn: lambda e: f"{e.player} drew {e.card}",
        ev.CardPayment: lambda e: f"{_who(e.payer)} pays {_who(e.payee)} {e.amount} ({e.card})",
        ev.UtilityThrowRequired: lambda e: f"{e.player} throws the dice: {e.multiplier}× the "
                                           f"throw is owed for {name(e.space)}",
        ev.JailCardKept: lambda e: f"{e.player} keeps {e.card}",
        ev.JailCardReturned: lambda e: f"{e.player} uses {e.card}; it goes to the bottom of its deck",
        ev.DebtIncurred: lambda e: f"{e.debtor} owes {_who(e.creditor)} {e.amount} ({e.reason}) "
                                   "and must raise the money",
        ev.DebtPaid: lambda e: f"{e.payer} pays {_who(e.payee)} the {e.amount} owed",
        ev.CashAdjusted: lambda e: f"Adjustment: {_who(e.payer)} → {_who(e.payee)} {e.amount}: "
                                   f"{e.reason}",
        ev.DeedAdjusted: lambda e: f"Adjustment: {name(e.space)} to {e.owner or 'the Bank'}"
                                   + (" (mortgaged)" if e.mortgaged else "") + f": {e.reason}",
        ev.BuildingsAdjusted: lambda e: f"Adjustment: {name(e.space)} now has "
                                        + ("a hotel" if e.hotel else f"{e.houses} houses")
                                        + f": {e.reason}",
        ev.TokenAdjusted: lambda e: f"Adjustment: {e.player} to {name(e.space)}: {e.reason}",
        ev.JailAdjusted: lambda e: f"Adjustment: {e.player} "
                                   + ("in Jail" if e.in_jail else "out of Jail")
                                   + f": {e.reason}",
        ev.CardAdjusted: lambda e: f"Adjustment: {e.card} to {e.holder or 'its deck'}: {e.reason}",
        ev.TurnAdjusted: lambda e: f"Adjustment: {e.player} to play: {e.reason}",
    }
    return say[type(event)](event)


def _who(account: str) -> str:
    return "the Bank" if account == ev.BANK else account
