"""Where a database URL sends its traffic: a PostgreSQL server on another machine needs TLS."""

from __future__ import annotations

import os
from collections.abc import Mapping
from ipaddress import ip_address

from sqlalchemy import URL

TLS_MODES = frozenset({"require", "verify-ca", "verify-full"})


def remote_without_tls(url: URL, environ: Mapping[str, str] | None = None) -> str | None:
    """The first address of a PostgreSQL URL that is on another machine when the URL does not
    ask for TLS (sslmode=require, verify-ca or verify-full); None when the URL may be used. A
    password and every entry would otherwise cross the hall's network in clear.

    Every address libpq may connect to is checked: the URL's host, its `host` and `hostaddr`
    query values (comma lists), and, as libpq takes them, PGHOST when the URL names no host,
    PGHOSTADDR when it gives no hostaddr and PGSSLMODE when it gives no sslmode (`environ`,
    default os.environ). Only loopback (127.0.0.0/8, ::1, localhost) and Unix sockets (a path
    starting with /) may be used in clear."""
    if url.get_backend_name() != "postgresql":
        return None
    env = os.environ if environ is None else environ
    hosts = [h for h in (url.host or "", *_listed(url.query.get("host"))) if h]
    if not hosts:  # no host in the URL: libpq's PGHOST, else this machine's socket
        hosts = _listed(env.get("PGHOST"))
    addresses = _listed(url.query.get("hostaddr")) or _listed(env.get("PGHOSTADDR"))
    remote = [h for h in (*hosts, *addresses) if not _local(h)]
    mode = _listed(url.query.get("sslmode")) or _listed(env.get("PGSSLMODE"))
    if remote and not (mode and mode[-1] in TLS_MODES):
        return remote[0]
    return None


def _listed(value: str | tuple[str, ...] | None) -> list[str]:
    """A URL query's (or a variable's) values, libpq's comma lists split (host=a,b tries both)."""
    found = [] if value is None else [value] if isinstance(value, str) else list(value)
    return [part.strip() for one in found for part in one.split(",")]


def _local(host: str) -> bool:
    """This machine: a loopback name or address, or a Unix socket's folder. An empty entry of
    a list is libpq's default, this machine's socket."""
    if not host or host.startswith("/"):
        return True
    name = host.lower()
    if name.startswith("["):  # [::1] or [::1]:5432
        name = name[1:name.find("]")] if "]" in name else name[1:]
    elif name.count(":") == 1:  # SQLAlchemy's host=name:port
        name = name.partition(":")[0]
    if name == "localhost":
        return True
    try:
        return ip_address(name).is_loopback
    except ValueError:  # a name other than localhost: another machine, as far as we know
        return False
