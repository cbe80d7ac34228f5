"""The engine: `decide` turns a valid command into events, `legal_commands` lists what may come."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

from models import (
    adjustments,
    bankruptcy,
    building,
    cards,
    clock,
    judges,
    market,
    mortgagee,
    mortgages,
    officials,
    sales,
    setup,
    trade,
    turn,
)
from models import commands as cm
from models import events as ev
from models.choices import candidates
from models.clock import time_is_up
from models.commands import Command
from models.errors import BadInput, BankerError, RuleViolation
from models.events import Event
from models.fold import apply, start
from models.officials import paused_by_break
from models.state import GameState
from models.table import Scratch, Table

__all__ = ["Table", "advance", "apply", "decide", "first_accepted", "legal_commands", "replay",
           "start"]

_HANDLERS: dict[type, Callable[[Scratch, Any], None]] = {
    cm.Roll: turn.roll,
    cm.PayJailFine: turn.pay_jail_fine,
    cm.UseJailCard: turn.use_jail_card,
    cm.Buy: market.buy,
    cm.Decline: market.decline,
    cm.Bid: market.bid,
    cm.CloseAuction: market.close_auction,
    cm.CollectRent: market.collect_rent,
    cm.PayDebt: market.pay_debt,
    cm.DrawCard: cards.draw_card,
    cm.Build: building.build,
    cm.SellBuildings: building.sell_buildings,
    cm.AuctionBuilding: building.auction_building,
    cm.Mortgage: mortgages.mortgage,
    cm.Lift: mortgages.lift,
    cm.KeepMortgaged: mortgages.keep_mortgaged,
    cm.Trade: trade.trade,
    cm.DeclareBankruptcy: bankruptcy.declare_bankruptcy,
    cm.DealDeeds: setup.deal_deeds,
    cm.Prebuild: setup.prebuild,
    cm.StartPlay: setup.start_play,
    cm.OfferSale: sales.offer_sale,
    cm.OfferPurchase: sales.offer_purchase,
    cm.AnswerProposal: sales.answer_proposal,
    cm.DecideSale: sales.decide_sale,
    cm.MortgageeSale: mortgagee.mortgagee_sale,
    cm.StartClock: clock.start_clock,
    cm.PauseClock: clock.pause_clock,
    cm.ResumeClock: clock.resume_clock,
    cm.SetGameLength: clock.set_game_length,
    cm.WithdrawTimeCall: clock.withdraw_time_call,
    cm.ClockTick: clock.clock_tick,
    cm.ToiletBreak: officials.toilet_break,
    cm.PlayerReturned: officials.player_returned,
    cm.DeclareAbsent: officials.declare_absent,
    cm.RaiseDispute: officials.raise_dispute,
    cm.RuleDispute: officials.rule_dispute,
    cm.Fine: officials.fine,
    cm.Disqualify: officials.disqualify,
    cm.CountCash: officials.count_cash,
    cm.SettleCount: officials.settle_count,
    cm.CollectScoresheet: officials.collect_scoresheet,
    cm.Unlock: officials.unlock,
    cm.AddJudge: judges.add_judge,
    cm.SetJudgeKey: judges.set_judge_key,
    cm.AdjustCash: adjustments.adjust_cash,
    cm.AdjustDeed: adjustments.adjust_deed,
    cm.AdjustBuildings: adjustments.adjust_buildings,
    cm.AdjustToken: adjustments.adjust_token,
    cm.AdjustJail: adjustments.adjust_jail,
    cm.AdjustCard: adjustments.adjust_card,
    cm.AdjustTurn: adjustments.adjust_turn,
}

# While a debt or a mortgaged deed's interest is open, play waits; these may still happen
# (they raise or settle money, or are the judge's).
_RAISING = (cm.PayDebt, cm.CollectRent, cm.SellBuildings, cm.Mortgage, cm.Trade,
            cm.DeclareBankruptcy, cm.OfferSale, cm.Bid, cm.CloseAuction, cm.DecideSale,
            cm.AnswerProposal, cm.MortgageeSale, *cm.ADJUSTMENTS)
_DURING_INTEREST = (*_RAISING, cm.Lift, cm.KeepMortgaged)
# PX before the first roll: only the deal, its auctions, the pre-build and the judge.
_SETUP = (cm.DealDeeds, cm.Prebuild, cm.StartPlay, cm.Bid, cm.CloseAuction, *cm.ADJUSTMENTS)


# The same groups as sets of classes: a command's class is looked up once, not tested against
# each class of a tuple (no command class is subclassed, so the two agree).
_RAISING_KINDS = frozenset(_RAISING)
_DURING_INTEREST_KINDS = frozenset(_DURING_INTEREST)
_SETUP_KINDS = frozenset(_SETUP)
_JUDGE_ONLY_KINDS = frozenset(cm.JUDGE_ONLY)
_OFFICIAL_KINDS = frozenset((*cm.OFFICIAL, *cm.ADJUSTMENTS))


def is_raising(command: Command) -> bool:
    """Whether a command may be made while a debt is open (it raises or settles money)."""
    return type(command) in _RAISING_KINDS


def decide(table: Table, state: GameState | None, command: Command) -> list[Event]:
    """The events `command` brings about; raises RuleViolation or BadInput and changes nothing."""
    if type(command) is cm.NewGame:  # (no command class is subclassed; see the kinds above)
        if state is not None:
            raise BadInput("this ledger already holds a game; open a new file for a new game")
        return [new_game(table, command), *judges.registered_with(table, command)]
    if state is None:
        raise BadInput("no game has been started: the first command is new_game")
    # Worked out on the state itself, with `apply` the only writer; its undo journal puts back
    # whatever the events changed, whether the command is accepted or refused.
    state.begin()
    try:
        return _events(table, state, command)
    finally:
        state.rollback()


def advance(table: Table, state: GameState, command: Command,
            watch: Callable[[GameState, Event], None] | None = None) -> list[Event]:
    """Like `decide`, but an accepted command's events are left applied to `state` (as if each
    had been folded in with `apply`); a refused command raises and changes nothing. `watch`, if
    given, sees the state after each event (also those of a command refused after them)."""
    if type(command) is cm.NewGame:
        raise BadInput("this ledger already holds a game; open a new file for a new game")
    state.begin()
    try:
        events = _events(table, state, command, watch)
    except BaseException:
        state.rollback()
        raise
    state.commit()
    return events


def _events(table: Table, state: GameState, command: Command,
            watch: Callable[[GameState, Event], None] | None = None) -> list[Event]:
    scratch = Scratch(table, state, command.at, watch)  # (positional: a third cheaper to call)
    _check_gates(scratch, command)
    _HANDLERS[type(command)](scratch, command)
    turn.finish(scratch)
    return scratch.events


def _check_gates(t: Scratch, command: Command) -> None:
    """What the state of the game allows before any command's own rules are asked."""
    state = t.state
    kind = type(command)
    if kind is cm.Undo or kind is cm.Rewind:
        raise BadInput("undo and rewind are recorded by the ledger service, not decided by the rules")
    if (command.actor is not None and command.actor.role != "judge"
            and kind in _JUDGE_ONLY_KINDS):
        t.refuse("judge", f"only a judge may {command.type.replace('_', ' ')}")
    if state.locked:
        # A judge who signs in to unlock may first need their key (set_judge_key).
        if kind is not cm.Unlock and kind is not cm.SetJudgeKey:
            t.refuse("locked", "the scoresheet has been collected: the game is locked")
        return
    if kind in _OFFICIAL_KINDS:
        return  # the officials act whatever the state of play
    phase = state.phase
    if phase == "over":
        timed_out = (state.ended or "").startswith("time")
        t.refuse("time" if timed_out else "game_over", f"the game is over ({state.ended})")
    # Most games have no clock and no one away: the two checks are skipped without a call.
    if state.clock is not None and time_is_up(state, t.now) and not state.final_round:
        t.refuse("time", "time is up: all gameplay stops")
    hall = state.clock.paused_round if state.clock is not None else None
    if hall is not None:
        t.refuse("hall_pause", "the hall is paused by the head judge: no play until the hall "
                 "resumes (a judge's correction and the banker's undo stay open)")
    away = paused_by_break(t, t.now) if state.breaks else None
    if away is not None:
        t.refuse("toilet_break", f"play is paused while {away} is away "
                 f"(at most {t.profile.break_minutes} minutes)")
    setting_up = phase in ("deal", "prebuild") or (
        state.auction is not None and state.auction.resume == "prebuild")
    if setting_up and kind not in _SETUP_KINDS:
        t.refuse("setup_deal", "the game is being set up: deal, auctions, pre-build, start")
    if phase == "placement" and state.placement is not None and kind is not cm.Build:
        t.refuse("building_shortage", f"{state.placement.player} first places the "
                 f"{state.placement.kind} won at auction")
    if state.debts and kind not in _RAISING_KINDS:
        debt = state.debts[0]
        t.refuse("debt", f"{debt.debtor} owes M{debt.amount} to {debt.creditor} "
                 f"({debt.reason}); that is settled first")
    if state.interest_due and kind not in _DURING_INTEREST_KINDS:
        due = state.interest_due[0]
        t.refuse("keep_mortgaged", f"{due.player} must first lift {t.board.space(due.space).name} "
                 "or pay the 10% and keep it mortgaged")


def new_game(table: Table, cmd: cm.NewGame) -> ev.GameStarted:
    """Seat the players in turn order from the recorded roll-off."""
    profile = table.profile
    clause = profile.clause
    count = len(cmd.players)
    if not profile.players_min <= count <= profile.players_max:
        raise RuleViolation(clause("players"), f"a {profile.code} table seats "
                            f"{profile.players_min} to {profile.players_max} players, not {count}")
    if len(set(cmd.players)) != count:
        raise BadInput("two players have the same name")
    if any(name.lower() == ev.BANK for name in cmd.players):
        raise BadInput("'bank' is the Bank's account, not a player's name")
    first = _roll_off_winner(cmd, clause("roll_off"))
    seat = cmd.players.index(first)
    order = cmd.players[seat:] + cmd.players[:seat]
    return ev.GameStarted(
        profile=profile.id, board=table.board.id, decks=table.decks.id, players=order,
        deeds=[d.index for d in table.board.deeds()], jail_space=table.board.jail_index,
        starting_cash=profile.starting_cash, bank_houses=profile.bank_houses,
        bank_hotels=profile.bank_hotels, rules_digest=table.digest(),
        setup=profile.setup != "none", minutes=profile.game_minutes,
    )


def _roll_off_winner(cmd: cm.NewGame, clause: str) -> str:
    contenders = list(cmd.players)
    for number, throws in enumerate(cmd.roll_off, start=1):
        if sorted(throws) != sorted(contenders):
            raise RuleViolation(clause, f"roll-off round {number} must be thrown by "
                                f"{', '.join(contenders)}, not {', '.join(throws)}")
        best = max(sum(d) for d in throws.values())
        contenders = [name for name in contenders if sum(throws[name]) == best]
        if len(contenders) == 1:
            if number != len(cmd.roll_off):
                raise RuleViolation(clause, f"the roll-off was decided in round {number}; "
                                    "later rounds are not thrown")
            return contenders[0]
    raise RuleViolation(clause, f"the roll-off is still tied between {', '.join(contenders)}; "
                        "record another round")


def replay(table: Table, events: list[Event]) -> GameState | None:
    """The state after `events`, folded from the first."""
    if not events:
        return None
    first = events[0]
    if not isinstance(first, ev.GameStarted):
        raise BadInput(f"a ledger starts with game_started, not {first.type}")
    state = start(first)
    for event in events[1:]:
        apply(state, event)
    return state


def legal_commands(table: Table, state: GameState) -> list[Command]:
    """Every game command that `decide` accepts now, among the natural ones (judge's adjustments
    aside; deals and bids at their smallest sensible form). Each command listed is accepted."""
    legal: list[Command] = []
    for group in candidates(table, state):
        # The commands of one group stand or fall together (the 36 rolls, say): try the first.
        try:
            decide(table, state, group[0])
        except BankerError:
            continue
        legal.extend(group)
    return legal


def first_accepted(table: Table, state: GameState, commands: Iterable[Command],
                   skip: Collection[str] = ()) -> Command | None:
    """The first of `commands` whose type is not in `skip` that `decide` accepts now (None if
    none is): a random player's next move, its list from choices.random_command."""
    for command in commands:
        if command.type in skip:
            continue
        try:
            decide(table, state, command)
        except BankerError:
            continue
        return command
    return None
