"""Chance and Community Chest: the banker records the card drawn; its effect is applied here."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from models import deck as fx
from models import events as ev
from models.commands import DrawCard
from models.errors import BadInput
from models.events import BANK
from models.table import Scratch
from models.turn import BOARD, land, move_to, pay, send_to_jail


# The same few values over and over: validated once and shared (events are frozen).
@lru_cache(maxsize=1024)
def _card_drawn(player: str, deck: Literal["chance", "chest"], card: str) -> ev.CardDrawn:
    return ev.CardDrawn(player=player, deck=deck, card=card)


def draw_card(t: Scratch, cmd: DrawCard) -> None:
    """Apply the drawn card; refuses a card of the other deck or one a player is holding."""
    s = t.state
    if s.phase != "card" or s.card_deck is None:
        t.refuse("cards", "no card is to be drawn now")
    try:
        deck, card = t.table.decks.card(cmd.card)
    except KeyError:
        raise BadInput(f"no card {cmd.card!r} in the {t.table.decks.name} decks") from None
    if deck != s.card_deck:
        t.refuse("cards", f"{cmd.card} is a {deck} card; a {s.card_deck} card is to be drawn")
    if cmd.card in s.jail_cards:
        t.refuse("cards", f"{cmd.card} is held by {s.jail_cards[cmd.card]}, not in the deck")
    name = s.current
    t.emit(_card_drawn(name, deck, card.id))
    _effect(t, name, card.id, card.effect)


def _effect(t: Scratch, name: str, card: str, effect: fx.Effect) -> None:
    player = t.state.player(name)
    dice_total = sum(t.state.last_dice or (0, 0))
    match effect:
        case fx.AdvanceTo(space=target):
            move_to(t, name, target, salary=True)
            land(t, name, dice_total=dice_total)
        case fx.AdvanceToNearest(target=kind, rent_multiplier=mult, dice_multiplier=dice_mult):
            target = _nearest(t, player.position, kind)
            move_to(t, name, target, salary=True)
            land(t, name, dice_total=dice_total, multiplier=mult,
                 utility_multiplier=dice_mult if kind == "utility" else None)
        case fx.Back(spaces=steps):
            # Going back never passes GO for salary.
            target = (player.position - steps) % BOARD
            t.emit(ev.TokenMoved(player=name, from_space=player.position, to_space=target,
                                 how="card"))
            land(t, name, dice_total=dice_total)
        case fx.Collect(amount=amount):
            t.emit(ev.CardPayment(payer=BANK, payee=name, amount=amount, card=card))
        case fx.Pay(amount=amount):
            _pay_card(t, name, BANK, amount, card)
        case fx.Repairs(per_house=per_house, per_hotel=per_hotel):
            streets = t.state.owned_by(name)
            houses = sum(d.houses for d in streets)
            hotels = sum(d.hotel for d in streets)
            amount = houses * per_house + hotels * per_hotel
            if amount:
                _pay_card(t, name, BANK, amount, card)
        case fx.GoToJailCard():
            send_to_jail(t, name, "card")
        case fx.GetOutOfJailFree():
            t.emit(ev.JailCardKept(player=name, card=card))
        case fx.PayEachPlayer(amount=amount):
            others = [p.name for p in t.state.active_players() if p.name != name]
            if player.cash >= amount * len(others):
                for other in others:
                    t.emit(ev.CardPayment(payer=name, payee=other, amount=amount, card=card))
            else:
                for other in others:
                    t.emit(ev.DebtIncurred(debtor=name, creditor=other, amount=amount,
                                           reason=f"card {card}"))
        case fx.CollectFromEachPlayer(amount=amount):
            for debtor in t.state.active_players():
                if debtor.name != name:
                    _pay_card(t, debtor.name, name, amount, card)


def _pay_card(t: Scratch, payer: str, payee: str, amount: int, card: str) -> None:
    pay(t, payer, payee, amount, f"card {card}",
        lambda: ev.CardPayment(payer=payer, payee=payee, amount=amount, card=card))


def _nearest(t: Scratch, position: int, kind: str) -> int:
    """The first space of `kind` ahead of `position`, going round past GO if need be."""
    for step in range(1, BOARD + 1):
        index = (position + step) % BOARD
        if t.board.space(index).kind == kind:
            return index
    raise AssertionError(f"the board has no {kind}")
