"""Events in words, as the banker, the judge and the printed ledger show them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from models import events as ev
from models.board import Board
from models.deck import AdvanceTo, Card, Decks
from models.events import Event

DECK_NAMES = {"chance": "Chance", "chest": "Community Chest"}
_CARD_REASON = re.compile(r"\bcard ([a-z0-9_]+)")


def describe(event: Event, board: Board, *, decks: Decks | None = None,
             entries: Mapping[int, Sequence[int]] | None = None) -> str:
    """One line saying what happened, with names instead of numbers: a card by the words
    printed on it (with `decks`), voided commands by the entry numbers the log shows (with
    `entries`: each command number's entries); without them, by their ids and numbers."""

    def name(space: int) -> str:
        return board.space(space).name

    def card(card_id: str) -> str:
        return card_name(decks, card_id, board)

    def reason(words: str) -> str:
        return _CARD_REASON.sub(lambda m: card(m.group(1)), words)

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
        # A building auction (a house or a hotel short in the Bank) has no space.
        ev.AuctionOpened: lambda e: _opened(e, name),
        ev.BidPlaced: lambda e: f"{e.player} bids {e.amount}",
        ev.AuctionWon: lambda e: f"{e.payer} wins {name(e.space)} for {e.amount}",
        ev.AuctionWinnerStruckOut: lambda e: f"{e.player} cannot pay {e.amount}; the auction is "
                                             "held again without them",
        ev.AuctionUnsold: lambda e: f"Nobody bids: {_lot(e.space, 'building', name, 'the')} "
                                    "stays with the Bank",
        ev.RentClaimOpened: lambda e: f"Claim {e.claim}: {e.payer} owes {e.owner} {e.amount} rent "
                                      f"for {name(e.space)}",
        ev.RentPaid: lambda e: f"{e.payer} pays {e.payee} {e.amount} rent (claim {e.claim})",
        ev.RentClaimLapsed: lambda e: f"Claim {e.claim} lapses: not collected in time",
        ev.RentNotDue: lambda e: f"No rent for {name(e.space)}: "
                                 + ("it is mortgaged" if e.reason == "mortgaged"
                                    else f"{e.owner} is in Jail"),
        ev.TaxPaid: lambda e: f"{e.payer} pays {e.amount} {name(e.space)}",
        ev.CardDrawRequired: lambda e: f"{e.player} draws a "
                                       + ("Chance" if e.deck == "chance" else "Community Chest")
                                       + " card",
        ev.CardDrawn: lambda e: f"{e.player} drew {printed_card(decks, e.card, board)}",
        ev.CardPayment: lambda e: f"{_who(e.payer)} pays {_who(e.payee)} {e.amount} "
                                  f"({card(e.card)})",
        ev.UtilityThrowRequired: lambda e: f"{e.player} throws the dice: {e.multiplier}× the "
                                           f"throw is owed for {name(e.space)}",
        ev.JailCardKept: lambda e: f"{e.player} keeps {card(e.card)}",
        ev.JailCardReturned: lambda e: f"{e.player} uses {card(e.card)}; it goes to the bottom of "
                                       "its deck",
        ev.DebtIncurred: lambda e: f"{e.debtor} owes {_who(e.creditor)} {e.amount} "
                                   f"({reason(e.reason)}) and must raise the money",
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
        ev.CardAdjusted: lambda e: f"Adjustment: {card(e.card)} to {e.holder or 'its deck'}: "
                                   f"{e.reason}",
        ev.TurnAdjusted: lambda e: f"Adjustment: {e.player} to play: {e.reason}",
        ev.BuildingsBought: lambda e: f"{e.player} builds {_steps(e.changes, name)}"
                                      + (f" for {e.amount}" if e.amount else " (paid at auction)"),
        ev.BuildingsSold: lambda e: f"{e.payee} sells {_steps(e.changes, name)} to the Bank "
                                    f"for {e.amount}",
        ev.BuildingAuctionWon: lambda e: f"{e.payer} wins a {e.kind} for {e.amount}",
        ev.DeedMortgaged: lambda e: f"{e.payee} mortgages {name(e.space)} for {e.amount}",
        ev.MortgageLifted: lambda e: f"{e.payer} lifts the mortgage on {name(e.space)} "
                                     f"for {e.amount}",
        ev.MortgageInterestPaid: lambda e: f"{e.payer} pays {e.amount} interest and keeps "
                                           f"{name(e.space)} mortgaged",
        ev.TradeMade: lambda e: (
            f"Deal: {e.first} gives {_bundle(e.first_cash, e.first_deeds, e.first_cards, name, card)}"
            f"; {e.second} gives "
            f"{_bundle(e.second_cash, e.second_deeds, e.second_cards, name, card)}"),
        ev.PlayerBankrupt: lambda e: f"{e.player} is bankrupt (number {e.rank}), owing "
                                     f"{_who(e.creditor)}",
        ev.CashSurrendered: lambda e: f"{e.payer} hands {e.amount} to {_who(e.payee)}",
        ev.DeedSurrendered: lambda e: f"{e.player}'s {name(e.space)} goes to {_who(e.to)}"
                                      + (" (mortgaged)" if e.mortgaged else ""),
        ev.JailCardSurrendered: lambda e: f"{e.player}'s {card(e.card)} goes to {_who(e.to)}",
        ev.GameEnded: lambda e: f"Game over: {e.reason}"
                                + (f"; {e.winner} wins" if e.winner else ""),
        ev.DeedsDealt: lambda e: "Deeds dealt: " + "; ".join(
            f"{p}: {', '.join(name(x) for x in spaces)}" for p, spaces in e.hands.items())
            + f"; retained for auction: {', '.join(name(x) for x in e.retained)}",
        ev.HousesPrebuilt: lambda e: f"{e.player} pre-builds {_steps(e.changes, name)} "
                                     f"for {e.amount}",
        ev.PlayStarted: lambda e: "Setting up is over: play starts",
        ev.OwnPlotLanded: lambda e: f"{e.player} may build on {name(e.space)}",
        ev.SaleOffered: lambda e: f"{e.seller} offers {name(e.space)} for sale by Bank auction, "
                                  + (f"minimum price {e.minimum}" if e.minimum
                                     else "no minimum price"),
        ev.PurchaseProposed: lambda e: f"{e.buyer} offers {e.price} for {name(e.space)}",
        ev.ProposalAnswered: lambda e: f"{e.owner} "
                                       + ("puts it up for auction" if e.accepted else "refuses"),
        ev.SaleDecisionRequired: lambda e: f"Highest bid {e.amount} by {e.buyer} is below "
                                           f"{e.seller}'s minimum: sell or abort?",
        ev.DeedSold: lambda e: f"{e.seller} sells {name(e.space)} to {e.buyer} for {e.amount} "
                               f"(commission {e.commission})",
        ev.SaleAborted: lambda e: f"Sale of {name(e.space)} aborted",
        ev.DebtPartlyPaid: lambda e: f"{e.payer} pays {_who(e.payee)} {e.amount} toward the debt",
        ev.MortgageeSaleOpened: lambda e: f"Mortgagee sale of {e.debtor}'s deeds for "
                                          f"{e.creditor}: "
                                          + ", ".join(name(x) for x in e.order),
        ev.MortgagedDeedSold: lambda e: f"{e.buyer} buys mortgaged {name(e.space)}: "
                                        f"{e.to_creditor} to {e.creditor}"
                                        + (f", {e.to_debtor} to {e.debtor}" if e.to_debtor else ""),
        ev.DeedPassedToCreditor: lambda e: f"Nobody bids: {name(e.space)} passes to {e.creditor} "
                                           f"at {e.value}",
        ev.ClockStarted: lambda e: f"Clock started: {e.minutes} minutes"
        + (f", with the hall's round {e.round} (from {e.at:%H:%M:%S})" if e.round else ""),
        ev.ClockPaused: lambda e: f"Clock paused: {e.reason}"
        + (f" (the hall's pause, round {e.round})" if e.round else ""),
        ev.ClockResumed: lambda e: "Clock resumed"
        + (f" with the hall (round {e.round})" if e.round else ""),
        ev.GameLengthSet: lambda e: f"Game length set to {e.minutes} minutes: {e.reason}",
        ev.AnnouncementMade: lambda e: f"{e.minutes_left} minute"
                                       + ("s" if e.minutes_left > 1 else "") + " left",
        ev.AnnouncementsPassed: lambda e: "Not announced, already passed at the new length: "
                                          + ", ".join(map(str, e.marks)) + " minutes left",
        ev.TimeCalled: lambda e: "Time is called",
        ev.TimeCallWithdrawn: lambda e: "Time call withdrawn by the judge: the clock runs on"
                                        + (" and play resumes" if e.reopened else "")
                                        + (f" (announcements withdrawn: "
                                           f"{', '.join(map(str, e.announcements))} minutes)"
                                           if e.announcements else "")
                                        + f": {e.reason}",
        ev.BreakStarted: lambda e: f"{e.player} leaves the table (break)",
        ev.BreakEnded: lambda e: f"{e.player} is back",
        ev.TurnSkipped: lambda e: f"{e.player} is away: turn skipped",
        ev.PlayerAbsent: lambda e: f"{e.player} is absent at the start",
        ev.DisputeRaised: lambda e: f"Dispute {e.dispute} raised by {e.raised_by}: {e.about}",
        ev.DisputeRuled: lambda e: f"Ruling on dispute {e.dispute}: {e.ruling}",
        ev.FineImposed: lambda e: f"{e.payer} is fined {e.amount}: {e.reason}",
        ev.PlayerDisqualified: lambda e: f"{e.player} is disqualified: {e.reason}",
        ev.CashCounted: lambda e: f"Cash count {e.check}: {e.player} has {e.counted}, the ledger "
                                  f"says {e.balance}"
                                  + ("" if e.counted == e.balance else
                                     f" (difference {e.counted - e.balance:+})"),
        ev.CountSettled: lambda e: f"Cash count {e.check} settled "
                                   f"({e.finding.replace('_', ' ')}): {e.reason}",
        ev.ScoresheetCollected: lambda e: "Scoresheet collected: the game is locked",
        ev.GameUnlocked: lambda e: f"Game unlocked: {e.reason}",
        ev.CommandsVoided: lambda e: f"{e.how.capitalize()}: {_voided(e.commands, entries)} "
                                     f"voided ({e.reason})",
        ev.JudgeAdded: lambda e: f"Judge {e.name} registered",
        ev.JudgeKeySet: lambda e: f"Judge {e.name}'s signing key recorded",
    }
    return say[type(event)](event)


def _steps(changes: list[ev.StepChange], name: Callable[[int], str]) -> str:
    def level(steps: int) -> str:
        return "a hotel" if steps == 5 else f"{steps} house" + ("s" if steps != 1 else "")

    return ", ".join(f"{name(c.space)} {level(c.before)} -> {level(c.after)}" for c in changes)


def _opened(e: ev.AuctionOpened, name: Callable[[int], str]) -> str:
    """An auction's opening. A sale's (PX 7.1) has a minimum price, not an opening price: any
    bid counts (the least raise is its first step); at the minimum or above the deed is sold,
    below it the seller sells or aborts (PX 7.1.2)."""
    without = f" without {', '.join(e.excluded)}" if e.excluded else ""
    if e.kind == "sale" and e.space is not None and e.seller is not None:
        others = [p for p in e.excluded if p != e.seller]  # the seller never bids on their own
        without = f" without {', '.join(others)}" if others else ""
        floor = (f"sold at {e.minimum} or more; below it {e.seller} sells or aborts"
                 if e.minimum else "sold to the highest bid")
        return (f"Bank auction of {name(e.space)} for {e.seller}{without}: bids from "
                f"{e.opening_bid}, {floor}")
    return f"Auction of {_lot(e.space, e.kind, name)} opens at {e.opening_bid}{without}"


def _lot(space: int | None, kind: str, name: Callable[[int], str], article: str = "a") -> str:
    """What is auctioned: a deed by its name, else a building by its kind."""
    return name(space) if space is not None else f"{article} {kind}"


def _bundle(cash: int, deeds: list[int], cards: list[str], name: Callable[[int], str],
            card: Callable[[str], str]) -> str:
    parts = ([str(cash)] if cash else []) + [name(d) for d in deeds] + [card(c) for c in cards]
    return ", ".join(parts) or "nothing"


def card_text(card: Card, board: Board) -> str:
    """The words printed on `card`, with the board's name of the space it sends the token to;
    its label when its deck has no printed words."""
    if card.text is None:
        return card.label
    space = card.effect.space if isinstance(card.effect, AdvanceTo) else None
    return card.text.replace("{space}", board.space(space).name if space is not None else "")


def card_title(card: Card, board: Board) -> str:
    """The card's first printed sentence ("You have been elected Chairman of the Board")."""
    words = card_text(card, board)
    return words.split(". ", 1)[0].rstrip(".") if card.text is not None else words


def printed_card(decks: Decks | None, card_id: str, board: Board) -> str:
    """A card drawn, as printed and quoted (its id when the decks are not given or lack it)."""
    card = _card(decks, card_id)
    return f"“{card_text(card, board)}”" if card is not None else card_id


def card_name(decks: Decks | None, card_id: str, board: Board) -> str:
    """A card named by its deck and first printed sentence: "the Chance card “Get Out of Jail
    Free”" (its id when the decks are not given or lack it)."""
    if decks is None:
        return card_id
    try:
        deck, card = decks.card(card_id)
    except KeyError:
        return card_id
    return f"the {DECK_NAMES[deck]} card “{card_title(card, board)}”"


def _card(decks: Decks | None, card_id: str) -> Card | None:
    if decks is None:
        return None
    try:
        return decks.card(card_id)[1]
    except KeyError:
        return None


def _voided(commands: Sequence[int], entries: Mapping[int, Sequence[int]] | None) -> str:
    """The voided commands by their entries' numbers ("entries 16–18, 21"), else by command."""
    seqs = sorted(seq for c in commands for seq in (entries or {}).get(c, ()))
    if not seqs or any(not (entries or {}).get(c) for c in commands):
        return "command" + ("s" if len(commands) != 1 else "") + " " + ", ".join(map(str,
                                                                                      commands))
    runs: list[list[int]] = []
    for seq in seqs:
        if runs and seq == runs[-1][-1] + 1:
            runs[-1].append(seq)
        else:
            runs.append([seq])
    words = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
    return ("entries " if len(seqs) > 1 else "entry ") + words


def _who(account: str) -> str:
    return "the Bank" if account == ev.BANK else account
