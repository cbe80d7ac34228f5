"""Net worth and ranking at the end of a game, per the profile (PX 11, SG Scoring)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from models.board import Railway, Street, Utility
from models.events import BANK
from models.state import Debt, GameState
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
    scores = [_player(table, state, p.name) for p in state.players]
    _settle_debts(scores, state.debts)
    _rank(table, scores)
    return sorted(scores, key=lambda s: (s.position, state.players.index(state.player(s.name))))


def _player(table: Table, state: GameState, name: str) -> PlayerScore:
    player = state.player(name)
    cards = sorted(card for card, holder in state.jail_cards.items() if holder == name)
    if player.bankrupt:
        return PlayerScore(name=name, bankrupt=True, bankrupt_rank=player.bankrupt_rank, cash=0,
                           deeds=[], cards=[], card_value=0, property_value=0, net_worth=0,
                           total=0, tie_breaks={})
    px = table.profile.scoring == "px_net_worth"
    lines = [_deed_line(table, state, d.space, px) for d in state.owned_by(name)]
    card_value = CARD_VALUE * len(cards)
    property_value = sum(line.deed_value + line.building_value for line in lines)
    total = player.cash + property_value + (card_value if px else 0)
    breaks = {
        "cash": player.cash,
        "unmortgaged": sum(x.deed_value for x in lines if not x.mortgaged),
        "hotels": sum(x.building_value for x in lines if x.buildings == "hotel"),
        "houses": sum(x.building_value for x in lines if x.buildings.endswith(("house", "houses"))),
        "utilities": sum(x.deed_value for x in lines if x.kind == "utility"),
        "mortgaged": sum(table.board.deed(x.space).price for x in lines if x.mortgaged),
        "cards": card_value,
    }
    return PlayerScore(name=name, bankrupt=False, bankrupt_rank=None, cash=player.cash,
                       deeds=lines, cards=cards, card_value=card_value,
                       property_value=property_value, net_worth=total, total=total,
                       tie_breaks=breaks)


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


def _deed_line(table: Table, state: GameState, space: int, px: bool) -> DeedLine:
    deed = state.deeds[space]
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

    def key(s: PlayerScore) -> tuple[int, ...]:
        if s.bankrupt:
            return (0, s.bankrupt_rank or 0)
        return (1, s.total, *(s.tie_breaks[name] for name in order))

    ranked = sorted(scores, key=key, reverse=True)
    keys = [key(s) for s in ranked]  # each worked out once, not once per pair
    for current, mine in zip(ranked, keys, strict=True):
        current.position = keys.index(mine) + 1
        current.tied = keys.count(mine) > 1
        level = [s for s in ranked if not s.bankrupt and s.total == current.total]
        if not current.bankrupt and not current.tied and len(level) > 1:
            current.decided_by = next(
                (name for name in order if len({s.tie_breaks[name] for s in level}) > 1), None)
