"""A PostgreSQL server on another machine is reached only with TLS: every opening of a ledger
URL (verify, state, the table service, the hub) refuses a remote URL without sslmode before
anything is sent; this machine's server needs none."""

from __future__ import annotations

import re
import socket

import pytest
from click.testing import CliRunner
from sqlalchemy import make_url

from app.cli.main import EXIT_LEDGER, main
from app.hub.errors import HubError
from app.hub.hub import require_tls
from app.ledger import LedgerError, open_ledger
from app.ledger.transport import remote_without_tls
from app.table.service import TableGame

REMOTE = "postgresql+psycopg://banker@hall-server.invalid/tournament"


@pytest.mark.parametrize(("url", "remote"), [
    (REMOTE, "hall-server.invalid"),
    (REMOTE + "?sslmode=prefer", "hall-server.invalid"),
    (REMOTE + "?sslmode=require", None),
    (REMOTE + "?sslmode=verify-full", None),
    ("postgresql+psycopg://banker@localhost/tournament", None),
    ("postgresql+psycopg://banker@127.0.0.1:5433/tournament", None),
    ("postgresql+psycopg://banker@[::1]/tournament", None),
    ("postgresql+psycopg://banker@/tournament?host=/var/run/postgresql", None),
    ("postgresql+psycopg://banker@localhost/t?host=localhost,10.0.0.9", "10.0.0.9"),
    ("sqlite+pysqlite:////tmp/hub.db", None),
])
def test_a_remote_server_needs_tls_and_this_machine_does_not(url: str, remote: str | None) -> None:
    assert remote_without_tls(make_url(url)) == remote


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to connect fails the test: the refusal comes before anything is sent."""
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a connection was attempted")
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.mark.usefixtures("no_network")
def test_every_opening_of_a_remote_url_without_tls_is_refused_before_anything_is_sent() -> None:
    for opening in (lambda: open_ledger(REMOTE, create=False, readonly=True),
                    lambda: TableGame.open(REMOTE, create=False, readonly=True)):
        with pytest.raises(LedgerError, match=re.escape(
                "hall-server.invalid is on another machine; its URL needs sslmode=require")):
            opening()
    with pytest.raises(HubError, match=re.escape("the hub at hall-server.invalid is on another")):
        require_tls(REMOTE)


@pytest.mark.usefixtures("no_network")
@pytest.mark.parametrize("command", [["verify"], ["state"], ["ledger"]])
def test_the_cli_refuses_a_remote_url_without_tls_with_exit_4(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--db", REMOTE])
    assert result.exit_code == EXIT_LEDGER
    assert "sslmode=require" in result.output and "nothing was sent" in result.output
