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
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.hub.errors import HubError, HubNeedsTls
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
    ("postgresql+psycopg://banker@localhost/t?hostaddr=192.168.1.5", "192.168.1.5"),
    ("postgresql+psycopg://banker@localhost/t?hostaddr=127.0.0.1,192.168.1.5", "192.168.1.5"),
    ("postgresql+psycopg://banker@localhost/t?hostaddr=192.168.1.5&sslmode=verify-ca", None),
    ("postgresql+psycopg://banker@localhost/t?hostaddr=127.0.0.2", None),
    ("postgresql+psycopg://banker@localhost/t?host=hall-server.invalid:5433", "hall-server.invalid:5433"),
    ("postgresql+psycopg://banker@localhost/t?host=127.0.0.1:5433,[::1]:5434", None),
    ("postgresql+psycopg://banker@127.9.9.9/t?host=/tmp,localhost", None),
])
def test_a_remote_server_needs_tls_and_this_machine_does_not(url: str, remote: str | None) -> None:
    assert remote_without_tls(make_url(url), {}) == remote


@pytest.mark.parametrize(("url", "environ", "remote"), [
    # No host in the URL: libpq takes PGHOST, so it is checked as the URL's host would be.
    ("postgresql+psycopg://banker@/t", {"PGHOST": "hall-server.invalid"}, "hall-server.invalid"),
    ("postgresql+psycopg://banker@/t", {"PGHOST": "localhost,10.0.0.9"}, "10.0.0.9"),
    ("postgresql+psycopg://banker@/t", {"PGHOST": "/var/run/postgresql"}, None),
    ("postgresql+psycopg://banker@/t", {}, None),  # libpq's default: this machine's socket
    ("postgresql+psycopg://banker@/t?sslmode=require", {"PGHOST": "hall-server.invalid"}, None),
    # PGHOSTADDR is where libpq connects whenever the URL gives no hostaddr, whatever its host.
    ("postgresql+psycopg://banker@/t", {"PGHOSTADDR": "192.168.1.5"}, "192.168.1.5"),
    ("postgresql+psycopg://banker@localhost/t", {"PGHOSTADDR": "192.168.1.5"}, "192.168.1.5"),
    ("postgresql+psycopg://banker@localhost/t?hostaddr=127.0.0.1", {"PGHOSTADDR": "10.0.0.9"},
     None),
    # A host in the URL wins over PGHOST, as in libpq.
    ("postgresql+psycopg://banker@localhost/t", {"PGHOST": "hall-server.invalid"}, None),
    # PGSSLMODE is libpq's sslmode when the URL gives none; the URL's own wins.
    (REMOTE, {"PGSSLMODE": "require"}, None),
    (REMOTE + "?sslmode=disable", {"PGSSLMODE": "require"}, "hall-server.invalid"),
])
def test_the_hosts_libpq_takes_from_the_environment_are_checked_too(
        url: str, environ: dict[str, str], remote: str | None) -> None:
    assert remote_without_tls(make_url(url), environ) == remote


@pytest.mark.usefixtures("no_network")
def test_a_url_without_a_host_is_refused_when_pghost_is_another_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGHOST", "hall-server.invalid")
    monkeypatch.delenv("PGSSLMODE", raising=False)
    with pytest.raises(LedgerError, match=re.escape("the server at hall-server.invalid is on")):
        open_ledger("postgresql+psycopg://banker@/tournament", create=False, readonly=True)
    with pytest.raises(HubNeedsTls, match=re.escape("the hub at hall-server.invalid is on")):
        require_tls("postgresql+psycopg://banker@/tournament")


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


@pytest.mark.usefixtures("no_network")
@pytest.mark.parametrize("command", [
    ["tournament", "tables", "cup", "Qualifying"],
    ["tournament", "standings", "cup", "Qualifying"],
    ["tournament", "results", "cup", "Qualifying", "--hub", REMOTE],
    ["tournament", "round-status", "cup", "Qualifying"],
    ["hub", "status"],
])
def test_a_hub_url_without_tls_is_exit_4_for_the_hubs_and_the_tournaments_commands(
        command: list[str], tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/commands.md: a hub that cannot be used, its URL refused for want of TLS, is exit 4
    # in every command, as the ledger's own refusal above (it was 3 in `tournament ...`).
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(HUB_URL_ENV, "postgresql+psycopg://banker@localhost/t?hostaddr=192.168.1.5")
    result = CliRunner().invoke(main, command)
    assert result.exit_code == EXIT_LEDGER, result.output
    assert "the hub at 192.168.1.5 is on another machine" in result.output
    assert "nothing was sent" in result.output
