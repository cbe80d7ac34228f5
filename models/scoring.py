"""Net worth and ranking at the end of a game, per the profile (PX 11, SG Scoring)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from models.board import Railway, Street, Utility
from models.events import BANK
from models.state import Debt, DeedState, GameState
from models.table import Table

CARD_VALUE = 50


class DeedLine(BaseModel):
    """One deed on a player's sheet: what stands on it and what it counts for."""

    space: int
    name: str
    kind: str
    buildings: str  # "", "2 houses", "hotel"
    mortgaged: bool
    deed_value: int
    building_value: int


class DebtLine(BaseModel):
    """A debt still open when the sheet is drawn, on one of its two rows (RULES.md Score): what was
    owed and what it counts for on this row (taken off the debtor, given to the creditor)."""

    side: Literal["owes", "owed"]  # the debtor's row "owes", the creditor's row "owed"
    other: str  # the creditor on the debtor's row, the debtor on the creditor's ("bank" too)
    amount: int  # the debt as owed
    counted: int  # what it moved on the sheet: the debt, or the debtor's net worth if less
    reason: str


class PlayerScore(BaseModel):
    name: str
    bankrupt: bool
    bankrupt_rank: int | None
    cash: int
    deeds: list[DeedLine]
    cards: list[str]
    card_value: int
    property_value: int
    net_worth: int  # cash + property (+ cards under PX), before any open debt
    total: int  # the sheet's total: the net worth less the debts owed, plus the debts covered
    debts: list[DebtLine] = []
    tie_breaks: dict[str, int]
    position: int = 0
    tied: bool = False
    decided_by: str | None = None  # the tie-breaker that separated equal totals

    @property
    def label(self) -> str:
        """The position as printed: 1st, 2nd, ... ("=" when tied)."""
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(self.position if self.position < 20 else 0, "th")
        return f"{'=' if self.tied else ''}{self.position}{suffix}"


def score(table: Table, state: GameState) -> list[PlayerScore]:
    """Every player's figures, ranked: highest total first, ties broken in the profile's order,
    bankrupt players last (later bankruptcies above earlier ones)."""
    # Each player's deeds in board order, from one pass over the deeds (not one a player), and
    # each name's first seat (as `players.index(player(name))` finds it) for the final order.
    owned: dict[str, list[DeedState]] = {}
    for deed in state.deeds.values():
        if deed.owner is not None:
            owned.setdefault(deed.owner, []).append(deed)
    for deeds in owned.values():
        deeds.sort(key=_space)
    seats: dict[str, int] = {}
    for seat, p in enumerate(state.players):
        seats.setdefault(p.name, seat)
    scores = [_player(table, state, p.name, owned.get(p.name, [])) for p in state.players]
    _settle_debts(scores, state.debts)
    _rank(table, scores)
    return sorted(scores, key=lambda s: (s.position, seats[s.name]))


def _space(deed: DeedState) -> int:
    return deed.space


def _player(table: Table, state: GameState, name: str, owned: list[DeedState]) -> PlayerScore:
    """`name`'s figures; `owned`: the deeds they own, in board order (state.owned_by)."""
    player = state.player(name)
    cards = sorted(card for card, holder in state.jail_cards.items() if holder == name)
    if player.bankrupt:
        return PlayerScore(name=name, bankrupt=True, bankrupt_rank=player.bankrupt_rank, cash=0,
                           deeds=[], cards=[], card_value=0, property_value=0, net_worth=0,
                           total=0, tie_breaks={}, debts=[])
    px = table.profile.scoring == "px_net_worth"
    lines = [_deed_line(table, d, px) for d in owned]
    card_value = CARD_VALUE * len(cards)
    # The property and the tie-breakers' figures in one pass over the lines.
    property_value = unmortgaged = hotels = houses = utilities = mortgaged = 0
    for x in lines:
        property_value += x.deed_value + x.building_value
        if x.mortgaged:
            mortgaged += table.board.deed(x.space).price
        else:
            unmortgaged += x.deed_value
        if x.buildings == "hotel":
            hotels += x.building_value
        elif x.buildings.endswith(("house", "houses")):
            houses += x.building_value
        if x.kind == "utility":
            utilities += x.deed_value
    total = player.cash + property_value + (card_value if px else 0)
    breaks = {"cash": player.cash, "unmortgaged": unmortgaged, "hotels": hotels,
              "houses": houses, "utilities": utilities, "mortgaged": mortgaged,
              "cards": card_value}
    return PlayerScore(name=name, bankrupt=False, bankrupt_rank=None, cash=player.cash,
                       deeds=lines, cards=cards, card_value=card_value,
                       property_value=property_value, net_worth=total, total=total,
                       tie_breaks=breaks, debts=[])


def _settle_debts(scores: list[PlayerScore], debts: list[Debt]) -> None:
    """RULES.md Score: a debt open when the sheet is drawn is settled on it. Each debt, in the
    order it arose, takes off the debtor's net worth what is left of it, never below 0; a player
    creditor gains what that covers (a debt to the Bank is gained by no one). What a debtor gains
    as a creditor is not there to pay their own debts: those come off their own net worth."""
    by_name = {s.name: s for s in scores}
    left = {s.name: s.net_worth for s in scores}
    for debt in debts:
        debtor = by_name.get(debt.debtor)
        if debtor is None or debtor.bankrupt:
            continue  # a bankruptcy closes its debts: nothing left to settle
        covered = min(debt.amount, left[debt.debtor])
        left[debt.debtor] -= covered
        debtor.total -= covered
        debtor.debts.append(DebtLine(side="owes", other=debt.creditor, amount=debt.amount,
                                     counted=covered, reason=debt.reason))
        creditor = by_name.get(debt.creditor) if debt.creditor != BANK else None
        if creditor is not None and not creditor.bankrupt:
            creditor.total += covered
            creditor.debts.append(DebtLine(side="owed", other=debt.debtor, amount=debt.amount,
                                           counted=covered, reason=debt.reason))


def _deed_line(table: Table, deed: DeedState, px: bool) -> DeedLine:
    space = deed.space
    figures = table.board.deed(space)
    kind = ("street" if isinstance(figures, Street) else
            "railway" if isinstance(figures, Railway) else "utility")
    assert isinstance(figures, Street | Railway | Utility)
    deed_value = figures.price // 2 if deed.mortgaged else figures.price
    building_value, buildings = 0, ""
    if isinstance(figures, Street) and deed.steps:
        if deed.hotel:
            buildings = "hotel"
            # PX 11.1(d): a hotel at 5x the base cost; SG: the hotel cost plus the 4 houses.
            building_value = (5 * figures.house_cost if px
                              else figures.hotel_cost + 4 * figures.house_cost)
        else:
            buildings = f"{deed.houses} house" + ("s" if deed.houses > 1 else "")
            building_value = deed.houses * figures.house_cost
    return DeedLine(space=space, name=figures.name, kind=kind, buildings=buildings,
                    mortgaged=deed.mortgaged, deed_value=deed_value, building_value=building_value)


def _rank(table: Table, scores: list[PlayerScore]) -> None:
    order = table.profile.tie_breakers
    # Each player's key worked out once; the places sorted by them as the players would be
    # (the same stable sort, highest first).
    keys = [(0, s.bankrupt_rank or 0) if s.bankrupt
            else (1, s.total, *[s.tie_breaks[name] for name in order]) for s in scores]
    places = sorted(range(len(scores)), key=keys.__getitem__, reverse=True)
    ranked = [scores[n] for n in places]
    ranked_keys = [keys[n] for n in places]
    for current, mine in zip(ranked, ranked_keys, strict=True):
        current.position = ranked_keys.index(mine) + 1
        current.tied = ranked_keys.count(mine) > 1
        if current.bankrupt or current.tied:
            continue
        level = [s for s in ranked if not s.bankrupt and s.total == current.total]
        if len(level) > 1:
            current.decided_by = next(
                (name for name in order if len({s.tie_breaks[name] for s in level}) > 1), None)
