"""The turn: dice, movement, salary, Jail, landing on a space, and passing play on."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import lru_cache
from typing import Literal

from models import events as ev
from models.board import Chance, Chest, GoToJail, Railway, Street, Tax, Utility
from models.commands import PayJailFine, Roll, UseJailCard
from models.events import BANK
from models.landing_build import own_plot_landed
from models.state import PlayerState
from models.table import Scratch

BOARD = 40
JailCause = Literal["space", "card", "third_double"]
Purpose = Literal["move", "jail", "utility"]


# The turn's commonest events are the same few values over and over (a player, two dice, two
# spaces): each is validated once and then shared, as events are frozen.
@lru_cache(maxsize=4096)
def _dice_rolled(player: str, dice: tuple[int, int], purpose: Purpose) -> ev.DiceRolled:
    return ev.DiceRolled(player=player, dice=dice, purpose=purpose)


@lru_cache(maxsize=8192)
def _token_moved(player: str, from_space: int, to_space: int, how: Literal["dice", "card"]
                 ) -> ev.TokenMoved:
    return ev.TokenMoved(player=player, from_space=from_space, to_space=to_space, how=how)


@lru_cache(maxsize=256)
def _salary_paid(player: str, amount: int) -> ev.SalaryPaid:
    return ev.SalaryPaid(payer=BANK, payee=player, amount=amount)


@lru_cache(maxsize=64)
def _roll_again(player: str) -> ev.RollAgain:
    return ev.RollAgain(player=player)


@lru_cache(maxsize=1024)
def _purchase_offered(player: str, space: int, price: int) -> ev.PurchaseOffered:
    return ev.PurchaseOffered(player=player, space=space, price=price)


@lru_cache(maxsize=64)
def _card_draw_required(player: str, deck: Literal["chance", "chest"]) -> ev.CardDrawRequired:
    return ev.CardDrawRequired(player=player, deck=deck)


def roll(t: Scratch, cmd: Roll) -> None:
    """The current player's dice: a move, a roll in Jail, or the throw a utility card asked for."""
    s = t.state
    if s.phase == "utility_throw":
        _check_turn(t, cmd.player)
        _utility_throw(t, cmd)
        return
    player = t.player(cmd.player)
    if cmd.player == s.left_jail_by_double:
        t.refuse("jail_double", f"{cmd.player} left Jail with a double and does not roll again "
                 f"this turn" + ("" if s.current == cmd.player else f"; it is {s.current}'s turn"))
    _expect_roll_phase(t)
    _check_current(t, cmd.player)
    _lapse_claims(t)
    first, second = cmd.dice
    total = first + second
    double = first == second
    if player.in_jail:
        t.emit(_dice_rolled(player.name, cmd.dice, "jail"))
        _roll_in_jail(t, cmd.player, total, double)
        return
    t.emit(_dice_rolled(player.name, cmd.dice, "move"))
    if double and s.doubles >= 3:
        # A third double: straight to Jail without moving by that roll; the turn ends.
        t.emit(ev.SentToJail(player=player.name, cause="third_double"))
        return
    move_by(t, player.name, total)
    land(t, player.name, dice_total=total)


def _roll_in_jail(t: Scratch, name: str, total: int, double: bool) -> None:
    player = t.state.player(name)
    if double:
        # PX 6.6.5c: throw again after leaving with a double; CL and SG: no further roll.
        t.emit(ev.LeftJail(player=name, how="double",
                           rolls_again=t.profile.jail_double_rolls_again))
        move_by(t, name, total)
        land(t, name, dice_total=total)
        return
    served = player.jail_turns + 1
    if served < t.profile.jail_max_turns:
        t.emit(ev.JailTurnServed(player=name, turns_served=served))
        return
    # The last failed roll: pay the fine and move by that roll, with no further roll.
    pay(t, name, BANK, t.profile.jail_fine, "jail fine",
        lambda: ev.JailFinePaid(payer=name, payee=BANK, amount=t.profile.jail_fine))
    t.emit(ev.LeftJail(player=name, how="third_roll"))
    move_by(t, name, total)
    land(t, name, dice_total=total)


def pay_jail_fine(t: Scratch, cmd: PayJailFine) -> None:
    """Leave Jail by paying the fine before rolling."""
    player = _jailed_before_roll(t, cmd.player)
    fine = t.profile.jail_fine
    if player.cash < fine:
        t.refuse("jail_fine", f"{player.name} has M{player.cash}; the fine is M{fine}")
    t.emit(ev.JailFinePaid(payer=player.name, payee=BANK, amount=fine))
    t.emit(ev.LeftJail(player=player.name, how="fine"))


def use_jail_card(t: Scratch, cmd: UseJailCard) -> None:
    """Leave Jail with a Get Out of Jail Free card; it goes back to the bottom of its deck."""
    player = _jailed_before_roll(t, cmd.player)
    held = sorted(card for card, holder in t.state.jail_cards.items() if holder == player.name)
    if not held:
        t.refuse("jail_card", f"{player.name} holds no Get Out of Jail Free card")
    t.emit(ev.JailCardReturned(player=player.name, card=held[0]))
    t.emit(ev.LeftJail(player=player.name, how="card"))


def _jailed_before_roll(t: Scratch, name: str) -> PlayerState:
    _expect_roll_phase(t)
    _check_turn(t, name)
    player = t.player(name)
    if not player.in_jail:
        t.refuse("jail", f"{name} is not in Jail")
    return player


def move_by(t: Scratch, name: str, steps: int) -> None:
    """Move forward by the dice, collecting salary for passing or landing on GO."""
    start = t.state.player(name).position
    target = (start + steps) % BOARD
    t.emit(_token_moved(name, start, target, "dice"))
    if start + steps >= BOARD:
        _salary(t, name)


def move_to(t: Scratch, name: str, target: int, *, salary: bool, how: str = "card") -> None:
    """Move forward to `target` (a card); salary when passing or landing on GO, if `salary`."""
    start = t.state.player(name).position
    t.emit(_token_moved(name, start, target, "card"))
    if salary and (target <= start or target == 0):
        _salary(t, name)


def _salary(t: Scratch, name: str) -> None:
    t.emit(_salary_paid(name, t.board.salary))


def land(t: Scratch, name: str, *, dice_total: int, multiplier: int = 1,
         utility_multiplier: int | None = None) -> None:
    """What the space the player now stands on asks of them."""
    space = t.board.space(t.state.player(name).position)
    if isinstance(space, (Street, Railway, Utility)):  # (a tuple is asked faster than a union)
        _land_on_deed(t, name, space.index, dice_total, multiplier, utility_multiplier)
    elif isinstance(space, Tax):
        pay(t, name, BANK, space.amount, f"tax on {space.name}",
            lambda: ev.TaxPaid(payer=name, payee=BANK, amount=space.amount, space=space.index))
    elif isinstance(space, Chance | Chest):
        t.emit(_card_draw_required(name, space.kind))
    elif isinstance(space, GoToJail):
        send_to_jail(t, name, "space")


def _land_on_deed(t: Scratch, name: str, space: int, dice_total: int, multiplier: int,
                  utility_multiplier: int | None) -> None:
    deed = t.state.deeds[space]
    if deed.owner is None:
        price = t.board.deed(space).price
        t.emit(_purchase_offered(name, space, price))
        return
    if deed.owner == name:
        if t.profile.building == "on_landing":
            own_plot_landed(t, name, space)
        return
    if deed.mortgaged or (t.state.player(deed.owner).in_jail and not t.profile.jail_collects_rent):
        # No claim is opened; the event says why, so collecting it is refused with the reason.
        t.emit(ev.RentNotDue(player=name, space=space, owner=deed.owner, turn_no=t.state.turn_no,
                             reason="mortgaged" if deed.mortgaged else "owner_in_jail"))
        return
    if utility_multiplier is not None:
        t.emit(ev.UtilityThrowRequired(player=name, space=space, multiplier=utility_multiplier))
        return
    open_claim(t, name, space, t.rent_due(space, dice_total, multiplier))


def open_claim(t: Scratch, payer: str, space: int, amount: int) -> None:
    """Rent is never automatic: it waits as a claim until the owner collects it or it lapses."""
    owner = t.state.deeds[space].owner
    assert owner is not None
    t.emit(ev.RentClaimOpened(claim=t.state.next_claim, space=space, payer=payer, owner=owner,
                              amount=amount, turn_no=t.state.turn_no))


def _utility_throw(t: Scratch, cmd: Roll) -> None:
    assert t.state.utility_due is not None
    space, multiplier = t.state.utility_due
    t.emit(_dice_rolled(cmd.player, cmd.dice, "utility"))
    open_claim(t, cmd.player, space, multiplier * sum(cmd.dice))


def send_to_jail(t: Scratch, name: str, cause: JailCause) -> None:
    """Straight to Jail, no salary; the turn ends."""
    t.emit(ev.SentToJail(player=name, cause=cause))


def pay(t: Scratch, payer: str, payee: str, amount: int, reason: str,
        make: Callable[[], ev.Event]) -> None:
    """A payment the rules force: made at once from cash, or left open as a debt."""
    if t.state.player(payer).cash >= amount:
        t.emit(make())
    else:
        t.emit(ev.DebtIncurred(debtor=payer, creditor=payee, amount=amount, reason=reason))


def finish(t: Scratch) -> None:
    """Once nothing is pending: the same player rolls again after a double, or play passes on."""
    s = t.state
    if s.phase != "resolving":
        return
    if s.may_roll_again:
        player = s.player(s.current)
        if not player.in_jail and not player.bankrupt:
            t.emit(_roll_again(s.current))
            return
    pass_turn(t)


def pass_turn(t: Scratch, *, skip_first: bool = False) -> None:
    """Play passes to the next player in the game, skipping any away past the break's limit.
    After time is called with the World Championship ending, the game ends when the round is
    complete (every player has had the same number of turns)."""
    s = t.state
    name = s.current
    if skip_first:
        t.emit(ev.TurnSkipped(player=name))
    for _ in s.players:
        upcoming = s.next_player_after(name)
        if s.final_round and s.seat(upcoming) <= s.seat(name):
            t.emit(ev.GameEnded(reason="time called; every player has had the same number of turns",
                                winner=None))
            return
        t.emit(ev.TurnPassed(player=upcoming, turn_no=s.turn_no + 1))
        if not away_too_long(t, upcoming):
            return
        t.emit(ev.TurnSkipped(player=upcoming))
        name = upcoming


def away_too_long(t: Scratch, name: str) -> bool:
    """A player on a break past its limit: their turns are skipped until they return."""
    since = t.state.breaks.get(name)
    if since is None or t.now is None:  # the common case: no one is away
        return False
    return t.now - since >= timedelta(minutes=t.profile.break_minutes)


def end_for_time(t: Scratch) -> None:
    """Time is called: the game stops at once, or (equal turns) the round is played out."""
    s = t.state
    at_round_start = s.current == s.first_player and not s.rolled and s.phase == "roll"
    if t.profile.time_up == "stop" or at_round_start:
        t.emit(ev.GameEnded(reason="time called", winner=None))


def _lapse_claims(t: Scratch) -> None:
    # The claim window closes when the n-th next player rolls (n = 1 CL and PX, 2 SG).
    window = t.profile.rent_claim_window_turns
    for claim in list(t.state.claims):
        if t.state.turn_no >= claim.turn_no + window:
            t.emit(ev.RentClaimLapsed(claim=claim.claim))


def _check_turn(t: Scratch, name: str) -> None:
    t.player(name)
    _check_current(t, name)


def _check_current(t: Scratch, name: str) -> None:
    """Refuse unless it is `name`'s turn (`name` is known to be a player at the table)."""
    if name != t.state.current:
        t.refuse("turn", f"it is {t.state.current}'s turn, not {name}'s")


def _expect_roll_phase(t: Scratch) -> None:
    s = t.state
    if s.phase == "roll":
        return
    waiting = {
        "buy": f"{s.current} must first buy or decline "
               f"{t.space_name(s.offer) if s.offer is not None else 'the deed'}",
        "auction": "the auction must first be closed",
        "card": f"{s.current} must first draw a {s.card_deck} card",
        "utility_throw": f"{s.current} must first throw for the utility rent",
        "over": "the game is over",
        "proposal": "the owner must first answer the offer to buy",
        "sale_decision": "the seller must first decide whether to sell below the minimum",
        "placement": "the building won at auction must first be placed",
        "deal": "the game is still being set up",
        "prebuild": "the game is still being set up",
    }
    t.refuse("turn", waiting.get(s.phase, "finish what the last throw asked first"))
