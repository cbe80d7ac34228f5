"""Receiving one batch inside the hub's write transaction: compare, check, store, or refuse."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError

from app.hub.batch import Batch, Row
from app.hub.checks import chain_break
from app.hub.errors import HubGap, HubRefused
from app.hub.records import Receipt
from app.hub.schema import hub_games
from app.ledger import schema
from app.ledger.hashing import GENESIS
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

_LINK_REFUSAL = "does not link to"
"""What the hub's database says when a new entry does not link to the game's last (migration
0013's trigger, for every login): the batch is refused as broken."""
_GAME_LOCK = 0x487562  # PostgreSQL advisory lock class for one game's arrivals ("Hub")


def lock_game(connection: Connection, game_id: str) -> None:
    """Serialise arrivals for one game (two senders of one file: its replicator and an import).
    SQLite's BEGIN IMMEDIATE already serialises every writer."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:kind, hashtext(:game))"),
                           {"kind": _GAME_LOCK, "game": game_id})


def claim_game(connection: Connection, game_id: str) -> None:
    """On a hub with roles (`banker hub init`, roles.py), the game's first sender claims it:
    a table's role then sees and appends only the games it claimed. A game claimed by another
    role stays theirs (nothing happens here; the rows that follow are refused by PostgreSQL)."""
    if connection.dialect.name != "postgresql" or connection.execute(
            text("SELECT to_regclass('hub_table_roles')")).scalar() is None:
        return
    connection.execute(text("INSERT INTO hub_table_roles (game_id, role) VALUES "
                            "(:game, current_user) ON CONFLICT (game_id) DO NOTHING"),
                       {"game": game_id})


def head_of(connection: Connection, game_id: str) -> tuple[int, str]:
    """The hub's last entry of the game: (0, GENESIS) when it holds none."""
    events = schema.events.c
    row = connection.execute(select(events.seq, events.hash).where(events.game_id == game_id)
                             .order_by(events.seq.desc()).limit(1)).first()
    return (int(row[0]), str(row[1])) if row is not None else (0, GENESIS)


def receive(connection: Connection, batch: Batch, source: str, stamp: str,
            file: str | None = None, sent: str | None = None) -> Receipt:
    """See Hub.receive: raises HubRefused, HubGap; stores the new rows otherwise. `stamp` is
    the hub's time of arrival, `sent` the sender's own time of sending (default `stamp`).

    The batch's own chain is checked first, from the table's own anchor ("broken": the file
    contradicts itself); then everything the batch says about entries the hub holds is
    compared with the hub's copy ("diverged": the file contradicts the hub). A rewritten file
    is diverged whichever way it comes: from the start (import) or from the hub's head."""
    game_id = batch.game_id
    lock_game(connection, game_id)
    held = head_of(connection, game_id)
    known = _header_differs(connection, batch)
    if known is not None:
        raise HubRefused("diverged", game_id, None, known)
    if batch.first > held[0] + 1:
        raise HubGap(f"game {game_id}: the hub holds entries 1 to {held[0]}; the batch starts "
                     f"at entry {batch.first}")
    broken = chain_break(batch, (batch.first - 1, batch.anchor))
    if broken is not None:
        raise HubRefused("broken", game_id, broken[0], broken[1])
    _compare(connection, batch, held)
    new = [row for row in batch.events if row[1] > held[0]]
    if new:
        _store(connection, batch, held, new, source, stamp)
        held = (new[-1][1], new[-1][10])
    _report(connection, batch, stamp, sent or stamp, file)
    return Receipt(game_id=game_id, stored=len(new), head=held)


def _report(connection: Connection, batch: Batch, stamp: str, sent: str,
            file: str | None) -> None:
    """Keep the head the table reported with this batch (and its file): `hub status` compares
    it with the hub's when the file itself is out of reach. The batch's time by the table's
    clock (`reported_at`) beside the hub's time of its arrival (`last_arrival_at`): how far the
    laptop's clock is from the hub's (records.TableOnHub.clock_off)."""
    values: dict[str, Any] = {"reported_entries": batch.head[0], "reported_hash": batch.head[1],
                              "reported_at": sent, "last_arrival_at": stamp}
    if file is not None:
        values["file"] = file
    connection.execute(update(hub_games).where(hub_games.c.game_id == batch.game_id)
                       .values(**values))


def _header_differs(connection: Connection, batch: Batch) -> str | None:
    """Why the hub's game row or seats differ from the batch's, if the hub holds the game."""
    game = connection.execute(select(*(schema.games.c[name] for name in GAME_COLUMNS))
                              .where(schema.games.c.id == batch.game_id)).first()
    if game is None:
        return None
    if dict(zip(GAME_COLUMNS, game, strict=True)) != batch.game:
        return "the game's row (label, rules or start) differs from the hub's copy"
    seats = tuple((int(s), str(n)) for s, n in connection.execute(
        select(schema.players.c.seat, schema.players.c.name)
        .where(schema.players.c.game_id == batch.game_id).order_by(schema.players.c.seat)))
    if seats != batch.players:
        return "the game's players differ from the hub's copy"
    return None


def _hash_at(connection: Connection, game_id: str, seq: int) -> str:
    events = schema.events.c
    found = connection.execute(select(events.hash).where(events.game_id == game_id,
                                                         events.seq == seq)).scalar()
    return str(found)


def _compare(connection: Connection, batch: Batch, held: tuple[int, str]) -> None:
    """Refuse (diverged) a batch whose entries or head differ from what the hub holds: the
    hub is the tables' outside anchor, so a rewritten or shortened file shows here."""
    game_id = batch.game_id
    before = batch.first - 1
    if batch.events and before > 0 and _hash_at(connection, game_id, before) != batch.anchor:
        raise HubRefused("diverged", game_id, before,
                         f"the table's entry {before}, the last before what it sent, differs "
                         "from the hub's copy: the table's game was rewritten after the hub "
                         "received it (`banker hub import` names the first entry that differs)")
    overlap = [row for row in batch.events if row[1] <= held[0]]
    if overlap:
        events = schema.events.c
        hub = dict(connection.execute(select(events.seq, events.hash).where(
            events.game_id == game_id, events.seq.between(overlap[0][1], overlap[-1][1]))
        ).all())
        for row in overlap:
            if hub.get(row[1]) != row[10]:
                raise HubRefused("diverged", game_id, row[1],
                                 f"entry {row[1]} ({row[3]}) differs from the hub's copy: the "
                                 "table's game was rewritten after the hub received it")
    table_seq, table_hash = batch.head
    if table_seq < held[0]:
        same = _hash_at(connection, game_id, table_seq) == table_hash if table_seq else True
        # The mark's entry is the one the reason names: the first removed, or the rewritten last.
        raise HubRefused("diverged", game_id, table_seq + 1 if same else table_seq,
                         f"the table's file holds {table_seq} entries, the hub holds {held[0]}"
                         + (f": entries {table_seq + 1} to {held[0]} were removed from the file "
                            "(shortened)" if same else
                            f", and its entry {table_seq} differs from the hub's (rewritten)"))
    if table_seq == held[0] and table_hash != held[1]:
        raise HubRefused("diverged", game_id, table_seq,
                         f"the table's entry {table_seq} differs from the hub's copy (rewritten)")


def _store(connection: Connection, batch: Batch, held: tuple[int, str], new: list[Row],
           source: str, stamp: str) -> None:
    game_id = batch.game_id
    if held[0] == 0:
        claim_game(connection, game_id)
        connection.execute(insert(schema.games).values(**batch.game))
        connection.execute(insert(schema.players), [
            {"game_id": game_id, "seat": seat, "name": name} for seat, name in batch.players])
    last_command = connection.execute(select(func.max(schema.commands.c.command_no)).where(
        schema.commands.c.game_id == game_id)).scalar() or 0
    commands = [row for row in batch.commands if row[1] > last_command]
    if not commands or commands[0][1] != new[0][2] or commands[0][1] != last_command + 1:
        raise HubRefused("broken", game_id, new[0][1],
                         f"entry {new[0][1]} ({new[0][3]}): its command {new[0][2]} does not "
                         f"follow the hub's last command {last_command}")
    transfers = [row for row in batch.transfers if row[1] > held[0]]
    _insert(connection, schema.commands, COMMAND_COLUMNS, commands)
    try:
        _insert(connection, schema.events, EVENT_COLUMNS, new)
    except DBAPIError as e:
        if _LINK_REFUSAL not in str(e.orig):
            raise
        raise HubRefused("broken", game_id, new[0][1],
                         f"entry {new[0][1]} ({new[0][3]}) does not link to the hub's entry "
                         f"{new[0][1] - 1}, its last: refused by the hub's database") from e
    _insert(connection, schema.transfers, TRANSFER_COLUMNS, transfers)
    values: dict[str, Any] = {"label": batch.label, "entries": new[-1][1],
                              "head_hash": new[-1][10], "last_recorded_at": new[-1][7],
                              "last_arrival_at": stamp}
    if held[0] == 0 and connection.execute(select(hub_games.c.game_id).where(
            hub_games.c.game_id == game_id)).first() is None:
        connection.execute(insert(hub_games).values(game_id=game_id, source=source, **values))
    else:
        connection.execute(update(hub_games).where(hub_games.c.game_id == game_id)
                           .values(**values))


def _insert(connection: Connection, table: Any, columns: tuple[str, ...], rows: list[Row]) -> None:
    if rows:
        connection.execute(insert(table), [dict(zip(columns, row, strict=True)) for row in rows])
