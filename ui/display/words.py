"""Where play stands, in the few words a spectator reads from across the room."""

from __future__ import annotations

from app.table.views import TableView
from ui.table.player_panel import money

DECKS = {"chance": "a Chance card", "chest": "a Community Chest card"}


def turn_words(view: TableView) -> str:
    """Whose turn it is and what they are doing: "Turn 26 · Ben to roll"."""
    if view.ended is not None or view.phase == "over":
        winner = f" · {view.winner} wins" if view.winner else ""
        return f"Game over{winner}"
    who = view.current
    doing = {
        "deal": "the deeds are being dealt",
        "prebuild": "building before play starts",
        "roll": f"{who} to roll",
        "resolving": f"{who}'s turn",
        "buy": f"{who} may buy {_space(view, view.offer)}",
        "card": f"{who} draws {DECKS.get(view.card_deck or '', 'a card')}",
        "utility_throw": f"{who} throws for the utility's rent",
        "placement": f"{who} places the buildings",
        "proposal": f"{who} offers a sale",
        "sale_decision": "a sale offer is being decided",
    }.get(view.phase, f"{who}'s turn")
    if view.phase == "roll" and view.player(who).in_jail:
        doing = f"{who} in Jail: pay, use a card or roll"
    return f"Turn {view.turn_no} · {doing}" if view.turn_no else doing


def detail_words(view: TableView) -> str:
    """What the table is waiting on besides the turn: an auction, a debt, the last throw."""
    if view.auction is not None:
        auction = view.auction
        what = auction.space_name or "a building"
        if auction.high_bid is None:
            return f"Auction: {what}, opening bid {money(view.currency, auction.opening_bid)}"
        return (f"Auction: {what}, high bid {money(view.currency, auction.high_bid)}"
                f" by {auction.high_bidder}")
    if view.debts:
        debt = view.debts[0]
        return f"{debt.debtor} owes {debt.creditor} {money(view.currency, debt.amount)}"
    if view.last_dice is not None and view.phase != "over":
        first, second = view.last_dice
        return f"Last throw {first} + {second} = {first + second}"
    return ""


def _space(view: TableView, index: int | None) -> str:
    if index is None:
        return "the deed"
    space = view.spaces[index]
    return space.name
