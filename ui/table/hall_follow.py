"""A tournament table following the hall's round through the hub: the round read off the
window's thread when the hub tells of a change (PostgreSQL's LISTEN/NOTIFY, every SAFETY_S all
the same) or every HALL_MS (a SQLite hub), what it asks of this game's clock recorded through the session
(as the hall's entries), and what the table shows of it (the head judge's announcement, the
hall's pause, this table's flag, the hub's outage) sent as one HallNotice on the session's
`hall` signal. What is due and what is flagged is decided by app.tournament.rounds."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from app.hub import Hub, HubError, hub_url
from app.hub.round_news import RoundNews, listens
from app.tournament import rounds
from models.errors import BankerError
from models.tournament.hall_clock import HallRound
from ui.polling import Polling

if TYPE_CHECKING:
    from ui.table.session import TableSession

HALL_MS = 2000
"""How often the hall's round is read from a hub that does not tell of its changes (SQLite),
and while a PostgreSQL hub's news is lost: a start, a pause or an announcement shows within
this. A PostgreSQL hub tells the table (LISTEN/NOTIFY): it shows them as soon as read."""
SAFETY_S = 60.0
"""A table told of the round's changes reads it at least this often all the same."""


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


class NewsWatch(QThread):
    """Listens for the round's changes on a PostgreSQL hub, on a thread of its own that sleeps
    in the kernel between them (app/hub/round_news.py), and reads the round on that same
    connection: `heard(Reading)` when the round changed, when the listening connection was
    made (again: what changed meanwhile is read) and every `safety_s` (the slow safety
    reading, which asks the connection too); `lost(str)` when the connection went or a reading
    on it failed: it is made again every `retry_ms` until the hub answers. `listening` says
    whether a change now reaches the table without asking. One connection to the hub, where
    listening on one and reading on another held two all through the round."""

    heard = Signal(object)
    lost = Signal(str)

    def __init__(self, url: str, tid: str, stage: str, parent: QObject, *,
                 retry_ms: int = HALL_MS, safety_s: float | None = None) -> None:
        super().__init__(parent)
        self.url, self.retry_s = url, retry_ms / 1000
        self.safety_s = SAFETY_S if safety_s is None else safety_s
        self.tid, self.stage = tid, stage
        self.news = RoundNews(tid, stage)
        self.listening = False
        self._stopping = False
        self._reader: rounds.RoundFollower | None = None  # over the listening connection

    def run(self) -> None:
        """Listen until `stop()`: connect and read the round, then wait to be told (or the
        safety reading's time) and read it again; a lost connection is said and made again."""
        news = self.news
        while not self._stopping:
            if not news.connected:
                try:
                    news.connect(self.url)
                except HubError as e:
                    self.lost.emit(str(e))
                    news.wait(self.retry_s)
                    continue
            try:
                if self.listening:
                    news.wait(self.safety_s)  # told, or the safety reading's time
                if not self._stopping:
                    reading = news.read(self._read)
                    self.listening = True  # before the reading reaches the window: a polling
                    self.heard.emit(reading)  # reading that comes after it is not followed
            except HubError as e:
                self.listening = False
                if not self._stopping:
                    self.lost.emit(str(e))
                    news.wait(self.retry_s)  # read (or connect) again later, not at once

    def _read(self, hub: Hub) -> Reading:
        """The round read on the listening connection (`hub` over it), by a follower kept for
        as long as that connection: a reading with nothing added is one statement."""
        if self._reader is None or self._reader.hub is not hub:
            self._reader = rounds.RoundFollower(hub, self.tid, self.stage)
        return Reading(self._reader, self._reader.read())

    def stop(self) -> None:
        """End the wait, the thread and the connection (once)."""
        self._stopping = True
        self.news.wake()
        self.wait()
        self.news.close()


class HallFollowing(QObject):
    """Reads the round on a thread of its own and hands each reading to the session on the
    window's thread; `stop()` once, before the game closes. Every `poll_ms` until it is known
    that the hub tells of the round's changes (PostgreSQL: `NewsWatch`, which then reads it on
    its listening connection when told, and every SAFETY_S, and the polling source lets its
    connection go); every `poll_ms` again while a reading fails or the hub's news is lost.
    The last reading is followed again whenever the game records something (a judge giving
    the game a clock may let the hall's start be recorded), without the hub."""

    def __init__(self, session: TableSession, source: HallSource, poll_ms: int = HALL_MS
                 ) -> None:
        super().__init__(session)
        self.session = session
        self.last = HallNotice(None)
        self.news: NewsWatch | None = None
        self._busy = False
        self._stopped = False
        self._held: tuple[Reading, float] | None = None  # the last reading, when (monotonic)
        self._refollowing = False
        self.poll_ms = poll_ms
        self.source = source
        self.polling = Polling(source, self)
        self.polling.poller.found.connect(self._found)
        self.polling.poller.failed.connect(self._failed)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.ask)
        self.timer.start(poll_ms)
        session.changed.connect(self._changed)
        QTimer.singleShot(0, self, self.ask)

    def ask(self) -> None:
        """Read the round now (unless a reading is still under way)."""
        if self._busy or self._stopped:
            return
        self._busy = True
        self.polling.ask()

    def _found(self, reading: Reading | None) -> None:
        self._busy = False
        if reading is None or self._stopped:
            return
        if self.news is not None and self.news.listening:
            # The news reads the round now, in order on its one thread: a reading of the
            # polling source's may be older than the news's last (both read while the news
            # was being listened to again) and is not followed.
            self._told_from_now()
            return
        if self.news is None and listens(reading.follower.hub):
            self._listen(reading.follower)
        self._take(reading)

    def _heard(self, reading: Reading) -> None:
        """A reading the news read on its listening connection."""
        if self._stopped:
            return
        self._told_from_now()
        self._take(reading)

    def _told_from_now(self) -> None:
        """The news reads the round from now on: no reading on the timer, and the source's
        connection let go (the hub then holds one connection for this table's round)."""
        self.timer.stop()
        self.polling.let_go()

    def _take(self, reading: Reading) -> None:
        self._held = (reading, time.monotonic())
        self._notice(HallNotice(reading.hall, self._follow(reading.follower, reading.hall)))

    def _follow(self, follower: rounds.RoundFollower, hall: HallRound) -> str | None:
        """Record what `hall` asks of the game's clock; the table's flag after it."""
        self.session.follow_hall(follower, hall)
        game = self.session.game
        return rounds.flag(hall, game) if game.state is not None else None

    def _changed(self, _stored: object) -> None:
        """The game recorded something: followed again once the entry is shown (not inside
        the command's own signal)."""
        if self._held is not None and not self._refollowing:
            self._refollowing = True
            QTimer.singleShot(0, self, self._refollow)

    def _refollow(self) -> None:
        """What the last reading asks is decided again now (the hub's time moved on by the
        time since that reading)."""
        held = self._held
        if held is None or self._stopped:
            self._refollowing = False
            return
        reading, at = held
        hall = reading.hall
        self._refollowing = True
        try:
            flag = self._follow(reading.follower, hall.model_copy(update={
                "now": hall.now + timedelta(seconds=time.monotonic() - at)}))
        finally:
            self._refollowing = False
        if flag != self.last.flag and self.last.hall is not None:
            self._notice(HallNotice(self.last.hall, flag, self.last.hub_problem, self.last.at))

    def _listen(self, follower: rounds.RoundFollower) -> None:
        # The source's connection let go as the news makes its own (read again, if the timer
        # reads before the news does): a table never holds three.
        self.polling.let_go()
        self.news = NewsWatch(self.source.url, follower.tid, follower.stage,
                              self, retry_ms=self.poll_ms)
        self.news.heard.connect(self._heard)
        self.news.lost.connect(self._lost)
        self.news.start()

    def _lost(self, reason: str) -> None:
        """The hub's news went: read every `poll_ms` (the outage said by the readings) until
        the listening connection is made again."""
        if not self._stopped and not self.timer.isActive():
            self.timer.start(self.poll_ms)
            self.ask()

    def _failed(self, reason: str) -> None:
        self._busy = False
        if self._stopped:
            return
        if not self.timer.isActive():
            self.timer.start(self.poll_ms)
        self._notice(HallNotice(self.last.hall, self.last.flag, reason, datetime.now(UTC)))

    def _notice(self, notice: HallNotice) -> None:
        self.last = notice
        self.session.hall.emit(notice)

    def stop(self) -> None:
        """Stop reading and listening, and release the hub (waits for a reading under way)."""
        self._stopped = True
        self.timer.stop()
        if self.news is not None:
            self.news.stop()
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
