"""The hall's round told to a table as it changes: a connection of its own to a PostgreSQL hub
listening on the `banker_round` channel (migration 0015's triggers notify it for every row added
to hub_rounds, whoever adds it, and for any change to the judges' keys), so a table's window
reads the round when told instead of every 2 s. A SQLite hub has no such channel
(`listens(hub)` is False): its tables keep reading the round every 2 s.

`RoundNews.wait` sleeps in the kernel (select) on the listening socket and a wake-up pipe: no
timer, no statement, while nothing changes; `wake()` (any thread) ends the wait at once. The
round is read on the same connection (`read`), on the same thread, so a table following the
hall holds one connection for it, not one to listen and one to read (docs/decisions.md, "A
hall's connections on the hub")."""

from __future__ import annotations

import os
import select
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any, TypeVar

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub, require_tls, with_timeout

Read = TypeVar("Read")

CHANNEL = "banker_round"
"""The channel migration 0015's triggers notify: the payload is the round's tournament id and
stage on two lines, or empty for a change to the judges' keys (every round is read again)."""


def listens(hub: Hub) -> bool:
    """Whether the hub can tell its tables of a change to the round (PostgreSQL)."""
    return hub.database.dialect == "postgresql"


class RoundNews:
    """Waits, on one thread, to be told that the round of tournament `tid`'s `stage` changed;
    `connect(url)` listens on a connection of its own, `disconnect()` lets it go, `wake()`
    (from any thread) ends a wait, `close()` once at the end. Raises HubUnreachable when the
    hub does not answer or the connection is lost."""

    def __init__(self, tid: str, stage: str) -> None:
        self.payload = f"{tid}\n{stage}"
        self._raw: Any = None  # the DB-API connection (SQLAlchemy's), its own engine's
        self._url = ""
        self._hub: Hub | None = None  # the hub read over the listening connection (`read`)
        self._told = False
        self._closed = False
        self._lock = threading.Lock()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)

    @property
    def connected(self) -> bool:
        """Whether a listening connection is open."""
        return self._raw is not None

    def connect(self, url: str) -> None:
        """Listen on a new connection of its own to the hub at `url` (with the hub's connect
        timeout and TLS rule); anything added after this returns is told, so the round read
        after `connect` misses nothing. Raises HubUnreachable (HubError for a bad URL)."""
        from sqlalchemy import create_engine  # noqa: PLC0415
        from sqlalchemy.pool import NullPool  # noqa: PLC0415

        self.disconnect()
        require_tls(url)
        try:
            raw = create_engine(with_timeout(url), poolclass=NullPool).raw_connection()
        except Exception as e:  # the driver's and SQLAlchemy's errors alike
            raise HubUnreachable(f"the hub cannot be used just now: {e}") from e
        try:
            raw.rollback()
            driver: Any = raw.driver_connection
            driver.autocommit = True
            driver.add_notify_handler(self._heard)
            driver.execute(f"LISTEN {CHANNEL}")
        except Exception as e:
            _close_quietly(raw)
            raise HubUnreachable(f"the hub cannot be used just now: {e}") from e
        self._raw, self._url = raw, url

    def read(self, read: Callable[[Hub], Read]) -> Read:
        """`read(hub)` on the listening connection, on the thread that waits: the round read
        with no connection of its own. The driver's autocommit is off while it runs (each of
        the reading's transactions begun and ended by the hub's reads) and on again after, so
        the server tells of a change between transactions and one told meanwhile is not lost.
        Raises HubUnreachable when there is no connection or it broke (then let go: `connect`
        makes a new one); any other failure of the reading as a HubError, the connection kept
        (a damaged row read again and again must not make a connection each time)."""
        from sqlalchemy.engine import make_url  # noqa: PLC0415

        from app.ledger.database import Database  # noqa: PLC0415

        if self._raw is None:
            raise HubUnreachable("the hub's round is not being listened to")
        driver: Any = self._raw.driver_connection
        try:
            driver.autocommit = False
            if self._hub is None:
                self._hub = Hub(Database(make_url(self._url), connection=driver))
            try:
                return read(self._hub)
            finally:
                driver.rollback()
                driver.autocommit = True  # told again between statements
        except Exception as e:
            if driver.closed or driver.broken or driver.pgconn.status != _ok():
                self.disconnect()
                if isinstance(e, HubUnreachable):
                    raise
                raise HubUnreachable(f"the hub's connection was lost: {e}") from e
            if isinstance(e, HubError):
                raise
            raise HubError(f"the hall's round could not be read: {e}") from e

    def wait(self, seconds: float) -> bool:
        """Sleep until told that the round changed (True), `seconds` pass or `wake()` is
        called (False). Without a connection, only the time and `wake()` end it. Raises
        HubUnreachable when the listening connection is lost (the hub went away)."""
        if self._take_told():
            return True
        watched = [self._wake_r]
        socket = self._raw.driver_connection.pgconn.socket if self._raw is not None else None
        if socket is not None:
            watched.append(socket)
        ready, _, _ = select.select(watched, [], [], max(0.0, seconds))
        if self._wake_r in ready:
            self._drain_wake()
        if socket is not None and socket in ready:
            self._consume()
        return self._take_told()

    def wake(self) -> None:
        """End a wait under way (or the next one) at once; from any thread."""
        with self._lock:
            if not self._closed:
                os.write(self._wake_w, b"!")

    def disconnect(self) -> None:
        """Stop listening and close the connection (nothing raised)."""
        raw, self._raw = self._raw, None
        hub, self._hub = self._hub, None
        if raw is not None:  # first: its pool rolls back what is open, then closes it
            _close_quietly(raw)
        if hub is not None:
            with suppress(Exception):  # its engine over the connection just closed
                hub.close()

    def close(self) -> None:
        """Disconnect and release the wake-up pipe; once, at the end."""
        self.disconnect()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            os.close(self._wake_r)
            os.close(self._wake_w)

    def _consume(self) -> None:
        """Read what the server sent (libpq's own reading: no statement) and note each
        notification about this round (or the keys). Raises HubUnreachable."""
        from psycopg import pq  # noqa: PLC0415 (the driver: only a PostgreSQL hub has news)

        pgconn = self._raw.driver_connection.pgconn
        try:
            pgconn.consume_input()
        except Exception as e:  # the server closed the connection (its EOF)
            self.disconnect()
            raise HubUnreachable(f"the hub's connection was lost: {e}") from e
        if pgconn.status != pq.ConnStatus.OK:
            self.disconnect()
            raise HubUnreachable("the hub's connection was lost")
        while (notice := pgconn.notifies()) is not None:
            self._note(notice.extra.decode("utf-8", "replace"))

    def _heard(self, notice: Any) -> None:
        """A notification psycopg read while running a statement on this connection."""
        self._note(notice.payload)

    def _note(self, payload: str) -> None:
        if payload in ("", self.payload):
            self._told = True

    def _take_told(self) -> bool:
        told, self._told = self._told, False
        return told

    def _drain_wake(self) -> None:
        try:
            while os.read(self._wake_r, 64):
                pass
        except BlockingIOError:
            pass


def _close_quietly(raw: Any) -> None:
    with suppress(Exception):  # closing a lost connection
        raw.close()


def _ok() -> Any:
    from psycopg import pq  # noqa: PLC0415 (the driver: only a PostgreSQL hub has news)

    return pq.ConnStatus.OK
