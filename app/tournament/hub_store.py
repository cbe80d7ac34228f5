"""The tournament on the hub: each change one new version of its document, in one transaction.

The latest version is the tournament. A change reads it, applies the same pure change the
file mode applies (models.tournament.changes) and inserts the next version; PRIMARY KEY
(tournament_id, version) makes two desks that read the same version collide, so one wins and
the other is told, with nothing of its change written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from pydantic import ValidationError
from sqlalchemy import Connection, func, insert, select

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub
from app.hub.schema import hub_tournaments
from app.ledger.errors import LedgerError, LedgerRejected
from app.ledger.hashing import format_timestamp
from app.tournament.files import document
from models.tournament.records import Tournament, TournamentError

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
        """The tournament's latest version (None when the hub does not hold it)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            found = _latest(connection, tid)
        return None if found is None else found[1]

    def version(self, tid: str) -> int:
        """The number of the tournament's latest version (0: the hub does not hold it)."""
        with _unreachable(self.hub), self.hub.database.read() as connection:
            found = _latest(connection, tid)
        return 0 if found is None else found[0]

    def put(self, t: Tournament, what: str, *, new: bool = False) -> int:
        """Store `t` whole as the next version (a file's tournament pushed to the hub); with
        `new`, only if the hub does not hold it yet. Returns the version stored."""
        def whole(current: Tournament | None) -> Tournament:
            if new and current is not None:
                raise TournamentError(f"a tournament {t.id!r} exists already on the hub at "
                                      f"{self.hub.location}")
            return t
        return self._write(t.id, whole, what)[0]

    def update(self, tid: str, change: Change, what: str) -> Tournament:
        """Read the latest version, change it and store the next, in one transaction."""
        def changed(current: Tournament | None) -> Tournament:
            if current is None:
                raise TournamentError(f"no tournament {tid!r} on the hub at {self.hub.location}")
            return change(current)
        return self._write(tid, changed, what)[1]

    def _write(self, tid: str, change: Callable[[Tournament | None], Tournament],
               what: str) -> tuple[int, Tournament]:
        try:
            with self.hub.database.write() as connection:
                found = _latest(connection, tid)
                version = 1 if found is None else found[0] + 1
                changed = change(None if found is None else found[1])
                connection.execute(insert(hub_tournaments).values(
                    tournament_id=tid, version=version, document=document(changed),
                    changed_at=format_timestamp(self._now()), change=what))
        except LedgerRejected as e:
            if "hub_tournaments" in str(e):  # the next version's key is taken: a collision
                raise self._meanwhile(tid) from e
            raise HubUnreachable(f"the hub at {self.hub.location} refused the write: {e}") from e
        except LedgerError as e:
            if "permission denied" in str(e):  # a table's or the reader's role (banker hub init)
                raise TournamentWriteRefused(
                    f"the hub at {self.hub.location} lets only the desk's role change "
                    f"tournament {tid!r}: nothing was recorded ({e})") from e
            raise HubUnreachable(f"the hub at {self.hub.location} cannot be used just now: {e}"
                                 ) from e
        return version, changed

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


def _latest(connection: Connection, tid: str) -> tuple[int, Tournament] | None:
    last = connection.execute(
        select(func.max(hub_tournaments.c.version))
        .where(hub_tournaments.c.tournament_id == tid)).scalar()
    if last is None:
        return None
    text = connection.execute(
        select(hub_tournaments.c.document).where(hub_tournaments.c.tournament_id == tid,
                                                 hub_tournaments.c.version == last)).scalar_one()
    try:
        return int(last), Tournament.model_validate_json(text)
    except ValidationError as e:
        raise TournamentError(f"tournament {tid!r} version {last} on the hub is not a "
                              f"tournament ({e.error_count()} problems); nothing was changed"
                              ) from e
