"""The commands worth offering the banker in a position, each with its words (for app/actions)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from models import events as ev
from models.board import Street
from models.engine import Table
from models.events import Event
from models.pricing import preview
from models.state import Claim, GameState

Group = Literal["setup", "dice", "purchase", "auction", "rent", "card", "jail", "build", "sell",
                "mortgage", "deal", "sale", "fine", "debt", "officials", "judge"]
ParamKind = Literal["amount", "text", "dice", "number", "choice", "pin"]
Label = str | Callable[[list[Event]], str]
# A choice's words and the value it puts in the command (None: the Bank, back to the deck).
Choices = tuple[tuple[str, Any], ...]
# (path, prompt, kind, default[, choices]): see app.actions.Param
ParamSpec = tuple[str, str, ParamKind, str] | tuple[str, str, ParamKind, str, Choices]
Form = Literal["deal", "sale", "deal_hands", "prebuild", "scoresheet"]


@dataclass(frozen=True)
class Candidate:
    """A command to try; `trial` is it with sample values when the banker types some of them."""

    id: str
    group: Group
    label: Label
    command: dict[str, Any]
    trial: dict[str, Any] | None = None
    params: tuple[ParamSpec, ...] = ()
    keep_refused: bool = True  # show it disabled with the reason when refused
    form: Form | None = None  # a form in the window gathers the command
    tried: bool = True  # False: no trial now (a judge's correction, checked when it is sent)


def m(amount: int) -> str:
    return f"M{amount:,}"


def _priced(before: str, kind: type[Event], after: str = "") -> Callable[[list[Event]], str]:
    """A label whose amount is the one the engine decided (the event of `kind`)."""

    def label(events: list[Event]) -> str:
        if not any(isinstance(e, kind) for e in events):  # refused: no amount was decided
            return f"{before.removesuffix(' for ')}{after}"
        return f"{before}{m(_amount(events, kind))}{after}"

    return label


def _amount(events: list[Event], kind: type[Event]) -> int:
    for event in events:
        if isinstance(event, kind):
            return int(getattr(event, "amount", 0))
    return 0


@dataclass
class _Finder:
    table: Table
    s: GameState
    found: list[Candidate] = field(default_factory=list)

    def add(self, id: str, group: Group, label: Label, command: dict[str, Any], *,
            params: tuple[ParamSpec, ...] = (), trial: dict[str, Any] | None = None,
            keep: bool = True, form: Form | None = None, tried: bool = True) -> None:
        self.found.append(Candidate(id, group, label, command, trial, params, keep, form,
                                    tried))

    def name(self, space: int) -> str:
        return self.table.board.space(space).name


def candidates(table: Table, state: GameState) -> list[Candidate]:
    """Every action the window offers in this position, in the order the banker needs them."""
    f = _Finder(table, state)
    _setup(f)
    _turn(f)
    _debts(f)
    _claims(f)
    _estate(f)
    _sales(f)
    _officials(f)
    _judge(f)
    return f.found


def _setup(f: _Finder) -> None:
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


def _turn(f: _Finder) -> None:
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
        for card in f.table.decks.cards(s.card_deck):
            f.add(f"card:{card.id}", "card", card.label, {"type": "draw_card", "card": card.id},
                  keep=False)


def _auction(f: _Finder) -> None:
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


def claim_deadline(table: Table, s: GameState, claim: Claim) -> str:
    """Until when a claim may be collected: the player whose roll lapses it (RULES: the window)."""
    turns = claim.turn_no + table.profile.rent_claim_window_turns - s.turn_no
    player = s.current
    for _ in range(max(turns, 0)):
        player = s.next_player_after(player)
    return f"open until {player} rolls"


def _claim_words(f: _Finder, claim: Claim) -> str:
    deed = f.s.deeds[claim.space]
    built = ("a hotel" if deed.hotel else f"{deed.houses} house" + "s" * (deed.houses != 1)
             if deed.houses else "")
    where = f.name(claim.space) + (f", {built}" if built else "")
    return (f"Collect {m(claim.amount)} from {claim.payer}: {where} — "
            f"{claim_deadline(f.table, f.s, claim)}")


def _claims(f: _Finder) -> None:
    for claim in f.s.claims:
        f.add(f"collect:{claim.claim}", "rent", _claim_words(f, claim),
              {"type": "collect_rent", "claim": claim.claim})


def _debts(f: _Finder) -> None:
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
              _priced(f"{due.player} pays ", ev.MortgageInterestPaid,
                      f" ({pct}%) and keeps {f.name(due.space)} mortgaged"),
              {"type": "keep_mortgaged", "player": due.player, "space": due.space})
        f.add(f"lift:{due.space}", "debt",
              _priced(f"{due.player} lifts {f.name(due.space)} for ", ev.MortgageLifted),
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


def _estate(f: _Finder) -> None:
    s, board = f.s, f.table.board
    # Whoever must raise money first, then the player to act, then the others in turn order.
    debtors = {d.debtor for d in s.debts}
    for player in sorted(s.active_players(),
                         key=lambda p: (p.name not in debtors, p.name != s.current)):
        who = player.name
        for add in _build_choices(f, who):
            total = sum(p for space, n in add.items() for _, p in preview(
                f.table.profile, _street(f, space), s.deeds[space].steps,
                s.deeds[space].steps + n))
            key = ",".join(f"{k}+{v}" for k, v in sorted(add.items()))
            f.add(f"build:{who}:{key}", "build",
                  f"{who} builds — {build_words(f.table, s, add)} (total {m(total)})",
                  {"type": "build", "player": who, "add": {str(k): v for k, v in add.items()}},
                  keep=s.build_right is not None or s.phase == "placement")
        for deed in s.owned_by(who):
            name = board.space(deed.space).name
            if deed.steps:
                f.add(f"sell:{who}:{deed.space}", "sell",
                      _priced(f"{who} sells a building on {name} for ", ev.BuildingsSold),
                      {"type": "sell_buildings", "player": who, "remove": {str(deed.space): 1}})
            if deed.mortgaged:
                f.add(f"lift:{who}:{deed.space}", "mortgage",
                      _priced(f"{who} lifts the mortgage on {name} for ", ev.MortgageLifted),
                      {"type": "lift", "player": who, "space": deed.space})
            else:
                f.add(f"mortgage:{who}:{deed.space}", "mortgage",
                      _priced(f"{who} mortgages {name} for ", ev.DeedMortgaged),
                      {"type": "mortgage", "player": who, "space": deed.space})
    for kind in ("house", "hotel"):
        f.add(f"auction_building:{kind}", "build", f"Auction a {kind} (too few for all who want one)",
              {"type": "auction_building", "kind": kind}, keep=False)


def _street(f: _Finder, space: int) -> Street:
    street = f.table.board.deed(space)
    assert isinstance(street, Street)
    return street


def _build_choices(f: _Finder, who: str) -> list[dict[int, int]]:
    s, board = f.s, f.table.board
    right = s.build_right
    if f.table.profile.building == "on_landing" and s.phase != "placement":
        if right is None or right.player != who:
            return []
        plots = sorted(p for p in right.at_landing if not s.deeds[p].mortgaged)
        choices = [{right.space: 1}]
        if len(plots) > 1:
            choices.append({p: 1 for p in plots})
        return choices
    choices = []
    for group in board.groups:
        streets = board.streets_of(group.id)
        if streets and all(s.deeds[x.index].owner == who for x in streets):
            choices += [{x.index: 1} for x in streets if s.deeds[x.index].steps < 5]
            if len(streets) > 1 and all(s.deeds[x.index].steps < 5 for x in streets):
                choices.append({x.index: 1 for x in streets})
    return choices


def _sales(f: _Finder) -> None:
    if f.table.profile.trading == "bank_auction":
        _px_sales(f)
    # Deals and sales between players are gathered on the deal form (app.actions adds it when
    # one is allowed now): one candidate per deed and buyer would cost a trial each.


def _px_sales(f: _Finder) -> None:
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


def _officials(f: _Finder) -> None:
    s = f.s
    if s.clock is not None and s.clock.started_at is None:
        f.add("start_clock", "officials", f"Start the clock ({s.clock.minutes} minutes)",
              {"type": "start_clock"})
    for p in s.active_players():
        who = p.name
        if who in s.breaks:
            f.add(f"returned:{who}", "officials", f"{who} is back at the table",
                  {"type": "player_returned", "player": who})
        else:
            f.add(f"break:{who}", "officials", f"{who} leaves for a toilet break",
                  {"type": "toilet_break", "player": who}, keep=False)
        f.add(f"absent:{who}", "officials", f"{who} is absent at the start (out of the game)",
              {"type": "declare_absent", "player": who}, keep=False)
        fine = {"type": "fine", "player": who}
        f.add(f"fine:{who}", "fine", f"Fine {who} (to the Bank)", fine,
              params=(("amount", "Amount", "amount", ""), ("reason", "Reason", "text", "")),
              trial={**fine, "amount": 1, "reason": "reason"})
        count = {"type": "count_cash", "player": who}
        f.add(f"count:{who}", "officials", f"Count {who}'s cash (ledger says {m(p.cash)})",
              count, params=(("counted", "Counted", "amount", ""),),
              trial={**count, "counted": p.cash})
    dispute = {"type": "raise_dispute"}
    f.add("dispute", "officials", "Raise a dispute", dispute,
          params=(("raised_by", "Raised by", "text", "banker"), ("about", "About", "text", "")),
          trial={**dispute, "raised_by": "banker", "about": "about"})
    if s.ended is not None:
        f.add("scoresheet", "officials", f"The game is over ({s.ended}): the scoresheet — "
              "preview, print, PDF, collect", {}, form="scoresheet", tried=False)
    if s.phase == "over":
        f.add("collect_scoresheet", "officials", "Collect the signed scoresheet (locks the game)",
              {"type": "collect_scoresheet"}, keep=False)


def _judge(f: _Finder) -> None:
    s = f.s
    if s.clock is not None and s.clock.started_at is not None:
        if s.clock.paused_at is None:
            pause = {"type": "pause_clock"}
            f.add("pause_clock", "judge", "Judge: pause the clock", pause,
                  params=(("reason", "Reason", "text", ""),), trial={**pause, "reason": "reason"})
        else:
            f.add("resume_clock", "judge", "Judge: resume the clock", {"type": "resume_clock"})
    length = {"type": "set_game_length"}
    f.add("set_game_length", "judge", "Judge: set the game length", length,
          params=(("minutes", "Minutes", "number", ""), ("reason", "Reason", "text", "")),
          trial={**length, "minutes": 60, "reason": "reason"}, keep=False)
    for d in s.disputes:
        if d.ruling is None:
            rule = {"type": "rule_dispute", "dispute": d.dispute}
            f.add(f"rule:{d.dispute}", "judge", f"Judge: rule on dispute {d.dispute} ({d.about})",
                  rule, params=(("ruling", "Ruling", "text", ""),),
                  trial={**rule, "ruling": "ruling"})
    for c in s.checks:
        if c.finding is None and c.difference:
            for finding, words in (("ledger_corrected", "the ledger was corrected"),
                                   ("count_wrong", "the count was wrong")):
                settle = {"type": "settle_count", "check": c.check, "finding": finding}
                f.add(f"settle:{c.check}:{finding}", "judge",
                      f"Judge: settle cash count {c.check}: {words}", settle,
                      params=(("reason", "Reason", "text", ""),),
                      trial={**settle, "reason": "reason"})
    for p in s.active_players():
        dq = {"type": "disqualify", "player": p.name}
        f.add(f"disqualify:{p.name}", "judge", f"Judge: disqualify {p.name}", dq,
              params=(("reason", "Reason", "text", ""),), tried=False)
    if s.locked:
        f.add("unlock", "judge", "Judge: unlock the game", {"type": "unlock"},
              params=(("reason", "Reason", "text", ""),),
              trial={"type": "unlock", "reason": "reason"})
    rewind = {"type": "rewind"}
    f.add("rewind", "judge", "Judge: rewind to a ledger entry", rewind,
          params=(("to_seq", "After entry number", "number", ""), ("reason", "Reason", "text", "")),
          tried=False)  # trying it would read the whole ledger; the service checks it when sent
    _adjustments(f)
    if s.clock is not None and s.clock.called_at is not None:
        withdraw = {"type": "withdraw_time_call"}
        f.add("withdraw_time_call", "judge", "Judge: withdraw the time call", withdraw,
              params=(("reason", "Reason", "text", ""),), tried=False)
        f.add("withdraw_time_call:length", "judge",
              "Judge: withdraw the time call and set a new game length", withdraw,
              params=(("minutes", "New length in minutes", "number", ""),
                      ("reason", "Reason", "text", "")), tried=False)
    f.add("add_judge", "judge", "Judge: register another judge for this game",
          {"type": "add_judge"}, params=(("name", "New judge's name", "text", ""),
                                         ("pin_hash", "New judge's PIN (6+ digits)", "pin", "")),
          tried=False)


YES_NO: Choices = (("no", False), ("yes", True))


def _adjustments(f: _Finder) -> None:
    """The judge's corrections (RULES: not bound by the game rules; the totals still balance).
    Each is checked by the engine when it is sent, not tried here."""
    s, board = f.s, f.table.board
    players: Choices = tuple((p.name, p.name) for p in s.players)
    accounts: Choices = (("the Bank", "bank"), *players)
    owners: Choices = (("the Bank", None), *players)
    deeds: Choices = tuple((d.name, d.index) for d in board.deeds())
    streets: Choices = tuple((d.name, d.index) for d in board.deeds() if isinstance(d, Street))
    spaces: Choices = tuple((f"{x.index} {x.name}", x.index) for x in board.spaces)
    cards: Choices = tuple((c.label + f" ({c.id})", c.id) for c in f.table.decks.chance
                           + f.table.decks.chest if c.effect.kind == "get_out_of_jail_free")
    reason: ParamSpec = ("reason", "Reason", "text", "")
    first = s.current
    for id, label, extra in (
            ("adjust_cash", "move cash between two accounts",
             (("from_account", "From", "choice", "the Bank", accounts),
              ("to_account", "To", "choice", first, accounts),
              ("amount", "Amount", "amount", ""))),
            ("adjust_deed", "set a deed's owner and mortgage",
             (("space", "Deed", "choice", deeds[0][0], deeds),
              ("owner", "Owner", "choice", "the Bank", owners),
              ("mortgaged", "Mortgaged", "choice", "no", YES_NO))),
            ("adjust_buildings", "set the buildings on a street",
             (("space", "Street", "choice", streets[0][0], streets),
              ("houses", "Houses (0 to 4)", "number", "0"),
              ("hotel", "Hotel", "choice", "no", YES_NO))),
            ("adjust_token", "put a token on a space",
             (("player", "Player", "choice", first, players),
              ("space", "Space", "choice", spaces[0][0], spaces))),
            ("adjust_jail", "send to or free from Jail",
             (("player", "Player", "choice", first, players),
              ("in_jail", "In Jail", "choice", "yes", YES_NO),
              ("turns_served", "Turns served there (0 to 2)", "number", "0"))),
            ("adjust_card", "hand a Get Out of Jail Free card over",
             (("card", "Card", "choice", cards[0][0] if cards else "", cards),
              ("holder", "Holder", "choice", first, (("back to its deck", None), *players)))),
            ("adjust_turn", "make it a player's turn",
             (("player", "Player", "choice", first, players),))):
        f.add(id, "judge", f"Judge: {label}", {"type": id},
              params=(*extra, reason), tried=False)
