"""Many games of one database read in one go (the desk taking a stage's results from the hub):
every row of the games in a few queries, then each game opened from them as from the ledger."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import Connection, Table

from app.ledger import reading, schema
from app.ledger.database import translate
from app.ledger.errors import LedgerCorrupt
from app.ledger.history import PLAYER_COLUMNS, SNAPSHOT_COLUMNS, History
from app.ledger.records import GameInfo, StoredCommand, StoredEvent, Transfer
from app.ledger.store import Ledger
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

CHUNK = 2000
"""Game ids per query (one array parameter; a stage of more is read in parts)."""


class _Plain:
    """A row read ahead, as the ledger's readers use a Row: its columns as attributes and its
    `_mapping`. Read whole once, then each column many times: a plain object's attribute is
    read several times faster than a Row's."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__ = values

    @property
    def _mapping(self) -> dict[str, Any]:
        return self.__dict__

    def __getattr__(self, name: str) -> Any:  # only a column the row does not have
        raise AttributeError(name)


class _Rows:
    """One game's rows as stored, each table's in the order the ledger's own reads give (as
    _Plain rows: typed Any, since the readers take them where they take a Row)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players: list[Any] = []
        self.commands: list[Any] = []
        self.events: list[Any] = []
        self.transfers: list[Any] = []
        self.snapshots: list[tuple[Any, ...]] = []
        # The same rows as the history's tuples (*_COLUMNS order), kept as the driver gave them.
        self.stored: dict[str, list[tuple[Any, ...]]] = {}
        self.info: GameInfo | None = None
        # Records already made (by place in the rows): the opening's and the scoresheet's
        # reads of a game ask for its first entries again.
        self.made_events: dict[int, StoredEvent] = {}
        self.made_commands: dict[int, StoredCommand] = {}
        self.checked_transfers: set[int] = set()
        self._moves: dict[int, tuple[Transfer, ...]] | None = None
        self._event_seqs: list[int] | None = None
        self._transfer_seqs: list[int] | None = None
        self._command_numbers: list[int] | None = None

    def event_seqs(self) -> list[int]:
        """Each event row's seq, in the rows' (seq) order (listed once)."""
        if self._event_seqs is None:
            self._event_seqs = [row.seq for row in self.events]
        return self._event_seqs

    def transfer_seqs(self) -> list[int]:
        """Each transfer row's seq, in the rows' (seq, idx) order (listed once)."""
        if self._transfer_seqs is None:
            self._transfer_seqs = [row.seq for row in self.transfers]
        return self._transfer_seqs

    def command_numbers(self) -> list[int]:
        """Each command row's number, in the rows' order (listed once)."""
        if self._command_numbers is None:
            self._command_numbers = [row.command_no for row in self.commands]
        return self._command_numbers

    def moves(self) -> dict[int, tuple[Transfer, ...]]:
        """The transfers by their event's seq, in order (grouped once; checked by the reads)."""
        if self._moves is None:
            grouped: dict[int, list[Transfer]] = defaultdict(list)
            for row in self.transfers:
                grouped[row.seq].append((row.from_account, row.to_account, row.amount))
            self._moves = {seq: tuple(moves) for seq, moves in grouped.items()}
        return self._moves


class PrefetchedLedger(Ledger):
    """A ledger whose reads of `game_ids` (history, header, events, commands) are served from
    rows read once for all of them, in one read transaction of one query per table, instead of
    a dozen queries a game; the records and errors are those of the ledger's own reads (a
    damaged row raises when its game is read, as it would). Any other game, and every other
    read, goes to the database as usual. Only a PostgreSQL ledger (a hub of many games) is
    read ahead; on SQLite (one game a file) the reads stay the ledger's own. Closing it leaves
    the database to its opener."""

    def __init__(self, ledger: Ledger, game_ids: Iterable[str]) -> None:
        super().__init__(ledger.database)
        self._rows: dict[str, _Rows] = {}
        self._stray: list[str] | None = None
        wanted = list(dict.fromkeys(game_ids))
        if wanted and self.database.dialect == "postgresql":
            with self.database.read() as connection:
                for start in range(0, len(wanted), CHUNK):
                    self._rows |= _read(connection, wanted[start:start + CHUNK],
                                        self.location)

    def close(self) -> None:
        """Nothing: the database is the ledger's this one reads ahead for."""

    def history(self, game_id: str) -> History:
        """Every row of the game as stored (see Ledger.history)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().history(game_id)
        return History(
            game={name: rows.game._mapping[name] for name in GAME_COLUMNS},
            players=list(rows.stored["players"]),
            commands=list(rows.stored["commands"]),
            events=list(rows.stored["events"]),
            transfers=list(rows.stored["transfers"]),
            snapshots=list(rows.snapshots),
        )

    def game(self, game_id: str) -> GameInfo:
        """One game's header and players (see Ledger.game)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().game(game_id)
        if rows.info is None:  # a frozen record, read three times a game: made once
            names = [row.name for row in rows.players]
            for name in names:
                if not isinstance(name, str):
                    raise LedgerCorrupt(f"a player of game {game_id!r}: the stored name is "
                                        "damaged")
            rows.info = reading.game_info(rows.game, names)
        return rows.info

    def events(self, game_id: str, upto_seq: int | None = None,
               from_seq: int | None = None) -> list[StoredEvent]:
        """The game's events with their transfers (see Ledger.events)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().events(game_id, upto_seq, from_seq)
        # As the ledger's read: the range's transfers checked (each row once), then its events
        # made in order (each once); a damaged row raises each time a read reaches it. The
        # range found by halving: the rows are in seq order (the hub's seq is an integer key).
        low, high = _span(rows.transfer_seqs(), from_seq, upto_seq)
        checked = rows.checked_transfers
        fresh = [n for n in range(low, high) if n not in checked]
        if fresh:
            reading.transfers_by_seq([rows.transfers[n] for n in fresh])
            checked.update(fresh)
        low, high = _span(rows.event_seqs(), from_seq, upto_seq)
        return [self._made(rows, n) for n in range(low, high)]

    def events_of(self, game_id: str, types: Collection[str],
                  roles: Collection[str] = ()) -> list[StoredEvent]:
        """The game's events of `types` or by `roles` (see Ledger.events_of)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().events_of(game_id, types, roles)
        chosen = [n for n, row in enumerate(rows.events)
                  if row.type in types or row.actor_role in roles]
        seqs, checked = rows.transfer_seqs(), rows.checked_transfers
        for seq in {rows.events[n].seq for n in chosen}:
            fresh = [n for n in range(*_span(seqs, seq, seq)) if n not in checked]
            if fresh:  # as events(): each transfer row checked once, before its event is made
                reading.transfers_by_seq([rows.transfers[n] for n in fresh])
                checked.update(fresh)
        return [self._made(rows, n) for n in chosen]

    def _made(self, rows: _Rows, n: int) -> StoredEvent:
        """The record of the game's `n`th event row (made once)."""
        made = rows.made_events.get(n)
        if made is None:
            row = rows.events[n]
            made = rows.made_events[n] = reading.stored_event(row,
                                                              rows.moves().get(row.seq, ()))
        return made

    def commands(self, game_id: str, upto: int | None = None) -> list[StoredCommand]:
        """The game's commands in order (see Ledger.commands)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().commands(game_id, upto)
        low, high = _span(rows.command_numbers(), None, upto)
        made_commands, commands = rows.made_commands, rows.commands
        found = []
        for n in range(low, high):
            made = made_commands.get(n)
            if made is None:
                made = made_commands[n] = reading.stored_command(commands[n])
            found.append(made)
        return found

    def stray_rows(self) -> list[str]:
        """Rows of no game (see Ledger.stray_rows): asked once, not once a game."""
        if self._stray is None:
            self._stray = super().stray_rows()
        return list(self._stray)


def _read(connection: Connection, ids: Sequence[str], where: str) -> dict[str, _Rows]:
    """Every row of the games `ids` (those the database holds), by game: each table in one
    query with the ids as one array, on the transaction's own psycopg connection (its rows
    as psycopg gives them, the values SQLAlchemy would hand on unchanged: text, int, None)."""
    import psycopg  # noqa: PLC0415 (the hub's driver; only a PostgreSQL ledger reads ahead)

    driver = connection.connection.driver_connection
    assert isinstance(driver, psycopg.Connection)

    def fetched(table: Table, columns: Sequence[str], order: str
                ) -> tuple[list[str], list[tuple[Any, ...]]]:
        key = "id" if table is schema.games else "game_id"
        query = (f"SELECT {', '.join(columns)} FROM {table.name} WHERE {key} = ANY(%(ids)s) "
                 f"ORDER BY {order}")
        try:
            with driver.cursor() as cursor:
                cursor.execute(query, {"ids": list(ids)})
                return ([column.name for column in cursor.description or ()],
                        cursor.fetchall())
        except psycopg.Error as e:
            raise translate(e, where) from e

    def plain(table: Table, columns: Sequence[str], order: str) -> list[_Plain]:
        names, rows = fetched(table, columns, order)
        return [_Plain(dict(zip(names, row, strict=True))) for row in rows]

    found = {row.id: _Rows(row) for row in plain(schema.games, schema.games.c.keys(), "id")}
    grouped: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    stored: dict[str, dict[str, list[tuple[Any, ...]]]] = defaultdict(lambda: defaultdict(list))
    for name, table, order, columns in (
            ("players", schema.players, "seat", PLAYER_COLUMNS),
            ("commands", schema.commands, "command_no", COMMAND_COLUMNS),
            ("events", schema.events, "seq", EVENT_COLUMNS),
            ("transfers", schema.transfers, "seq, idx", TRANSFER_COLUMNS)):
        names, found_rows = fetched(table, table.c.keys(), f"game_id, {order}")
        # The history's tuple of a row (*_COLUMNS order): the driver's own tuple where the
        # table's columns are those, in that order (all but the transfers, which lead with id).
        places = [names.index(column) for column in columns]
        pick = None if places == list(range(len(names))) else itemgetter(*places)
        for raw in found_rows:
            plain_row = _Plain(dict(zip(names, raw, strict=True)))
            grouped[plain_row.game_id][name].append(plain_row)
            stored[plain_row.game_id][name].append(raw if pick is None else pick(raw))
    for row in plain(schema.snapshots, ("game_id", *SNAPSHOT_COLUMNS), "game_id, seq"):
        grouped[row.game_id]["snapshots"].append(_tuples([row], SNAPSHOT_COLUMNS)[0])
    for game_id, rows in found.items():
        of = grouped.get(game_id, {})
        rows.players, rows.commands = of.get("players", []), of.get("commands", [])
        rows.events, rows.transfers = of.get("events", []), of.get("transfers", [])
        rows.snapshots = of.get("snapshots", [])
        tuples = stored.get(game_id, {})
        rows.stored = {name: tuples.get(name, []) for name in
                       ("players", "commands", "events", "transfers")}
    return found


def _tuples(rows: list[_Plain], columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    pick = itemgetter(*columns)
    return [pick(row.__dict__) for row in rows]


def _span(keys: list[int], low: int | None, high: int | None) -> tuple[int, int]:
    """The places in `keys` (ascending) of those from `low` up to `high` (None: no bound)."""
    return (0 if low is None else bisect_left(keys, low),
            len(keys) if high is None else bisect_right(keys, high))
