"""The judges' keys on the hub (issue 28): each judge's public key beside the name, the private
key sealed under the PIN; a judge signs in with the PIN to sign a decision; where signatures
began on this hub (older rows are "recorded before signatures")."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Connection, insert, select, text

from app.hub.errors import HubUnreachable
from app.hub.schema import hub_judge_keys, hub_signatures
from app.ledger import Ledger
from app.ledger.database import Database
from app.ledger.errors import LedgerError
from app.ledger.hashing import format_timestamp
from app.signing.keys import JudgeKey, Signer, SigningError, make_key, open_key
from app.table.judges import check_pin

Sleep = Callable[[float], None]
Clock = Callable[[], datetime]


def public_keys(connection: Connection) -> dict[str, str]:
    """Each judge's public key on the hub (name → base64): columns every login may read."""
    keys = hub_judge_keys.c
    return {str(name): str(key) for name, key in
            connection.execute(select(keys.name, keys.public_key)).all()}


def may(connection: Connection, table: str, privilege: str, column: str | None = None) -> bool:
    """Whether this login holds `privilege` on `table` (or its `column`): PostgreSQL's word,
    asked before trying (a refused statement would abort the transaction); on SQLite always
    (who may write the file is its folder's permissions)."""
    if connection.dialect.name != "postgresql":
        return True
    if column is None:
        return bool(connection.execute(text(
            "SELECT has_table_privilege(current_user, :t, :p)"),
            {"t": table, "p": privilege}).scalar())
    return bool(connection.execute(text(
        "SELECT has_column_privilege(current_user, :t, :c, :p)"),
        {"t": table, "c": column, "p": privilege}).scalar())


def sealed_keys(connection: Connection) -> dict[str, JudgeKey]:
    """Each judge's key, the sealed private half with it (the desk's and the tables' logins;
    none for a login that may not read them: the reader's)."""
    if not may(connection, "hub_judge_keys", "SELECT", "sealed_key"):
        return {}
    keys = hub_judge_keys.c
    return {str(r.name): JudgeKey(str(r.public_key), str(r.sealed_key)) for r in
            connection.execute(select(keys.name, keys.public_key, keys.sealed_key)).all()}


@dataclass(frozen=True)
class Since:
    """Where signatures begin on this hub (migration 0012): the round entries, marks and
    tournament versions held before it, followed as "recorded before signatures"."""

    rounds: frozenset[int] = frozenset()  # the ids of hub_rounds rows held then
    marks: frozenset[int] = frozenset()  # the ids of judges' hub_marks rows held then
    versions_upto: Mapping[str, int] = field(default_factory=dict)


def signatures_since(connection: Connection) -> Since:
    """This hub's start of signatures (nothing before it on a hub made since)."""
    row = connection.execute(select(hub_signatures)).first()
    if row is None:
        return Since()
    versions = json.loads(row.versions_upto or "{}")
    return Since(_ids(row.rounds_held), _ids(row.marks_held),
                 {str(k): int(v) for k, v in versions.items()} if isinstance(versions, dict)
                 else {})


def _ids(text: str | None) -> frozenset[int]:
    found = json.loads(text or "[]")
    return frozenset(i for i in found if type(i) is int) if isinstance(found, list) \
        else frozenset()


def new_key_row(name: str, pin: str, stamp: str) -> dict[str, str]:
    """A new key for judge `name`: its hub_judge_keys row."""
    key = make_key(name, pin)
    return {"name": name, "public_key": key.public_key, "sealed_key": key.sealed,
            "added_at": stamp}


def signer(database: Database, location: str, registered: Mapping[str, str], name: str,
           pin: str, sleep: Sleep, now: Clock) -> Signer:
    """Judge `name` signed in on the hub: the PIN checked against `registered` (name → PIN
    hash; wrong tries slowed down, as at a table), then their key opened. A judge registered
    before signatures gets a key now, recorded by this login (the desk's: a table's or the
    reader's login is told that the desk records it). Raises JudgeAuthError (unknown judge,
    wrong PIN), DamagedKey, SigningError, HubUnreachable."""
    try:
        check_pin(Ledger(database), registered, name, pin, sleep, now, "on the hub")
        with database.write() as connection:
            key = sealed_keys(connection).get(name)
            if key is None:
                row = new_key_row(name, pin, format_timestamp(now()))
                connection.execute(insert(hub_judge_keys).values(**row))
                key = JudgeKey(row["public_key"], row["sealed_key"])
    except LedgerError as e:
        if "permission denied" in str(e):
            raise SigningError(
                f"judge {name!r} has no key on the hub yet and this login may not record one: "
                "sign in once at the desk (its login records the key)") from e
        raise HubUnreachable(f"the hub at {location} cannot be used just now: {e}") from e
    return open_key(name, key, pin)
