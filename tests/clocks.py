"""The table's clock in a test: a fixed morning that moves a second per reading, or when told."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class Clock:
    """Moves one second each time it is read, and by `advance(minutes=…)` when a test says so."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 10, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)
