"""The tournament on the hub: each change one new version of its document, in one transaction.

The latest version is the tournament. A change reads it, applies the same pure change the
file mode applies (models.tournament.changes) and inserts the next version; PRIMARY KEY
(tournament_id, version) makes two desks that read the same version collide, so one wins and
the other is told, with nothing of its change written.

The players' contacts are kept apart, in hub_tournament_contacts (same key), which only the
desk's role may read (`banker hub init`): a version is written as its document with every
contact blanked plus its contacts row, in one transaction; a reading merges the contacts back
only when the connected login may read them (a table's and the reader's get none)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Connection, func, insert, select, text

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub
from app.hub.keys import public_keys, signatures_since
from app.hub.schema import hub_tournament_contacts, hub_tournaments
from app.ledger.errors import LedgerError, LedgerRejected
from app.ledger.hashing import format_timestamp
from app.signing.keys import Signer
from app.tournament.decisions import Checked, Legacy, check, legacy_of, seal_new
from app.tournament.files import document
from app.tournament.hub_versions import Stored, insert_version, stored
from models.tournament.records import Tournament, TournamentError
from models.tournament.undoing import undone

Change = Callable[[Tournament], Tournament]


class TournamentWriteRefused(HubError):
    """The hub's role for this login may read the tournament but not change it (a table's or
    the reader's, made by `banker hub init`); nothing was recorded."""


class TournamentChangedMeanwhile(TournamentError):
    """Another desk changed the tournament between this change's reading and its writing:
    nothing of this change was recorded; look again (the change may no longer be wanted)."""


class HubTournaments:
    """The tournaments a hub holds. Errors: TournamentError (none such, damaged),
    TournamentChangedMeanwhile, and the hub's own (HubUnreachable) as Hub raises them."""

    def __init__(self, hub: Hub, now: Callable[[], datetime] | None = None) -> None:
        self.hub = hub
        self._now = now or (lambda: datetime.now(UTC))

    def ids(self) -> list[str]:
        """Every tournament the hub holds, by id."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            return list(connection.execute(
                select(hub_tournaments.c.tournament_id).distinct()
                .order_by(hub_tournaments.c.tournament_id)).scalars())

    def get(self, tid: str) -> Tournament | None:
        """The tournament's latest version as its readers follow it (its judges' decisions
        that verify: see app.tournament.decisions); None when the hub does not hold it."""
        found = self.checked(tid)
        return None if found is None else found.tournament

    def checked(self, tid: str) -> Checked | None:
        """The latest version as followed, with the decisions passed over (None: not held)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            found = _latest(connection, tid)
            return None if found is None else _checked(connection, found[1])

    def may_change(self, tid: str) -> None:
        """Raise TournamentWriteRefused unless this login may change the tournament (asked
        before a judge's PIN is checked and their key opened for it)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            allowed = _may(connection, "hub_tournaments", "INSERT")
        if not allowed:
            raise self._refused(tid, "this login may read the tournament, not change it")

    def raw(self, tid: str) -> Tournament | None:
        """The latest version as stored, every decision in it followed or not (`hub verify`)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            found = _latest(connection, tid)
        return None if found is None else found[1]

    def at(self, tid: str, version: int) -> Tournament:
        """Version `version` as stored, contacts left out (an earlier version for the desk's
        undo, the legacy version signatures began at); TournamentError when not held."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            data = stored(connection, tid, version).data()
        try:
            return Tournament.model_validate(data)
        except ValidationError as e:
            raise TournamentError(f"tournament {tid!r} version {version} on the hub is not a "
                                  f"tournament ({e.error_count()} problems)") from e

    def version(self, tid: str) -> int:
        """The number of the tournament's latest version (0: the hub does not hold it)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            return _last(connection, tid) or 0

    def put(self, t: Tournament, what: str, *, new: bool = False) -> int:
        """Store `t` whole as the next version (a file's tournament pushed to the hub); with
        `new`, only if the hub does not hold it yet. Returns the version stored."""
        def whole(_: Connection, current: Tournament | None) -> Tournament:
            if new and current is not None:
                raise TournamentError(f"a tournament {t.id!r} exists already on the hub at "
                                      f"{self.hub.location}")
            return t
        return self._write(t.id, whole, what)[0]

    def update(self, tid: str, change: Change, what: str, signer: Signer | None = None
               ) -> Tournament:
        """Read the latest version, change it as followed and store the next, in one
        transaction; a judge's decision the change adds is sealed by `signer` (the change is
        refused without one: see decisions.seal_new)."""
        def changed(connection: Connection, current: Tournament | None) -> Tournament:
            if current is None:
                raise TournamentError(f"no tournament {tid!r} on the hub at {self.hub.location}")
            followed = _checked(connection, current)
            return seal_new(followed, change(followed.tournament), signer)
        return self._write(tid, changed, what)[1]

    def undo(self, tid: str, reason: str, at: datetime) -> tuple[Tournament, str]:
        """The version before the latest restored as the next version, with `reason`
        (models.tournament.undoing); the contacts as they were then. Returns it and what was
        undone, in words. TournamentChangedMeanwhile if another desk changed it first."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            last = _last(connection, tid) or 0
            what = connection.execute(select(hub_tournaments.c.change).where(
                hub_tournaments.c.tournament_id == tid,
                hub_tournaments.c.version == last)).scalar()
        if last < 2:
            raise TournamentError(f"nothing to undo in tournament {tid!r}: "
                                  + ("version 1 is the tournament as made" if last else
                                     f"the hub at {self.hub.location} does not hold it"))
        said = f"version {last} ({what})"

        def restored(connection: Connection, current: Tournament | None) -> Tournament:
            if current is None or _last(connection, tid) != last:
                raise self._meanwhile(tid)
            earlier = stored(connection, tid, last - 1).data()
            held = connection.execute(select(hub_tournament_contacts.c.contacts).where(
                hub_tournament_contacts.c.tournament_id == tid,
                hub_tournament_contacts.c.version == last - 1)).scalar()
            before = Tournament.model_validate(_merged(earlier, json.loads(held or "{}")))
            return undone(_checked(connection, current).tournament, before, said, reason, at)
        return self._write(tid, restored, f"undo of {said}: {reason}")[1], said

    def _write(self, tid: str, change: Callable[[Connection, Tournament | None], Tournament],
               what: str) -> tuple[int, Tournament]:
        try:
            with self.hub.database.write() as connection:
                if not _may(connection, "hub_tournaments", "INSERT"):
                    raise self._refused(tid, "this login may read the tournament, not change it")
                if not _may(connection, "hub_tournament_contacts", "SELECT"):
                    # Its contacts would be lost: the desk's login on a hub migrated since.
                    raise self._refused(tid, "this login may not read the players' contacts; a hub "
                                        "upgraded since `banker hub init` needs it run again")
                found = _latest(connection, tid)
                version = 1 if found is None else found[0] + 1
                changed = change(connection, None if found is None else found[1])
                _insert(connection, tid, changed, version, format_timestamp(self._now()), what,
                        None if found is None else found[2])
        except LedgerRejected as e:
            if "hub_tournaments" in str(e):  # the next version's key is taken: a collision
                raise self._meanwhile(tid) from e
            raise HubUnreachable(f"the hub at {self.hub.location} refused the write: {e}") from e
        except LedgerError as e:
            if "permission denied" in str(e):  # a table's or the reader's role (banker hub init)
                raise self._refused(tid, str(e)) from e
            raise HubUnreachable(f"the hub at {self.hub.location} cannot be used just now: {e}"
                                 ) from e
        return version, changed

    def _refused(self, tid: str, why: str) -> TournamentWriteRefused:
        return TournamentWriteRefused(
            f"the hub at {self.hub.location} lets only the desk's role change "
            f"tournament {tid!r}: nothing was recorded ({why})")

    def _meanwhile(self, tid: str) -> TournamentChangedMeanwhile:
        return TournamentChangedMeanwhile(
            f"tournament {tid!r} changed meanwhile at another desk (hub {self.hub.location}): "
            "nothing of this change was recorded; look again")


@contextmanager
def _unreachable(hub: Hub) -> Iterator[None]:
    """The ledger's errors from the hub's database become HubUnreachable, as Hub's own do."""
    try:
        yield
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e


def _last(connection: Connection, tid: str) -> int | None:
    last = connection.execute(
        select(func.max(hub_tournaments.c.version))
        .where(hub_tournaments.c.tournament_id == tid)).scalar()
    return None if last is None else int(last)


def _latest(connection: Connection, tid: str) -> tuple[int, Tournament, Stored] | None:
    """The latest version: its number, the tournament (contacts merged back when this login
    may read them) and the version as stored (hub_versions.py: whole, or rebuilt)."""
    last = _last(connection, tid)
    if last is None:
        return None
    kept = stored(connection, tid, last)
    readable = _contacts_readable(connection)
    where = (str(connection.engine.url), tid, readable)
    seen = _READ.get(where)
    if seen is not None and seen[0] == last:  # a version never changes: read once here
        return last, seen[1], kept
    held = None
    if readable:
        held = connection.execute(
            select(hub_tournament_contacts.c.contacts).where(
                hub_tournament_contacts.c.tournament_id == tid,
                hub_tournament_contacts.c.version == last)).scalar()
    contacts = {} if held is None else json.loads(held)
    try:
        if not contacts and kept.text is not None:
            found = Tournament.model_validate_json(kept.text)
        else:
            found = Tournament.model_validate(_merged(kept.data(), contacts))
    except ValidationError as e:
        raise TournamentError(f"tournament {tid!r} version {last} on the hub is not a "
                              f"tournament ({e.error_count()} problems); nothing was changed"
                              ) from e
    _READ[where] = (last, found)
    return last, found, kept


_READ: dict[tuple[str, str, bool], tuple[int, Tournament]] = {}
"""Per hub, tournament and whether the login reads contacts: the latest version read in this
process (frozen, and a version and its contacts row never change), so a reading of an
unchanged tournament does not validate its document again."""


def _checked(connection: Connection, t: Tournament) -> Checked:
    """`t` as followed: its decisions checked against the hub's judges' keys, those held before
    signatures (its last version before migration 0012) followed as such."""
    upto = signatures_since(connection).versions_upto.get(t.id)
    where = (str(connection.engine.url), t.id, upto)
    if where not in _LEGACY:  # a version never changes: read and kept once per process
        before = None
        if upto is not None and upto <= (_last(connection, t.id) or 0):
            before = Tournament.model_validate(stored(connection, t.id, upto).data())
        _LEGACY[where] = legacy_of(before)
    return check(t, public_keys(connection), _LEGACY[where])


_LEGACY: dict[tuple[str, str, int | None], Legacy] = {}


def _contacts_readable(connection: Connection) -> bool:
    """Whether this login may read the players' contacts: on PostgreSQL asked of the server
    (only the desk's role may, `banker hub init`), never learnt by a refused SELECT, which
    would abort the transaction; a SQLite hub is one file, readable whole or not at all."""
    return _may(connection, "hub_tournament_contacts", "SELECT")


def _may(connection: Connection, table: str, privilege: str) -> bool:
    """Whether this login holds `privilege` on `table` (PostgreSQL's has_table_privilege; on
    SQLite, always: who may write the file is its folder's permissions)."""
    if connection.dialect.name != "postgresql":
        return True
    return bool(connection.execute(text("SELECT has_table_privilege(current_user, :table, "
                                        ":privilege)"), {"table": table, "privilege": privilege}
                                   ).scalar())


def _insert(connection: Connection, tid: str, t: Tournament, version: int, at: str,
            what: str, previous: Stored | None) -> None:
    """Version `version` of `t`: its document with every contact blanked (stored as its delta
    from `previous`, the version before, or whole: hub_versions.py), its contacts apart."""
    contacts = {p.id: p.contact for p in t.players if p.contact is not None}
    blank = Tournament.model_validate(_merged(t.model_dump(), {})) if contacts else t
    insert_version(connection, tid, version, document(blank), previous, at, what)
    connection.execute(insert(hub_tournament_contacts).values(
        tournament_id=tid, version=version, contacts=json.dumps(contacts, ensure_ascii=False)))


def _merged(data: dict[str, Any], contacts: dict[str, str]) -> dict[str, Any]:
    """A tournament's data with each player's contact from `contacts` (None when not there);
    `data` itself is left as it was (a version rebuilt from deltas is the next one's base)."""
    return data | {"players": [player | {"contact": contacts.get(player["id"])}
                               for player in data.get("players", ())]}
