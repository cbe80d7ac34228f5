"""The error log: what went wrong in a window, when, and where each open game's ledger stood."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.datafolder.paths import data_root

# One file kept and one before it: enough for a tournament day's reports, never a full disk.
LIMIT_BYTES = 1_000_000


@dataclass(frozen=True)
class Head:
    """Where an open game's ledger stood when the error came: its last entry and that entry's
    hash (what `banker verify --head` checks)."""

    location: str
    game_id: str | None
    seq: int
    hash: str

    def words(self) -> str:
        return f"{self.location} game {self.game_id}: entry {self.seq}, hash {self.hash}"


def log_path() -> Path:
    """The error log in the data folder (not created by asking)."""
    return data_root() / "logs" / "errors.log"


def record(what: str, details: str, heads: Iterable[Head] | None = None,
           now: datetime | None = None) -> Path:
    """Append one report (`what` in a line, then `details`, a traceback or Qt's message) with
    the ledger head of every open game in `heads` (None: not asked); returns the log's path.
    Raises OSError if the data folder cannot be written (the caller says so in its words)."""
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size > LIMIT_BYTES:
        os.replace(path, path.with_name(path.name + ".1"))
    stamp = (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="milliseconds")
    lines = [f"=== {stamp} {what}"]
    if heads is not None:
        lines += [f"ledger head: {h.words()}" for h in heads] or ["ledger head: no game open"]
    lines.append(details.rstrip("\n"))
    with path.open("a", encoding="utf-8") as log:
        log.write("\n".join(lines) + "\n\n")
    return path
