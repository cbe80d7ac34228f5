"""The fold of play: dice, moves, Jail, turns, cards, setting up and the end of the game."""

from __future__ import annotations

from models import events as ev
from models.fold_base import Handler, deed_of, jail_space, nothing, player_of, put, set_steps
from models.state import BuildRight, GameState, PlayMark


def _dice(state: GameState, e: ev.DiceRolled) -> None:
    state.last_dice = e.dice
    if state.left_jail_by_double not in (None, e.player):
        state.left_jail_by_double = None  # the next player threw: the turn is long over
    state.rolled = True
    state.build_right = None
    if e.purpose == "move":
        state.doubles = state.doubles + 1 if e.dice[0] == e.dice[1] else 0
        state.may_roll_again = e.dice[0] == e.dice[1]
    elif e.purpose == "jail":
        state.may_roll_again = False
    else:  # the throw a nearest-utility card asked for settles it
        state.utility_due = None
    state.phase = "resolving"


def _moved(state: GameState, e: ev.TokenMoved) -> None:
    player_of(state, e.player).position = e.to_space


def _to_jail(state: GameState, e: ev.SentToJail) -> None:
    player = player_of(state, e.player)
    player.in_jail = True
    player.jail_turns = 0
    player.position = jail_space(state)
    if e.player == state.current:
        state.may_roll_again = False
        state.doubles = 0


def _served(state: GameState, e: ev.JailTurnServed) -> None:
    player_of(state, e.player).jail_turns = e.turns_served


def _left_jail(state: GameState, e: ev.LeftJail) -> None:
    player = player_of(state, e.player)
    player.in_jail = False
    player.jail_turns = 0
    if e.how == "double":
        state.doubles = 1
        state.may_roll_again = e.rolls_again
        state.left_jail_by_double = None if e.rolls_again else e.player
    if e.how == "third_roll":
        state.may_roll_again = False


def _roll_again(state: GameState, e: ev.RollAgain) -> None:
    state.phase = "roll"
    state.may_roll_again = False


def _turn_passed(state: GameState, e: ev.TurnPassed) -> None:
    state.rolled = False
    state.current = e.player
    if state.left_jail_by_double == e.player:
        state.left_jail_by_double = None  # a turn of their own again
    state.turn_no = e.turn_no
    state.doubles = 0
    state.may_roll_again = False
    state.offer = None
    state.card_deck = None
    state.utility_due = None
    state.phase = "roll"


def _card_required(state: GameState, e: ev.CardDrawRequired) -> None:
    state.phase = "card"
    state.card_deck = e.deck


def _card_drawn(state: GameState, e: ev.CardDrawn) -> None:
    state.card_deck = None
    state.phase = "resolving"


def _utility_required(state: GameState, e: ev.UtilityThrowRequired) -> None:
    state.phase = "utility_throw"
    state.utility_due = (e.space, e.multiplier)


def _card_kept(state: GameState, e: ev.JailCardKept) -> None:
    put(state, state.jail_cards, e.card, e.player)


def _card_returned(state: GameState, e: ev.JailCardReturned) -> None:
    put(state, state.jail_cards, e.card, None)


def _dealt(state: GameState, e: ev.DeedsDealt) -> None:
    for name, spaces in e.hands.items():
        for space in spaces:
            deed_of(state, space).owner = name


def _prebuilt(state: GameState, e: ev.HousesPrebuilt) -> None:
    set_steps(state, e.changes)
    state.prebuilt = [*state.prebuilt, e.player]


def _play_started(state: GameState, e: ev.PlayStarted) -> None:
    state.phase = "roll"


def _own_plot(state: GameState, e: ev.OwnPlotLanded) -> None:
    state.build_right = BuildRight(player=e.player, space=e.space, at_landing=dict(e.at_landing))


def _ended(state: GameState, e: ev.GameEnded) -> None:
    state.before_end = PlayMark(phase=state.phase, offer=state.offer, auction=state.auction)
    state.phase = "over"
    state.ended = e.reason
    state.winner = e.winner
    state.auction = None
    state.offer = None


# The kinds of event this part folds, with their handlers (models.fold merges the parts).
HANDLERS: dict[type, Handler] = {
    ev.DiceRolled: _dice,
    ev.TokenMoved: _moved,
    ev.SalaryPaid: nothing,
    ev.SentToJail: _to_jail,
    ev.JailTurnServed: _served,
    ev.LeftJail: _left_jail,
    ev.JailFinePaid: nothing,
    ev.RollAgain: _roll_again,
    ev.TurnPassed: _turn_passed,
    ev.TaxPaid: nothing,
    ev.CardDrawRequired: _card_required,
    ev.CardDrawn: _card_drawn,
    ev.CardPayment: nothing,
    ev.UtilityThrowRequired: _utility_required,
    ev.JailCardKept: _card_kept,
    ev.JailCardReturned: _card_returned,
    ev.GameEnded: _ended,
    ev.DeedsDealt: _dealt,
    ev.HousesPrebuilt: _prebuilt,
    ev.PlayStarted: _play_started,
    ev.OwnPlotLanded: _own_plot,
    ev.TurnSkipped: nothing,
    ev.PlayerAbsent: nothing,
}
