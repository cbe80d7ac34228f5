"""Every command worth offering the banker in a position, in order; the ones of play itself are here."""

from __future__ import annotations

from app.table.candidate_types import Candidate, Finder, m
from app.table.candidates_estate import claim_candidates, debt_candidates, estate_candidates, sale_candidates
from app.table.candidates_officials import judge_candidates, official_candidates
from models import events as ev
from models.board import Street
from models.deck import DeckName
from models.describe import card_text
from models.engine import Table
from models.events import Event
from models.state import GameState


def candidates(table: Table, state: GameState) -> list[Candidate]:
    """Every action the window offers in this position, in the order the banker needs them."""
    f = Finder(table, state)
    _setup(f)
    _turn(f)
    debt_candidates(f)
    claim_candidates(f)
    estate_candidates(f)
    sale_candidates(f)
    official_candidates(f)
    judge_candidates(f)
    return f.found


def _setup(f: Finder) -> None:
    s = f.s
    if s.phase == "deal":
        f.add("deal_hands", "setup", "Record the deal: the deeds each player was dealt",
              {"type": "deal_deeds"}, trial={"type": "deal_deeds", "seed": 1},
              form="deal_hands")
        f.add("deal_deeds", "setup", "Deal the deeds by a recorded seed",
              {"type": "deal_deeds"}, params=(("seed", "Seed", "number", "1"),),
              trial={"type": "deal_deeds", "seed": 1})
    if s.phase == "prebuild":
        for p in s.players:
            streets = [d.space for d in s.owned_by(p.name)
                       if isinstance(f.table.board.deed(d.space), Street)]
            if p.name not in s.prebuilt and streets:
                command = {"type": "prebuild", "player": p.name}
                f.add(f"prebuild:{p.name}", "setup", f"Pre-build for {p.name} (up to "
                      f"{f.table.profile.prebuild_houses} houses, prices shown)", command,
                      trial={**command, "houses": {streets[0]: 1}}, form="prebuild", keep=False)
        f.add("start_play", "setup", "Setting up is over: start play", {"type": "start_play"})


def _turn(f: Finder) -> None:
    s, who = f.s, f.s.current
    if s.phase in ("roll", "utility_throw"):
        jailed = s.player(who).in_jail and s.phase == "roll"
        label = (f"Throw for {who} ({f.name(s.utility_due[0])} rent: the throw × "
                 f"{s.utility_due[1]})" if s.phase == "utility_throw" and s.utility_due
                 else f"Roll for {who}" + (" (in Jail: a double leaves)" if jailed else ""))
        f.add("roll", "dice", label, {"type": "roll", "player": who},
              params=(("dice", "Dice (two digits)", "dice", ""),),
              trial={"type": "roll", "player": who, "dice": [1, 2]})
        if jailed:
            fine = f.table.profile.jail_fine
            f.add("pay_jail_fine", "jail", f"{who} pays the {m(fine)} Jail fine",
                  {"type": "pay_jail_fine", "player": who})
            f.add("use_jail_card", "jail", f"{who} uses a Get Out of Jail Free card",
                  {"type": "use_jail_card", "player": who})
    if s.phase == "buy" and s.offer is not None:
        price = f.table.board.deed(s.offer).price
        f.add("buy", "purchase", f"{who} buys {f.name(s.offer)} for {m(price)}",
              {"type": "buy", "player": who})
        f.add("decline", "purchase", f"{who} declines {f.name(s.offer)}: auction it",
              {"type": "decline", "player": who})
    if s.phase == "auction" and s.auction is not None:
        _auction(f)
    if s.phase == "card" and s.card_deck is not None:
        _cards(f, s.card_deck)


def _cards(f: Finder, deck: DeckName) -> None:
    """The deck's cards by the words printed on them; twins (two nearest-railway cards) told
    apart by their place in the deck."""
    cards = f.table.decks.cards(deck)
    texts = [card_text(card, f.table.board) for card in cards]
    for card, text in zip(cards, texts, strict=True):
        twins = [c for c, t in zip(cards, texts, strict=True) if t == text]
        words = text if len(twins) == 1 else f"{text} (card {twins.index(card) + 1} of {len(twins)})"
        f.add(f"card:{card.id}", "card", words, {"type": "draw_card", "card": card.id},
              keep=False)


def _auction(f: Finder) -> None:
    s, a = f.s, f.s.auction
    assert a is not None
    floor = a.opening_bid if a.high_bid is None else a.high_bid + f.table.profile.auction_min_raise
    for p in s.active_players():
        f.add(f"bid:{p.name}", "auction", f"{p.name} bids (at least {m(floor)})",
              {"type": "bid", "player": p.name}, params=(("amount", "Bid", "amount", str(floor)),),
              trial={"type": "bid", "player": p.name, "amount": floor})

    def close(events: list[Event]) -> str:
        for e in events:
            if isinstance(e, ev.AuctionWinnerStruckOut):
                return f"Close: {e.player} cannot pay {m(e.amount)}; held again without them"
            if isinstance(e, ev.AuctionWon | ev.BuildingAuctionWon | ev.DeedSold
                          | ev.MortgagedDeedSold):
                buyer = str(getattr(e, "payer", None) or getattr(e, "buyer", ""))
                amount = int(getattr(e, "amount", 0) or getattr(e, "to_creditor", 0))
                what = f.name(a.space) if a.space is not None else f"a {a.kind}"
                return f"Close: {buyer} wins {what} for {m(amount)}"
            if isinstance(e, ev.SaleDecisionRequired):
                return f"Close: {m(e.amount)} is below the minimum; the seller decides"
        return "Close: nobody bid" + (f"; {f.name(a.space)} stays with the Bank"
                                      if a.space is not None and a.kind == "deed" else "")

    f.add("close_auction", "auction", close, {"type": "close_auction"})

