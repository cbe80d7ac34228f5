"""The table window's read models built from a game's state and events (the records: app/table/views.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from app.ledger import StoredEvent
from app.table import phases
from app.table.facts import Facts
from app.table.service import TableGame
from app.table.views import (
    AuctionView,
    ClaimView,
    ClockView,
    DebtView,
    DeedView,
    FeedEntry,
    PlayerView,
    SetHolding,
    SpaceView,
    TableView,
)
from app.table.voids import stored_to_event, voided
from app.table.words import TimelineEntries, entries_by_command
from models.board import Board, Railway, Street, Utility
from models.clock import remaining_ms
from models.deck import Decks
from models.describe import describe
from models.engine import Table
from models.events import BANK
from models.state import GameState

KEPT_VIEWS = 4096
RAILWAYS = "railway"
UTILITIES = "utility"


def table_view(game: TableGame) -> TableView:
    """The view of a game as it stands now: from its state and the facts the service keeps as
    entries are recorded (no event is read: the same cost at entry 20,000 as at entry 20)."""
    if game.table is None or game.state is None:
        raise ValueError("no game has been started in this ledger")
    return view_of(game.table, game.state, game.now(), (), game_id=game.game_id,
                   facts=game.facts.facts, head_seq=game.head_seq)


def view_at(game: TableGame, state: GameState, seq: int, now: datetime) -> TableView:
    """The view of `state`, the game right after entry `seq` (as the judge's time travel shows
    it): the facts worked out by the service's keeper from the latest of each kind before the
    entry, so no event is read or walked (the same cost at entry 20,000 as at entry 200)."""
    if game.table is None:
        raise ValueError("no game has been started in this ledger")
    return view_of(game.table, state, now, (), game_id=game.game_id,
                   facts=game.facts.at(seq, game.timeline.voided_upto(seq)), head_seq=seq)


def view_of(table: Table, state: GameState, now: datetime, events: Sequence[StoredEvent],
            game_id: str | None = None, *, facts: Facts | None = None,
            head_seq: int | None = None) -> TableView:
    """The view of any state of a game: `events` are the stored events that led to it (read
    for the facts the state does not keep, unless `facts` and `head_seq` are given)."""
    board = table.board
    if facts is None:
        facts = Facts.of(events, voided(list(events)))
    if head_seq is None:
        head_seq = events[-1].seq if events else state.seq
    deed_holdings = _space_views(board, state)
    holdings = _holdings(board, state)
    return TableView(
        game_id=game_id or (events[0].game_id if events else None),
        board_id=board.id, board_name=board.name, profile_id=state.profile,
        currency=board.currency,
        names_confirmed=all(s.name_confirmed for s in board.spaces),
        spaces=deed_holdings,
        players=tuple(_player_view(table, state, seat, facts,
                                   holdings.get(state.players[seat].name, ()))
                      for seat in range(len(state.players))),
        current=state.current, phase=state.phase, turn_no=state.turn_no,
        last_dice=state.last_dice, landed=facts.landed, offer=state.offer,
        card_deck=state.card_deck, clock=_clock_view(state, now, facts),
        claims=tuple(ClaimView(claim=c.claim, space=c.space, space_name=board.space(c.space).name,
                               payer=c.payer, owner=c.owner, amount=c.amount, turn_no=c.turn_no)
                     for c in state.claims),
        auction=_auction_view(board, state),
        debts=tuple(_debt(d.debtor, d.creditor, d.amount, d.reason) for d in state.debts),
        head_seq=head_seq,
        bank_houses=state.bank_houses, bank_hotels=state.bank_hotels,
        ended=state.ended, winner=state.winner, locked=state.locked,
        prompt=phases.prompt(table, state, now),
    )


def feed_entries(game: TableGame, last: int = 50,
                 events: Sequence[StoredEvent] | None = None) -> list[FeedEntry]:
    """The latest `last` ledger entries in plain words, oldest first, voided ones marked (by the
    service's timeline); `events`: the game's latest events if the caller holds them (at least
    `last` of them, or all), else only the last `last` are read."""
    if game.table is None:
        return []
    stored = recent_events(game, last) if events is None else events
    return entries_of(game.table.board, stored, last, game.timeline.voided,
                      decks=game.table.decks, entries=TimelineEntries(game.timeline))


def recent_events(game: TableGame, last: int) -> list[StoredEvent]:
    """The game's latest `last` events, oldest first: only those are read."""
    if game.game_id is None or last <= 0:
        return []
    return game.ledger.events(game.game_id, upto_seq=game.head_seq,
                              from_seq=max(1, game.head_seq - last + 1))


def entries_of(board: Board, events: Sequence[StoredEvent], last: int = 50,
               void: set[int] | None = None, *, decks: Decks | None = None,
               entries: Mapping[int, Sequence[int]] | None = None) -> list[FeedEntry]:
    """The latest `last` of `events` as feed entries; `void`: the voided commands' numbers
    (else the void entries among `events` are looked at); `decks` for the cards' printed words;
    `entries`: each command's entries, for a void's words (else found among `events`)."""
    if void is None:
        void = voided(list(events))
    tail = events[-last:] if last > 0 else []
    if entries is None and any(s.type == "commands_voided" for s in tail):
        entries = entries_by_command((s.seq, s.command_no) for s in events)
    return [FeedEntry(seq=s.seq, time=s.recorded_at.astimezone(UTC),
                      actor=f"{s.actor_role}:{s.actor_name}",
                      text=describe(stored_to_event(s), board, decks=decks, entries=entries),
                      voided=s.command_no in void) for s in tail]


@dataclass(frozen=True, slots=True)
class _BoardSets:
    """Each space's set (its id, name and colour order) and each set's deeds in board order,
    worked out once per board: every view of a game asks them for each deed and each player."""

    of: dict[int, tuple[str | None, str | None, int | None]]
    members: dict[str, tuple[int, ...]]
    # The views made so far, by what they show: the same holding is the same object, so a
    # window comparing the new view with the old one finds the unchanged parts at once.
    spaces: dict[tuple[int, str | None, bool, int], SpaceView] = field(default_factory=dict)
    holdings: dict[tuple[str, tuple[tuple[int, bool, int], ...]], SetHolding] = field(
        default_factory=dict)


_SETS: dict[int, tuple[Board, _BoardSets]] = {}


def _sets(board: Board) -> _BoardSets:
    kept = _SETS.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    found = _BoardSets({space.index: _set_found(board, space.index) for space in board.spaces},
                       _members(board))
    if len(_SETS) > 16:  # a few boards at a time (the table's, a judge's, the editor's)
        _SETS.clear()
    _SETS[id(board)] = (board, found)  # the board held, so its id is not reused meanwhile
    return found


def _bounded(made: dict[Any, Any]) -> None:
    """Views kept for reuse stay a few thousand (a long game's many ways of holding a set)."""
    if len(made) >= KEPT_VIEWS:
        made.clear()


def _set_found(board: Board, index: int) -> tuple[str | None, str | None, int | None]:
    space = board.space(index)
    if isinstance(space, Street):
        order = next(i for i, g in enumerate(board.groups) if g.id == space.group)
        return space.group, board.groups[order].name, order
    if isinstance(space, Railway):
        return RAILWAYS, "Railways", None
    if isinstance(space, Utility):
        return UTILITIES, "Utilities", None
    return None, None, None


def _members(board: Board) -> dict[str, tuple[int, ...]]:
    members: dict[str, list[int]] = {g.id: [] for g in board.groups}
    members[RAILWAYS], members[UTILITIES] = [], []
    for deed in board.deeds():
        set_id, _, _ = _set_found(board, deed.index)
        assert set_id is not None
        members[set_id].append(deed.index)
    return {set_id: tuple(indexes) for set_id, indexes in members.items()}


def board_preview(board: Board) -> TableView:
    """The board as the table window draws it, with no game on it (no players, nothing owned),
    for the board editor: its id is keyed by the board's contents, so the board widget redraws
    whenever they change."""
    digest = hashlib.sha256(board.model_dump_json().encode()).hexdigest()[:16]
    return TableView(
        game_id=f"board-editor:{digest}", board_id=board.id, board_name=board.name,
        profile_id="", currency=board.currency,
        names_confirmed=all(s.name_confirmed for s in board.spaces),
        spaces=_space_views(board, None), players=(), current="", phase="", turn_no=0,
        last_dice=None, landed=None, offer=None, card_deck=None, clock=None, claims=(),
        auction=None, debts=(), head_seq=0, bank_houses=32, bank_hotels=12, ended=None,
        winner=None, locked=False)


def _space_views(board: Board, state: GameState | None) -> tuple[SpaceView, ...]:
    sets = _sets(board)
    views = []
    for space in board.spaces:
        deed = state.deeds.get(space.index) if state is not None else None
        key = ((space.index, deed.owner, deed.mortgaged, deed.steps) if deed is not None
               else (space.index, None, False, 0))
        view = sets.spaces.get(key)
        if view is None:  # made once per space and holding: a roll moves few of them
            _bounded(sets.spaces)
            set_id, set_name, order = sets.of[space.index]
            price = space.price if isinstance(space, Street | Railway | Utility) else None
            view = sets.spaces[key] = SpaceView(
                index=space.index, name=space.name, kind=space.kind, set_id=set_id,
                set_name=set_name, set_order=order, price=price,
                name_confirmed=space.name_confirmed, owner=key[1], mortgaged=key[2],
                steps=key[3])
        views.append(view)
    return tuple(views)


def _holdings(board: Board, state: GameState) -> dict[str, tuple[SetHolding, ...]]:
    """Each owner's holdings, set by set in the board's order: one pass over the deeds for
    every player (a view is made at every roll and every judge's jump)."""
    sets = _sets(board)
    deeds = state.deeds
    found: dict[str, list[SetHolding]] = {}
    for order, (set_id, members) in enumerate(sets.members.items()):
        owners: dict[str, list[tuple[int, bool, int]]] = {}
        for i in members:
            deed = deeds[i]
            if deed.owner is not None:
                owners.setdefault(deed.owner, []).append((i, deed.mortgaged, deed.steps))
        for name, held in owners.items():
            owned = tuple(held)
            key = (set_id, owned)
            holding = sets.holdings.get(key)
            if holding is None:  # made once per set and way of holding it
                _bounded(sets.holdings)
                _, set_name, _ = sets.of[owned[0][0]]
                assert set_name is not None
                holding = sets.holdings[key] = SetHolding(
                    set_id=set_id, name=set_name,
                    set_order=order if order < len(board.groups) else None,
                    deeds=tuple(DeedView(space=i, name=board.space(i).name, mortgaged=mortgaged,
                                         steps=steps) for i, mortgaged, steps in owned),
                    size=len(members), full=len(owned) == len(members))
            found.setdefault(name, []).append(holding)
    return {name: tuple(held) for name, held in found.items()}


def _player_view(table: Table, state: GameState, seat: int, facts: Facts,
                 holdings: tuple[SetHolding, ...]) -> PlayerView:
    board = table.board
    p = state.players[seat]
    return PlayerView(
        name=p.name, seat=seat + 1, cash=p.cash, position=p.position,
        space_name=board.space(p.position).name, in_jail=p.in_jail, jail_turns=p.jail_turns,
        jail_cards=tuple(sorted(_card_label(table, card) for card, holder
                                in state.jail_cards.items() if holder == p.name)),
        bankrupt=p.bankrupt, bankrupt_rank=p.bankrupt_rank,
        disqualified=p.name in facts.disqualified, absent=p.name in facts.absent,
        away_since=state.breaks.get(p.name),
        to_act=p.name == _to_act(state),
        holdings=holdings,
        debts=tuple(_debt(d.debtor, d.creditor, d.amount, d.reason)
                    for d in state.debts if d.debtor == p.name))


def _to_act(state: GameState) -> str | None:
    # An open debt holds up play until it is paid or the debtor goes bankrupt (engine: only the
    # raising commands are taken), so the first debtor is the one to act.
    if state.phase == "over":
        return None
    if state.debts:
        return state.debts[0].debtor
    return state.current


def _card_label(table: Table, card_id: str) -> str:
    try:
        return table.decks.card(card_id)[1].label
    except KeyError:
        return card_id


def _clock_view(state: GameState, now: datetime, facts: Facts) -> ClockView | None:
    clock = state.clock
    if clock is None:
        return None
    started = clock.started_at is not None
    return ClockView(
        minutes=clock.minutes,
        remaining_ms=remaining_ms(clock, now) if started else clock.minutes * 60_000,
        started=started, paused=clock.paused_at is not None,
        pause_reason=facts.pause_reason if clock.paused_at is not None else None,
        announced=tuple(clock.announced), time_called=clock.called_at is not None,
        final_round=state.final_round)


def _auction_view(board: Board, state: GameState) -> AuctionView | None:
    a = state.auction
    if a is None:
        return None
    return AuctionView(
        space=a.space, space_name=board.space(a.space).name if a.space is not None else None,
        kind=a.kind, opening_bid=a.opening_bid, high_bid=a.high_bid, high_bidder=a.high_bidder,
        excluded=tuple(a.excluded), seller=a.seller, minimum=a.minimum, creditor=a.creditor,
        queue=tuple(board.space(i).name for i in a.queue))


def _debt(debtor: str, creditor: str, amount: int, reason: str) -> DebtView:
    return DebtView(debtor=debtor, creditor="the Bank" if creditor == BANK else creditor,
                    amount=amount, reason=reason)

