"""PX building (6.2): only on landing on one's own plot, at most 4 houses at one go, ABSD prices."""

from __future__ import annotations

from models import events as ev
from models.board import Street
from models.commands import Build
from models.events import StepChange
from models.pricing import steps_price
from models.table import Scratch

HOTEL = 5


def own_plot_landed(t: Scratch, name: str, space: int) -> None:
    """Record the landing that opens the right to build, with the plots' steps at that moment."""
    street = t.board.deed(space)
    if not isinstance(street, Street):
        return
    plots = {s.index: t.state.deeds[s.index].steps for s in t.board.streets_of(street.group)
             if t.state.deeds[s.index].owner == name}
    t.emit(ev.OwnPlotLanded(player=name, space=space, at_landing=plots))


def build_on_landing(t: Scratch, cmd: Build) -> None:
    """Build on the landed plot alone, or the same number on every unmortgaged plot of its group
    that the player owns (PX 6.2.2-6.2.3)."""
    right = t.state.build_right
    if right is None or right.player != cmd.player:
        t.refuse("build", f"{cmd.player} may build only on landing on their own plot, "
                 "before the next throw")
    plots = sorted(space for space in right.at_landing if not t.state.deeds[space].mortgaged)
    if right.space not in plots:
        t.refuse("build_mortgaged", f"{t.space_name(right.space)} is mortgaged: lift it before building")
    spaces = sorted(cmd.add)
    # PX 6.2.6: with the landed plot at 4 houses, the other 4-house plots of the group may take
    # their hotels at the same landing.
    at_four = [p for p in plots if right.at_landing[p] == 4]
    hotels_only = right.space in at_four and spaces == at_four and set(cmd.add.values()) == {1}
    if spaces not in ([right.space], plots) and not hotels_only:
        t.refuse("build_evenly", f"build on {t.space_name(right.space)} alone, on every "
                 f"unmortgaged plot of its group ({', '.join(t.space_name(p) for p in plots)}), "
                 "or a hotel on each of its 4-house plots")
    if len(set(cmd.add.values())) != 1:
        t.refuse("build_evenly", "building on several plots adds the same number to each")
    direct = t.state.bank_houses == 0
    changes = []
    for space in spaces:
        before = t.state.deeds[space].steps
        after = before + cmd.add[space]
        _check_plot(t, space, before, after, right.at_landing[space], direct)
        changes.append(StepChange(space=space, before=before, after=after))
    _check_stock(t, changes, direct)
    cost = sum(steps_price(t.profile, t.street(c.space), c.before, c.after) for c in changes)
    cash = t.state.player(cmd.player).cash
    if cash < cost:
        t.refuse("build", f"the buildings cost M{cost}; {cmd.player} has M{cash}")
    t.emit(ev.BuildingsBought(player=cmd.player, changes=changes, amount=cost))


def _check_plot(t: Scratch, space: int, before: int, after: int, at_landing: int,
                direct: bool) -> None:
    name = t.space_name(space)
    if after > HOTEL:
        t.refuse("hotel", f"{name} would pass its hotel: a plot takes at most 4 houses, then one hotel")
    if direct:
        # PX 6.2.11: with no houses in the Bank, a hotel may be bought directly.
        if after != HOTEL:
            t.refuse("building_shortage", "the Bank has no houses: only a hotel may be bought")
        return
    limit = t.profile.max_houses_per_landing
    added_houses = min(after, 4) - before if before < HOTEL else 0
    if limit is not None and added_houses > limit:
        t.refuse("build_limit", f"at most {limit} houses at one go on {name}")
    if after == HOTEL and at_landing != 4:
        t.refuse("hotel", f"a hotel on {name} needs 4 houses standing when the player lands there")


def _check_stock(t: Scratch, changes: list[StepChange], direct: bool) -> None:
    houses = sum(min(c.after, 4) - c.before for c in changes if c.after < HOTEL)
    hotels = sum(c.after == HOTEL for c in changes)
    if not direct and houses > t.state.bank_houses:
        t.refuse("building_shortage", f"the Bank has {t.state.bank_houses} houses, {houses} needed")
    if hotels > t.state.bank_hotels:
        t.refuse("building_shortage", f"the Bank has {t.state.bank_hotels} hotels, {hotels} needed")
