"""Who signs the tournament's decisions: a judge registered on the hub (a tournament kept
there) or in the tournament's own file (one kept in the data folder), signed in with the PIN.

A file's judge has no wrong-PIN log to share with other programs (the hub's and a table's are
in their databases): each wrong PIN here is answered after a second's wait, so a script cannot
try PINs at speed through this path. Someone holding the file can search the PIN at argon2's
cost, as with a table's file (docs/decisions.md, the threat model)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from app.signing.keys import JudgeKey, Signer, make_key, open_key
from app.table.judges import JudgeAuthError, hash_pin, matches
from app.tournament.decisions import Checked, check, file_keys, legacy_before
from models.tournament.records import Tournament, TournamentError
from models.tournament.signed import TournamentJudge

Sleep = Callable[[float], None]
Judge = tuple[str, str]
"""A judge's name and PIN, as typed (the PIN is never kept)."""

WRONG_PIN_WAIT_S = 1.0


def checked_file(t: Tournament) -> Checked:
    """A file's tournament as followed: its decisions checked against its own judges' keys."""
    return check(t, file_keys(t), legacy_before(t.signed_since))


def add_judge(t: Tournament, name: str, pin: str, at: datetime) -> Tournament:
    """`t` with judge `name` registered (the PIN's hash and a key sealed under it). Raises
    JudgeAuthError for a PIN that is not 6+ digits, TournamentError for a name taken."""
    if any(j.name.casefold() == name.strip().casefold() for j in t.judges):
        raise TournamentError(f"judge {name.strip()!r} is already registered for {t.name}")
    key = make_key(name.strip(), pin)
    judge = TournamentJudge(name=name.strip(), pin_hash=hash_pin(pin),
                            public_key=key.public_key, sealed_key=key.sealed, at=at)
    return t.model_copy(update={"judges": (*t.judges, judge)})


def file_signer(t: Tournament, judge: Judge, sleep: Sleep = time.sleep) -> Signer:
    """Judge `judge` of a file's tournament signed in: PIN checked, key opened. Raises
    JudgeAuthError (no such judge, a wrong PIN after a second's wait), DamagedKey."""
    name, pin = judge
    found = next((j for j in t.judges if j.name == name), None)
    if found is None:
        known = ", ".join(j.name for j in t.judges) or "none yet: `banker tournament add-judge`"
        raise JudgeAuthError(f"no judge {name!r} is registered for {t.name} (judges: {known})")
    if not matches(found.pin_hash, pin):
        sleep(WRONG_PIN_WAIT_S)
        raise JudgeAuthError(f"wrong PIN for judge {name!r}")
    return open_key(name, JudgeKey(found.public_key, found.sealed_key), pin)
