"""The connection to a ledger database: SQLite pragmas, transactions and error translation."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import StaticPool

from app.ledger import owners
from app.ledger.errors import (
    ConcurrentWrite,
    LedgerBusy,
    LedgerCorrupt,
    LedgerError,
    LedgerRejected,
    LedgerWriteError,
)

BUSY_TIMEOUT_MS = 5000
"""How long a SQLite connection waits for another writer's lock before giving up
(the environment variable BANKER_BUSY_TIMEOUT_MS overrides it)."""

_WRITE = "ledger_write"
"""Execution option marking a connection whose transaction will write (SQLite: BEGIN IMMEDIATE)."""

# Primary keys whose collision means another writer recorded the same numbers first.
_SEQUENCE_KEYS = ("pk_events", "pk_commands", "events.seq", "commands.command_no")


def ledger_url(url_or_path: str | os.PathLike[str]) -> URL | Path:
    """A SQLAlchemy URL for a database URL, or the absolute path of a SQLite file (not created)."""
    text = os.fspath(url_or_path)
    if "://" in text:
        try:
            return make_url(text)
        except (ArgumentError, ValueError) as e:  # ValueError: a port that is not a number
            raise LedgerError(f"{text!r} is neither a file path nor a database URL: {e}") from e
    return Path(text).expanduser().resolve()


def file_url(path: Path, *, readonly: bool = False, immutable: bool = False) -> URL:
    """The URL of a SQLite file; read-only and immutable openings go through SQLite's URI form."""
    if not readonly:
        return URL.create("sqlite+pysqlite", database=str(path))
    query = {"mode": "ro", "uri": "true"} | ({"immutable": "1"} if immutable else {})
    return URL.create("sqlite+pysqlite", database="file:" + quote(str(path)), query=query)


def busy_timeout_ms() -> int:
    """The busy timeout in force: BUSY_TIMEOUT_MS unless BANKER_BUSY_TIMEOUT_MS says otherwise."""
    try:
        return max(0, int(os.environ["BANKER_BUSY_TIMEOUT_MS"]))
    except (KeyError, ValueError):
        return BUSY_TIMEOUT_MS


class Database:
    """An engine plus the ledger's transaction discipline; every driver error leaves translated."""

    def __init__(
        self,
        url: URL,
        *,
        readonly: bool = False,
        location: str | None = None,
        connection: Any = None,
    ) -> None:
        """`readonly` refuses every write and leaves the file's journal mode alone; `connection`
        serves one already-open DB-API connection instead of opening `url` (a SQLite in-memory
        copy; the psycopg connection a table listens to the hall's round on), closed when the
        database is."""
        self.url = url
        self.readonly = readonly
        backend = url.get_backend_name()
        # A SQLite file is named by its path; anything else by its URL, without the password.
        self.location: str = location or url.render_as_string(hide_password=True)
        if location is None and backend == "sqlite" and url.database and not url.query:
            self.location = url.database
        if backend not in ("sqlite", "postgresql"):
            raise LedgerError(f"{self.location}: only SQLite files and PostgreSQL are supported")
        self._held: Any = None  # the pooled connection the SQLite write path keeps
        self.engine: Engine = self._engine(connection)
        # The process's claim on the file: nothing opens it outside SQLite while this is open.
        self._hold = owners.hold(url) if connection is None else owners.Hold(None)
        self.pending: Path | None = None
        """The final name of a new ledger still under its temporary name (see creating.py)."""
        self.notices: list[str] = []
        """What opening found and mended (a killed creation's leftover), for the user to read."""

    def _engine(self, connection: Any) -> Engine:
        backend = self.url.get_backend_name()
        try:
            if connection is not None:
                engine = create_engine(self.url, creator=lambda: connection, poolclass=StaticPool)
            else:
                engine = create_engine(self.url, pool_pre_ping=backend == "postgresql")
        except ImportError as e:
            raise LedgerError(
                f"{self.location}: the database driver is not installed ({e.name}); "
                "PostgreSQL needs `pip install psycopg[binary]`"
            ) from e
        if backend == "sqlite":
            event.listen(engine, "connect", partial(_configure_sqlite, readonly=self.readonly))
            event.listen(engine, "begin", _begin_sqlite)
            event.listen(engine, "engine_disposed", lambda _engine: self._let_go())
        return engine

    def reopen(self, url: URL, *, readonly: bool) -> None:
        """Close every connection and serve the SQLite file at `url` from now on (a new ledger
        put in place under its own name)."""
        self.close()
        self.url, self.readonly = url, readonly
        self.engine = self._engine(None)
        self._hold = owners.hold(url)

    def opened_identity(self) -> tuple[int, int] | None:
        """The (device, inode) of the SQLite file this database opened (None: a server, an
        in-memory copy)."""
        return self._hold.key

    def opened_path(self) -> str | None:
        """The path of the SQLite file this database opened, as it was opened (None: a server,
        an in-memory copy): worked out once, not from the URL at each look."""
        return self._hold.path

    @property
    def dialect(self) -> str:
        """The backend's name: "sqlite" or "postgresql"."""
        return self.url.get_backend_name()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """One read transaction (a consistent snapshot); rolled back at the end."""
        with self.translated(), self.engine.connect() as connection, connection.begin():
            yield connection

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction: committed if the block finishes, rolled back if it raises.

        Raises LedgerBusy, LedgerWriteError, ConcurrentWrite, LedgerRejected or LedgerError
        for driver failures, and lets the block's own exceptions through after the rollback.
        """
        if self.readonly:
            raise LedgerWriteError(f"{self.location}: opened for reading only; nothing was recorded")
        with self.translated(), self.engine.connect() as connection:
            connection.execution_options(**{_WRITE: True})
            with connection.begin():
                yield connection

    def driver(self) -> sqlite3.Connection:
        """The SQLite connection the write path keeps between commands (its statements stay
        prepared in sqlite3's cache); a new one after the engine is disposed."""
        if self._held is None:
            with self.translated():
                self._held = self.engine.raw_connection()
        connection = self._held.driver_connection
        assert isinstance(connection, sqlite3.Connection)
        return connection

    def driver_write(self) -> DriverWrite:
        """One write transaction (BEGIN IMMEDIATE) on the kept SQLite connection, translated
        as `write` is; committed if the block finishes, rolled back if it raises."""
        if self.readonly:
            raise LedgerWriteError(f"{self.location}: opened for reading only; nothing was recorded")
        return DriverWrite(self)

    @contextmanager
    def driver_read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction (a consistent snapshot) on the kept SQLite connection."""
        with self._driver_errors():
            connection = self.driver()
            connection.execute("BEGIN DEFERRED")
            try:
                yield connection
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")

    @contextmanager
    def _driver_errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as e:
            raise translate(e, self.location) from e
        except UnicodeDecodeError as e:
            raise not_utf8(e, self.location) from e

    def checkpoint(self) -> None:
        """Copy the -wal file's committed pages into the ledger (PASSIVE: never waits for a
        reader) at an idle moment; commits never do it themselves (wal_autocheckpoint = 0)."""
        if self.dialect != "sqlite" or self.readonly:
            return
        with self._driver_errors():
            self.driver().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _let_go(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            with suppress(Exception):  # a connection of a disposed pool: nothing to keep
                held.close()

    @contextmanager
    def translated(self) -> Iterator[None]:
        """Turn driver exceptions raised in the block into the ledger's own errors."""
        try:
            yield
        except DBAPIError as e:
            raise translate(e.orig, self.location) from e
        except UnicodeDecodeError as e:  # a damaged schema or error text SQLite hands back
            raise not_utf8(e, self.location) from e

    def unchecked(self) -> None:
        """Stop checking a pooled PostgreSQL connection with a round trip before each use: for
        a caller that drops the database at its first failure and opens it again (the hub's
        copier, which retries), a dead connection is then found by the transaction itself."""
        if self.dialect == "postgresql":
            self.engine.dispose()
            self.engine = create_engine(self.url)

    def close(self) -> None:
        """Close every pooled connection (SQLite then checkpoints and removes its WAL file)."""
        self._let_go()
        self.engine.dispose()
        self._hold.release()


def _configure_sqlite(dbapi_connection: Any, _record: Any, *, readonly: bool = False) -> None:
    """Pragmas for every new SQLite connection; SQLAlchemy, not sqlite3, emits BEGIN.

    A reading connection leaves the journal mode alone: switching it would write the file."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    # sqlite3's own implicit BEGIN is deferred and skips SELECTs; _begin_sqlite replaces it.
    dbapi_connection.isolation_level = None
    # Damaged text reads back with U+FFFD instead of failing the whole query: the hash of the
    # row holding it then fails, and verify names that entry.
    dbapi_connection.text_factory = _damaged_text_marked
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {busy_timeout_ms()}")
        if not readonly:
            cursor.execute("PRAGMA journal_mode = WAL")
            # Checkpoints happen at idle moments (Ledger.checkpoint) and on closing, never
            # inside a banker's command.
            cursor.execute("PRAGMA wal_autocheckpoint = 0")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _damaged_text_marked(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _begin_sqlite(connection: Connection) -> None:
    """BEGIN IMMEDIATE for writes, so a writer queues for the lock before it reads the head."""
    writing = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN DEFERRED")


class DriverWrite:
    """`Database.driver_write`'s transaction. A class rather than a generator: the write path
    enters one per command, and this costs a fraction of two nested generator-based managers."""

    __slots__ = ("_connection", "_db")

    def __init__(self, database: Database) -> None:
        self._db = database
        self._connection: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        try:
            connection = self._db.driver()
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise translate(e, self._db.location) from e
        self._connection = connection
        return connection

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        connection = self._connection
        assert connection is not None
        try:
            if kind is None:
                connection.execute("COMMIT")
                return
            if connection.in_transaction:
                connection.execute("ROLLBACK")
        except sqlite3.Error as e:
            raise translate(e, self._db.location) from (error or e)
        if isinstance(error, sqlite3.Error):
            raise translate(error, self._db.location) from error
        if isinstance(error, UnicodeDecodeError):
            raise not_utf8(error, self._db.location) from error


def not_utf8(error: UnicodeDecodeError, where: str) -> LedgerCorrupt:
    """The ledger error for stored text that is not UTF-8 (a damaged file)."""
    return LedgerCorrupt(f"{where}: the file is damaged: stored text is not UTF-8 ({error.reason})")


def translate(error: BaseException | None, where: str) -> LedgerError:
    """The ledger error for a driver exception from SQLite or PostgreSQL."""
    detail = str(error)
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        return _from_sqlite(name, detail, where)
    state = getattr(error, "sqlstate", None) or getattr(error, "pgcode", None)
    if isinstance(state, str):
        return _from_postgresql(state, detail, where)
    return LedgerError(f"{where}: database error: {detail}")


def _from_sqlite(name: str, detail: str, where: str) -> LedgerError:
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return LedgerBusy(
            f"{where}: the ledger is locked by another program "
            f"(waited {busy_timeout_ms() / 1000:g} s): {detail}"
        )
    if name == "SQLITE_READONLY_DIRECTORY":
        return LedgerWriteError(
            f"{where}: the ledger's folder is read-only (SQLite keeps its -wal and -shm files "
            f"beside the ledger): {detail}"
        )
    if name.startswith("SQLITE_READONLY"):
        return LedgerWriteError(f"{where}: the ledger is read-only: {detail}")
    if name == "SQLITE_FULL" or (name.startswith("SQLITE_IOERR") and _disk_full(where)):
        return LedgerWriteError(f"{where}: the disk is full: {detail}")
    if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_PERM")):
        return LedgerWriteError(f"{where}: cannot open or write the ledger file: {detail}")
    if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB":
        return LedgerCorrupt(f"{where}: the file is damaged or not a ledger: {detail}")
    if name.startswith("SQLITE_CONSTRAINT"):
        return _from_constraint(detail, where)
    return LedgerError(f"{where}: database error ({name}): {detail}")


def _disk_full(where: str) -> bool:
    """No room left beside a ledger file (SQLite reports a full disk while it sizes its -shm
    file as a plain I/O error)."""
    try:
        return shutil.disk_usage(Path(where).parent).free < 64 * 1024
    except (OSError, ValueError):
        return False


def _from_postgresql(state: str, detail: str, where: str) -> LedgerError:
    if state.startswith("23"):
        return _from_constraint(detail, where)
    if state in ("40001", "40P01", "55P03"):
        return LedgerBusy(f"{where}: another writer holds the lock: {detail}")
    if state.startswith(("53", "58", "08")) or state == "25006":
        return LedgerWriteError(f"{where}: cannot write the ledger: {detail}")
    if state in ("XX001", "XX002"):
        return LedgerCorrupt(f"{where}: the database reports damaged data: {detail}")
    return LedgerError(f"{where}: database error ({state}): {detail}")


def _from_constraint(detail: str, where: str) -> LedgerError:
    if any(key in detail for key in _SEQUENCE_KEYS):
        return ConcurrentWrite(
            f"{where}: another writer recorded the same command or event number first; "
            f"nothing was recorded ({detail})"
        )
    return LedgerRejected(f"{where}: the ledger refused the write: {detail}")
