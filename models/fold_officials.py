"""The fold of the officials' events: the clock, breaks, disputes, cash counts, judges, corrections."""

from __future__ import annotations

from datetime import timedelta

from models import events as ev
from models.fold_base import FoldError, Handler, deed_of, jail_space, nothing, player_of, put, set_steps
from models.state import CashCheck, Clock, Dispute, GameState


def _clock(state: GameState) -> Clock:
    if state.clock is None:
        raise FoldError("a clock event in a game without a clock")
    return state.changing(state.clock)


def _clock_started(state: GameState, e: ev.ClockStarted) -> None:
    _clock(state).started_at = e.at
    _clock(state).minutes = e.minutes
    _clock(state).round = e.round
    _followed(_clock(state), e.hall_entry)


def _followed(clock: Clock, entry: int | None) -> None:
    if entry is not None:
        clock.hall_entry = max(clock.hall_entry, entry)


def _clock_paused(state: GameState, e: ev.ClockPaused) -> None:
    _clock(state).paused_at = e.at
    _clock(state).paused_round = e.round
    _followed(_clock(state), e.hall_entry)


def _clock_resumed(state: GameState, e: ev.ClockResumed) -> None:
    clock = _clock(state)
    if clock.paused_at is not None:
        clock.paused_ms += (e.at - clock.paused_at) // timedelta(milliseconds=1)
    clock.paused_at = None
    clock.paused_round = None
    _followed(clock, e.hall_entry)


def _length_set(state: GameState, e: ev.GameLengthSet) -> None:
    if state.clock is None:
        state.clock = Clock(minutes=e.minutes)
    else:
        _clock(state).minutes = e.minutes


def _announced(state: GameState, e: ev.AnnouncementMade) -> None:
    _clock(state).announced = [*_clock(state).announced, e.minutes_left]


def _announcements_passed(state: GameState, e: ev.AnnouncementsPassed) -> None:
    _clock(state).passed = [*_clock(state).passed, *e.marks]


def _time_called(state: GameState, e: ev.TimeCalled) -> None:
    _clock(state).called_at = e.at
    state.final_round = e.play_out_round


def _time_call_withdrawn(state: GameState, e: ev.TimeCallWithdrawn) -> None:
    clock = _clock(state)
    clock.called_at = None
    clock.announced = [mark for mark in clock.announced if mark not in e.announcements]
    clock.passed = [mark for mark in clock.passed if mark not in e.announcements]
    state.final_round = False
    where = state.before_end
    if e.reopened and where is not None:
        state.phase, state.offer = where.phase, where.offer
        state.auction = where.auction.model_copy(deep=True) if where.auction else None
        state.ended = state.winner = state.before_end = None


def _break_started(state: GameState, e: ev.BreakStarted) -> None:
    put(state, state.breaks, e.player, e.at)


def _break_ended(state: GameState, e: ev.BreakEnded) -> None:
    put(state, state.breaks, e.player, None)


def _dispute_raised(state: GameState, e: ev.DisputeRaised) -> None:
    state.disputes = [*state.disputes, Dispute(dispute=e.dispute, raised_by=e.raised_by,
                                               about=e.about, entries=list(e.entries))]


def _dispute_ruled(state: GameState, e: ev.DisputeRuled) -> None:
    state.disputes = [d.model_copy(update={"ruling": e.ruling}) if d.dispute == e.dispute else d
                      for d in state.disputes]


def _cash_counted(state: GameState, e: ev.CashCounted) -> None:
    state.checks = [*state.checks, CashCheck(check=e.check, player=e.player, counted=e.counted,
                                             balance=e.balance)]


def _count_settled(state: GameState, e: ev.CountSettled) -> None:
    state.checks = [c.model_copy(update={"finding": e.finding}) if c.check == e.check else c
                    for c in state.checks]


def _collected(state: GameState, e: ev.ScoresheetCollected) -> None:
    state.locked = True


def _unlocked(state: GameState, e: ev.GameUnlocked) -> None:
    state.locked = False


def _judge_added(state: GameState, e: ev.JudgeAdded) -> None:
    # A new dict, not an update in place: `clone` shares it between copies.
    state.judges = {**state.judges, e.name: e.pin_hash}
    if e.public_key is not None and e.sealed_key is not None:
        state.judge_keys = {**state.judge_keys, e.name: (e.public_key, e.sealed_key)}


def _judge_key_set(state: GameState, e: ev.JudgeKeySet) -> None:
    state.judge_keys = {**state.judge_keys, e.name: (e.public_key, e.sealed_key)}


def _deed_adjusted(state: GameState, e: ev.DeedAdjusted) -> None:
    deed = deed_of(state, e.space)
    deed.owner = e.owner
    deed.mortgaged = e.mortgaged


def _buildings_adjusted(state: GameState, e: ev.BuildingsAdjusted) -> None:
    deed = deed_of(state, e.space)
    after = 5 if e.hotel else e.houses
    set_steps(state, [ev.StepChange(space=e.space, before=deed.steps, after=after)])


def _token_adjusted(state: GameState, e: ev.TokenAdjusted) -> None:
    player_of(state, e.player).position = e.space


def _jail_adjusted(state: GameState, e: ev.JailAdjusted) -> None:
    player = player_of(state, e.player)
    player.in_jail = e.in_jail
    player.jail_turns = e.turns_served if e.in_jail else 0
    if e.in_jail:
        player.position = jail_space(state)


def _card_adjusted(state: GameState, e: ev.CardAdjusted) -> None:
    put(state, state.jail_cards, e.card, e.holder)


def _turn_adjusted(state: GameState, e: ev.TurnAdjusted) -> None:
    state.rolled = False
    state.proposal = None
    state.current = e.player
    if state.left_jail_by_double == e.player:
        state.left_jail_by_double = None  # a turn of their own again
    state.turn_no += 1  # a new turn: rent claims count their window from it
    state.phase = "roll"
    state.doubles = 0
    state.may_roll_again = False
    state.offer = None
    state.card_deck = None
    state.utility_due = None
    state.auction = None


# The kinds of event this part folds, with their handlers (models.fold merges the parts).
HANDLERS: dict[type, Handler] = {
    ev.CashAdjusted: nothing,
    ev.DeedAdjusted: _deed_adjusted,
    ev.BuildingsAdjusted: _buildings_adjusted,
    ev.TokenAdjusted: _token_adjusted,
    ev.JailAdjusted: _jail_adjusted,
    ev.CardAdjusted: _card_adjusted,
    ev.TurnAdjusted: _turn_adjusted,
    ev.ClockStarted: _clock_started,
    ev.ClockPaused: _clock_paused,
    ev.ClockResumed: _clock_resumed,
    ev.GameLengthSet: _length_set,
    ev.AnnouncementMade: _announced,
    ev.AnnouncementsPassed: _announcements_passed,
    ev.TimeCalled: _time_called,
    ev.TimeCallWithdrawn: _time_call_withdrawn,
    ev.BreakStarted: _break_started,
    ev.BreakEnded: _break_ended,
    ev.DisputeRaised: _dispute_raised,
    ev.DisputeRuled: _dispute_ruled,
    ev.FineImposed: nothing,
    ev.PlayerDisqualified: nothing,
    ev.CashCounted: _cash_counted,
    ev.CountSettled: _count_settled,
    ev.ScoresheetCollected: _collected,
    ev.GameUnlocked: _unlocked,
    ev.CommandsVoided: nothing,
    ev.JudgeAdded: _judge_added,
    ev.JudgeKeySet: _judge_key_set,
}
