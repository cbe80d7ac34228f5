"""A tournament table following the hall's round through the hub: the round read off the
window's thread every HALL_MS, what it asks of this game's clock recorded through the session
(as the hall's entries), and what the table shows of it (the head judge's announcement, the
hall's pause, this table's flag, the hub's outage) sent as one HallNotice on the session's
`hall` signal. What is due and what is flagged is decided by app.tournament.rounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from app.hub import HubError, hub_url
from app.tournament import rounds
from models.errors import BankerError
from models.tournament.hall_clock import HallRound
from ui.polling import Polling

if TYPE_CHECKING:
    from ui.table.session import TableSession

HALL_MS = 2000
"""How often the hall's round is read: a start, a pause or an announcement shows within this."""


@dataclass(frozen=True)
class HallNotice:
    """What the table shows of the hall's round: the round as last read (None: not read yet),
    this table's flag (its clock has not started while the round has), and the hub's outage
    (`hub_problem`, seen at `at`): the last round read stays shown meanwhile."""

    hall: HallRound | None
    flag: str | None = None
    hub_problem: str | None = None
    at: datetime | None = None

    @property
    def announcement(self) -> str | None:
        """The head judge's latest announcement with its time and who made it."""
        said = self.hall.announcement if self.hall is not None else None
        if said is None:
            return None
        return f"{said.at.astimezone():%H:%M} — {said.by}: {said.text}"

    @property
    def announcement_no(self) -> int | None:
        """The announcement's entry number (a new one replaces the one shown)."""
        said = self.hall.announcement if self.hall is not None else None
        return said.number if said is not None else None

    @property
    def paused(self) -> str | None:
        """"the hall is PAUSED: reason" while the head judge's pause holds."""
        paused = self.hall.paused if self.hall is not None else None
        if paused is None:
            return None
        return (f"The hall is PAUSED: {paused.text} (since {paused.at.astimezone():%H:%M}, "
                f"{paused.by})")

    @property
    def hub_words(self) -> str | None:
        """The hub's outage in quiet words: the hub's, not the table's, and tried again."""
        if self.hub_problem is None:
            return None
        at = f" at {self.at.astimezone():%H:%M:%S}" if self.at is not None else ""
        return (f"The hub did not answer{at}: the hall's round is read again in a few seconds; "
                f"this table records as before ({self.hub_problem})")


@dataclass(frozen=True)
class Reading:
    """One reading of the round, with the follower that read it (its `follow` runs on the
    window's thread: it writes the game's own ledger, never the hub)."""

    follower: rounds.RoundFollower
    hall: HallRound


class HallSource:
    """Polled on the polling thread: finds the game's round on the hub once (from the game's
    opening, read on the window's thread), then reads it; after an outage it connects afresh."""

    def __init__(self, opening: Mapping[str, Any], url: str) -> None:
        self.opening, self.url = opening, url
        self.follower: rounds.RoundFollower | None = None

    def read(self) -> Reading | None:
        """The round as it stands, or None while the hub holds no tournament of the game's
        (it may be pushed later). Raises HubError."""
        if self.follower is None:
            self.follower = rounds.RoundFollower.for_opening(self.opening, self.url)
            if self.follower is None:
                return None
        try:
            return Reading(self.follower, self.follower.read())
        except HubError:
            self.close()
            raise

    def close(self) -> None:
        """Release the hub's connections."""
        if self.follower is not None:
            self.follower.close()
        self.follower = None


class HallFollowing(QObject):
    """Reads the round every `poll_ms` on a thread of its own and hands each reading to the
    session on the window's thread; `stop()` once, before the game closes."""

    def __init__(self, session: TableSession, source: HallSource, poll_ms: int = HALL_MS
                 ) -> None:
        super().__init__(session)
        self.session = session
        self.last = HallNotice(None)
        self._busy = False
        self.polling = Polling(source, self)
        self.polling.poller.found.connect(self._found)
        self.polling.poller.failed.connect(self._failed)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.ask)
        self.timer.start(poll_ms)
        QTimer.singleShot(0, self, self.ask)

    def ask(self) -> None:
        """Read the round now (unless a reading is still under way)."""
        if self._busy or not self.timer.isActive():
            return
        self._busy = True
        self.polling.ask()

    def _found(self, reading: Reading | None) -> None:
        self._busy = False
        if reading is None or not self.timer.isActive():
            return
        self.session.follow_hall(reading.follower, reading.hall)
        game = self.session.game
        flag = rounds.flag(reading.hall, game) if game.state is not None else None
        self._notice(HallNotice(reading.hall, flag))

    def _failed(self, reason: str) -> None:
        self._busy = False
        if self.timer.isActive():
            self._notice(HallNotice(self.last.hall, self.last.flag, reason, datetime.now(UTC)))

    def _notice(self, notice: HallNotice) -> None:
        self.last = notice
        self.session.hall.emit(notice)

    def stop(self) -> None:
        """Stop reading and release the hub (waits for a reading under way)."""
        self.timer.stop()
        self.polling.release()


def following(session: TableSession, poll_ms: int = HALL_MS) -> HallFollowing | None:
    """The hall's round followed for the session's game: only a tournament's game (its opening
    names the tournament and the round) with a hub set (BANKER_HUB_URL)."""
    url, game = hub_url(None), session.game
    if url is None or game.game_id is None:
        return None
    try:
        opening = game.ledger.commands(game.game_id, upto=1)[0].payload
    except (BankerError, IndexError):  # no opening yet, an unreadable file: nothing to follow
        return None
    if not opening.get("tournament") or not opening.get("round"):
        return None
    return HallFollowing(session, HallSource(opening, url), poll_ms)
