"""Copying a table's file to the hub in one go: `banker hub push` (from the hub's head on) and
`banker hub import` (every entry, each compared with the hub's copy)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from app.hub.batch import read_batch
from app.hub.errors import HubGap, HubRefused
from app.hub.hub import Hub
from app.hub.records import Receipt
from app.ledger import open_ledger
from app.ledger.database import Database

COMMANDS_PER_BATCH = 200
"""Whole commands sent in one batch (one hub transaction): a few hundred entries."""


@dataclass(frozen=True)
class Pushed:
    """One game copied: entries the table holds, entries the hub stored new, the hub's head."""

    game_id: str
    label: str | None
    entries: int
    stored: int
    held: int


def push_game(hub: Hub, database: Database, game_id: str, source: str, *,
              from_start: bool = False, commands: int = COMMANDS_PER_BATCH,
              progress: Callable[[Receipt], None] | None = None,
              held: int | None = None) -> Pushed:
    """Send the game's entries the hub lacks (with `from_start`, every entry, each compared
    with the hub's copy), batch after batch, and the file's head even when nothing is new;
    `progress` hears of each batch the hub took. `held` is the hub's head as the sender last
    heard it (its copier's last receipt): the push then starts there without asking, one
    transaction a batch (a hub that holds less answers HubGap and is asked; one that holds more
    compares what it holds).

    Raises HubRefused (the hub recorded why), HubUnreachable, and the ledger's errors for the
    table's own file."""
    after = 0 if from_start else held if held is not None else hub.head(game_id)[0]
    # Where the file is, as `hub status` on this machine can find it again.
    file = os.path.abspath(database.location) if database.dialect == "sqlite" else None
    stored = 0
    gaps = 0
    while True:
        batch = read_batch(database, game_id, after, commands)
        try:
            receipt = hub.receive(batch, source, file=file)
        except HubGap:
            # Another sender's entries went in between, or the hub lost some (a restore):
            # send from where the hub's copy ends now; twice in a row means it keeps moving.
            gaps += 1
            if gaps > 2:
                raise
            after = hub.head(game_id)[0]
            continue
        stored += receipt.stored
        if progress is not None:
            progress(receipt)
        if not batch.events or batch.last >= batch.head[0]:
            return Pushed(game_id, batch.label, batch.head[0], stored, receipt.head[0])
        after = batch.last


def push_file(hub: Hub, path: str | os.PathLike[str], *, from_start: bool = False,
              source: str | None = None) -> list[Pushed]:
    """push_game for every game in a table's file (one, normally), opened read-only.

    Raises HubRefused at the first game refused, HubUnreachable, LedgerError for the file."""
    ledger = open_ledger(path, create=False, readonly=True)
    try:
        where = source or f"{'import' if from_start else 'push'} of {ledger.location}"
        return [push_game(hub, ledger.database, game_id, where, from_start=from_start)
                for game_id in ledger.game_ids()]
    finally:
        ledger.close()


__all__ = ["HubRefused", "Pushed", "push_file", "push_game"]
