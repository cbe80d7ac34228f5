"""A new ledger file is made whole under a temporary name, then linked in place with its first game."""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
from contextlib import closing, suppress
from pathlib import Path

from app.ledger import owners
from app.ledger.database import Database, file_url, translate
from app.ledger.errors import LedgerRejected, LedgerWriteError
from app.ledger.migration import ensure_schema

NEW_FILE_MODE = 0o600
"""A new ledger is its owner's alone; SQLite gives its -wal and -shm files the same mode."""

ONE_GAME = "this ledger already holds a game; use a new file for a new game"

SIDE_FILES = ("-wal", "-shm", "-journal")

# A file either holds a game or does not exist: two programs starting a game on one new path
# each build their own file, and os.link, which never replaces a name, lets exactly one of them
# put it in place. The loser removes only its own temporary file; the winner's is never touched.


def temporary_name(path: Path) -> Path:
    """A hidden name beside `path`, unique to this process: `.NAME.new-PID-RANDOM`."""
    return path.with_name(f".{path.name}.new-{os.getpid()}-{secrets.token_hex(4)}")


# Every opener in this process of one new file shares its Database (one owner per file): a
# second window on a new file sees the game the first one starts in it.
_lock = threading.Lock()
_new: dict[Path, Database] = {}
_users: dict[int, int] = {}


def pending(path: Path) -> Database:
    """A Database on a new, empty ledger under a temporary name beside `path` (shared with
    this process's other openers of `path`); the first game (Ledger.start_game) puts it in
    place. Raises LedgerWriteError when the file cannot be made."""
    with _lock:
        found = _new.get(path)
        if found is None:
            found = _new[path] = _make(path)
        _users[id(found)] = _users.get(id(found), 0) + 1
        return found


def let_go(database: Database) -> bool:
    """One opener is done with `database`; True when no other shares it (close it then)."""
    with _lock:
        users = _users.pop(id(database), 0)
        if users > 1:
            _users[id(database)] = users - 1
            return False
        for path, found in list(_new.items()):
            if found is database:
                del _new[path]
        return True


def _make(path: Path) -> Database:
    notices = remove_leftovers(path)
    temporary = temporary_name(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE))
    except OSError as e:
        raise LedgerWriteError(f"{path}: cannot create the ledger file: {e.strerror}") from e
    database = Database(file_url(temporary), location=str(path))
    database.pending, database.notices = path, notices
    try:
        ensure_schema(database)
    except BaseException:
        discard(database)
        raise
    return database


def place(database: Database) -> None:
    """Put a pending ledger (its schema and first game committed) in place under its final
    name and reopen it there. Raises LedgerRejected (ONE_GAME) when another program put a file
    there first, leaving that file untouched, and LedgerWriteError when the link fails."""
    final = database.pending
    assert final is not None
    temporary = owners.sqlite_file(database.url)
    assert temporary is not None
    _close_journal(database)
    try:
        os.link(temporary, final)
    except FileExistsError as e:
        # The other program's file is what is there now: this one reads it, writes nothing.
        _forget(database, temporary)
        database.reopen(file_url(final, readonly=True), readonly=True)
        raise LedgerRejected(ONE_GAME) from e
    except OSError as e:
        _forget(database, temporary)
        database.reopen(file_url(temporary, readonly=True), readonly=True)
        raise LedgerWriteError(f"{final}: cannot put the new ledger in place ({e.strerror}); "
                               "nothing was recorded") from e
    temporary.unlink()
    _sync_folder(final.parent)
    database.pending = None
    database.reopen(file_url(final), readonly=False)
    # Connected at once, as any ledger open for writing is: the file is in WAL mode again and
    # its -wal and -shm files exist from now on, as they would for a file opened to play on.
    with database.driver_read() as connection:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchall()


def discard(database: Database) -> None:
    """Close a pending ledger that never got its game and remove its temporary file."""
    temporary = owners.sqlite_file(database.url)
    database.close()
    if database.pending is not None and temporary is not None:
        database.pending = None
        _remove(temporary)


def _close_journal(database: Database) -> None:
    """Every page in the file itself and the journal closed, so that the file alone is the
    ledger once it has its final name (a -wal file is named after the temporary one)."""
    temporary = owners.sqlite_file(database.url)
    assert temporary is not None
    database.close()
    try:
        with closing(sqlite3.connect(temporary, isolation_level=None)) as connection:
            mode = connection.execute("PRAGMA journal_mode = DELETE").fetchone()
    except sqlite3.Error as e:
        raise translate(e, database.location) from e
    if mode is None or str(mode[0]).lower() != "delete":
        raise LedgerWriteError(f"{database.location}: the new ledger's journal would not close; "
                               "nothing was recorded")


def _forget(database: Database, temporary: Path) -> None:
    database.close()
    database.pending = None
    _remove(temporary)


def _remove(temporary: Path) -> None:
    for name in (temporary, *(Path(f"{temporary}{suffix}") for suffix in SIDE_FILES)):
        name.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    """The new name survives a power cut (the file's pages were synced by SQLite)."""
    with suppress(OSError):  # a folder that cannot be opened (some network disks): best effort
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def remove_leftovers(path: Path) -> list[str]:
    """Remove the temporary files of creations of `path` whose process has ended (killed before
    the first game was put in place, so nothing of them was ever reported recorded); returns
    one notice per file removed."""
    notices: list[str] = []
    with suppress(OSError):  # a folder that cannot be listed holds nothing we could remove
        for leftover in path.parent.glob(f".{path.name}.new-*"):
            pid = _creator(leftover, path)
            if pid is None or pid == os.getpid() or _alive(pid) or owners.held(leftover):
                continue
            _remove(leftover)
            notices.append(f"{path}: removed {leftover.name}, left by a creation of this ledger "
                           f"that was interrupted (process {pid} ended before its first game "
                           "was recorded)")
    return notices


def _creator(leftover: Path, path: Path) -> int | None:
    tail = leftover.name.removeprefix(f".{path.name}.new-")
    pid, _, rest = tail.partition("-")
    if not pid.isdigit() or not rest or any(mark in rest for mark in SIDE_FILES):
        return None
    return int(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True
