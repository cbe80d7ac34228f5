"""`apply`: fold one event into the state. Pure bookkeeping; every decision was made in `decide`."""

from __future__ import annotations

from models import events as ev
from models import fold_estate, fold_officials, fold_turn
from models.events import BANK, Event
from models.fold_base import FoldError, Handler, player_of
from models.state import Clock, DeedState, GameState, PlayerState


def start(event: ev.GameStarted) -> GameState:
    """The state right after a game starts."""
    return GameState(
        profile=event.profile,
        board=event.board,
        decks=event.decks,
        players=[PlayerState(name=n, cash=event.starting_cash) for n in event.players],
        deeds={space: DeedState(space=space) for space in event.deeds},
        bank_houses=event.bank_houses,
        bank_hotels=event.bank_hotels,
        jail_space=event.jail_space,
        current=event.players[0],
        phase="deal" if event.setup else "roll",
        first_player=event.players[0],
        clock=Clock(minutes=event.minutes) if event.minutes else None,
        seq=1,
    )


def apply(state: GameState, event: Event) -> GameState:
    """Apply `event` to `state` in place and return it; raises FoldError if it does not fit."""
    kind = type(event)
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise FoldError(f"event {event.type} cannot follow the start of a game")
    try:
        if kind in MOVING_MONEY:  # most events move none: skip asking them
            for transfer in event.transfers():
                _move_money(state, transfer)
        handler(state, event)
    except KeyError as e:
        raise FoldError(f"event {event.type} names an unknown player or space: {e}") from e
    state.seq += 1
    return state


def _move_money(state: GameState, transfer: ev.Transfer) -> None:
    if transfer.source != BANK:
        player_of(state, transfer.source).cash -= transfer.amount
    if transfer.target != BANK:
        player_of(state, transfer.target).cash += transfer.amount


# Every kind of event but the start, with its handler: one flat dict, so `apply` looks it up once.
_HANDLERS: dict[type, Handler] = {**fold_turn.HANDLERS, **fold_estate.HANDLERS,
                                  **fold_officials.HANDLERS}

# The kinds of event that move money (their `transfers` is their own, not the base's empty one).
MOVING_MONEY = frozenset(kind for kind in (*_HANDLERS, ev.GameStarted) if ev.moves_money(kind))
