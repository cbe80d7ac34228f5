"""Where a tournament is kept: on the hub when a hub is set and holds it, else its JSON file.

With a hub set (`--hub`, else BANKER_HUB_URL) every laptop reads and changes the hub's copy; a
tournament the hub does not hold stays in the data folder's file (the single-laptop mode),
until `banker tournament push` puts it on the hub."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub, hub_url
from app.hub.rounds import openings
from app.ledger.errors import LedgerNotFound
from app.tournament.hub_store import HubTournaments
from models.tournament.records import Tournament


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


@dataclass(frozen=True)
class HubReading:
    """One reading of a followed tournament: its latest version on the hub and the tournament
    as of it (version 0 and None: the hub does not hold it, its file is the tournament), as
    its readers follow it, with the judges' decisions not followed (each in words)."""

    tid: str | None
    version: int
    tournament: Tournament | None
    not_followed: tuple[str, ...] = ()


class FollowedOnHub:
    """A tournament read from the hub again and again (the tournament window's poll): the hub's
    connections kept between readings, its document read again only when a new version is
    there. `tid` may be changed between readings (None: only the hub is asked it answers).
    Raises HubError (HubUnreachable when the hub does not answer) from `read`."""

    def __init__(self, hub: str, tid: str | None = None) -> None:
        self.hub, self.tid = hub, tid
        self._opened: Hub | None = None
        self._last: HubReading | None = None

    def read(self) -> HubReading:
        """The tournament's latest version on the hub."""
        tid = self.tid  # set by the window's thread: read once
        try:
            if self._opened is None:
                self._opened = Hub.open(self.hub)
            held = HubTournaments(self._opened)
            if tid is None:
                held.ids()  # the hub answers (a window with nothing chosen catches up)
                return HubReading(None, 0, None)
            version = held.version(tid)
            last = self._last
            if last is not None and last.tid == tid and last.version == version:
                return last
            checked = held.checked(tid) if version else None
            found = HubReading(tid, version, None if checked is None else checked.tournament,
                               () if checked is None else tuple(checked.words))
        except HubError as e:
            self.close()  # the next reading connects afresh
            if not isinstance(e, HubUnreachable) and isinstance(e.__cause__, LedgerNotFound):
                return HubReading(tid, 0, None)  # no hub made there yet: nothing on it
            raise
        self._last = found
        return found

    def close(self) -> None:
        """Release the hub's connections (a later `read` opens them again)."""
        if self._opened is not None:
            self._opened.close()
        self._opened = None


HUB_SOURCE = "hub:"
"""A game taken in from the hub has no file at the desk: its source names the hub's copy."""
HUB_GAME = "game {game} on the hub (the desk takes it in)"


def started_on_hub(t: Tournament, stage: str) -> dict[str, str]:
    """The tables of `stage` whose game the hub holds (as far as this login may see) but the
    tournament does not record yet (a table's login may not record it: the desk takes it in),
    table label: game id; none without a hub. So a table is not started twice meanwhile."""
    name = t.stage(stage).name
    known = {g.game_id for g in t.games if g.game_id}
    found: dict[str, str] = {}
    with on_hub() as held:
        if held is None or held.version(t.id) == 0:
            return found
        for game_id, opening in openings(held.hub):
            if (game_id not in known and opening.get("tournament") == t.name
                    and opening.get("round") == name):
                found.setdefault(str(opening.get("table")), game_id)
    return found

