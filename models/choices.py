"""The commands worth trying in a position: for `legal_commands` and for the game simulator."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from random import Random

from models import commands as cm
from models.commands import Command
from models.state import DeedState, GameState
from models.table import Table

Group = list[Command]


# The random player's commonest commands, validated once and then shared: commands are frozen,
# and the simulator builds a few for every command it gives (most of them never tried).
@lru_cache(maxsize=4096)
def _roll(player: str, dice: tuple[int, int]) -> Command:
    return cm.Roll(type="roll", player=player, dice=dice)


@lru_cache(maxsize=1024)
def _by_player(kind: str, player: str) -> Command:
    """A command with no field but its player's name (buy, decline, pay_jail_fine, ...)."""
    return cm.COMMAND_ADAPTER.validate_python({"type": kind, "player": player})


@lru_cache(maxsize=1024)
def _build_one(player: str, space: int) -> Command:
    return cm.Build(type="build", player=player, add={space: 1})


@lru_cache(maxsize=1024)
def _build_on(player: str, add: tuple[tuple[int, int], ...]) -> Command:
    """A build of `add` (each space and the steps added, in that order)."""
    return cm.Build(type="build", player=player, add=dict(add))


@lru_cache(maxsize=1024)
def _on_space(kind: str, player: str, space: int) -> Command:
    """A command with a player and a space and nothing else (mortgage, lift, offer_sale, ...)."""
    return cm.COMMAND_ADAPTER.validate_python({"type": kind, "player": player, "space": space})


@lru_cache(maxsize=1024)
def _sell_one(player: str, space: int) -> Command:
    return cm.SellBuildings(type="sell_buildings", player=player, remove={space: 1})


@lru_cache(maxsize=256)
def _collect(claim: int) -> Command:
    return cm.CollectRent(type="collect_rent", claim=claim)


@lru_cache(maxsize=256)
def _draw(card: str) -> Command:
    return cm.DrawCard(type="draw_card", card=card)


_CLOSE_AUCTION = cm.CloseAuction(type="close_auction")


def candidates(table: Table, state: GameState) -> list[Group]:
    """Groups of commands; within a group all are accepted or none is (they differ in dice)."""
    s = state
    found: list[Group] = []
    found += [[cm.PayDebt(type="pay_debt", player=d.debtor)] for d in s.debts]
    found += [[cm.DeclareBankruptcy(type="declare_bankruptcy", player=d.debtor)] for d in s.debts]
    found += [[cm.CollectRent(type="collect_rent", claim=c.claim)] for c in s.claims]
    found += [[cm.KeepMortgaged(type="keep_mortgaged", player=d.player, space=d.space)]
              for d in s.interest_due]
    if s.phase in ("roll", "utility_throw"):
        found.append([cm.Roll(type="roll", player=s.current, dice=(a, b))
                      for a, b in product(range(1, 7), repeat=2)])
        found.append([cm.PayJailFine(type="pay_jail_fine", player=s.current)])
        found.append([cm.UseJailCard(type="use_jail_card", player=s.current)])
    elif s.phase == "buy":
        found += [[cm.Buy(type="buy", player=s.current)], [cm.Decline(type="decline", player=s.current)]]
    elif s.phase == "auction" and s.auction is not None:
        floor = (s.auction.opening_bid if s.auction.high_bid is None
                 else s.auction.high_bid + table.profile.auction_min_raise)
        found += [[cm.Bid(type="bid", player=p.name, amount=floor)] for p in s.active_players()]
        found.append([cm.CloseAuction(type="close_auction")])
    elif s.phase == "card" and s.card_deck is not None:
        found += [[cm.DrawCard(type="draw_card", card=c.id)] for c in table.decks.cards(s.card_deck)]
    found += _estate(table, s)
    return found


def _estate(table: Table, s: GameState) -> list[Group]:
    """Building, selling, mortgaging, lifting and simple deals for every player."""
    found: list[Group] = []
    for player in s.active_players():
        name = player.name
        owned = s.owned_by(name)
        for group in table.board.groups:
            streets = table.board.streets_of(group.id)
            steps = [s.deeds[x.index].steps for x in streets]
            low, high = min(steps), max(steps)
            target = next(x for x, n in zip(streets, steps, strict=True) if n == low)
            found.append([cm.Build(type="build", player=name, add={target.index: 1})])
            if high:
                top = next(x for x, n in zip(streets, steps, strict=True) if n == high)
                found.append([cm.SellBuildings(type="sell_buildings", player=name,
                                               remove={top.index: 1})])
        for deed in owned:
            found.append([_mortgage_or_lift(deed.mortgaged, name, deed.space)])
            for other in s.active_players():
                if other.name != name:
                    price = table.board.deed(deed.space).mortgage
                    found.append([cm.Trade(type="trade", first=name, second=other.name,
                                           first_gives=cm.Bundle(deeds=[deed.space]),
                                           second_gives=cm.Bundle(cash=price))])
    for kind in ("house", "hotel"):
        found.append([cm.AuctionBuilding(type="auction_building", kind=kind)])
    return found


def _mortgage_or_lift(mortgaged: bool, name: str, space: int) -> Command:
    if mortgaged:
        return cm.Lift(type="lift", player=name, space=space)
    return cm.Mortgage(type="mortgage", player=name, space=space)


def random_command(table: Table, state: GameState, rng: Random) -> list[Command]:
    """Commands to try in order, as a random but purposeful player at this table would: settle
    debts first, collect rent, now and then build or deal, otherwise play the turn."""
    s = state
    tries: list[Command] = []
    for debt in s.debts:
        owned = s.owned_by(debt.debtor)
        tries.append(_by_player("pay_debt", debt.debtor))
        raising = _raising(debt.debtor, owned)
        rng.shuffle(raising)
        tries += raising
        tries += [_on_space("offer_sale", debt.debtor, d.space)
                  for d in owned if rng.random() < 0.2]
        tries.append(cm.MortgageeSale(type="mortgagee_sale", player=debt.debtor,
                                      order=[d.space for d in owned] or [0]))
        tries.append(_by_player("declare_bankruptcy", debt.debtor))
    for due in s.interest_due:
        keep = _on_space("keep_mortgaged", due.player, due.space)
        lift = _on_space("lift", due.player, due.space)
        tries += [lift, keep] if rng.random() < 0.5 else [keep, lift]
    if s.claims:
        tries += [_collect(c.claim) for c in s.claims if rng.random() < 0.9]
    if s.phase == "placement" and s.placement is not None:
        tries += _builds(table, s, s.placement.player)
    right = s.build_right
    if right is not None and rng.random() < 0.7:
        tries.append(_build_on(right.player, ((right.space, rng.randint(1, 2)),)))
        tries.append(_build_on(right.player, tuple((space, 1) for space in right.at_landing)))
    if rng.random() < 0.3:
        tries += _random_estate(table, s, rng)
    tries += _turn_move(table, s, rng)
    return tries


def _prebuilds(table: Table, s: GameState, rng: Random) -> list[Command]:
    tries: list[Command] = []
    for player in s.players:
        if player.name in s.prebuilt:
            continue
        streets = [d.space for d in s.owned_by(player.name)
                   if table.board.space(d.space).kind == "street"]
        rng.shuffle(streets)
        if streets:
            houses = {space: 1 for space in streets[:3]}
            if len(streets) < 3:
                houses[streets[0]] += 3 - len(houses)
            tries.append(cm.Prebuild(type="prebuild", player=player.name, houses=houses))
    return tries[:1]


def _sale_offers(table: Table, s: GameState, rng: Random) -> list[Command]:
    name = s.current
    mine = [d.space for d in s.owned_by(name) if not d.mortgaged]
    theirs = [d.space for d in s.deeds.values() if d.owner not in (None, name) and not d.mortgaged]
    tries: list[Command] = []
    if mine and rng.random() < 0.5:
        space = rng.choice(mine)
        tries.append(cm.OfferSale(type="offer_sale", player=name, space=space,
                                  minimum=table.board.deed(space).price))
    elif theirs:
        space = rng.choice(theirs)
        tries.append(cm.OfferPurchase(type="offer_purchase", player=name, space=space,
                                      price=table.board.deed(space).price))
    return tries


def _builds(table: Table, s: GameState, name: str) -> list[Command]:
    """One house (or hotel) on the least built street of each colour set the player holds whole."""
    found: list[Command] = []
    deeds = s.deeds
    for _, spaces in table.colour_sets:
        # Most sets fail at their first street: no list of the player's deeds is made.
        for space in spaces:
            if deeds[space].owner != name:
                break
        else:
            low = min(spaces, key=lambda x: deeds[x].steps)
            found.append(_build_one(name, low))
    return found


def _raising(name: str, owned: list[DeedState]) -> list[Command]:
    """Selling a building or mortgaging a deed, each way the player could raise money now
    (`owned`: the player's deeds, in board order)."""
    found: list[Command] = []
    built = sorted((d for d in owned if d.steps), key=lambda d: -d.steps)
    found += [_sell_one(name, d.space) for d in built]
    if built:  # everything at once: the way out when an uneven or a hotel sale would be refused
        found.append(cm.SellBuildings(type="sell_buildings", player=name,
                                      remove={d.space: d.steps for d in built}))
    found += [_on_space("mortgage", name, d.space) for d in owned if not d.mortgaged]
    return found


def _random_estate(table: Table, s: GameState, rng: Random) -> list[Command]:
    """A few estate moves by random players: build first, now and then raise, lift or deal."""
    players = [p.name for p in s.players if not p.bankrupt]
    name = rng.choice(players)
    tries = _builds(table, s, name)
    roll = rng.random()
    if roll < 0.1:
        tries += _raising(name, s.owned_by(name))[:2]
    elif roll < 0.3:  # the player's deeds are listed only for the two moves that need them
        owned = s.owned_by(name)
        if roll < 0.2 and owned:
            mortgaged = [d for d in owned if d.mortgaged]
            if mortgaged:
                tries.append(_on_space("lift", name, rng.choice(mortgaged).space))
        elif owned and len(players) > 1:
            deed = rng.choice(owned)
            buyer = rng.choice([p for p in players if p != name])
            price = table.board.deed(deed.space).price
            tries.append(cm.Trade(type="trade", first=name, second=buyer,
                                  first_gives=cm.Bundle(deeds=[deed.space]),
                                  second_gives=cm.Bundle(cash=price)))
    return tries


# A die is what `randint(1, 6)` or `choice` of the six faces throws, drawn as they draw it
# (CPython's `_randbelow(6)`: three bits, again while they come to 6 or 7), so a seed throws the
# same dice; drawn here it is a third of the time of two calls of `choice`.
def _dice(rng: Random) -> tuple[int, int]:
    bits = rng.getrandbits
    first = bits(3)
    while first >= 6:
        first = bits(3)
    second = bits(3)
    while second >= 6:
        second = bits(3)
    return (first + 1, second + 1)


def _turn_move(table: Table, s: GameState, rng: Random) -> list[Command]:
    # The phases are exclusive: the commonest are asked first.
    phase = s.phase
    if phase == "roll":
        jail: list[Command] = []
        if s.player(s.current).in_jail and rng.random() < 0.4:
            jail = [_by_player("use_jail_card", s.current), _by_player("pay_jail_fine", s.current)]
        offers: list[Command] = []
        if table.profile.trading == "bank_auction" and rng.random() < 0.1:
            offers = _sale_offers(table, s, rng)
        return [*jail, *offers, _roll(s.current, _dice(rng))]
    if phase == "buy":
        buy, decline = _by_player("buy", s.current), _by_player("decline", s.current)
        return [buy, decline] if rng.random() < 0.7 else [decline, buy]
    if phase == "card" and s.card_deck is not None:
        ids = table.card_ids[s.card_deck]
        if s.jail_cards:
            ids = tuple(card for card in ids if card not in s.jail_cards)
        return [_draw(rng.choice(ids))]
    if phase == "auction" and s.auction is not None:
        close: list[Command] = [_CLOSE_AUCTION]
        if rng.random() < 0.35:
            return close
        floor = (s.auction.opening_bid if s.auction.high_bid is None
                 else s.auction.high_bid + table.profile.auction_min_raise)
        bidder = rng.choice(s.active_players()).name
        return [cm.Bid(type="bid", player=bidder, amount=floor + rng.randint(0, 40)), *close]
    if phase == "utility_throw":
        return [_roll(s.current, _dice(rng))]
    if phase == "deal":
        return [cm.DealDeeds(type="deal_deeds", seed=rng.randint(0, 10**6))]
    if phase == "prebuild":
        return [*_prebuilds(table, s, rng), cm.StartPlay(type="start_play")]
    if phase == "proposal" and s.proposal is not None:
        owner = s.deeds[s.proposal.space].owner or ""
        accept = rng.random() < 0.5
        return [cm.AnswerProposal(type="answer_proposal", player=owner, accept=accept,
                                  minimum=rng.choice([0, s.proposal.price + 50]))]
    if phase == "sale_decision" and s.auction is not None and s.auction.seller is not None:
        return [cm.DecideSale(type="decide_sale", player=s.auction.seller, sell=rng.random() < 0.5)]
    return []
