"""Judges' PINs: made into argon2 hashes here, checked against the game's registrations, and
slowed down after wrong tries by a delay that every process on the file honours."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, func, insert, select

from app.ledger import Ledger
from app.ledger import schema as tables
from app.ledger.hashing import format_timestamp
from app.signing.keys import make_key
from models.commands import JudgeEntry
from models.errors import BankerError

HASHER = PasswordHasher()
PIN_DIGITS = 6
FAILURE_WINDOW = timedelta(minutes=10)
MAX_DELAY_SECONDS = 10

Clock = Callable[[], datetime]
Sleep = Callable[[float], None]


class JudgeAuthError(BankerError):
    """A judge's action without a signed-in judge, with an unknown judge, or with a wrong PIN."""


def check_pin_format(pin: str) -> None:
    """A PIN is at least six digits and nothing else; raises JudgeAuthError saying so."""
    if not re.fullmatch(rf"[0-9]{{{PIN_DIGITS},}}", pin):
        raise JudgeAuthError(f"a judge's PIN is at least {PIN_DIGITS} digits, digits only")


def hash_pin(pin: str) -> str:
    """The argon2 hash recorded for a new judge's PIN (the PIN itself is never recorded)."""
    check_pin_format(pin)
    return HASHER.hash(pin)


def registration(name: str, pin: str) -> JudgeEntry:
    """One entry of new_game's `judges` field (or of add_judge), made from the judge's name and
    PIN: the PIN's hash and the judge's key pair, its private half sealed under the PIN."""
    pin_hash = hash_pin(pin)
    key = make_key(name, pin)
    return JudgeEntry(name=name, pin_hash=pin_hash, public_key=key.public_key,
                      sealed_key=key.sealed)


def judges_field(judges: Iterable[tuple[str, str]]) -> list[dict[str, str]]:
    """new_game's `judges` field as JSON, from (name, PIN) pairs."""
    return [registration(name, pin).model_dump() for name, pin in judges]


def matches(pin_hash: str, pin: str) -> bool:
    """Whether `pin` is the PIN `pin_hash` was made from (no delay, nothing logged)."""
    try:
        return bool(HASHER.verify(pin_hash, pin))
    except (VerificationError, InvalidHashError):
        return False


@dataclass(frozen=True)
class Failures:
    """Recent wrong PINs for one name: how many, the last one's row and time."""

    count: int
    last_id: int | None
    last_at: datetime | None

    def wait(self, now: datetime) -> float:
        """Seconds still to wait before the next try: the delay grows with the count, capped."""
        if self.last_at is None:
            return 0.0
        due = self.last_at + timedelta(seconds=delay(self.count))
        return max(0.0, (due - now).total_seconds())


def delay(count: int) -> int:
    """The delay after `count` recent wrong PINs: a second each, at most ten."""
    return min(count, MAX_DELAY_SECONDS)


def check_pin(ledger: Ledger, registered: Mapping[str, str], name: str, pin: str,
              sleep: Sleep, now: Clock, where: str = "for this game") -> None:
    """Check `name`'s PIN against the game's registrations; raises JudgeAuthError.

    Before the check, the delay owed to recent wrong PINs for `name` (logged in the file by any
    process) is waited out; the check itself holds the file's write lock, so two processes
    cannot both try a PIN in one delay. A wrong PIN is logged, then answered after its delay."""
    pin_hash = registered.get(name)
    if pin_hash is None:
        known = ", ".join(sorted(registered)) or "none"
        raise JudgeAuthError(f"no judge {name!r} is registered {where} (judges: {known})")
    seen = recent_failures(ledger, name, now())
    wait = seen.wait(now())
    if wait > 0:
        sleep(wait)
    with ledger.database.write() as connection:
        if _recent(connection, name, now()).last_id != seen.last_id:
            raise JudgeAuthError(f"another wrong PIN for judge {name!r} was just given; "
                                 f"try again in {delay(seen.count + 1)} seconds")
        if matches(pin_hash, pin):
            return
        connection.execute(insert(tables.pin_failures).values(
            name=name, at=format_timestamp(now())))
        count = _recent(connection, name, now()).count
    sleep(delay(count))
    raise JudgeAuthError(f"wrong PIN for judge {name!r}")


def recent_failures(ledger: Ledger, name: str, now: datetime) -> Failures:
    """The wrong PINs given for `name` within the window before `now`."""
    with ledger.database.read() as connection:
        return _recent(connection, name, now)


def _recent(connection: Connection, name: str, now: datetime) -> Failures:
    log = tables.pin_failures.c
    since = format_timestamp(now - FAILURE_WINDOW)
    count, last_at = connection.execute(
        select(func.count(), func.max(log.at)).where(log.name == name, log.at >= since)).one()
    # The newest row of any age: a change means another try was logged meanwhile.
    last_id = connection.execute(select(func.max(log.id)).where(log.name == name)).scalar_one()
    return Failures(int(count), last_id, datetime.fromisoformat(last_at) if last_at else None)


def failures(ledger: Ledger, name: str) -> int:
    """How many wrong PINs were ever given for `name`."""
    with ledger.database.read() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.pin_failures).where(
            tables.pin_failures.c.name == name)).scalar_one())
