"""A batch's arrival in few statements, written once: what the hub holds of the game, read in one
statement, and a batch's rows stored in one statement. On PostgreSQL the transaction is the
driver's own (explicit, pipelined): BEGIN, the game's lock and the read cross in one round trip,
the store and its COMMIT in another."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, text, update
from sqlalchemy.exc import DBAPIError

from app.hub.batch import Batch, Row
from app.hub.schema import hub_games
from app.ledger import schema
from app.ledger.hashing import GENESIS
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

GAME_LOCK = 0x487562  # PostgreSQL advisory lock class for one game's arrivals ("Hub")


@dataclass(frozen=True)
class Held:
    """What the hub holds of one game, as a batch's checks need it: its last entry (seq, hash),
    its game row (GAME_COLUMNS' values; None when it does not hold the game) and seats, its
    hashes of the entries the batch names (its own, the one before them, the table's head),
    its last command's number, whether hub_games lists the game, whether the hub has table
    roles (hub_table_roles), and the hub's clock (PostgreSQL's now(); None on SQLite)."""

    head: tuple[int, str]
    game: tuple[Any, ...] | None
    players: tuple[tuple[int, str], ...]
    hashes: dict[int, str]
    last_command: int
    listed: bool
    roles: bool
    now: datetime | None


def _named(batch: Batch) -> dict[str, Any]:
    """The entries a batch names: its own range, the one before it, the table's head."""
    return {"game": batch.game_id, "first": batch.first, "last": batch.last,
            "before": batch.first - 1, "told": batch.head[0]}


_GAME = ", ".join(f"g.{name}" for name in GAME_COLUMNS)
_NAMED = ("game_id = {game} AND (seq BETWEEN {first} AND {last} OR seq = {before} "
          "OR seq = {told})")

# The game's lock is a statement of its own before the read (sent with it, and with the BEGIN:
# begin_and_read), so the read's snapshot is taken once the lock is ours: it sees whatever a
# sender that held the lock before stored.
_LOCK_POSTGRESQL = f"SELECT pg_advisory_xact_lock({GAME_LOCK}, hashtext(%(game)s))"
_READ_POSTGRESQL = f"""
SELECT now(), h.seq, h.hash, g.id IS NOT NULL, {_GAME},
 (SELECT array_agg(seat ORDER BY seat) FROM players WHERE game_id = %(game)s),
 (SELECT array_agg(name ORDER BY seat) FROM players WHERE game_id = %(game)s),
 (SELECT array_agg(seq ORDER BY seq) FROM events WHERE {_NAMED.format(
     game="%(game)s", first="%(first)s", last="%(last)s", before="%(before)s",
     told="%(told)s")}),
 (SELECT array_agg(hash ORDER BY seq) FROM events WHERE {_NAMED.format(
     game="%(game)s", first="%(first)s", last="%(last)s", before="%(before)s",
     told="%(told)s")}),
 (SELECT max(command_no) FROM commands WHERE game_id = %(game)s),
 EXISTS (SELECT 1 FROM hub_games WHERE game_id = %(game)s),
 to_regclass('hub_table_roles') IS NOT NULL
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (SELECT seq, hash FROM events WHERE game_id = %(game)s
                   ORDER BY seq DESC LIMIT 1) AS h ON true
LEFT JOIN games AS g ON g.id = %(game)s
"""

_READ_SQLITE = text(f"""
SELECT h.seq, h.hash, g.id IS NOT NULL, {_GAME},
 (SELECT json_group_array(json_array(seat, name)) FROM
   (SELECT seat, name FROM players WHERE game_id = :game ORDER BY seat)),
 (SELECT json_group_array(json_array(seq, hash)) FROM
   (SELECT seq, hash FROM events WHERE {_NAMED.format(
       game=":game", first=":first", last=":last", before=":before", told=":told")})),
 (SELECT max(command_no) FROM commands WHERE game_id = :game),
 EXISTS (SELECT 1 FROM hub_games WHERE game_id = :game)
FROM (SELECT 1) AS one
LEFT JOIN (SELECT seq, hash FROM events WHERE game_id = :game ORDER BY seq DESC LIMIT 1) AS h
 ON 1
LEFT JOIN games AS g ON g.id = :game
""")


def read_held(connection: Connection, batch: Batch) -> Held:
    """What the hub holds of the batch's game, in one statement (SQLite, whose BEGIN IMMEDIATE
    already serialises every writer; PostgreSQL reads with begin_and_read)."""
    named = _named(batch)
    width = len(GAME_COLUMNS)
    row = connection.execute(_READ_SQLITE, named).one()
    seq, digest, has_game = row[0], row[1], row[2]
    game, seats, hashes, last, listed = row[3:3 + width], *row[3 + width:]
    return Held(_head(seq, digest), tuple(game) if has_game else None,
                tuple((int(s), str(n)) for s, n in json.loads(seats)),
                {int(s): str(h) for s, h in json.loads(hashes)}, int(last or 0), bool(listed),
                False, None)


def begin_and_read(driver: Any, batch: Batch) -> Held:
    """BEGIN, the game's lock (serialising its arrivals: two senders of one file) and what the
    hub holds of the batch's game, sent together on the driver's connection in pipeline mode
    (explicit and pipelined): one round trip. The transaction stays open for the store."""
    named = _named(batch)
    width = len(GAME_COLUMNS)
    driver.execute("BEGIN")
    driver.execute(_LOCK_POSTGRESQL, named)
    row: tuple[Any, ...] = driver.execute(_READ_POSTGRESQL, named).fetchone()
    now, seq, digest, has_game = row[0], row[1], row[2], row[3]
    game, seats, names, seqs, hashes, last, listed, roles = row[4:4 + width], *row[4 + width:]
    players = tuple(zip(seats or (), names or (), strict=True))
    found = dict(zip(seqs or (), hashes or (), strict=True))
    return Held(_head(seq, digest), tuple(game) if has_game else None, players, found,
                int(last or 0), bool(listed), bool(roles), now.astimezone(UTC))


def _head(seq: Any, digest: Any) -> tuple[int, str]:
    return (int(seq), str(digest)) if seq is not None else (0, GENESIS)


def _rows_of(name: str, columns: tuple[str, ...], types: tuple[str, ...]) -> str:
    """The rows of one table as one JSON parameter (a list of lists: JSON's own types), each
    column cast back to its own type."""
    picked = ", ".join(f"(r->>{i})::{kind}" for i, kind in enumerate(types))
    return (f"INSERT INTO {name} ({', '.join(columns)}) SELECT {picked} "
            f"FROM json_array_elements(%({name})s::json) WITH ORDINALITY AS x(r, n) "
            "WHERE (SELECT ok FROM ok) ORDER BY n")


_COMMAND_TYPES = ("text", "int", "text", "text", "text", "text")
_EVENT_TYPES = ("text", "int", "int", "text", "text", "text", "text", "text", "int", "text",
                "text")
_TRANSFER_TYPES = ("text", "int", "int", "text", "text", "int")

# One statement stores what a batch adds to a game the hub holds, and answers with the entries
# it stored: the commands, entries and transfers each as one JSON parameter (one text whatever
# the batch's size, so the driver prepares it once, and the rows cross as one string each),
# hub_games' head and the table's report. `ok` guards it: the hub's head must still be the one
# read (else nothing is stored and the arrival is read again). Each entry still passes
# migration 0013's link trigger, in order.
_STORE_POSTGRESQL = f"""
WITH ok AS (
 SELECT coalesce((SELECT seq FROM events WHERE game_id = %(game)s ORDER BY seq DESC LIMIT 1), 0)
   = %(held)s AS ok
), c AS (
 {_rows_of("commands", COMMAND_COLUMNS, _COMMAND_TYPES)}
), e AS (
 {_rows_of("events", EVENT_COLUMNS, _EVENT_TYPES)}
 RETURNING seq, hash
), t AS (
 {_rows_of("transfers", TRANSFER_COLUMNS, _TRANSFER_TYPES)}
), r AS (
 UPDATE hub_games SET
  label = CASE WHEN %(new)s THEN %(label)s ELSE label END,
  entries = CASE WHEN %(new)s THEN %(entries)s ELSE entries END,
  head_hash = CASE WHEN %(new)s THEN %(head_hash)s ELSE head_hash END,
  last_recorded_at = CASE WHEN %(new)s THEN %(last_recorded_at)s ELSE last_recorded_at END,
  reported_entries = %(reported_entries)s, reported_hash = %(reported_hash)s,
  reported_at = %(reported_at)s, last_arrival_at = %(last_arrival_at)s,
  file = coalesce(%(file)s, file)
 WHERE game_id = %(game)s AND (SELECT ok FROM ok)
)
SELECT (SELECT ok FROM ok), (SELECT count(*) FROM e)
"""


class Stored:
    """A store sent with its COMMIT (store_and_commit): its answer, once the pipeline synced."""

    def __init__(self, cursor: Any, entries: int) -> None:
        self._cursor, self._entries = cursor, entries

    def ok(self) -> bool:
        """Whether the rows were stored; False, nothing stored (the COMMIT then ended a
        transaction that changed nothing), when the hub's head was no longer the one read."""
        ok, stored = self._cursor.fetchone()
        assert not ok or stored == self._entries, "an INSERT stores every row or raises"
        return bool(ok)


def store_and_commit(driver: Any, game_id: str, held: int, rows: tuple[list[Row], ...],
                     values: dict[str, Any]) -> Stored:
    """Queue, in the pipeline begin_and_read opened, the store of a batch's new (commands,
    entries, transfers) of a game the hub holds, with hub_games' `values` (its new head and the
    table's report: receiving._plan), and the COMMIT: both answered at the pipeline's sync, one
    round trip. A store that fails (a row the 0013 trigger or a role refuses) aborts the
    transaction: the COMMIT is then not run, and the caller's ROLLBACK ends it (explicit)."""
    commands, events, transfers = rows
    params: dict[str, Any] = {"game": game_id, "held": held, "new": bool(events),
                              "commands": json.dumps(commands), "events": json.dumps(events),
                              "transfers": json.dumps(transfers)}
    for name in ("label", "entries", "head_hash", "last_recorded_at"):
        params[name] = values.get(name)
    for name in ("reported_entries", "reported_hash", "reported_at", "last_arrival_at", "file"):
        params[name] = values.get(name)
    cursor = driver.execute(_STORE_POSTGRESQL, params)
    driver.execute("COMMIT")
    return Stored(cursor, len(events))


@contextmanager
def explicit(connection: Connection) -> Iterator[Any]:
    """The driver's (psycopg's) connection under `connection`'s transaction, for a block that
    sends its own BEGIN and COMMIT as statements beside its work (psycopg's autocommit: its own
    BEGIN would be a round trip alone). A block that ends with its transaction open, or raises,
    is rolled back; the connection goes back to psycopg's own transactions, or is dropped from
    the pool when it was lost. psycopg's errors leave as SQLAlchemy's DBAPIError (driver_errors)."""
    driver = connection.connection.driver_connection
    assert driver is not None, "a connection checked out of the pool"
    driver.autocommit = True
    try:
        with driver_errors(connection):
            try:
                yield driver
            except BaseException:
                _roll_back(connection, driver)
                raise
            _roll_back(connection, driver)
    finally:
        if not driver.closed and driver.info.transaction_status == _IDLE:
            driver.autocommit = False


@contextmanager
def pipelined(connection: Connection) -> Iterator[None]:
    """The block's statements on the driver's connection sent without waiting for each answer
    (psycopg's pipeline mode); those a block did not read are answered at its end, in one round
    trip. psycopg's errors leave as SQLAlchemy's DBAPIError (driver_errors)."""
    driver = connection.connection.driver_connection
    assert driver is not None, "a connection checked out of the pool"
    with driver_errors(connection), driver.pipeline():
        yield


@contextmanager
def driver_errors(connection: Connection) -> Iterator[None]:
    """psycopg's errors as SQLAlchemy's DBAPIError, as connection.execute raises them (what
    Database.translated and receiving's link refusal read); a lost connection leaves the pool."""
    error = connection.dialect.loaded_dbapi.Error
    try:
        yield
    except error as e:
        # An inner block may have dropped the connection already (a ROLLBACK it could not
        # send): asking SQLAlchemy for it again would raise PendingRollbackError, which is no
        # driver error, and the copier's thread would end on it instead of retrying.
        lost = connection.invalidated or connection.dialect.is_disconnect(
            e, connection.connection.driver_connection, None)
        if lost and not connection.invalidated:
            connection.invalidate()
        raise DBAPIError.instance(None, None, e, error, connection_invalidated=lost) from e


_IDLE = 0  # libpq's PQTRANS_IDLE: no transaction open


def _roll_back(connection: Connection, driver: Any) -> None:
    """End the block's transaction if it is still open (ROLLBACK, after leaving an aborted
    pipeline); a connection that cannot answer leaves the pool."""
    if connection.invalidated or driver.closed:
        return
    try:
        driver.rollback()
    except connection.dialect.loaded_dbapi.Error:
        connection.invalidate()
        raise


INSERT = {table.name: insert(table) for table in (
    schema.games, schema.players, schema.commands, schema.events, schema.transfers, hub_games)}
"""Each table's INSERT, built once (executed with a list of rows: one executemany)."""
UPDATE_LISTED = update(hub_games).where(hub_games.c.game_id == bindparam("listed"))
"""hub_games' row of one game (`listed`), updated with the columns given."""
