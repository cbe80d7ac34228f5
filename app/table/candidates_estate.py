"""The candidates for money and deeds: rent to collect, debts, building, selling, mortgages, sales."""

from __future__ import annotations

from app.table.candidate_types import Finder, m, priced
from models import events as ev
from models.board import Street
from models.engine import Table
from models.pricing import preview
from models.state import Claim, GameState


def claim_deadline(table: Table, s: GameState, claim: Claim) -> str:
    """Until when a claim may be collected: the player whose roll lapses it (RULES: the window)."""
    turns = claim.turn_no + table.profile.rent_claim_window_turns - s.turn_no
    player = s.current
    for _ in range(max(turns, 0)):
        player = s.next_player_after(player)
    return f"open until {player} rolls"


def _claim_words(f: Finder, claim: Claim) -> str:
    deed = f.s.deeds[claim.space]
    built = ("a hotel" if deed.hotel else f"{deed.houses} house" + "s" * (deed.houses != 1)
             if deed.houses else "")
    where = f.name(claim.space) + (f", {built}" if built else "")
    return (f"Collect {m(claim.amount)} from {claim.payer}: {where} — "
            f"{claim_deadline(f.table, f.s, claim)}")


def claim_candidates(f: Finder) -> None:
    for claim in f.s.claims:
        f.add(f"collect:{claim.claim}", "rent", _claim_words(f, claim),
              {"type": "collect_rent", "claim": claim.claim})


def debt_candidates(f: Finder) -> None:
    s = f.s
    for d in s.debts:
        f.add(f"pay_debt:{d.debtor}", "debt", f"{d.debtor} pays the {m(d.amount)} owed to "
              f"{'the Bank' if d.creditor == ev.BANK else d.creditor}",
              {"type": "pay_debt", "player": d.debtor})
        f.add(f"bankrupt:{d.debtor}", "debt", f"{d.debtor} declares bankruptcy",
              {"type": "declare_bankruptcy", "player": d.debtor})
        if f.table.profile.bankruptcy_to_player == "mortgagee_sale":
            order = [x.space for x in s.owned_by(d.debtor)]
            if order and all(x.mortgaged for x in s.owned_by(d.debtor)):
                f.add(f"mortgagee_sale:{d.debtor}", "debt",
                      f"Mortgagee sale of {d.debtor}'s deeds, in board order",
                      {"type": "mortgagee_sale", "player": d.debtor, "order": order})
    for due in s.interest_due:
        pct = f.table.profile.mortgage_interest_percent
        f.add(f"keep:{due.space}", "debt",
              priced(f"{due.player} pays ", ev.MortgageInterestPaid,
                      f" ({pct}%) and keeps {f.name(due.space)} mortgaged"),
              {"type": "keep_mortgaged", "player": due.player, "space": due.space})
        f.add(f"lift:{due.space}", "debt",
              priced(f"{due.player} lifts {f.name(due.space)} for ", ev.MortgageLifted),
              {"type": "lift", "player": due.player, "space": due.space})


def build_words(table: Table, s: GameState, add: dict[int, int]) -> str:
    """Each step's price before it is pressed: "Park Place: 3rd house M200"."""
    parts = []
    for space, count in sorted(add.items()):
        street = table.board.deed(space)
        assert isinstance(street, Street)
        steps = preview(table.profile, street, s.deeds[space].steps, s.deeds[space].steps + count)
        parts.append(f"{street.name}: " + ", ".join(
            f"{'hotel' if n == 5 else _ordinal(n) + ' house'} {m(p)}" for n, p in steps))
    return "; ".join(parts)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def estate_candidates(f: Finder) -> None:
    s, board = f.s, f.table.board
    # Whoever must raise money first, then the player to act, then the others in turn order.
    debtors = {d.debtor for d in s.debts}
    for player in sorted(s.active_players(),
                         key=lambda p: (p.name not in debtors, p.name != s.current)):
        who = player.name
        for add, single in _build_choices(f, who):
            total = sum(p for space, n in add.items() for _, p in preview(
                f.table.profile, _street(f, space), s.deeds[space].steps,
                s.deeds[space].steps + n))
            key = ",".join(f"{k}+{v}" for k, v in sorted(add.items()))
            # One step at a time stays listed with the rule's reason when refused; a larger
            # order is offered only when the rules allow it now (the list stays short).
            f.add(f"build:{who}:{key}", "build",
                  f"{who} builds {_order_words(s, add)} — {build_words(f.table, s, add)} "
                  f"(total {m(total)})",
                  {"type": "build", "player": who, "add": {str(k): v for k, v in add.items()}},
                  keep=single and (s.build_right is not None or s.phase == "placement"))
        for deed in s.owned_by(who):
            name = board.space(deed.space).name
            if deed.steps:
                f.add(f"sell:{who}:{deed.space}", "sell",
                      priced(f"{who} sells a building on {name} for ", ev.BuildingsSold),
                      {"type": "sell_buildings", "player": who, "remove": {str(deed.space): 1}})
            if deed.hotel and _outright(f):
                f.add(f"sell_hotel:{who}:{deed.space}", "sell",
                      priced(f"{who} sells the hotel on {name} outright (the hotel and its 4 "
                             "houses at half price) for ", ev.BuildingsSold),
                      {"type": "sell_buildings", "player": who,
                       "remove": {str(deed.space): HOTEL}}, keep=False)
            if deed.mortgaged:
                f.add(f"lift:{who}:{deed.space}", "mortgage",
                      priced(f"{who} lifts the mortgage on {name} for ", ev.MortgageLifted),
                      {"type": "lift", "player": who, "space": deed.space})
            else:
                f.add(f"mortgage:{who}:{deed.space}", "mortgage",
                      priced(f"{who} mortgages {name} for ", ev.DeedMortgaged),
                      {"type": "mortgage", "player": who, "space": deed.space})
        _hotels_outright(f, who)
    for kind in ("house", "hotel"):
        f.add(f"auction_building:{kind}", "build", f"Auction a {kind} (too few for all who want one)",
              {"type": "auction_building", "kind": kind}, keep=False)


def _street(f: Finder, space: int) -> Street:
    street = f.table.board.deed(space)
    assert isinstance(street, Street)
    return street


HOTEL = 5


def _outright(f: Finder) -> bool:
    """Whether a hotel may be sold outright now (SG always; PX when the Bank is short of the 4
    houses a hotel comes down to)."""
    rule = f.table.profile.hotel_outright_sale
    return rule == "always" or (rule == "when_bank_short" and f.s.bank_houses < 4)


def _hotels_outright(f: Finder, who: str) -> None:
    """Every hotel of a colour set sold outright in one order: where selling evenly applies
    (CL, SG), a single hotel sold outright would leave the set uneven."""
    if not _outright(f):
        return
    for group in f.table.board.groups:
        streets = f.table.board.streets_of(group.id)
        deeds = [f.s.deeds[x.index] for x in streets]
        if len(streets) > 1 and all(d.owner == who and d.hotel for d in deeds):
            names = ", ".join(x.name for x in streets)
            f.add(f"sell_hotels:{who}:{group.id}", "sell",
                  priced(f"{who} sells the hotels on {names} outright (each hotel and its 4 "
                         "houses at half price) for ", ev.BuildingsSold),
                  {"type": "sell_buildings", "player": who,
                   "remove": {str(x.index): HOTEL for x in streets}}, keep=False)


def _order_words(s: GameState, add: dict[int, int]) -> str:
    """What one build order puts up: "a house", "3 houses", "2 houses on each of 3 streets"."""
    counts = set(add.values())
    hotels = all(s.deeds[space].steps + n == HOTEL for space, n in add.items())
    if len(add) == 1 or len(counts) == 1:
        n = counts.pop()
        what = ("a hotel" if n == 1 else f"{n - 1} house{'s' * (n != 2)} and a hotel") \
            if hotels else ("a house" if n == 1 else f"{n} houses")
        return what + (f" on each of {len(add)} streets" if len(add) > 1 else "")
    top = max(s.deeds[space].steps + n for space, n in add.items())
    return "up to " + ("a hotel" if top == HOTEL else f"{top} houses") + " on each street of the set"


def _build_choices(f: Finder, who: str) -> list[tuple[dict[int, int], bool]]:
    """Each build order worth offering, and whether it is a single step (listed even when
    refused). PX on landing: 1 to 4 houses on the plot, or the same number on each plot of its
    group (PX 6.2.2-6.2.4); CL, SG: a step on a street or on each street of a full set, and the
    whole set brought up evenly to each level, in one command."""
    s = f.s
    if f.table.profile.building == "on_landing" and s.phase != "placement":
        return _landing_choices(f, who)
    choices: list[tuple[dict[int, int], bool]] = []
    for group in f.table.board.groups:
        streets = f.table.board.streets_of(group.id)
        if not streets or any(s.deeds[x.index].owner != who for x in streets):
            continue
        steps = {x.index: s.deeds[x.index].steps for x in streets}
        choices += [({x: 1}, True) for x, n in steps.items() if n < HOTEL]
        if len(streets) > 1 and all(n < HOTEL for n in steps.values()):
            choices.append(({x: 1 for x in steps}, True))
        offered = [c for c, _ in choices]
        for level in range(min(steps.values()) + 1, HOTEL + 1):
            add = {x: level - n for x, n in steps.items() if n < level}
            if add not in offered and len(add) > 1:
                choices.append((add, False))
    return choices


def _landing_choices(f: Finder, who: str) -> list[tuple[dict[int, int], bool]]:
    s, right = f.s, f.s.build_right
    if right is None or right.player != who:
        return []
    most = f.table.profile.max_houses_per_landing or 4
    plots = sorted(p for p in right.at_landing if not s.deeds[p].mortgaged)

    def room(spaces: list[int]) -> int:
        """How many houses each of `spaces` may take at one go (PX 6.2.4), at least the one
        step the rules then judge (a hotel on 4 houses, or their refusal)."""
        return max(1, min(min(most, 4 - s.deeds[p].steps) for p in spaces))

    choices = [({right.space: n}, n == 1) for n in range(1, room([right.space]) + 1)]
    if len(plots) > 1:
        choices += [({p: n for p in plots}, n == 1) for n in range(1, room(plots) + 1)]
    return choices


def sale_candidates(f: Finder) -> None:
    if f.table.profile.trading == "bank_auction":
        _px_sales(f)


def _px_sales(f: Finder) -> None:
    s, who, board = f.s, f.s.current, f.table.board
    debtors = {d.debtor for d in s.debts}
    # PX 7.1: an offer before the throw, one a turn; a debtor may sell at any time (7.3.1c).
    # Outside those moments no offer is tried at all (each would cost a trial).
    offering = s.phase == "roll" and not s.rolled and s.offer_turn != s.turn_no
    for deed in sorted(s.deeds.values(), key=lambda d: d.space):
        name = board.space(deed.space).name
        if deed.mortgaged or deed.owner is None or not (offering or deed.owner in debtors):
            continue
        if deed.owner == who or deed.owner in debtors:
            base = {"type": "offer_sale", "player": deed.owner, "space": deed.space}
            f.add(f"offer_sale:{deed.space}", "sale", f"{deed.owner} offers {name} for sale by "
                  "Bank auction (minimum price)", base,
                  params=(("minimum", "Minimum price", "amount", "0"),),
                  trial={**base, "minimum": 0}, keep=False)
        elif offering:
            base = {"type": "offer_purchase", "player": who, "space": deed.space}
            price = board.deed(deed.space).price
            f.add(f"offer_purchase:{deed.space}", "sale", f"{who} offers to buy {name} from "
                  f"{deed.owner}", base, params=(("price", "Price offered", "amount", str(price)),),
                  trial={**base, "price": price}, keep=False)
    if s.phase == "proposal" and s.proposal is not None:
        owner = s.deeds[s.proposal.space].owner or ""
        base = {"type": "answer_proposal", "player": owner, "accept": True}
        f.add("answer:accept", "sale", f"{owner} puts {board.space(s.proposal.space).name} up "
              f"for auction (offer {m(s.proposal.price)})", base,
              params=(("minimum", "Minimum price", "amount", "0"),), trial={**base, "minimum": 0})
        f.add("answer:refuse", "sale", f"{owner} refuses the offer",
              {"type": "answer_proposal", "player": owner, "accept": False})
    if s.phase == "sale_decision" and s.auction is not None and s.auction.seller:
        seller = s.auction.seller
        f.add("decide:sell", "sale", f"{seller} sells anyway",
              {"type": "decide_sale", "player": seller, "sell": True})
        f.add("decide:abort", "sale", f"{seller} aborts the sale",
              {"type": "decide_sale", "player": seller, "sell": False})

