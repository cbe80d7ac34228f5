"""Building and selling houses and hotels on full colour sets (CL, SG), and building auctions."""

from __future__ import annotations

from models import events as ev
from models.board import Street
from models.commands import AuctionBuilding, Build, SellBuildings
from models.events import BANK, StepChange
from models.landing_build import build_on_landing
from models.money import half
from models.pricing import steps_price
from models.table import Scratch

HOTEL = 5


def build(t: Scratch, cmd: Build) -> None:
    """Buy buildings on full colour sets, evenly, from the Bank's stock."""
    _may_act(t, cmd.player)
    placing = t.state.placement
    if t.state.phase == "placement" and placing is not None:
        _place_won_building(t, cmd, placing.kind)
        return
    if t.profile.building == "on_landing":
        build_on_landing(t, cmd)
        return
    changes = _changes(t, cmd.player, cmd.add, sign=1)
    _check_set_rules(t, cmd.player, changes)
    _check_stock_for_building(t, changes)
    cost = sum(steps_price(t.profile, t.street(c.space), c.before, c.after) for c in changes)
    cash = t.state.player(cmd.player).cash
    if cash < cost:
        t.refuse("build", f"the buildings cost M{cost}; {cmd.player} has M{cash}")
    t.emit(ev.BuildingsBought(player=cmd.player, changes=changes, amount=cost))


def sell_buildings(t: Scratch, cmd: SellBuildings) -> None:
    """Sell buildings back to the Bank at half price, evenly; a hotel comes down to 4 houses.
    Raising money is allowed at any moment of play, even while a card or an auction waits."""
    _may_act(t, cmd.player, raising=True)
    changes = _changes(t, cmd.player, cmd.remove, sign=-1)
    if t.profile.building == "full_set_any_time":
        _check_even(t, changes, rule="sell_buildings")
    houses = t.state.bank_houses
    proceeds = 0
    # Houses sold first return to the Bank and may then stand in for a hotel's 4 houses.
    for change in sorted(changes, key=lambda c: c.before == HOTEL):
        street = t.street(change.space)
        outright = t.profile.hotel_outright_sale == "always" or (
            t.profile.hotel_outright_sale == "when_bank_short" and houses < 4)
        if change.before == HOTEL and change.after == 0 and outright:
            proceeds += half(street.hotel_cost) + 4 * half(street.house_cost)
            continue
        if change.before == HOTEL:
            if houses < 4:
                t.refuse("sell_buildings", f"the Bank has {houses} houses; breaking a hotel on "
                         f"{street.name} down needs 4")
            houses -= 4
            proceeds += half(street.hotel_cost)
        sold_houses = min(change.before, 4) - change.after
        houses += sold_houses
        proceeds += sold_houses * half(street.house_cost)
    t.emit(ev.BuildingsSold(payer=BANK, payee=cmd.player, amount=proceeds, changes=changes))


def auction_building(t: Scratch, cmd: AuctionBuilding) -> None:
    """Auction one house or hotel from a short stock, opening at the lowest price concerned."""
    if t.state.phase not in ("roll", "resolving"):
        t.refuse("building_shortage", "a building auction is held between turns")
    if t.profile.building_shortage != "auction":
        t.refuse("building_shortage", "this profile has no building auctions")
    stock = t.state.bank_houses if cmd.kind == "house" else t.state.bank_hotels
    if stock == 0:
        t.refuse("building_shortage", f"the Bank has no {cmd.kind} left to auction")
    bidders = [p.name for p in t.state.active_players() if has_room(t, p.name, cmd.kind)]
    if len(bidders) < 2:
        t.refuse("building_shortage", f"an auction needs two players with room for a {cmd.kind}")
    prices = [_price(s, cmd.kind) for name in bidders for s in _streets_with_room(t, name, cmd.kind)]
    resume = "roll" if t.state.phase == "roll" else "resolving"
    t.emit(ev.AuctionOpened(space=None, kind=cmd.kind, opening_bid=min(prices), excluded=[],
                            resume=resume))


def has_room(t: Scratch, name: str, kind: str) -> bool:
    """Whether a player could place one more house (or a hotel) now."""
    return bool(_streets_with_room(t, name, kind))


def _streets_with_room(t: Scratch, name: str, kind: str) -> list[Street]:
    found = []
    for group in t.board.groups:
        streets = t.board.streets_of(group.id)
        deeds = [t.state.deeds[s.index] for s in streets]
        if any(d.owner != name or d.mortgaged for d in deeds):
            continue
        low = min(d.steps for d in deeds)
        for street, deed in zip(streets, deeds, strict=True):
            if deed.steps == low and ((kind == "house" and low < 4) or (kind == "hotel" and low == 4)):
                found.append(street)
    return found


def _price(street: Street, kind: str) -> int:
    return street.house_cost if kind == "house" else street.hotel_cost


def _place_won_building(t: Scratch, cmd: Build, kind: str) -> None:
    placing = t.state.placement
    assert placing is not None
    if cmd.player != placing.player:
        t.refuse("building_shortage", f"{placing.player} must first place the {kind} they won")
    changes = _changes(t, cmd.player, cmd.add, sign=1)
    if len(changes) != 1 or changes[0].after - changes[0].before != 1:
        t.refuse("building_shortage", f"place exactly the one {kind} won at auction")
    if (changes[0].after == HOTEL) != (kind == "hotel"):
        t.refuse("building_shortage", f"the building won is a {kind}")
    _check_set_rules(t, cmd.player, changes)
    t.emit(ev.BuildingsBought(player=cmd.player, changes=changes, amount=0))


def _may_act(t: Scratch, name: str, raising: bool = False) -> None:
    player = t.player(name)
    if player.bankrupt:
        t.refuse("build", f"{name} is out of the game")
    if not raising and t.state.phase in ("auction", "card", "utility_throw"):
        t.refuse("build", "finish the auction, card or throw under way first")
    in_debt = any(d.debtor == name for d in t.state.debts)
    # PX 6.6.3 keeps a jailed player out of building trade, but a debt must still be settled
    # (PX 7.3.1): a jailed debtor may sell buildings back to the Bank.
    if player.in_jail and not t.profile.jail_takes_part and not (raising and in_debt):
        t.refuse("jail_no_part", f"{name} is in Jail and may not build")


def _changes(t: Scratch, name: str, steps: dict[int, int], sign: int) -> list[StepChange]:
    changes = []
    for space, count in sorted(steps.items()):
        deed = t.deed_state(space)
        figures = t.board.deed(space)
        if not isinstance(figures, Street):
            t.refuse("build", f"{figures.name} is not a street and takes no buildings")
        if deed.owner != name:
            t.refuse("build", f"{name} does not own {figures.name}")
        after = deed.steps + sign * count
        if after > HOTEL:
            t.refuse("hotel", f"{figures.name} has {_steps_words(deed.steps)}: {count} more would pass "
                     "its hotel; a street takes at most 4 houses, then one hotel")
        if after < 0:
            t.refuse("sell_buildings", f"{figures.name} has {deed.steps} buildings to sell, not {count}")
        changes.append(StepChange(space=space, before=deed.steps, after=after))
    return changes


def _steps_words(steps: int) -> str:
    if steps == HOTEL:
        return "a hotel"
    return {0: "no buildings", 1: "1 house"}.get(steps, f"{steps} houses")


def _check_set_rules(t: Scratch, name: str, changes: list[StepChange]) -> None:
    for change in changes:
        street = t.street(change.space)
        deeds = [t.state.deeds[s.index] for s in t.board.streets_of(street.group)]
        if any(d.owner != name for d in deeds):
            t.refuse("build", f"{name} must own the whole {street.group} set to build on {street.name}")
        if any(d.mortgaged for d in deeds):
            t.refuse("build_mortgaged", f"no building on the {street.group} set while a street of it is "
                     "mortgaged")
    after = _steps_after(t, changes)
    for change in changes:
        if change.after == HOTEL:
            street = t.street(change.space)
            short = [s.name for s in t.board.streets_of(street.group) if after[s.index] < 4]
            if short:
                t.refuse("hotel", f"a hotel on {street.name} needs 4 houses on every street of the "
                         f"set; {', '.join(short)} would have fewer")
    _check_even(t, changes, after=after)


def _steps_after(t: Scratch, changes: list[StepChange]) -> dict[int, int]:
    after = {space: deed.steps for space, deed in t.state.deeds.items()}
    after.update({c.space: c.after for c in changes})
    return after


def _check_even(t: Scratch, changes: list[StepChange], rule: str = "build_evenly",
                after: dict[int, int] | None = None) -> None:
    """Refuse buildings left uneven on a colour set (`after`: the steps after the changes, when
    the caller has them already)."""
    if after is None:
        after = _steps_after(t, changes)
    groups = {t.street(c.space).group for c in changes}
    for group in sorted(groups):
        counts = {s.name: after[s.index] for s in t.board.streets_of(group)}
        if max(counts.values()) - min(counts.values()) > 1:
            listing = ", ".join(f"{n} {c}" for n, c in counts.items())
            t.refuse(rule, f"buildings on a colour set must stay even ({listing})")


def _check_stock_for_building(t: Scratch, changes: list[StepChange]) -> None:
    houses, hotels = t.state.bank_houses, t.state.bank_hotels
    # Hotels on streets already holding 4 houses come first: they free 4 houses each.
    ordered = sorted(changes, key=lambda c: not (c.before == 4 and c.after == HOTEL))
    for change in ordered:
        new_houses = min(change.after, 4) - min(change.before, 4)
        if new_houses > houses:
            t.refuse("building_shortage", f"the Bank has {houses} houses left, {new_houses} needed")
        houses -= new_houses
        if change.after == HOTEL:
            if hotels == 0:
                t.refuse("building_shortage", "the Bank has no hotel left")
            hotels -= 1
            houses += 4
