"""Receiving one batch inside the hub's write transaction: compare, check, store, or refuse."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from app.hub.arrival import (
    GAME_LOCK,
    INSERT,
    UPDATE_LISTED,
    Held,
    begin_and_read,
    explicit,
    pipelined,
    read_held,
    store_and_commit,
)
from app.hub.batch import Batch, Row
from app.hub.checks import chain_break
from app.hub.errors import HubGap, HubRefused
from app.hub.records import Receipt
from app.hub.times import machine_clock
from app.ledger.hashing import GENESIS, format_timestamp
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

_LINK_REFUSAL = "does not link to"
"""What the hub's database says when a new entry does not link to the game's last (migration
0013's trigger, for every login): the batch is refused as broken."""
_LOCK = text("SELECT pg_advisory_xact_lock(:kind, hashtext(:game))")
_ROLES = text("SELECT to_regclass('hub_table_roles')")
_CLAIM = text("INSERT INTO hub_table_roles (game_id, role) VALUES (:game, current_user) "
              "ON CONFLICT (game_id) DO NOTHING")
_HEAD = text("SELECT seq, hash FROM events WHERE game_id = :game ORDER BY seq DESC LIMIT 1")


def lock_game(connection: Connection, game_id: str) -> None:
    """Serialise arrivals for one game (two senders of one file: its replicator and an import).
    SQLite's BEGIN IMMEDIATE already serialises every writer."""
    if connection.dialect.name == "postgresql":
        connection.execute(_LOCK, {"kind": GAME_LOCK, "game": game_id})


def claim_game(connection: Connection, game_id: str) -> None:
    """On a hub with roles (`banker hub init`, roles.py), the game's first sender claims it:
    a table's role then sees and appends only the games it claimed. A game claimed by another
    role stays theirs (nothing happens here; the rows that follow are refused by PostgreSQL)."""
    if connection.dialect.name != "postgresql" or connection.execute(_ROLES).scalar() is None:
        return
    connection.execute(_CLAIM, {"game": game_id})


def head_of(connection: Connection, game_id: str) -> tuple[int, str]:
    """The hub's last entry of the game: (0, GENESIS) when it holds none."""
    row = connection.execute(_HEAD, {"game": game_id}).first()
    return (int(row[0]), str(row[1])) if row is not None else (0, GENESIS)


def receive(connection: Connection, batch: Batch, source: str, sent: str,
            file: str | None = None, clock: Callable[[], datetime] = machine_clock) -> Receipt:
    """See Hub.receive: raises HubRefused, HubGap; stores the new rows otherwise. `sent` is
    the sender's own time of sending; the arrival is timed by the hub's clock (PostgreSQL's
    now(), `clock` on SQLite) and said in the receipt.

    The batch's own chain is checked first, from the table's own anchor ("broken": the file
    contradicts itself); then everything the batch says about entries the hub holds is
    compared with the hub's copy ("diverged": the file contradicts the hub). A rewritten file
    is diverged whichever way it comes: from the start (import) or from the hub's head.

    On PostgreSQL the batch's transaction is the driver's own (arrival.explicit): a batch for a
    game the hub holds costs two round trips, its BEGIN, the game's lock and the read of what
    the hub holds in the one, the store and its COMMIT in the other."""
    if connection.dialect.name == "postgresql":
        return _receive_postgresql(connection, batch, source, sent, file)
    held = read_held(connection, batch)
    arrived = clock().astimezone(UTC)
    plan = _plan(batch, held, format_timestamp(arrived), sent, file)
    with _link_refusal(batch, plan.new):
        _store(connection, batch, held, plan.rows, source, plan.values)
    return _receipt(batch, held, plan.new, arrived)


def _receive_postgresql(connection: Connection, batch: Batch, source: str, sent: str,
                        file: str | None) -> Receipt:
    with explicit(connection) as driver:
        receipt = _arrive(connection, driver, batch, source, sent, file)
        if receipt is None:
            # The hub's head moved though the lock was ours (a writer that takes no lock):
            # nothing was stored, and the batch arrives again in a transaction of its own.
            receipt = _arrive(connection, driver, batch, source, sent, file)
        if receipt is None:
            raise HubGap(f"game {batch.game_id}: the hub's head moved twice while the batch "
                         "arrived; nothing of it was stored")
    return receipt


def _arrive(connection: Connection, driver: Any, batch: Batch, source: str, sent: str,
            file: str | None) -> Receipt | None:
    """One transaction of the batch's arrival on PostgreSQL (None: the store's guard found the
    hub's head moved since the read; nothing stored)."""
    with _link_refusal(batch, None) as refusal, pipelined(connection):
        held = begin_and_read(driver, batch)  # one round trip
        arrived = held.now
        assert arrived is not None, "PostgreSQL's now() is read with the hub's copy"
        plan = _plan(batch, held, format_timestamp(arrived), sent, file)
        refusal.new = plan.new
        stored = (store_and_commit(driver, batch.game_id, held.head[0], plan.rows, plan.values)
                  if held.head[0] > 0 else None)
    # The pipeline synced: the store and its COMMIT answered (one round trip).
    if stored is None:  # the game's first batch: its row, seats and claim go first
        with _link_refusal(batch, plan.new):
            _store(connection, batch, held, plan.rows, source, plan.values)
        driver.commit()
    elif not stored.ok():
        return None
    return _receipt(batch, held, plan.new, arrived)


def _receipt(batch: Batch, held: Held, stored: list[Row], arrived: datetime) -> Receipt:
    head = (stored[-1][1], stored[-1][10]) if stored else held.head
    return Receipt(game_id=batch.game_id, stored=len(stored), head=head, arrived_at=arrived)


@dataclass
class _Plan:
    """What a batch adds to what the hub holds: (commands, entries, transfers), and hub_games'
    values (the table's report, and the game's new head when it has new entries)."""

    rows: tuple[list[Row], list[Row], list[Row]]
    values: dict[str, Any]

    @property
    def new(self) -> list[Row]:
        return self.rows[1]


def _plan(batch: Batch, held: Held, stamp: str, sent: str, file: str | None) -> _Plan:
    """The checks on what the hub holds (raising HubRefused, HubGap), then what to store."""
    game_id = batch.game_id
    known = _header_differs(held, batch)
    if known is not None:
        raise HubRefused("diverged", game_id, None, known)
    if batch.first > held.head[0] + 1:
        raise HubGap(f"game {game_id}: the hub holds entries 1 to {held.head[0]}; the batch "
                     f"starts at entry {batch.first}")
    broken = chain_break(batch, (batch.first - 1, batch.anchor))
    if broken is not None:
        raise HubRefused("broken", game_id, broken[0], broken[1])
    _compare(batch, held)
    new = [row for row in batch.events if row[1] > held.head[0]]
    commands = _new_commands(batch, held, new)
    transfers = [row for row in batch.transfers if row[1] > held.head[0]]
    values = _report(batch, stamp, sent, file)
    if new:
        values.update(label=batch.label, entries=new[-1][1], head_hash=new[-1][10],
                      last_recorded_at=new[-1][7])
    return _Plan((commands, new, transfers), values)


class _Refusal:
    """The new entries of the batch being stored (known once it is planned)."""

    def __init__(self, new: list[Row] | None) -> None:
        self.new = new


@contextmanager
def _link_refusal(batch: Batch, new: list[Row] | None) -> Iterator[_Refusal]:
    """A store the hub's database refused because an entry does not link to the game's last
    (migration 0013's trigger) becomes the batch's refusal as broken."""
    refusal = _Refusal(new)
    try:
        yield refusal
    except DBAPIError as e:
        first = refusal.new[0] if refusal.new else None
        if first is None or _LINK_REFUSAL not in str(e.orig):
            raise
        raise HubRefused("broken", batch.game_id, first[1],
                         f"entry {first[1]} ({first[3]}) does not link to the hub's entry "
                         f"{first[1] - 1}, its last: refused by the hub's database") from e


def _report(batch: Batch, stamp: str, sent: str, file: str | None) -> dict[str, Any]:
    """The head the table reported with this batch (and its file): `hub status` compares
    it with the hub's when the file itself is out of reach. The batch's time by the table's
    clock (`reported_at`) beside the hub's time of its arrival (`last_arrival_at`): how far the
    laptop's clock is from the hub's (records.TableOnHub.clock_off)."""
    values: dict[str, Any] = {"reported_entries": batch.head[0], "reported_hash": batch.head[1],
                              "reported_at": sent, "last_arrival_at": stamp}
    if file is not None:
        values["file"] = file
    return values


def _header_differs(held: Held, batch: Batch) -> str | None:
    """Why the hub's game row or seats differ from the batch's, if the hub holds the game."""
    if held.game is None:
        return None
    if dict(zip(GAME_COLUMNS, held.game, strict=True)) != batch.game:
        return "the game's row (label, rules or start) differs from the hub's copy"
    if held.players != batch.players:
        return "the game's players differ from the hub's copy"
    return None


def _compare(batch: Batch, held: Held) -> None:
    """Refuse (diverged) a batch whose entries or head differ from what the hub holds: the
    hub is the tables' outside anchor, so a rewritten or shortened file shows here."""
    game_id = batch.game_id
    before = batch.first - 1
    if batch.events and before > 0 and held.hashes.get(before) != batch.anchor:
        raise HubRefused("diverged", game_id, before,
                         f"the table's entry {before}, the last before what it sent, differs "
                         "from the hub's copy: the table's game was rewritten after the hub "
                         "received it (`banker hub import` names the first entry that differs)")
    for row in batch.events:
        if row[1] <= held.head[0] and held.hashes.get(row[1]) != row[10]:
            raise HubRefused("diverged", game_id, row[1],
                             f"entry {row[1]} ({row[3]}) differs from the hub's copy: the "
                             "table's game was rewritten after the hub received it")
    table_seq, table_hash = batch.head
    if table_seq < held.head[0]:
        same = held.hashes.get(table_seq) == table_hash if table_seq else True
        # The mark's entry is the one the reason names: the first removed, or the rewritten last.
        raise HubRefused("diverged", game_id, table_seq + 1 if same else table_seq,
                         f"the table's file holds {table_seq} entries, the hub holds "
                         f"{held.head[0]}"
                         + (f": entries {table_seq + 1} to {held.head[0]} were removed from the "
                            "file (shortened)" if same else
                            f", and its entry {table_seq} differs from the hub's (rewritten)"))
    if table_seq == held.head[0] and table_hash != held.head[1]:
        raise HubRefused("diverged", game_id, table_seq,
                         f"the table's entry {table_seq} differs from the hub's copy (rewritten)")


def _new_commands(batch: Batch, held: Held, new: list[Row]) -> list[Row]:
    """The batch's commands the hub lacks: the first must be the first new entry's and follow
    the hub's last command (else the batch is refused as broken)."""
    if not new:
        return []
    last_command = held.last_command
    commands = [row for row in batch.commands if row[1] > last_command]
    if not commands or commands[0][1] != new[0][2] or commands[0][1] != last_command + 1:
        raise HubRefused("broken", batch.game_id, new[0][1],
                         f"entry {new[0][1]} ({new[0][3]}): its command {new[0][2]} does not "
                         f"follow the hub's last command {last_command}")
    return commands


def _store(connection: Connection, batch: Batch, held: Held, rows: tuple[list[Row], ...],
           source: str, values: dict[str, Any]) -> None:
    """Store the new rows with the statements built once (SQLite, or a game's first batch:
    the game's row, its seats and the claim by the sender's role go first)."""
    game_id = batch.game_id
    commands, new, transfers = rows
    if new and held.head[0] == 0:
        if held.roles:
            claim_game(connection, game_id)
        connection.execute(INSERT["games"], batch.game)
        connection.execute(INSERT["players"], [
            {"game_id": game_id, "seat": seat, "name": name} for seat, name in batch.players])
    for table, columns, found in (("commands", COMMAND_COLUMNS, commands),
                                  ("events", EVENT_COLUMNS, new),
                                  ("transfers", TRANSFER_COLUMNS, transfers)):
        if found:
            connection.execute(INSERT[table], [dict(zip(columns, row, strict=True))
                                               for row in found])
    if new and held.head[0] == 0 and not held.listed:
        connection.execute(INSERT["hub_games"], {"game_id": game_id, "source": source, **values})
    else:
        connection.execute(UPDATE_LISTED, {"listed": game_id, **values})
