"""What the table window shows: plain, frozen read models (app/table/view_build.py builds them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.table.phases import Prompt


@dataclass(frozen=True, slots=True)
class SpaceView:
    """One of the 40 spaces, with its deed's holding if it is a deed."""

    index: int
    name: str
    kind: str
    set_id: str | None  # colour set id, "railway" or "utility"; None for other spaces
    set_name: str | None
    set_order: int | None  # 0-based place of the colour set on the board (for its colour)
    price: int | None
    name_confirmed: bool
    owner: str | None = None
    mortgaged: bool = False
    steps: int = 0  # 0–4 houses, 5 = hotel

    @property
    def is_deed(self) -> bool:
        return self.kind in ("street", "railway", "utility")

    @property
    def houses(self) -> int:
        return self.steps if self.steps < 5 else 0

    @property
    def hotel(self) -> bool:
        return self.steps == 5


@dataclass(frozen=True, slots=True)
class DeedView:
    """A deed as its owner holds it."""

    space: int
    name: str
    mortgaged: bool
    steps: int


@dataclass(frozen=True, slots=True)
class SetHolding:
    """A player's deeds of one colour set (or the railways, or the utilities)."""

    set_id: str
    name: str
    set_order: int | None
    deeds: tuple[DeedView, ...]
    size: int  # how many deeds the whole set has
    full: bool


@dataclass(frozen=True, slots=True)
class DebtView:
    debtor: str
    creditor: str  # a player's name or "the Bank"
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player as the table sees them, in turn order."""

    name: str
    seat: int  # 1-based place in turn order
    cash: int
    position: int
    space_name: str
    in_jail: bool
    jail_turns: int
    jail_cards: tuple[str, ...]  # the cards' labels ("Get Out of Jail Free (Chance)")
    bankrupt: bool
    bankrupt_rank: int | None
    disqualified: bool
    absent: bool  # declared absent at the start
    away_since: datetime | None  # on a break since
    to_act: bool
    holdings: tuple[SetHolding, ...]
    debts: tuple[DebtView, ...]  # what this player owes

    @property
    def away(self) -> bool:
        return self.away_since is not None

    @property
    def out(self) -> bool:
        return self.bankrupt


@dataclass(frozen=True, slots=True)
class ClockView:
    """The game clock at `now`: computed from its events, never counted."""

    minutes: int
    remaining_ms: int
    started: bool
    paused: bool
    pause_reason: str | None
    announced: tuple[int, ...]  # minutes-left marks called so far, in order
    time_called: bool
    final_round: bool

    @property
    def running(self) -> bool:
        return self.started and not self.paused and not self.time_called

    @property
    def last_announcement(self) -> int | None:
        return self.announced[-1] if self.announced else None

    @property
    def current_announcement(self) -> int | None:
        """The last mark called while it still holds: a longer game set after it (more time
        left than the mark says) leaves none to show until the next mark is called."""
        mark = self.last_announcement
        return mark if mark is not None and self.remaining_ms <= mark * 60_000 else None


@dataclass(frozen=True, slots=True)
class ClaimView:
    claim: int
    space: int
    space_name: str
    payer: str
    owner: str
    amount: int
    turn_no: int


@dataclass(frozen=True, slots=True)
class AuctionView:
    space: int | None  # None for a building auction
    space_name: str | None
    kind: str
    opening_bid: int
    high_bid: int | None
    high_bidder: str | None
    excluded: tuple[str, ...]
    seller: str | None
    minimum: int | None
    creditor: str | None
    queue: tuple[str, ...]  # names of the deeds still to be auctioned after this one


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the table window shows at one moment of one game."""

    game_id: str | None
    board_id: str
    board_name: str
    profile_id: str
    currency: str
    names_confirmed: bool
    spaces: tuple[SpaceView, ...]
    players: tuple[PlayerView, ...]
    current: str
    phase: str
    turn_no: int
    last_dice: tuple[int, int] | None
    landed: int | None  # the space of the last token move
    offer: int | None
    card_deck: str | None
    clock: ClockView | None
    claims: tuple[ClaimView, ...]
    auction: AuctionView | None
    debts: tuple[DebtView, ...]
    head_seq: int
    bank_houses: int
    bank_hotels: int
    ended: str | None
    winner: str | None
    locked: bool
    prompt: Prompt | None = None  # the table's next step in its phases (app/table/phases.py)

    def player(self, name: str) -> PlayerView:
        """The player called `name`; raises KeyError if there is none."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def tokens_on(self, space: int) -> list[PlayerView]:
        """The players still in the game whose token stands on `space`, in turn order."""
        return [p for p in self.players if p.position == space and not p.bankrupt]


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """One ledger entry in words, as `banker ledger` prints it."""

    seq: int
    time: datetime
    actor: str  # "role:name"
    text: str
    voided: bool

    def line(self) -> str:
        """The entry exactly as one line of `banker ledger`."""
        mark = "VOID " if self.voided else ""
        role, _, name = self.actor.partition(":")
        return f"{self.seq:>5}  {self.time:%H:%M:%S}  {role}:{name:<10}  {mark}{self.text}"

