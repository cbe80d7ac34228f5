"""PX before the first roll: deal the deeds, auction the ones retained, pre-build three houses."""

from __future__ import annotations

from random import Random

from models import events as ev
from models.board import Street
from models.commands import DealDeeds, Prebuild, StartPlay
from models.errors import BadInput
from models.events import StepChange
from models.pricing import step_price
from models.table import Scratch


def deal_deeds(t: Scratch, cmd: DealDeeds) -> None:
    """Deal every deed equally (PX 3.4): as recorded, or shuffled by the app with a recorded seed.
    The deeds left over are auctioned at once, cheapest first, opening at the board price."""
    s = t.state
    if s.phase != "deal":
        t.refuse("setup_deal", "the deeds are dealt once, before anything else")
    if (cmd.hands is None) == (cmd.seed is None):
        raise BadInput("give either the hands dealt or a seed for the app to deal with")
    players = [p.name for p in s.players]
    deeds = sorted(s.deeds)
    # PX 3.4: 5 each to 5 players (3 retained), 6 each to 4 (4 retained).
    each = (len(deeds) - 1) // len(players)
    hands = cmd.hands if cmd.hands is not None else _shuffled_hands(deeds, players, each, cmd.seed)
    if sorted(hands) != sorted(players):
        t.refuse("setup_deal", f"a hand for each of {', '.join(players)} is needed")
    dealt = [space for hand in hands.values() for space in hand]
    for name, hand in hands.items():
        if len(hand) != each:
            t.refuse("setup_deal", f"each player is dealt {each} deeds; {name} has {len(hand)}")
    unknown = sorted(set(dealt) - set(deeds))
    if unknown or len(set(dealt)) != len(dealt):
        t.refuse("setup_deal", "each deed is dealt once, and only deeds are dealt")
    retained = sorted(set(deeds) - set(dealt), key=lambda d: (t.board.deed(d).price, d))
    t.emit(ev.DeedsDealt(hands={n: sorted(h) for n, h in hands.items()}, retained=retained,
                         seed=cmd.seed))
    opening = t.board.deed(retained[0]).price
    t.emit(ev.AuctionOpened(space=retained[0], opening_bid=opening, excluded=[],
                            queue=retained[1:], resume="prebuild"))


def _shuffled_hands(deeds: list[int], players: list[str], each: int,
                    seed: int | None) -> dict[str, list[int]]:
    pack = list(deeds)
    Random(seed).shuffle(pack)
    return {name: pack[i * each:(i + 1) * each] for i, name in enumerate(players)}


def prebuild(t: Scratch, cmd: Prebuild) -> None:
    """Up to three houses on one's own streets, one per plot while there are plots (PX 3.7),
    paid at the ABSD rates; houses not built stay with the Bank."""
    s = t.state
    if s.phase != "prebuild":
        t.refuse("prebuild", "houses are pre-built after the deal and its auctions, before play")
    t.player(cmd.player)
    if cmd.player in s.prebuilt:
        t.refuse("prebuild", f"{cmd.player} has already pre-built")
    total = sum(cmd.houses.values())
    if total > t.profile.prebuild_houses:
        t.refuse("prebuild", f"at most {t.profile.prebuild_houses} houses are pre-built, not {total}")
    streets = [d.space for d in s.owned_by(cmd.player) if isinstance(t.board.deed(d.space), Street)]
    for space in cmd.houses:
        if space not in streets:
            t.refuse("prebuild", f"{t.space_name(space)} is not a street of {cmd.player}'s "
                     "(no houses on services or utilities)")
    counts = [cmd.houses.get(space, 0) for space in streets]
    if max(counts) - min(counts) > 1:
        t.refuse("prebuild", "one house per plot while there are plots without one")
    if total > s.bank_houses:
        t.refuse("building_shortage", f"the Bank has {s.bank_houses} houses")
    changes = [StepChange(space=space, before=0, after=n) for space, n in sorted(cmd.houses.items())]
    cost = sum(step_price(t.profile, t.street(c.space), k)
               for c in changes for k in range(1, c.after + 1))
    cash = s.player(cmd.player).cash
    if cash < cost:
        t.refuse("prebuild", f"the houses cost M{cost}; {cmd.player} has M{cash}")
    t.emit(ev.HousesPrebuilt(player=cmd.player, changes=changes, amount=cost))


def start_play(t: Scratch, cmd: StartPlay) -> None:
    """Setting up is over: the first player throws (PX 5.1-5.2)."""
    if t.state.phase != "prebuild":
        t.refuse("prebuild", "play starts once the deal and its auctions are done")
    t.emit(ev.PlayStarted())
