"""Where a tournament is kept: on the hub when a hub is set and holds it, else its JSON file.

With a hub set (`--hub`, else BANKER_HUB_URL) every laptop reads and changes the hub's copy; a
tournament the hub does not hold stays in the data folder's file (the single-laptop mode),
until `banker tournament push` puts it on the hub."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub, hub_url
from app.ledger.errors import LedgerNotFound
from app.tournament.hub_store import HubTournaments


@contextmanager
def on_hub(hub: str | None = None, *, create: bool = False) -> Iterator[HubTournaments | None]:
    """The hub's tournaments (`hub`, else BANKER_HUB_URL), or None when no hub is set.

    A hub that is not there (none made yet at that URL) is None too: the files serve, as
    there is nothing on it to read. A URL that is not one raises HubError; a hub that does not
    answer raises HubUnreachable (never the files instead: they may be behind the hub's copy).
    With `create`, a hub that is not there is made (a tournament created or pushed)."""
    url = hub_url(hub)
    if url is None:
        yield None
        return
    try:
        opened = Hub.open(url, create=create)
    except HubUnreachable:
        raise
    except HubError as e:
        if not isinstance(e.__cause__, LedgerNotFound):
            raise
        yield None
        return
    try:
        yield HubTournaments(opened)
    finally:
        opened.close()
