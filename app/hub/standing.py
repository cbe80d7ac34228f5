"""How each table's copy on the hub stands against its file: complete, behind, diverged or broken."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select

from app.hub.records import TableOnHub
from app.ledger import LedgerError, open_ledger, schema


@dataclass(frozen=True)
class FileHead:
    """A table's file as read now: its head, and its own hash of the hub's head entry."""

    path: str
    entries: int
    head_hash: str
    hash_at_hub_head: str | None


@dataclass(frozen=True)
class Standing:
    """One table's copy: `state` is "complete", "behind", "diverged", "broken" (the hub's own
    rows do not check out), "refused" or "unknown"; `behind` counts the entries the hub lacks;
    `against` says what the hub was compared with ("file", "report": the head the table last
    sent, or None). "complete" only when the hub checked its own rows' chain up to the head the
    file or the report holds."""

    table: TableOnHub
    state: str
    words: str
    behind: int | None = None
    against: str | None = None
    file_entries: int | None = None


def files_by_game(paths: Iterable[str | os.PathLike[str]]) -> dict[str, str]:
    """The game ids held in the named table files (a file that cannot be read is left out:
    the table's last report stands in for it)."""
    found: dict[str, str] = {}
    for path in paths:
        try:
            with open_ledger(path, create=False, readonly=True) as ledger:
                found.update((game_id, os.fspath(path)) for game_id in ledger.game_ids())
        except LedgerError:
            continue
    return found


def read_file_head(path: str, game_id: str, hub_head: int) -> FileHead | None:
    """The file's head for the game, or None when the file is not here or cannot be read."""
    if not Path(path).is_file():
        return None
    events = schema.events.c
    try:
        with open_ledger(path, create=False, readonly=True) as ledger:
            entries, digest = ledger.head(game_id)
            with ledger.database.read() as connection:
                at_hub = connection.execute(select(events.hash).where(
                    events.game_id == game_id, events.seq == hub_head)).scalar()
    except LedgerError:
        return None
    return FileHead(path, entries, digest, None if at_hub is None else str(at_hub))


def standings(tables: Iterable[TableOnHub], files: Mapping[str, str]) -> list[Standing]:
    """Each table compared with its file (named in `files` by game id, else the file its
    last batch came from) when the file can be read here, else with its last report."""
    found = []
    for table in tables:
        path = files.get(table.game_id) or table.file
        head = read_file_head(path, table.game_id, table.entries) if path else None
        found.append(standing_of(table, head))
    return found


def standing_of(table: TableOnHub, file: FileHead | None) -> Standing:
    """How the hub's copy of one table stands (see Standing)."""
    refused = (f"; {table.refusals} batch{'es' * (table.refusals != 1)} refused"
               if table.refusals else "")
    if table.broken is not None:
        flagged = f"; DIVERGED: {table.diverged}" if table.diverged is not None else ""
        return Standing(table, "broken", f"the hub's copy is {table.broken} (`banker hub "
                        f"verify` names every problem){flagged}" + refused)
    if table.diverged is not None:
        ruled = f"; ruled by {table.ruling}" if table.ruling else ""
        return Standing(table, "diverged", f"DIVERGED: {table.diverged}{ruled}")
    if table.checked != table.entries:  # Hub.tables checks up to its head: never here
        return Standing(table, "unknown", f"the hub has checked its chain up to entry "
                        f"{table.checked} of {table.entries} only" + refused)
    if table.entries == 0 and table.refusals:
        return Standing(table, "refused", refused.removeprefix("; ") + ", nothing held")
    if file is not None:
        return _against_file(table, file, refused)
    if table.reported is None:
        return Standing(table, "unknown", "no head reported by the table and its file is not "
                        "here: compare with `banker hub status --db FILE`" + refused)
    entries, digest = table.reported
    when = f"as the table last reported at {table.reported_at:%H:%M:%S} UTC" \
        if table.reported_at else "as the table last reported"
    if entries > table.entries:
        return Standing(table, "behind", f"behind by {entries - table.entries} ({when}: "
                        f"{entries} entries)" + refused, entries - table.entries, "report")
    if (entries, digest) == (table.entries, table.head_hash):
        return Standing(table, "complete", f"complete ({when})" + refused, 0, "report")
    return Standing(table, "diverged", f"diverged: the table last reported {entries} entries "
                    f"ending {digest[:12]}, the hub holds {table.entries} ending "
                    f"{table.head_hash[:12]}" + refused, None, "report")


def _against_file(table: TableOnHub, file: FileHead, refused: str) -> Standing:
    held = table.entries
    if file.entries >= held and file.hash_at_hub_head == table.head_hash:
        if file.entries == held:
            return Standing(table, "complete", f"complete (its file holds {held})" + refused,
                            0, "file", file.entries)
        behind = file.entries - held
        return Standing(table, "behind", f"behind by {behind} (its file holds {file.entries})"
                        + refused, behind, "file", file.entries)
    why = (f"its file holds {file.entries} entries, fewer than the hub's {held}"
           if file.entries < held else f"its file's entry {held} differs from the hub's")
    return Standing(table, "diverged", f"diverged: {why} (not marked yet: `banker hub import "
                    f"--db {file.path}` records it)" + refused, None, "file", file.entries)
