"""The hall's round as the projector shows it: the time left (the stage's game length less the
round's running time, models.tournament.hall_clock), the pause in force and its reason, the
head judge's latest announcement, and the time marks (15, 10, 5 and 1 minutes, then time)
passed between two looks, each sounded once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from models.tournament.hall_clock import HallRound

Phase = Literal["waiting", "running", "paused", "time"]
MINUTE_MS = 60_000
TIME: Literal["time"] = "time"

__all__ = ["HallTime", "Mark", "hall_time", "mark_passed"]

Mark = int | Literal["time"]


@dataclass(frozen=True)
class HallTime:
    """The round's clock at one reading: its phase, the time left then (the game's length
    before the start, 0 at time), the pause's reason and time, the latest announcement and
    its time, and the profile's announcement marks in minutes (largest first)."""

    phase: Phase
    left_ms: int
    pause: str | None = None
    paused_at: datetime | None = None
    announcement: str | None = None
    announced_at: datetime | None = None
    marks: tuple[int, ...] = (15, 10, 5, 1)

    def left_after(self, elapsed_ms: int) -> int:
        """The time left `elapsed_ms` after the reading: counting down only while the round
        runs (waiting or paused it stands), never below 0."""
        if self.phase != "running":
            return self.left_ms
        return max(0, self.left_ms - max(0, elapsed_ms))

    def phase_at(self, left_ms: int) -> Phase:
        """The phase once `left_ms` is left: a running round with none left is at time."""
        return "time" if self.phase == "running" and left_ms <= 0 else self.phase


def hall_time(hall: HallRound, minutes: int, marks: tuple[int, ...] = (15, 10, 5, 1)
              ) -> HallTime:
    """The round's clock for a game of `minutes` (the tournament's length, else the
    profile's), as the hall's entries stand at the reading."""
    said = hall.announcement
    waiting = HallTime(phase="waiting", left_ms=minutes * MINUTE_MS,
                       announcement=said.text if said is not None else None,
                       announced_at=said.at if said is not None else None,
                       marks=tuple(sorted(marks, reverse=True)))
    if hall.started is None:
        return waiting
    left = max(0, waiting.left_ms - hall.running_ms())
    paused = hall.paused
    if left == 0:
        return replace(waiting, phase="time", left_ms=0)
    if paused is not None:
        return replace(waiting, phase="paused", left_ms=left, pause=paused.text,
                       paused_at=paused.at)
    return replace(waiting, phase="running", left_ms=left)


def mark_passed(before_ms: int | None, now_ms: int, marks: tuple[int, ...]) -> Mark | None:
    """The mark to sound when the time left went from `before_ms` to `now_ms`: the last one
    passed ("time" at 0; of several passed at once only the last, as a display opened late
    does not sound the round's history); None when none was passed or there was no before."""
    if before_ms is None or now_ms >= before_ms:
        return None
    if before_ms > 0 >= now_ms:
        return TIME
    passed = [m for m in marks if before_ms > m * MINUTE_MS >= now_ms]
    return min(passed) if passed else None
