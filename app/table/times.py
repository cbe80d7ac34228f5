"""A command's time, checked before anything is recorded: zoned, in order, not ahead of the clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from models.commands import zoned
from models.errors import BadInput

# How far a command's `at` may run ahead of this machine's clock: two devices at one table
# (a tablet, the banker's laptop) never agree to the millisecond, but a minute ahead is a typo.
MAX_SKEW = timedelta(seconds=5)


def utc(at: datetime) -> datetime:
    """`at` in UTC; raises BadInput for a time without a zone or one beyond UTC's calendar."""
    if at.tzinfo is UTC:  # the table's own clock, and every time read back: nothing to convert
        return at
    try:
        return zoned(at).astimezone(UTC)
    except ValueError as e:
        raise BadInput(f"at: {e}") from None


def checked(at: datetime, last: datetime | None, now: datetime) -> tuple[datetime, datetime]:
    """check_at and genuine at once (each time converted once): the command's time in UTC, and
    the time the clock's marks before it are recorded at. Raises BadInput as check_at does."""
    when, clock = _checked(at, last, now)
    moment = min(when, clock)
    return when, moment if last is None else max(moment, last)


def check_at(at: datetime, last: datetime | None, now: datetime) -> datetime:
    """The command's time in UTC, if it is neither before the ledger's last entry (`last`) nor
    ahead of the machine's clock (`now`) by more than MAX_SKEW; raises BadInput otherwise."""
    return _checked(at, last, now)[0]


def _checked(at: datetime, last: datetime | None, now: datetime) -> tuple[datetime, datetime]:
    when, clock = utc(at), utc(now)
    if last is not None and when < last:
        hint = ("; that entry is itself ahead of this machine's clock: check the clock"
                if last - clock > MAX_SKEW else "")
        raise BadInput(f"at {_show(when)} is before the ledger's last entry, recorded at "
                       f"{_show(last)}: entries are recorded in the order they happen{hint}")
    if when - clock > MAX_SKEW:
        raise BadInput(f"at {_show(when)} is ahead of this machine's clock ({_show(clock)}) by "
                       f"more than {MAX_SKEW.total_seconds():g} seconds: check the date and time")
    return when, clock


def genuine(at: datetime, last: datetime | None, now: datetime) -> datetime:
    """The time the clock's marks before a command are recorded at: what real time has reached
    (never a later time a command merely claims), and never before the ledger's last entry."""
    moment = min(utc(at), utc(now))
    return moment if last is None else max(moment, last)


def _show(moment: datetime) -> str:
    spec = "seconds" if moment.microsecond == 0 else "milliseconds"
    return moment.astimezone(UTC).isoformat(timespec=spec).replace("+00:00", "Z")
