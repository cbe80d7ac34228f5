"""The editions a tournament plays with, shared on the hub (hub_editions): the desk puts the text
of the organiser's own board, profile or decks there, and a table's laptop that lacks the file
takes it from there. An edition on the hub never changes: one text per kind and id.

Only the desk's login may add one (`banker hub init` grants the tournament's tables to the desk;
a table's and the reader's login read them)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from sqlalchemy import insert, select

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub
from app.hub.schema import hub_editions
from app.ledger.errors import LedgerError, LedgerRejected
from app.ledger.hashing import format_timestamp


class EditionDiffers(HubError):
    """The hub holds another text under this kind and id: an edition the tables may already
    play with is never replaced; save the changed one under a new id."""


def digest(text: str) -> str:
    """The SHA-256 of an edition's text as stored (hex)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shared(hub: Hub, kind: str, edition_id: str) -> str | None:
    """The text of the edition the hub holds under `kind` and `edition_id` (None: none)."""
    try:
        with hub.database.read() as connection:
            row = connection.execute(select(hub_editions.c.text, hub_editions.c.sha256).where(
                hub_editions.c.kind == kind, hub_editions.c.edition_id == edition_id)).first()
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    if row is None:
        return None
    if digest(row.text) != row.sha256:
        raise HubError(f"the hub's copy of the {kind} {edition_id!r} is damaged (its text does "
                       "not match its SHA-256)")
    return str(row.text)


def share(hub: Hub, kind: str, edition_id: str, text: str) -> bool:
    """Put the edition's text on the hub; True when stored now, False when the hub held the
    same text already. Raises EditionDiffers when it holds another text under that id,
    HubUnreachable when it cannot be written (a table's or the reader's login among them)."""
    held = shared(hub, kind, edition_id)
    if held is not None:
        if held != text:
            raise EditionDiffers(
                f"the hub holds another {kind} called {edition_id!r} (SHA-256 "
                f"{digest(held)[:12]}, this file's {digest(text)[:12]}): the tables may be "
                "playing with it already; save the changed one under a new id")
        return False
    try:
        with hub.database.write() as connection:
            connection.execute(insert(hub_editions).values(
                kind=kind, edition_id=edition_id, text=text, sha256=digest(text),
                added_at=format_timestamp(datetime.now(UTC))))
    except LedgerRejected:
        # Another desk shared it between the read and the write: the same text is fine.
        if shared(hub, kind, edition_id) == text:
            return False
        raise
    except LedgerError as e:
        hint = (" (only the desk's login may share editions; on a hub upgraded since, run "
                "`banker hub init` again to grant its new tables)"
                if "permission" in str(e).lower() else "")
        raise HubUnreachable(f"the {kind} {edition_id!r} was not put on the hub at "
                             f"{hub.location}: {e}{hint}") from e
    return True
