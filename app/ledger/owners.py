"""Which ledger files this process holds SQLite connections to, so nothing opens them outside SQLite."""

from __future__ import annotations

import os
import threading
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

from sqlalchemy import URL

# POSIX record locks belong to the process, not to the descriptor: closing ANY descriptor of a
# file drops every lock the process holds on it, SQLite's included (SQLite's "How To Corrupt
# An SQLite Database File", 2.2.1). SQLite's unix VFS shares one lock state per inode among all
# of its own connections in a process and keeps a descriptor open while a sibling holds a lock,
# so any number of SQLite connections (the table's, its copier's) are safe together; only a
# descriptor opened outside SQLite is not. This map is the process's one record of which files
# SQLite may hold, keyed by the file itself (device, inode) so that every name of a file (a
# link, a temporary name, a relative path) is the same entry. It is per process by nature:
# that is the scope of the locks it protects.
_lock = threading.Lock()
_held: Counter[tuple[int, int]] = Counter()

Identity = tuple[int, int]


def identity(path: str | os.PathLike[str]) -> Identity | None:
    """The file's (device, inode), or None when there is no file there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def sqlite_file(url: URL) -> Path | None:
    """The file a SQLite URL names (plain or `file:` URI form); None for memory or a server."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    name = url.database
    if url.query.get("uri") == "true" and name.startswith("file:"):
        name = unquote(name.removeprefix("file:"))
    return Path(name)


class Hold:
    """One Database's claim on a file: while any claim is held, nothing outside SQLite may open
    the file in this process. `release` is idempotent."""

    def __init__(self, key: Identity | None, path: str | None = None) -> None:
        self.key = key
        self.path = path  # the file's path as opened (looked at again by rescue.replaced)
        if key is not None:
            with _lock:
                _held[key] += 1

    def release(self) -> None:
        """Give up the claim (the Database closed its connections)."""
        key, self.key = self.key, None
        if key is None:
            return
        with _lock:
            _held[key] -= 1
            if _held[key] <= 0:
                del _held[key]


def hold(url: URL) -> Hold:
    """Claim the file behind `url` (a claim on nothing for memory or a server)."""
    path = sqlite_file(url)
    if path is None:
        return Hold(None)
    return Hold(identity(path), os.fspath(path))


def held(path: str | os.PathLike[str]) -> bool:
    """True while a Database of this process may have a SQLite connection to the file."""
    key = identity(path)
    with _lock:
        return key is not None and _held[key] > 0
