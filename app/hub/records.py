"""The hub's answers: what it stored from a batch, the games it holds, the batches it refused."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from app.hub.times import MAX_OFFSET_S, span


@dataclass(frozen=True)
class Receipt:
    """What the hub did with a batch: entries it stored new, and the head it now holds."""

    game_id: str
    stored: int
    head: tuple[int, str]
    arrived_at: datetime | None = None  # the hub's own time the batch arrived (its clock)


@dataclass(frozen=True)
class TableOnHub:
    """One game as the hub holds it, for `banker hub status` and the head judge's window:
    `entries` and `head_hash` are the hub's own last entry (0 and GENESIS's when it holds none),
    `reported` the head the table says its file holds."""

    game_id: str
    label: str | None
    source: str
    entries: int
    last_recorded_at: datetime | None
    last_arrival_at: datetime
    diverged: str | None
    refusals: int
    head_hash: str = ""
    ruling: str | None = None  # "judge: reason" once the head judge ruled on the divergence
    notes: int = 0
    reported: tuple[int, str] | None = None  # the head the table last reported with a batch
    reported_at: datetime | None = None
    file: str | None = None  # the table's file the last batch was read from
    checked: int = 0  # the entries whose chain the hub checked itself (chains.py)
    broken: str | None = None  # "broken at entry N: why" when the hub's copy does not check out
    version: str | None = None  # the app's version its entries last name (None: before versions)

    def clock_offset_s(self) -> float | None:
        """How far the table's laptop clock is ahead of the hub's (negative: behind): its last
        batch's time by the laptop's clock less the hub's time of its arrival (the two kept
        with every batch; the copier's time in transit is a fraction of a second)."""
        if self.reported_at is None:
            return None
        return (self.reported_at - self.last_arrival_at).total_seconds()

    def clock_off(self) -> str | None:
        """The table's clock in words when it is more than a minute from the hub's."""
        offset = self.clock_offset_s()
        if offset is None or abs(offset) <= MAX_OFFSET_S:
            return None
        return (f"CLOCK OFF: its laptop's clock is {span(abs(offset))} "
                f"{'ahead of' if offset > 0 else 'behind'} the hub's")

    def age_seconds(self, now: datetime) -> float | None:
        """Seconds since the table recorded its last entry (a stalled table stands out); a
        laptop clock more than a minute off is allowed for (its entries' times turned into the
        hub's), so an hours-fast laptop does not read "0 s ago" for ever."""
        if self.last_recorded_at is None:
            return None
        offset = self.clock_offset_s()
        skew = offset if self.clock_off() is not None and offset is not None else 0.0
        return max(0.0, (now - self.last_recorded_at).total_seconds() + skew)


@dataclass(frozen=True)
class Refusal:
    """A batch the hub refused: when, which game, broken or diverged, at which entry, why."""

    game_id: str
    at: datetime
    kind: str
    seq: int | None
    reason: str
    source: str


def label_order(label: str | None) -> tuple[tuple[int, int | str], ...]:
    """A table's label as people count tables: "2" before "10", "Final 2" before "Final 10"
    (runs of digits compared as numbers, the rest without case); no label last."""
    if label is None:
        return ((2, ""),)
    return tuple((0, int(part)) if part.isdigit() else (1, part.casefold())
                 for part in re.split(r"(\d+)", label) if part)
