"""A tournament's versions on the hub, each stored as its delta from the version before
(deltas.py) with the whole document now and then (migration 0014's `base`): the history grows
with the changes, not with changes × the document's size.

A version is whole (`base` NULL) when it is the first, when the deltas since the last whole
one would add up to the document's own size, or every SNAPSHOT_EVERY versions; so reading any
version reads one whole document and fewer deltas than a document's worth. Every row held
before 0014 is whole and reads as it always did."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, insert, select

from app.hub.schema import hub_tournaments
from app.tournament.deltas import delta, patched
from models.tournament.records import TournamentError

SNAPSHOT_EVERY = 64
"""At most this many versions from one whole document to the next (a read's bound)."""


@dataclass(frozen=True)
class Stored:
    """One version as stored: its document's text when the row is whole (read as it is, the
    fastest), else its data rebuilt from the whole one before and the deltas since; how many
    deltas and bytes of them lie between the last whole document and it."""

    text: str | None
    rebuilt: Any
    deltas: int
    delta_bytes: int

    def data(self) -> Any:
        """The version's document as JSON data (shared with later readings: never changed in
        place; deltas.patched and delta make new objects)."""
        return json.loads(self.text) if self.text is not None else self.rebuilt


_LAST: dict[tuple[str, str], tuple[int, Stored, Any]] = {}
"""Per hub and tournament, the last version rebuilt in this process (a version never changes):
the next reading of a later one applies only the deltas since."""


def stored(connection: Connection, tid: str, version: int) -> Stored:
    """Version `version` of tournament `tid`; raises TournamentError when it is not held or
    its chain of deltas does not hold together."""
    t = hub_tournaments.c
    whole = connection.execute(
        select(func.max(t.version)).where(t.tournament_id == tid, t.version <= version,
                                          t.base.is_(None))).scalar()
    if whole is None:
        raise TournamentError(f"tournament {tid!r} version {version} is not on the hub")
    where = (str(connection.engine.url), tid)
    last = _LAST.get(where)
    if last is not None and last[0] == version:
        return last[1]
    # From the last version rebuilt here when it lies between the whole one and `version`.
    start = last[0] if last is not None and whole < last[0] < version else int(whole)
    rows = connection.execute(
        select(t.version, t.base, t.document).where(
            t.tournament_id == tid, t.version >= start, t.version <= version)
        .order_by(t.version)).all()
    if len(rows) == 1 and start == whole:
        return Stored(str(rows[0].document), None, 0, 0)
    if start == whole:
        data, before, size = json.loads(rows[0].document), int(whole), 0
    else:
        assert last is not None
        data, before, size = last[2], start, last[1].delta_bytes
    for row in rows[1:]:
        if row.version != before + 1 or row.base != before:
            raise TournamentError(f"tournament {tid!r} version {row.version} on the hub is not "
                                  f"the delta of version {before}: its history does not hold "
                                  "together")
        try:
            data = patched(data, json.loads(row.document))
        except ValueError as e:
            raise TournamentError(f"tournament {tid!r} version {row.version} on the hub: {e}"
                                  ) from e
        before, size = int(row.version), size + len(row.document)
    if before != version:
        raise TournamentError(f"tournament {tid!r} version {version} is not on the hub")
    found = Stored(None, data, version - int(whole), size)
    _LAST[where] = (version, found, data)
    return found


def insert_version(connection: Connection, tid: str, version: int, text: str,
                   previous: Stored | None, at: str, what: str) -> None:
    """Store version `version` (its whole document `text`) as the delta from `previous` (the
    version before, as stored), or whole when it is time for a whole one."""
    document, base = text, None
    if previous is not None and previous.deltas + 1 < SNAPSHOT_EVERY:
        change = json.dumps(delta(previous.data(), json.loads(text)), ensure_ascii=False,
                            separators=(",", ":"))
        if previous.delta_bytes + len(change) < len(text):
            document, base = change, version - 1
    connection.execute(insert(hub_tournaments).values(
        tournament_id=tid, version=version, document=document, changed_at=at, change=what,
        base=base))
