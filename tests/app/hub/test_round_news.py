"""The hall's round read on the connection that listens to it (app/hub/round_news.py), on a real
PostgreSQL: one connection a table for the round, where one listened and another read."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from app.hub import Hub, HubError, HubUnreachable
from app.hub.hub import with_timeout
from app.hub.round_news import RoundNews


def _owner(url: str) -> Any:
    import psycopg  # noqa: PLC0415 (PostgreSQL only)

    parsed = make_url(url)
    return psycopg.connect(host=parsed.host, port=parsed.port, user=parsed.username,
                           dbname=parsed.database, autocommit=True)


@pytest.fixture
def hub(admin_url: str) -> str:
    Hub.open(admin_url, create=True).close()
    return admin_url


@pytest.fixture
def news(hub: str) -> Iterator[RoundNews]:
    """Round T1/Qualifying's news, listening on the hub, closed after the test."""
    listening = RoundNews("T1", "Qualifying")
    listening.connect(hub)
    yield listening
    listening.close()


def test_the_round_is_read_on_the_listening_connection_in_one_transaction(
        hub: str, news: RoundNews) -> None:
    with _owner(hub) as other:
        [(listening,)] = other.execute(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%%' "
            "AND datname = current_database()").fetchall()

    def read(on: Hub) -> tuple[int, int, int]:
        with on.database.read() as connection:
            pid = connection.execute(text("SELECT pg_backend_pid()")).scalar_one()
            first = connection.execute(text("SELECT txid_current()")).scalar_one()
            second = connection.execute(text("SELECT txid_current()")).scalar_one()
        return pid, first, second

    pid, first, second = news.read(read)
    assert pid == listening  # the listening connection itself, no second one
    assert first == second  # the read's statements in one transaction
    _, again, _ = news.read(read)
    assert again != first  # each read a transaction of its own, ended
    assert news.connected


def test_a_change_told_during_a_read_is_not_lost(
        hub: str, news: RoundNews) -> None:
    # A round entry added while the read runs (its NOTIFY, as migration 0015's trigger sends
    # it; PostgreSQL tells a listening session between its transactions) reaches the wait that
    # follows, at once, not at the next change.
    def read(on: Hub) -> None:
        with on.database.read() as connection:
            connection.execute(text("SELECT 1"))
            with _owner(hub) as other:
                other.execute("SELECT pg_notify('banker_round', %s)", ("T1\nQualifying",))
            connection.execute(text("SELECT pg_sleep(0.05)"))

    news.read(read)
    assert news.wait(5.0)  # told: the wait ends at once, not after 5 s
    assert not news.wait(0.05)  # and told once


def test_a_read_on_a_lost_connection_says_so_and_lets_it_go(
        hub: str, news: RoundNews) -> None:
    with _owner(hub) as other:
        other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE query LIKE 'LISTEN%%' AND datname = current_database()")
    with pytest.raises(HubUnreachable, match="connection was lost"):
        news.read(_select)
    assert not news.connected  # `connect` makes a new one
    news.connect(hub)
    assert news.read(_select) == 1


def _select(on: Hub) -> int:
    with on.database.read() as connection:
        return int(connection.execute(text("SELECT 1")).scalar_one())


def test_a_reading_that_fails_keeps_the_connection_and_says_so(
        hub: str, news: RoundNews) -> None:
    # A reading that fails for another cause than the connection (a damaged row, say) is said
    # as the hub's error and leaves the connection listening: the table reads again later on
    # it, not on a new connection at once, again and again.
    pid = news.read(_pid)

    def damaged(on: Hub) -> None:
        _select(on)
        raise ValueError("a damaged row")

    with pytest.raises(HubError, match="the hall's round could not be read: a damaged row"
                       ) as caught:
        news.read(damaged)
    assert not isinstance(caught.value, HubUnreachable)
    assert news.connected and news.read(_pid) == pid  # the same one
    with _owner(hub) as other:  # still listening: a change is told
        other.execute("SELECT pg_notify('banker_round', %s)", ("T1\nQualifying",))
    assert news.wait(5.0)


def _pid(on: Hub) -> int:
    with on.database.read() as connection:
        return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


def test_the_listening_connection_finds_a_hub_gone_without_a_word(
        hub: str, news: RoundNews) -> None:
    # A hub whose power is cut sends no packet: TCP alone would keep the idle, listening
    # connection for a quarter of an hour. Every hub connection asks libpq for the kernel's
    # keepalives (10 s idle, then every 5 s, 3 unanswered: dead) and a 20 s limit on data
    # sent and not acknowledged (app/hub/hub.py, GONE): the socket itself has them.
    import socket  # noqa: PLC0415

    assert make_url(with_timeout(hub)).query["tcp_user_timeout"] == "20000"
    assert make_url(with_timeout(f"{hub}?keepalives_idle=30")).query["keepalives_idle"] == "30"
    fd = news._raw.driver_connection.pgconn.socket
    with socket.socket(fileno=os.dup(fd)) as kept:
        assert kept.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        assert kept.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 10
        assert kept.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL) == 5
        assert kept.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == 3
        assert kept.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 20_000
