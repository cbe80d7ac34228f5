"""A throwaway PostgreSQL server for the hub's tests: Debian's PostgreSQL 15 (./dev installs it)
started on 127.0.0.1 in a temporary folder, one fresh database per test. As root, the server
runs as `nobody` (initdb refuses root). When it cannot start, `skip_reason()` says why."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from contextlib import suppress
from functools import cache
from pathlib import Path


def _newest_bin() -> Path:
    """Debian's newest installed PostgreSQL (`postgresql` brings whichever major the release
    ships: 15 on Debian 12), unless BANKER_PG_BIN names one."""
    if "BANKER_PG_BIN" in os.environ:
        return Path(os.environ["BANKER_PG_BIN"])
    found = [p / "bin" for p in Path("/usr/lib/postgresql").glob("*") if (p / "bin" / "initdb").exists()]
    return max(found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
               default=Path("/usr/lib/postgresql/15/bin"))


BIN = _newest_bin()
USER = "banker"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One server in its own folder; `stop()` and `start()` again keep its data and port, as a
    hall's hub that goes down and comes back would."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="banker-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_nobody = os.geteuid() == 0
        if self.as_nobody:
            shutil.chown(self.folder, "nobody")
        self._run(BIN / "initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        self.start()

    def _run(self, *args: str | Path) -> None:
        command = [str(a) for a in args]
        if self.as_nobody:
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60, cwd=self.folder)

    def start(self) -> None:
        """Start (or start again) and wait until it accepts connections."""
        # fsync off and a socket in its own folder: a test server, fast and self-contained.
        options = f"-p {self.port} -h 127.0.0.1 -k {self.folder} -F -c max_connections=60"
        self._run(BIN / "pg_ctl", "-D", self.data, "-o", options, "-l", self.folder / "log",
                  "-w", "-t", "30", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop it (`fast` ends every session mid-transaction; `immediate` is a crash)."""
        self._run(BIN / "pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def remove(self) -> None:
        """Stop it if running and delete its folder (a second call does nothing)."""
        if not self.folder.exists():
            return
        with suppress(subprocess.CalledProcessError):  # already stopped
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one of its databases."""
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg  # noqa: PLC0415 (only when PostgreSQL is tested)

        name = f"hub_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


_state: dict[str, object] = {}


@cache
def server() -> PostgresServer | None:
    """The session's server, started on first use (None when it cannot start)."""
    if skip_reason() is not None:
        return None
    try:
        found = PostgresServer()
    except (OSError, subprocess.SubprocessError) as e:
        detail = getattr(e, "stderr", b"") or b""
        _state["failed"] = f"PostgreSQL did not start: {e} {detail.decode(errors='replace')[-300:]}"
        return None
    atexit.register(found.remove)
    return found


def skip_reason() -> str | None:
    """Why the PostgreSQL half of the hub's tests cannot run here, or None."""
    if "failed" in _state:
        return str(_state["failed"])
    if not (BIN / "initdb").exists():
        return f"PostgreSQL is not installed ({BIN}/initdb missing; ./dev test installs it)"
    try:
        import psycopg  # noqa: F401, PLC0415
    except ImportError:
        return "the psycopg driver is not installed (pip install -e '.[hub]')"
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        return "running as root without setpriv to start PostgreSQL as nobody"
    return None


def hub_url(kind: str, folder: Path) -> str:
    """A fresh, empty hub: a SQLite file in `folder`, or a new database on the server (the
    test is skipped, saying why, when the server cannot start)."""
    import pytest  # noqa: PLC0415

    if kind == "sqlite":
        return str(folder / "hub.db")
    found = server()
    if found is None:
        pytest.skip(f"hub on PostgreSQL not tested: {skip_reason()}")
    return found.new_database()
