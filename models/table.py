"""The rules of one table (board, profile, decks) and the scratch pad a decision is worked on."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import NoReturn

from models.board import Board, Railway, Street, Utility
from models.deck import Decks
from models.errors import BadInput, RuleViolation
from models.events import BANK, Event
from models.fold import apply
from models.profile import Profile
from models.state import DeedState, GameState, PlayerState
from models.suggest import did_you_mean, shown


@dataclass(frozen=True)
class Table:
    """What a game is played with: its board, profile and decks."""

    board: Board
    profile: Profile
    decks: Decks

    @cached_property
    def colour_sets(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each colour set's id and the spaces of its streets, in board order."""
        return tuple((group.id, tuple(s.index for s in self.board.streets_of(group.id)))
                     for group in self.board.groups)

    @cached_property
    def card_ids(self) -> dict[str, tuple[str, ...]]:
        """Each deck's card ids, in deck order."""
        return {deck: tuple(card.id for card in self.decks.cards(deck)) for deck in ("chance", "chest")}

    @cached_property
    def colour_set_of(self) -> dict[int, int]:
        """For each street's space, the place of its colour set in `colour_sets`."""
        return {space: number for number, (_, spaces) in enumerate(self.colour_sets)
                for space in spaces}

    def digest(self) -> str:
        """SHA-256 of the rule data, recorded when a game starts so it cannot change unnoticed."""
        parts = (self.board.model_dump_json(), self.profile.model_dump_json(),
                 self.decks.words_free())
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()


class Scratch:
    """The state a command's events are applied to as they are decided (the live state, its
    changes recorded by its undo journal, so that the engine can put them back)."""

    # One is made for every command, and the rules read its attributes many times each: slots,
    # with the table's board and profile copied in, are the cheapest to make and to read.
    __slots__ = ("board", "events", "now", "profile", "state", "table", "watch")

    def __init__(self, table: Table, state: GameState, now: datetime | None = None,
                 watch: Callable[[GameState, Event], None] | None = None) -> None:
        self.table = table
        self.board: Board = table.board
        self.profile: Profile = table.profile
        self.state = state
        self.now = now  # the command's wall time, for the clock and breaks
        self.events: list[Event] = []
        # Called with the state after each event is folded in (the simulator checks invariants).
        self.watch = watch

    def emit(self, event: Event) -> None:
        """Record `event` and fold it in at once, so the next decision sees its effect."""
        apply(self.state, event)
        self.events.append(event)
        if self.watch is not None:
            self.watch(self.state, event)

    def refuse(self, rule: str, message: str) -> NoReturn:
        """Refuse the command, citing the profile's clause for `rule`."""
        raise RuleViolation(self.profile.clause(rule), message)

    # Look-ups that turn bad names into clear errors ---------------------------------------

    def player(self, name: str) -> PlayerState:
        """The named player; raises BadInput for a name not at this table."""
        try:
            return self.state.player(name)
        except KeyError:
            names = [p.name for p in self.state.players]
            raise BadInput(f"no player called {shown(name)} at this table"
                           f"{did_you_mean(name, names)}") from None

    def account(self, name: str) -> str:
        """A player's name or `bank`; raises BadInput otherwise."""
        if name != BANK:
            self.player(name)
        return name

    def deed_state(self, space: int) -> DeedState:
        """The state of the deed on `space`; raises BadInput when that space is no deed."""
        if space not in self.state.deeds:
            raise BadInput(f"{self.board.space(space).label()} is not a deed")
        return self.state.deeds[space]

    def street(self, space: int) -> Street:
        """The street on `space` (callers have checked it is one)."""
        figures = self.board.deed(space)
        assert isinstance(figures, Street), f"space {space} is not a street"
        return figures

    def wall_time(self) -> datetime:
        """The command's wall time; raises BadInput for a clock-bound command given without one."""
        if self.now is None:
            raise BadInput("this command needs the time it was given (`at`)")
        return self.now

    def space_name(self, space: int) -> str:
        return self.board.space(space).name

    # Money -------------------------------------------------------------------------------

    def rent_due(self, space: int, dice_total: int, multiplier: int = 1) -> int:
        """Rent on landing on `space`, for its owner's holdings (0 when mortgaged)."""
        deed = self.state.deeds[space]
        figures = self.board.deed(space)
        if deed.owner is None or deed.mortgaged:
            return 0
        if isinstance(figures, Street):
            if deed.steps:
                return figures.rents[deed.steps] * multiplier
            return figures.rents[0] * (2 if self.doubles_rent(figures) else 1) * multiplier
        owned = self.state.owned_by(deed.owner)  # a railway's or utility's rent counts them
        if isinstance(figures, Railway):
            count = sum(isinstance(self.board.deed(d.space), Railway) for d in owned)
            return self.board.railway_rents[count - 1] * multiplier
        assert isinstance(figures, Utility)
        count = sum(isinstance(self.board.deed(d.space), Utility) for d in owned)
        return self.board.utility_multipliers[count - 1] * dice_total * multiplier

    def doubles_rent(self, street: Street) -> bool:
        """Whether an unimproved street's rent is doubled: the owner holds its whole colour set
        (and, where the profile says so, none of the set is mortgaged)."""
        deeds = self.state.deeds
        owner = deeds[street.index].owner
        table = self.table
        mortgaged = False
        for space in table.colour_sets[table.colour_set_of[street.index]][1]:
            member = deeds[space]
            if member.owner != owner:
                return False
            mortgaged = mortgaged or member.mortgaged
        return self.profile.full_set_doubles_with_mortgaged or not mortgaged
