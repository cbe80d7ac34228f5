"""Opening a ledger: reading creates nothing, and nothing is written before the file proves ours."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy import URL

from app.ledger import creating, owners
from app.ledger.creating import NEW_FILE_MODE
from app.ledger.database import Database, file_url, ledger_url, translate
from app.ledger.errors import LedgerError, LedgerNotFound, LedgerWriteError
from app.ledger.migration import check_integrity, ensure_schema, foreign_message, schema_status
from app.ledger.transport import remote_without_tls

INTERRUPTED = ("left so by a creation that was interrupted (a killed `banker run`?); "
               "`banker run` with a new game line finishes it, or delete it")


def open_database(url_or_path: str | os.PathLike[str], *, create: bool, readonly: bool,
                  whole: bool = False) -> Database:
    """The checked database behind a ledger path or URL (see store.open_ledger for the modes).

    With `whole`, a missing file is made under a temporary name and put in place only with its
    first game (creating.py): a game's file either holds its game or does not exist."""
    target = ledger_url(url_or_path)
    if isinstance(target, URL):
        return _open_url(target, readonly)
    return _open_file(target, create=create, readonly=readonly, whole=whole)


def _open_url(url: URL, readonly: bool) -> Database:
    remote = remote_without_tls(url)
    if remote is not None:  # refused before anything is sent
        raise LedgerError(f"{url.render_as_string(hide_password=True)}: the server at {remote} is "
                          "on another machine; its URL needs sslmode=require (or verify-full) "
                          "so that nothing crosses the network in clear; nothing was sent")
    database = Database(url, readonly=readonly)
    try:
        check_integrity(database)
        if not readonly:
            ensure_schema(database)
        elif schema_status(database) != "current":
            raise LedgerError(f"{database.location}: this ledger's schema is older than this "
                              "version's; open it once for writing to upgrade it")
    except BaseException:
        database.close()
        raise
    return database


def _open_file(path: Path, *, create: bool, readonly: bool, whole: bool) -> Database:
    if path.is_dir():
        raise LedgerError(f"{path} is a folder, not a ledger file")
    if not path.exists():
        if not create or readonly:
            raise LedgerNotFound(str(path))
        if whole:
            return creating.pending(path)
        _create(path)
    _check_readable(path)
    # Another program's database is refused before SQLite opens it in a way that would leave
    # -wal and -shm files beside it. Never while this process holds the file (ours, checked).
    if not owners.held(path):
        _refuse_foreign(path)
    # Every file is first looked at read-only: random bytes, another program's database or a
    # newer schema is refused before any pragma could switch its journal mode.
    reader = _reader(path)
    try:
        check_integrity(reader)
        status = schema_status(reader)
        if readonly and status == "empty":
            raise LedgerError(f"{path}: an empty file, not a ledger yet (nothing to read): "
                              f"{INTERRUPTED}")
        if readonly and status == "older":
            return _upgraded_copy(reader)
    except BaseException:
        reader.close()
        raise
    if readonly:
        return reader
    reader.close()
    _check_writable(path)
    writer = Database(file_url(path), location=str(path))
    if status == "current":
        return writer
    if status == "empty" and create:
        writer.notices.append(f"{path}: an empty file, not a ledger yet, probably left by a "
                              "creation that was interrupted: the ledger is made in it")
    try:
        ensure_schema(writer)
    except BaseException:
        writer.close()
        raise
    return writer


def _create(path: Path) -> None:
    """An empty file, owner-only, before SQLite opens it (another program may win the race)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE)
    except FileExistsError:
        return
    except OSError as e:
        raise LedgerWriteError(f"{path}: cannot create the ledger file: {e.strerror}") from e
    os.close(descriptor)


def _check_readable(path: Path) -> None:
    # os.access opens nothing: a descriptor opened and closed here would drop the SQLite locks
    # this process may hold on the file (owners.py).
    if not os.access(path, os.R_OK):
        raise LedgerError(f"{path}: cannot read the file: permission denied")


def _refuse_foreign(path: Path) -> None:
    """Refuse a file that is not a database, or another program's, through an `immutable`
    reading: SQLite then takes no lock and opens no -wal or -shm file. Anything it cannot
    decide (a damaged file, tables only in a -wal file) is left to the full checks."""
    uri = file_url(path, readonly=True, immutable=True).database
    assert uri is not None
    try:
        with closing(sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)) as peek:
            tables = [str(row[0]) for row in peek.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.Error as e:
        if getattr(e, "sqlite_errorname", "") == "SQLITE_NOTADB":
            raise translate(e, str(path)) from e
        return
    except UnicodeDecodeError:  # a damaged schema's text: the full checks name the damage
        return
    if tables and "alembic_version" not in tables:
        raise LedgerError(foreign_message(str(path), sorted(tables)))


def _check_writable(path: Path) -> None:
    """Say plainly what stops writing (SQLite would only say it cannot open the file)."""
    if not os.access(path, os.W_OK):
        raise LedgerWriteError(f"{path}: the ledger file is read-only (it can still be read)")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise LedgerWriteError(f"{path}: the ledger's folder is read-only (SQLite keeps its -wal "
                               "and -shm files beside the ledger; it can still be read)")


def _reader(path: Path) -> Database:
    """A read-only connection; `immutable` when SQLite cannot use its side files (read-only
    folder, full disk) and no entries wait in the -wal file: the file alone is the ledger."""
    reader = Database(file_url(path, readonly=True), readonly=True, location=str(path))
    try:
        with reader.read() as connection:
            connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar()
    except LedgerWriteError as e:
        reader.close()
        if _wal_holds_entries(path):
            raise LedgerError(
                f"{path}: its latest entries are still in {path.name}-wal, which cannot be read "
                f"from here ({e}); read it where its folder is writable, or after the program "
                "writing it has closed it"
            ) from e
        return Database(file_url(path, readonly=True, immutable=True), readonly=True,
                        location=str(path))
    except BaseException:
        reader.close()
        raise
    return reader


def _wal_holds_entries(path: Path) -> bool:
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except FileNotFoundError:
        return False
    except OSError:
        return True


def _upgraded_copy(reader: Database) -> Database:
    """An older file is read through a copy in memory brought to this version's schema;
    the file itself is not touched (the first writer upgrades it)."""
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    raw = reader.engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        source.backup(memory)
    except sqlite3.Error as e:
        memory.close()
        raise translate(e, reader.location) from e
    finally:
        raw.close()
        reader.close()
    copy = Database(URL.create("sqlite+pysqlite"), location=reader.location, connection=memory)
    try:
        ensure_schema(copy)
    except BaseException:
        copy.close()
        raise
    copy.readonly = True
    return copy
