"""Where a database URL sends its traffic: a PostgreSQL server on another machine needs TLS."""

from __future__ import annotations

from sqlalchemy import URL

LOCAL_HOSTS = frozenset({"", "localhost", "127.0.0.1", "::1"})
TLS_MODES = frozenset({"require", "verify-ca", "verify-full"})


def remote_without_tls(url: URL) -> str | None:
    """The first host of a PostgreSQL URL that is on another machine when the URL does not ask
    for TLS (sslmode=require, verify-ca or verify-full); None when the URL may be used. A
    password and every entry would otherwise cross the hall's network in clear."""
    if url.get_backend_name() != "postgresql":
        return None
    hosts = [url.host or "", *_listed(url.query.get("host"))]
    remote = [h for h in hosts if not _local(h)]
    mode = _listed(url.query.get("sslmode"))
    if remote and not (mode and mode[-1] in TLS_MODES):
        return remote[0]
    return None


def _listed(value: str | tuple[str, ...] | None) -> list[str]:
    """A URL query's values, libpq's comma lists split (host=a,b tries both)."""
    found = [] if value is None else [value] if isinstance(value, str) else list(value)
    return [part.strip() for one in found for part in one.split(",")]


def _local(host: str) -> bool:
    """This machine: a loopback name or address, or a Unix socket's folder."""
    return host.lower().strip("[]") in LOCAL_HOSTS or host.startswith("/")
