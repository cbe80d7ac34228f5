"""Amounts the rules derive: halves, the 10% charges, and what a player could still raise."""

from __future__ import annotations

from models.board import Board, Street
from models.state import GameState


def ten_percent(amount: int) -> int:
    """10% rounded up to the next whole M (RULES.md: every 10% amount rounds up)."""
    return -(-amount // 10)


def percent_up(amount: int, percent: int) -> int:
    """`percent`% of `amount`, rounded up to a whole M."""
    return -(-amount * percent // 100)


def half(amount: int) -> int:
    """Half a price, rounded up (every printed price is even; an organiser's board may not be)."""
    return -(-amount // 2)


def building_sale_value(street: Street, steps: int) -> int:
    """What the Bank pays for every building on a street sold outright: half of each house, and
    for a hotel half the hotel price plus half the four houses it replaced."""
    if steps == 5:
        return half(street.hotel_cost) + 4 * half(street.house_cost)
    return steps * half(street.house_cost)


def raisable(board: Board, state: GameState, name: str, hotel_outright_sale: str) -> int:
    """The most a player can raise from the Bank: cash, every building sold, every deed mortgaged.
    A hotel that can neither come down (the Bank lacks 4 houses) nor be sold outright raises
    nothing, and its colour set cannot be mortgaged while it stands."""
    total = state.player(name).cash
    stuck: set[str] = set()
    if hotel_outright_sale == "never" and state.bank_houses < 4:
        for deed in state.owned_by(name):
            street = board.deed(deed.space)
            if deed.hotel and isinstance(street, Street):
                stuck.add(street.group)
    for deed in state.owned_by(name):
        figures = board.deed(deed.space)
        if isinstance(figures, Street) and figures.group in stuck:
            continue
        if isinstance(figures, Street):
            total += building_sale_value(figures, deed.steps)
        if not deed.mortgaged:
            total += figures.mortgage
    return total


def owed(state: GameState, name: str) -> int:
    """Everything a player owes in open debts."""
    return sum(d.amount for d in state.debts if d.debtor == name)
