"""A ledger file deleted or replaced under an open game: noticed by the file's identity (its
device and inode against the path's), saved through the still-open connection with SQLite's
online backup to a new file, and written there from then on, losing nothing."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from app.ledger import owners
from app.ledger.database import file_url
from app.ledger.errors import LedgerError, LedgerWriteError
from app.ledger.store import Ledger


def replaced(ledger: Ledger) -> bool:
    """True when the SQLite file this ledger opened is no longer at its path: deleted, or
    another file put in its place (its connection would go on writing into the lost one).
    Always False for a database server, an in-memory copy or a file opened read-only."""
    database = ledger.database
    opened = database.opened_identity()
    if opened is None or database.readonly:
        return False
    path = database.opened_path()
    return path is not None and owners.identity(path) != opened


def rescue_name(lost: Path, folder: Path, now: datetime | None = None) -> Path:
    """A new file's name in `folder` for the game of the lost file `lost`: its name, the time,
    "rescued" (never an existing file's name)."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    for number in range(1, 1000):
        suffix = "" if number == 1 else f"-{number}"
        found = folder / f"{lost.stem}-rescued-{stamp}{suffix}{lost.suffix or '.db'}"
        if not found.exists():
            return found
    raise LedgerWriteError(f"{folder}: no free name for the rescued game of {lost.name}")


def save_as(ledger: Ledger, target: Path) -> Path:
    """Copy everything the ledger's open connection holds (the lost file's pages and its -wal
    entries) to the new file `target` with SQLite's online backup, then record into `target`
    from now on. Raises LedgerWriteError when the copy cannot be made (nothing changes then)."""
    database = ledger.database
    if database.dialect != "sqlite" or database.readonly:
        raise LedgerError(f"{database.location}: only a table's own file is saved elsewhere")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        copy = sqlite3.connect(target)
        try:
            database.driver().backup(copy)
        finally:
            copy.close()
    except (sqlite3.Error, OSError) as e:
        target.unlink(missing_ok=True)
        raise LedgerWriteError(f"the game could not be saved to {target}: {e}") from e
    database.reopen(file_url(target), readonly=False)
    database.location = str(target)
    return target
