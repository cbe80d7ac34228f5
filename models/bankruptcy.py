"""Going bankrupt: to a player (everything handed over) or to the Bank (every deed auctioned)."""

from __future__ import annotations

from typing import Literal

from models import events as ev
from models.auctions import open_auction
from models.board import Street
from models.commands import DeclareBankruptcy
from models.events import BANK, StepChange
from models.money import building_sale_value, owed, raisable
from models.table import Scratch
from models.turn import pass_turn


def declare_bankruptcy(t: Scratch, cmd: DeclareBankruptcy) -> None:
    """A player in debt who cannot raise enough from the Bank goes out of the game."""
    s = t.state
    player = t.player(cmd.player)
    debt = owed(s, cmd.player)
    if player.bankrupt:
        t.refuse("bankruptcy", f"{cmd.player} is already out of the game")
    if debt == 0:
        t.refuse("bankruptcy", f"{cmd.player} owes nothing")
    if s.phase in ("auction", "proposal", "sale_decision"):
        t.refuse("bankruptcy", "finish the auction under way first")
    can_raise = raisable(t.board, s, cmd.player, t.profile.hotel_outright_sale)
    if can_raise >= debt:
        t.refuse("bankruptcy", f"{cmd.player} owes M{debt} and can still raise M{can_raise} "
                 "by selling buildings and mortgaging")
    creditor = next(d.creditor for d in s.debts if d.debtor == cmd.player)
    if (t.profile.bankruptcy_to_player == "mortgagee_sale" and creditor != BANK
            and s.owned_by(cmd.player)):
        t.refuse("mortgagee_sale", f"{cmd.player} owes {creditor}: the mortgagee sale of their "
                 "deeds settles it, and only if they run out is the player bankrupt")
    go_bankrupt(t, cmd.player, creditor)


def go_bankrupt(t: Scratch, name: str, creditor: str) -> None:
    """Hand everything over: buildings to the Bank at half, then cash, deeds and cards."""
    s = t.state
    for claim in [c for c in s.claims if name in (c.payer, c.owner)]:
        t.emit(ev.RentClaimLapsed(claim=claim.claim))
    _sell_all_buildings(t, name)
    deeds = [d.space for d in s.owned_by(name)]
    cards = sorted(card for card, holder in s.jail_cards.items() if holder == name)
    cash = s.player(name).cash
    was_current = s.current == name
    if cash:
        t.emit(ev.CashSurrendered(payer=name, payee=creditor, amount=cash))
    for card in cards:
        t.emit(ev.JailCardSurrendered(player=name, to=creditor, card=card))
    for space in deeds:
        # To a player a deed goes as it is; to the Bank its mortgage is cancelled.
        mortgaged = s.deeds[space].mortgaged and creditor != BANK
        t.emit(ev.DeedSurrendered(player=name, to=creditor, space=space, mortgaged=mortgaged,
                                  interest_due=mortgaged and t.profile.received_mortgage_interest))
    t.emit(ev.PlayerBankrupt(player=name, creditor=creditor, rank=s.bankruptcies + 1))
    if _game_over(t):
        return
    if was_current:
        pass_turn(t)
    if creditor == BANK and deeds:
        resume: Literal["buy", "roll"] = "buy" if s.phase == "buy" else "roll"
        open_auction(t, deeds[0], excluded=[], queue=deeds[1:], resume=resume)


def _sell_all_buildings(t: Scratch, name: str) -> None:
    changes, proceeds = [], 0
    for deed in t.state.owned_by(name):
        street = t.board.deed(deed.space)
        if isinstance(street, Street) and deed.steps:
            changes.append(StepChange(space=deed.space, before=deed.steps, after=0))
            proceeds += building_sale_value(street, deed.steps)
    if changes:
        t.emit(ev.BuildingsSold(payer=BANK, payee=name, amount=proceeds, changes=changes))


def _game_over(t: Scratch) -> bool:
    s = t.state
    active = s.active_players()
    limit = t.profile.game_ends_at_bankruptcies
    if len(active) == 1:
        t.emit(ev.GameEnded(reason="one player left", winner=active[0].name))
        return True
    if limit is not None and s.bankruptcies >= limit:
        t.emit(ev.GameEnded(reason=f"bankruptcy number {s.bankruptcies}", winner=None))
        return True
    return False
