"""The Ledger: one transaction per command, hash-chained events, and the reads replay needs."""

from __future__ import annotations

import os
import uuid
from collections.abc import Collection
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from sqlalchemy import insert, select

from app.ledger import appending, creating, reading, schema, snapshots, sweep, writing
from app.ledger.chain import chain_sound
from app.ledger.creating import ONE_GAME
from app.ledger.database import Database
from app.ledger.errors import GameNotFound, LedgerRejected
from app.ledger.hashing import CHAIN_VERSION, GENESIS, format_timestamp, game_digest
from app.ledger.history import History, read_history, read_tail
from app.ledger.opening import open_database
from app.ledger.records import Actor, GameInfo, NewEvent, StoredCommand, StoredEvent
from app.ledger.snapshots import Snapshot
from app.ledger.verify import chain_problems, head_problem


def open_ledger(
    url_or_path: str | os.PathLike[str], *, create: bool = True, readonly: bool = False
) -> Ledger:
    """Open the ledger at a SQLite file path or a database URL.

    `create` makes a missing file (owner-only) and its folders; without it a missing file raises
    LedgerNotFound. `readonly` writes nothing at all: the file is opened read-only (immutable in a
    read-only folder), an older schema is read through an upgraded copy in memory, and every
    write raises LedgerWriteError. SQLite files must pass quick_check (else LedgerCorrupt) and are
    looked at read-only before anything is written: SchemaTooNew for a file from a newer version,
    LedgerError for one that is not a ledger, LedgerWriteError or LedgerBusy when it cannot be
    opened.
    """
    return Ledger(open_database(url_or_path, create=create, readonly=readonly, whole=True))


CHECKPOINT_AFTER = 500
"""Commands after which a command checkpoints the -wal file itself when nothing else has (no
idle moment, no snapshot: a script of thousands of one-event commands): the file stays small.
The table checkpoints with each snapshot it stores (every 500 events, about 170 commands of
play) and at idle moments, so this is the fallback. A small -wal file is also a faster one:
SQLite's writes into a -wal file of 2,000 commands cost a fifth more than into one of 200."""


class Ledger:
    """Append-only storage of games: each write is one transaction, all of it or none."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._sqlite = database.dialect == "sqlite"  # the prepared write path's
        self._heads: dict[str, appending.Head] = {}
        self._since_checkpoint = 0

    @property
    def location(self) -> str:
        """Where the ledger lives: the SQLite file's path, or the URL without its password."""
        return self._db.location

    @property
    def database(self) -> Database:
        """The underlying connection manager (for diagnostics and tests)."""
        return self._db

    def close(self) -> None:
        """Release the database connections (a new file that never got its game: removed)."""
        if not creating.let_go(self._db):
            return  # another opener in this process shares the new file's database
        if self._db.pending is not None:
            creating.discard(self._db)
        else:
            self._db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- writing -----------------------------------------------------------------------------

    def start_game(
        self,
        *,
        profile_id: str,
        board_id: str,
        profile_json: str,
        board_json: str,
        decks_json: str,
        players: list[str],
        label: str | None,
        command: dict[str, Any],
        events: list[NewEvent],
        actor: Actor,
        clock_ms: int | None,
        recorded_at: datetime | None = None,
        plain: bool = False,
    ) -> tuple[str, list[StoredEvent]]:
        """Record a new game, its players, its first command (no. 1) and that command's events.

        Returns the new game's id and the stored events (seq 1..n). Raises LedgerRejected when
        a SQLite file already holds a game (one game per file; a PostgreSQL hub holds many),
        for duplicate player names or unstorable payloads, and the translated driver errors.
        `plain` as for `append`.
        """
        writing.check_players(players)
        game_id = str(uuid.uuid4())
        stamp = format_timestamp(recorded_at or datetime.now(UTC))
        header = {
            "id": game_id,
            "created_at": stamp,
            "label": label,
            "profile_id": profile_id,
            "board_id": board_id,
            "profile_json": profile_json,
            "board_json": board_json,
            "decks_json": decks_json,
            "chain_version": CHAIN_VERSION,
        }
        seats = list(enumerate(players, start=1))
        with self._db.write() as connection:
            # Checked under the write lock: two programs starting a game on one new file at
            # once would otherwise both succeed. A PostgreSQL ledger is a tournament's hub,
            # which holds every game of the tournament.
            if self._db.dialect == "sqlite" and connection.execute(
                    select(schema.games.c.id).limit(1)).first() is not None:
                raise LedgerRejected(ONE_GAME)
            connection.execute(insert(schema.games).values(**header))
            connection.execute(
                insert(schema.players),
                [{"game_id": game_id, "seat": seat, "name": name} for seat, name in seats],
            )
            stored = writing.record_command(
                connection, game_id, 1, (0, GENESIS), command, events, actor, clock_ms, stamp,
                game=game_digest(game=header, players=seats), plain=plain,
            )
        if self._db.pending is not None:
            creating.place(self._db)  # the new file is put in place whole, or refused
        return game_id, stored

    def append(
        self,
        game_id: str,
        *,
        expected_seq: int,
        command: dict[str, Any],
        events: list[NewEvent],
        actor: Actor,
        clock_ms: int | None,
        recorded_at: datetime | None = None,
        plain: bool = False,
    ) -> list[StoredEvent]:
        """Record one command and its events after the event `expected_seq`, in one transaction.

        `plain` is only for a command and payloads that are JSON's own types by construction (a
        pydantic model_dump(mode="json"), as the table service records): their JSON round trip
        is then not checked again (the stored text is the same). Anything else is checked, and
        refused (LedgerRejected) unless it reads back unchanged.

        An empty `events` list records nothing and returns []. Raises GameNotFound,
        StaleSequence if the game's last event is not `expected_seq`, ConcurrentWrite if
        another writer took the same numbers, LedgerRejected for data the ledger refuses, and
        LedgerWriteError or LedgerBusy when the file cannot be written.
        """
        stamp = format_timestamp(recorded_at or datetime.now(UTC))
        if not events:
            with self._db.read() as connection:
                reading.expect_head(connection, game_id, expected_seq)
            return []
        if not self._sqlite:
            with self._db.write() as connection:
                head = reading.expect_head(connection, game_id, expected_seq)
                command_no = writing.next_command_no(connection, game_id)
                return writing.record_command(
                    connection, game_id, command_no, head, command, events, actor, clock_ms,
                    stamp, chain_version=reading.game_row(connection, game_id).chain_version,
                    plain=plain,
                )
        return self._append_sqlite(game_id, expected_seq, command, events, actor, clock_ms, stamp,
                                   plain)

    def _append_sqlite(self, game_id: str, expected_seq: int, command: dict[str, Any],
                       events: list[NewEvent], actor: Actor, clock_ms: int | None,
                       stamp: str, plain: bool) -> list[StoredEvent]:
        """The prepared path: rows hashed before the lock is taken, the head checked with one
        look-up inside the transaction, every row written in one batch."""
        head = self._heads.pop(game_id, None)
        if head is None:
            with self._db.driver_read() as connection:
                head = appending.read_head(connection, game_id)
        prepare = writing.prepare_command
        batch = (prepare(game_id, head.next_command, (head.seq, head.hash), command, events,
                         actor, clock_ms, stamp, chain_version=head.version, plain=plain)
                 if head.seq == expected_seq else None)
        with self._db.driver_write() as connection:
            if not appending.check_head(connection, game_id, head, expected_seq) or batch is None:
                head = appending.read_head(connection, game_id)  # another writer came between
                batch = prepare(game_id, head.next_command, (head.seq, head.hash), command,
                                events, actor, clock_ms, stamp, chain_version=head.version,
                                plain=plain)
            appending.insert(connection, batch)
        seq, digest = batch.head
        self._heads[game_id] = appending.Head(seq, digest, head.next_command + 1, head.version)
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_AFTER:
            self.checkpoint()
        return batch.stored

    def checkpoint(self) -> None:
        """Move the committed pages from the -wal file into the ledger file (an idle moment:
        the window's idle timer, the CLI when it is done). Commits never checkpoint."""
        self._since_checkpoint = 0
        self._db.checkpoint()

    # -- reading -----------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Every game in the ledger, oldest first."""
        with self._db.read() as connection:
            return reading.game_infos(connection, None)

    def game(self, game_id: str) -> GameInfo:
        """One game's header and players; raises GameNotFound."""
        with self._db.read() as connection:
            found = reading.game_infos(connection, game_id)
        if not found:
            raise GameNotFound(game_id)
        return found[0]

    def game_ids(self) -> list[str]:
        """The ids of every game, oldest first, nothing else read (so a damaged row is left to
        the checks that name it)."""
        with self._db.read() as connection:
            return list(connection.execute(
                select(schema.games.c.id).order_by(schema.games.c.created_at, schema.games.c.id)
            ).scalars())

    def latest_game_id(self) -> str | None:
        """The id of the most recently started game, or None in an empty ledger."""
        with self._db.read() as connection:
            return connection.execute(
                select(schema.games.c.id)
                .order_by(schema.games.c.created_at.desc(), schema.games.c.id.desc())
                .limit(1)
            ).scalar_one_or_none()

    def head(self, game_id: str) -> tuple[int, str]:
        """The game's last seq and hash: (0, GENESIS) before any event; raises GameNotFound."""
        with self._db.read() as connection:
            return reading.last_event(connection, game_id)

    def events(self, game_id: str, upto_seq: int | None = None,
               from_seq: int | None = None) -> list[StoredEvent]:
        """The game's events in seq order (from `from_seq`, up to and including `upto_seq`),
        with transfers.

        Raises GameNotFound, and LedgerCorrupt if a stored payload is no longer JSON.
        """
        with self._db.read() as connection:
            reading.game_row(connection, game_id)
            rows = reading.event_rows(connection, game_id, upto_seq, from_seq)
            moves = reading.transfers_by_seq(
                reading.transfer_rows(connection, game_id, upto_seq, from_seq))
        return [reading.stored_event(row, moves.get(row.seq, ())) for row in rows]

    def events_of(self, game_id: str, types: Collection[str],
                  roles: Collection[str] = ()) -> list[StoredEvent]:
        """The game's events whose type is one of `types` or whose actor's role is one of
        `roles`, in seq order, with transfers: the few a scoresheet names, without reading
        every event of a long game. Raises as events() does."""
        with self._db.read() as connection:
            reading.game_row(connection, game_id)
            rows, transfers = reading.events_of_rows(connection, game_id, types, roles)
            moves = reading.transfers_by_seq(transfers)
        return [reading.stored_event(row, moves.get(row.seq, ())) for row in rows]

    def commands(self, game_id: str, upto: int | None = None) -> list[StoredCommand]:
        """The game's commands in the order they were recorded (up to and including number
        `upto`); raises GameNotFound."""
        with self._db.read() as connection:
            reading.game_row(connection, game_id)
            return reading.stored_commands(connection, game_id, upto)

    def verify_chain(self, game_id: str) -> list[str]:
        """Recompute every hash and link from the stored rows; [] means the chain is sound.

        Each problem is one readable line naming the entry, first problem first, e.g.
        "event 17 (rent_paid): stored hash does not match its contents" or "command 12: its
        actor or time was changed". Raises GameNotFound.
        """
        return self.chain_problems_of(self.history(game_id))

    def head_problem(self, game_id: str) -> str | None:
        """What is wrong with the game's last event (its hash, its link, its command), if
        anything: the cheap check before appending. Raises GameNotFound."""
        with self._db.read() as connection:
            rows = reading.game_rows(connection, game_id, head_only=True)
        return head_problem(rows)

    def history(self, game_id: str) -> History:
        """Every row of the game as stored, read once; raises GameNotFound."""
        return read_history(self._db, game_id)

    def history_after(self, game_id: str, seq: int, command_no: int) -> History:
        """The rows recorded after event `seq` and command `command_no` (history.read_tail):
        what another window added since this one last read the game; raises GameNotFound."""
        return read_tail(self._db, game_id, seq, command_no)

    def chain_problems_of(self, history: History) -> list[str]:
        """verify_chain for rows already read: each row hashed once from its stored bytes, and
        only when something does not match, the detailed check that names every problem."""
        return [] if chain_sound(history) else chain_problems(history.rows())

    def save_snapshot(self, snapshot: Snapshot) -> bool:
        """Store a snapshot (once per seq; derived data, in its own transaction); True when the
        row at its seq is this snapshot (see snapshots.save)."""
        return snapshots.save(self._db, snapshot)

    def snapshot(self, game_id: str, seq: int) -> tuple[Snapshot, str | None] | None:
        """The snapshot at `seq` and the chain's own hash of event `seq`, if there is one."""
        return snapshots.load(self._db, game_id, seq)

    def snapshots(self, game_id: str) -> list[Snapshot]:
        """Every snapshot of the game, in seq order."""
        return snapshots.all_of(self._db, game_id)

    def event_rows(self, game_id: str, ranges: list[tuple[int, int]]) -> list[tuple[Any, ...]]:
        """(seq, command_no, type, payload text) of the events in the inclusive seq ranges."""
        return snapshots.event_rows(self._db, game_id, ranges)

    def file_problems(self) -> list[str]:
        """SQLite's full integrity and foreign-key checks, and rows that belong to no game."""
        return sweep.file_problems(self._db)

    def stray_rows(self) -> list[str]:
        """Rows whose game_id names no game in the file (cheap; part of file_problems). A
        database of many games (the hub) is not swept on each game's load, which would cost a
        look-up per gap between its games for every one it loads: `file_problems` (banker
        verify) sweeps it whole."""
        with self._db.read() as connection:
            many = connection.execute(select(schema.games.c.id).limit(2)).all()
            return [] if len(many) > 1 else reading.stray_rows(connection)
