"""Mortgaging and lifting deeds, and the 10% on a mortgaged deed received from another player."""

from __future__ import annotations

from models import events as ev
from models.board import Street
from models.commands import KeepMortgaged, Lift, Mortgage
from models.events import BANK
from models.money import owed, percent_up, raisable
from models.state import DeedState
from models.table import Scratch


def mortgage(t: Scratch, cmd: Mortgage) -> None:
    """Mortgage an unimproved deed whose colour set carries no buildings."""
    deed = _own_deed(t, cmd.player, cmd.space)
    name = t.space_name(cmd.space)
    if deed.mortgaged:
        t.refuse("mortgage", f"{name} is already mortgaged")
    figures = t.board.deed(cmd.space)
    if isinstance(figures, Street):
        # CL/SG: the whole colour set must be unimproved; PX 7.2.2: the plot itself.
        plots = ([figures] if t.profile.building == "on_landing"
                 else t.board.streets_of(figures.group))
        built = [s.name for s in plots if t.state.deeds[s.index].steps]
        if built:
            t.refuse("mortgage", f"sell the buildings first ({', '.join(built)})")
    debt = owed(t.state, cmd.player)
    most = raisable(t.board, t.state, cmd.player, t.profile.hotel_outright_sale)
    if t.profile.bankrupt_as_is and debt > most:
        t.refuse("as_is", f"{cmd.player} owes M{debt} and could raise at most M{most}: "
                 "bankrupt as is, without mortgaging")
    t.emit(ev.DeedMortgaged(payer=BANK, payee=cmd.player, amount=figures.mortgage, space=cmd.space))


def lift(t: Scratch, cmd: Lift) -> None:
    """Pay off a mortgage: the mortgage value plus 10%, rounded up."""
    deed = _own_deed(t, cmd.player, cmd.space)
    if not deed.mortgaged:
        t.refuse("lift", f"{t.space_name(cmd.space)} is not mortgaged")
    value = t.board.deed(cmd.space).mortgage
    cost = value + percent_up(value, t.profile.mortgage_interest_percent)
    cash = t.state.player(cmd.player).cash
    if cash < cost:
        t.refuse("lift", f"lifting {t.space_name(cmd.space)} costs M{cost}; {cmd.player} has M{cash}")
    t.emit(ev.MortgageLifted(payer=cmd.player, payee=BANK, amount=cost, space=cmd.space))


def keep_mortgaged(t: Scratch, cmd: KeepMortgaged) -> None:
    """Pay the 10% on a mortgaged deed received from a bankrupt player, and keep it mortgaged."""
    _own_deed(t, cmd.player, cmd.space)
    due = [d for d in t.state.interest_due if d.player == cmd.player and d.space == cmd.space]
    if not due:
        t.refuse("keep_mortgaged", f"no interest is due from {cmd.player} on {t.space_name(cmd.space)}")
    interest = percent_up(t.board.deed(cmd.space).mortgage, t.profile.mortgage_interest_percent)
    if t.state.player(cmd.player).cash < interest:
        # The 10% is owed, not optional: short of cash, it becomes a debt to the Bank.
        t.emit(ev.DebtIncurred(debtor=cmd.player, creditor=BANK, amount=interest,
                               reason=f"10% on mortgaged {t.space_name(cmd.space)}",
                               interest_on=cmd.space))
        return
    t.emit(ev.MortgageInterestPaid(payer=cmd.player, payee=BANK, amount=interest, space=cmd.space))


def _own_deed(t: Scratch, name: str, space: int) -> DeedState:
    # Mortgages may be taken and lifted at any moment of play, like the classic "between rolls".
    player = t.player(name)
    deed = t.deed_state(space)
    if player.bankrupt:
        t.refuse("mortgage", f"{name} is out of the game")
    if deed.owner != name:
        t.refuse("mortgage", f"{name} does not own {t.space_name(space)}")
    return deed
