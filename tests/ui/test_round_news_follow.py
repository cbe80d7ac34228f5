"""A table following the hall's round on a PostgreSQL hub is told of its changes (LISTEN/NOTIFY,
migration 0015) instead of reading it on a timer: a pause typed as SQL by the desk's login (the
head judge's own seal, nothing of the app where the row is written) reaches the table's clock
with no reading timer running and the slow safety reading out of the test's reach; and a hub
that goes away and comes back is listened to again and followed as before (one test: one
hall's setup, a PostgreSQL's restart)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from app.hub import HUB_URL_ENV, Hub
from app.hub.roles import DESK_LOGIN, init_roles, table_login
from app.hub.rounds import _read, says
from app.ledger.hashing import format_timestamp
from app.signing.decisions import next_seal
from app.tournament import rounds
from tests import postgres
from tests.app.hub_tables import as_role
from tests.app.recorded_games import SetClock
from tests.app.tournament.test_round_clock import (
    HEAD,
    HEAD_PIN,
    START,
    hall_of_twelve,
    no_wait,
    table_game,
)
from ui.table.session import TableSession

STAGE = "Qualifying"
NEVER_MS = 600_000  # neither the 2 s reading nor the safety reading comes within a test


@pytest.fixture
def hall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A PostgreSQL hub with its roles, the qualifying round drawn: (owner's URL, tournament)."""
    server = postgres.server()
    if server is None:
        pytest.skip(f"the round's news needs PostgreSQL: {postgres.skip_reason()}")
    url = server.new_database()
    Hub.open(url, create=True).close()
    init_roles(url, ["1"], password=lambda: "not-used-here")
    return url, hall_of_twelve(url, tmp_path, monkeypatch)


def _session(url: str, tid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             hall_ms: int) -> TableSession:
    """Table 1's session, its hub reached as table 1's own login (as in a hall)."""
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    monkeypatch.setenv(HUB_URL_ENV, as_role(url, table_login("1")))
    return TableSession(game, tick_ms=None, hall_ms=hall_ms, file_ms=None)


def _listening(qtbot, session: TableSession) -> None:
    following = session.following
    assert following is not None
    qtbot.waitUntil(lambda: following.news is not None and following.news.listening
                    and not following.timer.isActive() and following.last.hall is not None,
                    timeout=15_000)


def _clock(session: TableSession) -> tuple[bool, bool]:
    """(started, paused) of the table's clock."""
    clock = session.game.state.clock if session.game.state is not None else None
    return (clock is not None and clock.started_at is not None,
            clock is not None and clock.paused_at is not None)


def _typed_pause(url: str, tid: str, words: str) -> None:
    """The head judge's pause, sealed with their key, INSERTed by plain SQL as the desk's login
    (psycopg alone: nothing of the app runs where the row is written)."""
    import psycopg  # noqa: PLC0415 (PostgreSQL only)

    with Hub.open(url) as hub:
        signer = hub.signer(HEAD, HEAD_PIN, no_wait)
        with hub.database.read() as connection:
            read = _read(connection, tid, STAGE, lambda: datetime.now(UTC))
    at = format_timestamp(read.hall.now)
    sealed = next_seal(read.chain, signer, "pause", says(tid, STAGE, "pause", at, words), at)
    desk = make_url(as_role(url, DESK_LOGIN))
    with psycopg.connect(host=desk.host, port=desk.port, user=desk.username,
                         dbname=desk.database, autocommit=True) as connection:
        connection.execute(
            "INSERT INTO hub_rounds (tournament_id, stage, entry, kind, at, text, by, seal) "
            "VALUES (%s, %s, %s, 'pause', %s, %s, %s, %s)",
            (tid, STAGE, read.last_slot + 1, at, words, HEAD, json_of(sealed.as_dict())))


def _connections(url: str) -> list[tuple[str, str]]:
    """The state and last statement of each connection table 1's login holds on the hub."""
    import psycopg  # noqa: PLC0415

    owner = make_url(url)
    with psycopg.connect(host=owner.host, port=owner.port, user=owner.username,
                         dbname=owner.database, autocommit=True) as connection:
        return connection.execute(
            "SELECT state, query FROM pg_stat_activity WHERE usename = %s "
            "AND datname = current_database()", (table_login("1"),)).fetchall()


def json_of(value: object) -> str:
    import json  # noqa: PLC0415

    return json.dumps(value)


def test_a_pause_typed_as_sql_reaches_the_table_when_told_and_a_hub_back_is_followed_again(
        qtbot, hall: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    url, tid = hall
    monkeypatch.setattr("ui.table.hall_follow.SAFETY_S", NEVER_MS / 1000)
    session = _session(url, tid, tmp_path, monkeypatch, 200)  # read every 200 ms until told
    following = session.following
    assert following is not None
    try:
        _listening(qtbot, session)
        assert _clock(session) == (False, False)
        # One connection to the hub for the round: it listens, and the round is read on it
        # (the news thread); the connection of the reading that found the round (the polling
        # source's) is let go once the news reads it (docs/decisions.md).
        qtbot.waitUntil(lambda: following.source.follower is None
                        and len(_connections(url)) == 1, timeout=5_000)
        with qtbot.waitSignal(session.changed, timeout=10_000,
                              check_params_cb=lambda stored: _clock(session)[0]):
            rounds.record(tid, STAGE, "start", "", HEAD, HEAD_PIN, url, sleep=no_wait)
        assert not following.timer.isActive()  # told: no reading on a timer
        with qtbot.waitSignal(session.changed, timeout=10_000,
                              check_params_cb=lambda stored: _clock(session) == (True, True)):
            _typed_pause(url, tid, "fire alarm")
        assert following.last.paused is not None and "fire alarm" in following.last.paused
        assert not following.timer.isActive() and following.last.hub_problem is None

        # The hub goes away: said as the hub's outage, read again every 200 ms meanwhile.
        server = postgres.server()
        assert server is not None
        server.stop("fast")
        try:
            qtbot.waitUntil(lambda: following.last.hub_problem is not None, timeout=15_000)
            assert following.news is not None and not following.news.listening
        finally:
            server.start()
        _listening(qtbot, session)  # listening again, the round read again, no timer
        assert following.last.hub_problem is None
        # The readings made while the news was lost let their connection go again.
        qtbot.waitUntil(lambda: following.source.follower is None
                        and len(_connections(url)) == 1, timeout=5_000)
        with qtbot.waitSignal(session.changed, timeout=10_000,
                              check_params_cb=lambda stored: _clock(session) == (True, False)):
            rounds.record(tid, STAGE, "resume", "", HEAD, HEAD_PIN, url, sleep=no_wait)
    finally:
        session.close()
