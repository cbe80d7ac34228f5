"""What the window's forms offer: each side of a deal, the PX deal and pre-build, and the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.table.actions import trial
from app.table.service import TableGame
from app.table.words import say
from models.board import Street
from models.deck import GetOutOfJailFree
from models.pricing import step_price


@dataclass(frozen=True)
class Item:
    """A deed or a card one may hand over: its key in the command and its words."""

    key: int | str
    words: str
    mortgaged: bool = False


@dataclass(frozen=True)
class Side:
    """What one player could give in a deal."""

    name: str
    cash: int
    deeds: tuple[Item, ...]
    cards: tuple[Item, ...]


@dataclass(frozen=True)
class Plot:
    """A street a PX player may pre-build on, with the price of its 1st, 2nd and 3rd house."""

    space: int
    name: str
    prices: tuple[int, ...]


def _ready(game: TableGame) -> tuple[Any, Any]:
    if game.state is None or game.table is None:
        raise ValueError("no game has been started")
    return game.table, game.state


def sides(game: TableGame) -> list[Side]:
    """Every player still in the game, with the deeds and Get Out of Jail Free cards they hold."""
    table, state = _ready(game)
    board, found = table.board, []
    for player in state.active_players():
        deeds = tuple(Item(d.space, board.space(d.space).name
                           + (" (mortgaged)" if d.mortgaged else "")
                           + (f" ({d.steps} building step{'s' * (d.steps != 1)})"
                              if d.steps else ""), d.mortgaged)
                      for d in state.owned_by(player.name))
        cards = tuple(Item(card, table.decks.card(card)[1].label)
                      for card, holder in sorted(state.jail_cards.items())
                      if holder == player.name)
        found.append(Side(player.name, player.cash, deeds, cards))
    return found


def accounts(game: TableGame) -> list[str]:
    """The players a correction may move money, deeds or buildings to or from: those still in
    the game, in the order of play (a bankrupt player holds nothing and receives nothing)."""
    _, state = _ready(game)
    return [p.name for p in state.active_players()]


def jail_cards(game: TableGame) -> list[Item]:
    """Every Get Out of Jail Free card of the edition's decks."""
    table, _ = _ready(game)
    decks = table.decks
    return [Item(c.id, c.label) for c in decks.chance + decks.chest
            if isinstance(c.effect, GetOutOfJailFree)]


def trade_command(first: str, second: str, first_gives: dict[str, Any],
                  second_gives: dict[str, Any], lift: list[int]) -> dict[str, Any]:
    """The trade command of a deal as the form holds it (empty parts left out)."""
    def bundle(gives: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in gives.items() if v}

    command: dict[str, Any] = {"type": "trade", "first": first, "second": second,
                               "first_gives": bundle(first_gives),
                               "second_gives": bundle(second_gives)}
    if lift:
        command["lift"] = sorted(lift)
    return command


def outcome(game: TableGame, command: dict[str, Any]) -> tuple[list[str], str | None]:
    """What `command` would record now in words, or the rules' refusal (nothing is recorded)."""
    table, _ = _ready(game)
    events, refused = trial(game, command)
    return [say(table, e) for e in events], refused


def dealable(game: TableGame) -> tuple[list[Item], int]:
    """PX 3.4: every deed in board order, and how many each player is dealt."""
    table, state = _ready(game)
    deeds = sorted(state.deeds)
    items = [Item(space, f"{table.board.space(space).name} (M{table.board.deed(space).price})")
             for space in deeds]
    return items, (len(deeds) - 1) // len(state.players)


def plots(game: TableGame, player: str) -> list[Plot]:
    """PX 3.7: the player's streets, each with its 1st to 3rd house's price (ABSD)."""
    table, state = _ready(game)
    found = []
    for deed in state.owned_by(player):
        street = table.board.deed(deed.space)
        if isinstance(street, Street):
            prices = tuple(step_price(table.profile, street, n)
                           for n in range(1, table.profile.prebuild_houses + 1))
            found.append(Plot(deed.space, street.name, prices))
    return found
