"""The state of a game: a fold of its events (`apply` is the only thing that changes it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, Field

from models.events import AuctionKind, Resume
from models.journal import Journal

Part = TypeVar("Part")

Phase = Literal["deal", "prebuild", "roll", "resolving", "buy", "auction", "card", "utility_throw",
                "placement", "proposal", "sale_decision", "over"]


# Players and deeds are plain slotted dataclasses: the undo journal copies the ones a decision
# changes, many times a second in the simulator, and an explicit copy is far cheaper than a model's.
@dataclass(slots=True)
class PlayerState:
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    bankrupt: bool = False
    bankrupt_rank: int | None = None  # 1 for the first player to go bankrupt

    def clone(self) -> PlayerState:
        return PlayerState(self.name, self.cash, self.position, self.in_jail, self.jail_turns,
                           self.bankrupt, self.bankrupt_rank)

    def restore(self, before: PlayerState) -> None:
        """Take back the values of `before` (a clone), for the undo journal."""
        self.name, self.cash, self.position = before.name, before.cash, before.position
        self.in_jail = before.in_jail
        self.jail_turns, self.bankrupt = before.jail_turns, before.bankrupt
        self.bankrupt_rank = before.bankrupt_rank


@dataclass(slots=True)
class DeedState:
    space: int
    owner: str | None = None
    mortgaged: bool = False
    houses: int = 0
    hotel: bool = False

    def clone(self) -> DeedState:
        return DeedState(self.space, self.owner, self.mortgaged, self.houses, self.hotel)

    def restore(self, before: DeedState) -> None:
        """Take back the values of `before` (a clone), for the undo journal."""
        self.space, self.owner, self.mortgaged = before.space, before.owner, before.mortgaged
        self.houses, self.hotel = before.houses, before.hotel

    @property
    def steps(self) -> int:
        """Building steps on the street: 0–4 houses, 5 = hotel."""
        return 5 if self.hotel else self.houses


# `apply` makes a claim, a closed claim or a no-rent note for about one command in three, from an
# event's fields already validated: slotted dataclasses too, made in a third of a model's time
# (pydantic validates, dumps and describes them exactly as it did the models they were: the
# state's format digest is unchanged).
@dataclass(slots=True)
class Claim:
    """Rent owed on landing, open until collected or lapsed."""

    claim: int
    space: int
    payer: str
    owner: str
    amount: int
    turn_no: int


CLOSED_CLAIMS_KEPT = 8
"""Closed claims the state keeps (the latest): enough to say why a claim collected or lapsed a few
turns ago is refused again; an older one is answered as closed earlier in the game."""


@dataclass(slots=True)
class ClosedClaim:
    """A claim no longer open: collected (paid or owed as a debt) or lapsed; kept to say why."""

    claim: int
    space: int
    payer: str
    owner: str
    amount: int
    how: Literal["collected", "owed", "lapsed"]


@dataclass(slots=True)
class NoRent:
    """The last landing on another player's deed that owed no rent, and why."""

    player: str
    space: int
    owner: str
    reason: Literal["mortgaged", "owner_in_jail"]
    turn_no: int


def _restore(part: BaseModel, before: BaseModel) -> None:
    """Put a journalled model back as `before` (its clone) was, in place."""
    part.__dict__.update(before.__dict__)
    object.__setattr__(part, "__pydantic_fields_set__", before.__pydantic_fields_set__)


class Auction(BaseModel):
    space: int | None  # None for a building auction
    kind: AuctionKind = "deed"
    opening_bid: int
    high_bid: int | None = None
    high_bidder: str | None = None
    excluded: list[str] = []
    queue: list[int] = []
    resume: Resume = "resolving"
    seller: str | None = None
    minimum: int | None = None
    creditor: str | None = None

    def clone(self) -> Auction:
        """A copy for the undo journal (its lists are replaced whole by `apply`, never changed)."""
        return self.model_copy()

    def restore(self, before: Auction) -> None:
        """Take back the values of `before` (a clone), for the undo journal."""
        _restore(self, before)


class InterestDue(BaseModel):
    """A mortgaged deed received from a bankrupt player: lift it or pay the 10% and keep it."""

    player: str
    space: int


class BuildRight(BaseModel):
    """PX 6.2.2: a player who landed on their own plot may build there (or evenly on the group)
    until the next roll; `at_landing` is the steps on each of their plots of the group then."""

    player: str
    space: int
    at_landing: dict[int, int]


class Proposal(BaseModel):
    """PX 7.1.1: an offer to buy another player's plot, awaiting the owner's answer."""

    buyer: str
    space: int
    price: int


class Clock(BaseModel):
    """The game clock, as its events left it; time left is computed from these, never counted."""

    minutes: int
    started_at: datetime | None = None
    paused_at: datetime | None = None
    paused_ms: int = 0
    announced: list[int] = []
    passed: list[int] = []  # marks a length change put behind, never called
    called_at: datetime | None = None
    # The hall's round (kept out of a snapshot's text unless there is one, so a table not
    # following a round stores its snapshots as before): the round the clock's start followed,
    # the round whose hall pause holds it, the last of the hall's entries followed.
    round: str | None = Field(default=None, exclude_if=lambda value: value is None)
    paused_round: str | None = Field(default=None, exclude_if=lambda value: value is None)
    hall_entry: int = Field(default=0, exclude_if=lambda value: value == 0)

    def clone(self) -> Clock:
        """A copy for the undo journal (its list is replaced whole by `apply`, never changed)."""
        return self.model_copy()

    def restore(self, before: Clock) -> None:
        """Take back the values of `before` (a clone), for the undo journal."""
        _restore(self, before)


class PlayMark(BaseModel):
    """Where play stood when the game ended, so a withdrawn time call can reopen it there."""

    phase: Phase
    offer: int | None = None
    auction: Auction | None = None


class Dispute(BaseModel):
    dispute: int
    raised_by: str
    about: str
    entries: list[int]
    ruling: str | None = None


class CashCheck(BaseModel):
    check: int
    player: str
    counted: int
    balance: int
    finding: str | None = None

    @property
    def difference(self) -> int:
        return self.counted - self.balance


class Placement(BaseModel):
    """A building won at auction, to be placed at once."""

    player: str
    kind: Literal["house", "hotel"]
    resume: Resume


class Debt(BaseModel):
    debtor: str
    creditor: str
    amount: int
    reason: str


class GameState(BaseModel):
    """Everything the rules need to decide the next command, and everything the table sees."""

    profile: str
    board: str
    decks: str
    players: list[PlayerState]
    deeds: dict[int, DeedState]
    bank_houses: int
    bank_hotels: int
    jail_space: int
    jail_cards: dict[str, str] = Field(
        default_factory=dict, description="Get Out of Jail Free cards held: card id -> player."
    )
    current: str
    turn_no: int = 1
    doubles: int = 0
    may_roll_again: bool = False
    left_jail_by_double: str | None = Field(
        default=None, description="Who left Jail by a double and may not roll again, until the "
                                  "next player throws (CL and SG: no second roll).")
    phase: Phase = "roll"
    offer: int | None = Field(default=None, description="Space offered for purchase.")
    card_deck: Literal["chance", "chest"] | None = None
    utility_due: tuple[int, int] | None = Field(
        default=None, description="(space, multiplier) waiting for a nearest-utility throw."
    )
    auction: Auction | None = None
    claims: list[Claim] = []
    next_claim: int = 1
    closed_claims: dict[int, ClosedClaim] = Field(
        default_factory=dict,
        description=f"The latest claims collected or lapsed (at most {CLOSED_CLAIMS_KEPT}, oldest "
                    "first), by number: why a recent claim is no longer open. The ledger's events "
                    "hold every one; the state stays the same size however long the game.")
    no_rent: NoRent | None = None
    debts: list[Debt] = []
    interest_due: list[InterestDue] = []
    placement: Placement | None = None
    rolled: bool = Field(default=False, description="The current player has thrown this turn.")
    offer_turn: int | None = Field(default=None, description="Turn of the last PX sale offer.")
    build_right: BuildRight | None = None
    proposal: Proposal | None = None
    prebuilt: list[str] = []
    clock: Clock | None = None
    breaks: dict[str, datetime] = Field(default_factory=dict, description="Players away: since.")
    disputes: list[Dispute] = []
    checks: list[CashCheck] = []
    locked: bool = False
    final_round: bool = Field(default=False, description="Time is up; the round is played out.")
    first_player: str = ""
    bankruptcies: int = 0
    ended: str | None = Field(default=None, description="Why the game ended, once it has.")
    before_end: PlayMark | None = Field(default=None, description="Where play stood at the end.")
    winner: str | None = None
    last_dice: tuple[int, int] | None = None
    seq: int = Field(default=0, description="Number of events folded into this state.")
    judges: dict[str, str] = Field(
        default_factory=dict, exclude=True,
        description="Registered judges: name -> argon2 PIN hash (never dumped, never shown).")
    judge_keys: dict[str, tuple[str, str]] = Field(
        default_factory=dict, exclude=True,
        description="Judges' keys: name -> (public key, sealed private key); a judge registered "
        "before signatures has none until their next sign-in (never dumped).")

    # The undo journal while a decision is worked out on this state: a slot, not a field or a
    # private attribute, because `apply` reads it for every change and a slot reads fastest.
    __slots__ = ("_journal",)
    if TYPE_CHECKING:
        _journal: Journal | None

    def model_post_init(self, context: Any, /) -> None:
        self._journal = None
        # Every field counts as set: a state is a whole fold, with no field left "unset" (nothing
        # dumps it with `exclude_unset`), so changing a field need not record that it was set.
        self.__pydantic_fields_set__.update(_FIELDS)

    # `apply` sets fields of the state several times per event. Pydantic's own `__setattr__` is
    # Python, and checks and records what plain attribute setting (in C) need not here: there is
    # no validation on assignment, every field is already counted as set (above), and mypy
    # rejects a name that is no field. Python keeps one slot for setting and deleting: while the
    # base's `__delattr__` (Python) is inherited, setting goes through a slow dispatcher (about
    # 70 ns instead of 9), so deleting is plain too (nothing deletes a state's attribute).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def _recording(self) -> Journal | None:
        try:
            return self._journal
        except AttributeError:  # a copy pydantic made itself (`model_copy`) starts without one
            return None

    def begin(self) -> None:
        """Start recording what `apply` changes, so that `rollback` can put all of it back (a
        decision is worked out on the live state: no copy of the whole state is made)."""
        try:
            open_already = self._journal is not None
        except AttributeError:  # a copy pydantic made itself (`model_copy`) starts without one
            open_already = False
        if open_already:
            raise RuntimeError("a decision is already being worked out on this state")
        self._journal = Journal(self.__dict__)

    def rollback(self) -> None:
        """Undo every change since `begin`, in place, and stop recording."""
        journal = self._recording()
        self._journal = None
        if journal is not None:
            # The fields as they were are taken back whole: one step, where putting back each of
            # some fifty took most of the time of a decision refused before its first event.
            object.__setattr__(self, "__dict__", journal.undo())

    def commit(self) -> None:
        """Keep every change since `begin`, and stop recording."""
        self._journal = None

    def changing(self, part: Part) -> Part:
        """`part` (a player, deed, auction or clock of this state), about to change in place."""
        try:
            journal = self._journal
        except AttributeError:
            return part
        if journal is not None:
            journal.keep(part)
        return part

    def changing_key(self, mapping: dict[Any, Any], key: Any) -> dict[Any, Any]:
        """`mapping` (a dictionary of this state), whose entry `key` is about to change."""
        journal = self._recording()
        if journal is not None:
            journal.keep_key(mapping, key)
        return mapping

    def clone(self) -> GameState:
        """An independent copy; far cheaper than a deep copy because only what `apply` changes in
        place is copied (lists are replaced whole by `apply`, never changed in place)."""
        copy = self.model_copy()
        copy.players = [p.clone() for p in self.players]
        copy.deeds = {space: d.clone() for space, d in self.deeds.items()}
        copy.jail_cards = dict(self.jail_cards)
        copy.closed_claims = dict(self.closed_claims)
        copy.auction = self.auction.clone() if self.auction else None
        copy.breaks = dict(self.breaks)
        copy.clock = self.clock.clone() if self.clock else None
        copy._journal = None
        return copy

    def player(self, name: str) -> PlayerState:
        """The player called `name`; raises KeyError if there is none."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        """Whether `name` plays at this table."""
        return any(p.name == name for p in self.players)

    def active_players(self) -> list[PlayerState]:
        """Players still in the game, in turn order."""
        return [p for p in self.players if not p.bankrupt]

    def owned_by(self, name: str) -> list[DeedState]:
        """The deeds a player owns, in board order."""
        owned = [deed for deed in self.deeds.values() if deed.owner == name]
        # Sorting the few owned is cheaper than sorting every deed's space first (each deed is
        # keyed by its own space, so the order is the board's either way).
        owned.sort(key=_space)
        return owned

    def next_player_after(self, name: str) -> str:
        """The next player in turn order who is still in the game."""
        players = self.players
        count = len(players)
        start = self.seat(name)
        for offset in range(1, count + 1):
            candidate = players[(start + offset) % count]
            if not candidate.bankrupt:
                return candidate.name
        return name

    def seat(self, name: str) -> int:
        """The place of `name` in turn order (0 first); raises ValueError if no one is called so."""
        for place, player in enumerate(self.players):
            if player.name == name:
                return place
        raise ValueError(f"no player called {name!r}")


_FIELDS = frozenset(GameState.model_fields)
_space = attrgetter("space")
