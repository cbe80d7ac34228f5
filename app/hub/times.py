"""The hub's clock and how far a table's laptop clock is from it: every laptop reads one clock
(PostgreSQL's now()), so a laptop whose clock is off by more than a minute is flagged, in the
head judge's window and on the table's own window."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, text

MAX_OFFSET_S = 60.0
"""A laptop's clock this far from the hub's (either way) is flagged."""


def hub_now(connection: Connection, fallback: Callable[[], datetime]) -> datetime:
    """The hub's clock: PostgreSQL's now() (every laptop reads one clock), else `fallback`
    (a SQLite hub is one machine's file: that machine's clock)."""
    if connection.dialect.name == "postgresql":
        found = connection.execute(text("SELECT now()")).scalar_one()
        assert isinstance(found, datetime)
        return found.astimezone(UTC)
    return fallback().astimezone(UTC)


def machine_clock() -> datetime:
    """A SQLite hub's clock: the clock of the machine its file is on (this one)."""
    return datetime.now(UTC)


def offset_words(offset_s: float | None) -> str | None:
    """A laptop clock `offset_s` seconds ahead of the hub's (negative: behind) in words when it
    is off by more than MAX_OFFSET_S, else None."""
    if offset_s is None or abs(offset_s) <= MAX_OFFSET_S:
        return None
    return (f"this laptop's clock is {span(abs(offset_s))} "
            f"{'ahead of' if offset_s > 0 else 'behind'} the hub's: set its date and time")


def span(seconds: float) -> str:
    """'2 min 05 s', '3 h 00 min'."""
    whole = int(seconds)
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    return f"{minutes // 60} h {minutes % 60:02d} min"
