"""Each player's net worth after every entry (the profile's own figure, as on the scoresheet),
with the disputes, rulings and voids marked: the judge's chart, folded once through the game."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from app.ledger import LedgerCorrupt
from app.review.entries import clock_readings, events_of, rows_of, words
from app.table.loading import collector_paused, guarded
from app.table.service import TableGame
from models.clock import MINUTE_MS
from models.events import Event, GameStarted
from models.fold import apply, start
from models.scoring import score
from models.state import GameState
from models.table import Table

_HOLDING = attrgetter("owner", "mortgaged", "houses", "hotel")
MarkerKind = Literal["dispute", "ruling", "void"]
_MARKED: dict[str, MarkerKind] = {"dispute_raised": "dispute", "dispute_ruled": "ruling",
                                  "commands_voided": "void"}


@dataclass(frozen=True)
class WorthPoint:
    """Every player's net worth right after entry `seq` (a bankrupt player's is 0)."""

    seq: int
    clock_ms: int | None  # game clock elapsed at the entry; None before the clock starts
    worth: dict[str, int]


@dataclass(frozen=True)
class Marker:
    """An entry the chart marks: a dispute raised, a ruling, an undo or rewind."""

    seq: int
    kind: MarkerKind
    text: str


class _Worth:
    """Net worth from the scoresheet's own scoring, worked out again only when something other
    than cash changed: a player's worth is their cash plus what their holdings count for."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.key: tuple[object, ...] = ()
        self.holdings: dict[str, int | None] = {}  # None: bankrupt, worth 0

    def of(self, state: GameState) -> dict[str, int]:
        key = (tuple(map(_HOLDING, state.deeds.values())),
               tuple(sorted(state.jail_cards.items())), tuple(p.bankrupt for p in state.players))
        if key != self.key:
            self.key = key
            self.holdings = {s.name: None if s.bankrupt else s.net_worth - s.cash
                             for s in score(self.table, state)}
        worth = {}
        for p in state.players:
            held = self.holdings.get(p.name)
            worth[p.name] = 0 if held is None else p.cash + held
        return worth


def worth_series(game: TableGame) -> tuple[list[WorthPoint], list[Marker]]:
    """One point per entry, oldest first, each the position right after that entry (as
    `state_at` gives it: a voided entry counts until the undo or rewind that voids it), and the
    markers. Raises LedgerCorrupt if the stored events cannot be folded."""
    if game.game_id is None or game.table is None:
        return [], []
    with collector_paused():
        return _series(game, game.table)


def _series(game: TableGame, table: Table) -> tuple[list[WorthPoint], list[Marker]]:
    assert game.game_id is not None
    rows = rows_of(game.ledger.history(game.game_id))
    events = events_of(rows)
    worth = _Worth(table)
    points: list[WorthPoint] = []
    markers: list[Marker] = []
    state: GameState | None = None
    for row, event, reading in zip(rows, events, clock_readings(rows), strict=True):
        # At an undo or rewind the void takes effect: the position is folded from the nearest
        # snapshot with the voided commands skipped, as state_at does.
        state = (game.state_at(row.seq) if row.type == "commands_voided"
                 else _applied(state, event, row.seq))
        if row.type in _MARKED:
            markers.append(Marker(row.seq, _MARKED[row.type], words(event, row, table)))
        if state is not None:
            points.append(WorthPoint(row.seq, reading, worth.of(state)))
    return points, markers


def _applied(state: GameState | None, event: Event | None, seq: int) -> GameState:
    """`state` with `event` folded in; raises LedgerCorrupt naming the entry if it cannot be."""
    if event is None:
        raise LedgerCorrupt(f"event {seq}: its stored payload is not a valid event; "
                            "run banker verify")
    if state is None:
        if not isinstance(event, GameStarted):
            raise LedgerCorrupt(f"a ledger starts with game_started, not event {seq} "
                                f"({event.type})")
        return start(event)
    folded = guarded(lambda: apply(state, event))
    assert folded is not None
    return folded


def by_minute(points: list[WorthPoint]) -> list[WorthPoint]:
    """The last point of each minute of the game clock, in order (the points before the clock
    starts count as one minute, so the chart begins where the clock began)."""
    shown: list[WorthPoint] = []
    for point in points:
        minute = None if point.clock_ms is None else point.clock_ms // MINUTE_MS
        if shown and _minute(shown[-1]) == minute:
            shown[-1] = point
        else:
            shown.append(point)
    return shown


def _minute(point: WorthPoint) -> int | None:
    return None if point.clock_ms is None else point.clock_ms // MINUTE_MS
