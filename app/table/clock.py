"""The clock's own entries: the announcements, the time call and the skipped turns a tick records."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from app.ledger import Actor, StoredEvent
from models.commands import ClockTick
from models.engine import decide
from models.errors import BankerError

if TYPE_CHECKING:
    from app.table.service import TableGame

CLOCK = Actor(role="clock", name="clock")


def record_due(game: TableGame, at: datetime) -> list[StoredEvent]:
    """Record what the clock says at `at`, if anything: the marks (announcements, time) and a
    skipped turn are separate entries, since a rewind takes back the skip (it is play) but never
    the time (RULES.md: the clock keeps running)."""
    written: list[StoredEvent] = []
    if game.state is not None and game.state.clock is None and not game.state.breaks:
        return written  # no clock to announce or call time, nobody away to skip
    if nothing_due(game, at):
        return written
    for tick in (ClockTick(type="clock_tick", at=at, skips=False),
                 ClockTick(type="clock_tick", at=at, marks=False)):
        if game.state is None or game.table is None or game.state.locked:
            break
        try:
            events = decide(game.table, game.state, tick)
        except BankerError:
            continue
        if events:
            written += game.record_events(tick, events, CLOCK, at.astimezone(UTC), None)
    return written


def nothing_due(game: TableGame, at: datetime) -> bool:
    """Whether a tick at `at` would record nothing, asked with one decision instead of one per
    kind of tick: when a tick of both kinds brings nothing, neither alone does (the marks come
    first, and bringing nothing they leave the state as it was for the skips)."""
    if game.state is None or game.table is None or game.state.locked:
        return True
    try:
        return not decide(game.table, game.state, ClockTick(type="clock_tick", at=at))
    except BankerError:
        return False  # each kind is tried on its own, as when something is due
