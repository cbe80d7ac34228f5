"""Judges' PINs: stored only as slow salted argon2 hashes; wrong PINs are slowed down and logged."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError
from sqlalchemy import func, insert, select

from app.ledger import Ledger
from app.ledger import schema as tables
from app.ledger.hashing import format_timestamp
from models.errors import BankerError

HASHER = PasswordHasher()
FAILURE_WINDOW_SECONDS = 600


class JudgeAuthError(BankerError):
    """A judge's action without a judge, with an unknown judge, or with a wrong PIN."""


def add_judge(ledger: Ledger, name: str, pin: str) -> None:
    """Register a judge for this ledger (a PIN of at least 4 digits or characters)."""
    if len(pin) < 4:
        raise JudgeAuthError("a judge's PIN has at least 4 characters")
    with ledger.database.write() as connection:
        known = connection.execute(select(tables.judges.c.name).where(
            tables.judges.c.name == name)).first()
        if known is not None:
            raise JudgeAuthError(f"judge {name!r} is already registered")
        connection.execute(insert(tables.judges).values(
            name=name, pin_hash=HASHER.hash(pin), created_at=format_timestamp(datetime.now(UTC))))


def verify_pin(ledger: Ledger, name: str, pin: str | None,
               sleep: Callable[[float], None] = time.sleep) -> None:
    """Check a judge's PIN; raises JudgeAuthError. Each recent failure adds a second of delay
    (up to 10) before the answer, and every failure is logged."""
    with ledger.database.read() as connection:
        row = connection.execute(select(tables.judges.c.pin_hash).where(
            tables.judges.c.name == name)).first()
    if row is None:
        raise JudgeAuthError(f"no judge {name!r} is registered for this table "
                             "(banker add-judge)")
    try:
        if pin is None:
            raise VerificationError("no PIN given")
        HASHER.verify(row.pin_hash, pin)
    except VerificationError:
        failures = _record_failure(ledger, name)
        sleep(min(failures, 10))
        raise JudgeAuthError(f"wrong PIN for judge {name!r}") from None


def _record_failure(ledger: Ledger, name: str) -> int:
    now = datetime.now(UTC)
    since = format_timestamp(datetime.fromtimestamp(now.timestamp() - FAILURE_WINDOW_SECONDS, UTC))
    with ledger.database.write() as connection:
        connection.execute(insert(tables.pin_failures).values(name=name, at=format_timestamp(now)))
        count = connection.execute(select(func.count()).select_from(tables.pin_failures).where(
            tables.pin_failures.c.name == name, tables.pin_failures.c.at >= since)).scalar_one()
    return int(count)


def failures(ledger: Ledger, name: str) -> int:
    """How many wrong PINs were ever given for `name`."""
    with ledger.database.read() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.pin_failures).where(
            tables.pin_failures.c.name == name)).scalar_one())
