"""Many games of one database read in one go (the desk taking a stage's results from the hub):
every row of the games in a few queries, then each game opened from them as from the ledger."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import Connection, Table

from app.ledger import reading, schema
from app.ledger.database import Database, translate
from app.ledger.errors import LedgerCorrupt
from app.ledger.history import PLAYER_COLUMNS, SNAPSHOT_COLUMNS, History
from app.ledger.records import GameInfo, StoredCommand, StoredEvent, Transfer
from app.ledger.store import Ledger
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

CHUNK = 2000
"""Game ids per query (one array parameter; a stage of more is read in parts)."""


class NotReadAhead(BaseException):
    """A read of a fenced PrefetchedLedger that its rows read ahead do not serve (it would go
    to the database). A BaseException: no `except Exception` on the way (the fold's guard
    against damaged data) takes it for a damaged game."""


class _Fenced:
    """A fenced ledger's database: its location and dialect as they were; anything else asked
    of it raises NotReadAhead."""

    def __init__(self, database: Any) -> None:
        self.location, self.dialect = database.location, database.dialect

    def __getattr__(self, name: str) -> Any:
        raise NotReadAhead(name)


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
    """One game's rows as stored, each table's in the order the ledger's own reads give: the
    history's tuples (*_COLUMNS order) as the driver gave them, each made a _Plain row for the
    ledger's readers only when a record is made of it (a sheet makes records of a few)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.stored: dict[str, list[tuple[Any, ...]]] = {
            "players": [], "commands": [], "events": [], "transfers": []}
        self.snapshots: list[tuple[Any, ...]] = []
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

    def event(self, n: int) -> Any:
        """The `n`th event row, as the ledger's readers take a Row."""
        return _Plain(dict(zip(EVENT_COLUMNS, self.stored["events"][n], strict=True)))

    def command(self, n: int) -> Any:
        """The `n`th command row, as the ledger's readers take a Row."""
        return _Plain(dict(zip(COMMAND_COLUMNS, self.stored["commands"][n], strict=True)))

    def transfer(self, n: int) -> Any:
        """The `n`th transfer row, as the ledger's readers take a Row."""
        return _Plain(dict(zip(TRANSFER_COLUMNS, self.stored["transfers"][n], strict=True)))

    def check_transfers(self, places: Iterable[int]) -> None:
        """Raise LedgerCorrupt for a damaged transfer row among those at `places` (each row
        checked once; a damaged one raises each time it is reached)."""
        checked = self.checked_transfers
        fresh = [n for n in places if n not in checked]
        if fresh:
            reading.transfers_by_seq([self.transfer(n) for n in fresh])
            checked.update(fresh)

    def event_seqs(self) -> list[int]:
        """Each event row's seq, in the rows' (seq) order (listed once)."""
        if self._event_seqs is None:
            self._event_seqs = [row[_EVENT_SEQ] for row in self.stored["events"]]
        return self._event_seqs

    def transfer_seqs(self) -> list[int]:
        """Each transfer row's seq, in the rows' (seq, idx) order (listed once)."""
        if self._transfer_seqs is None:
            self._transfer_seqs = [row[_TRANSFER_SEQ] for row in self.stored["transfers"]]
        return self._transfer_seqs

    def command_numbers(self) -> list[int]:
        """Each command row's number, in the rows' order (listed once)."""
        if self._command_numbers is None:
            self._command_numbers = [row[_COMMAND_NO] for row in self.stored["commands"]]
        return self._command_numbers

    def moves(self) -> dict[int, tuple[Transfer, ...]]:
        """The transfers by their event's seq, in order (grouped once; checked by the reads)."""
        if self._moves is None:
            grouped: dict[int, list[Transfer]] = defaultdict(list)
            for _, seq, _, source, to, amount in self.stored["transfers"]:
                grouped[seq].append((source, to, amount))
            self._moves = {seq: tuple(moves) for seq, moves in grouped.items()}
        return self._moves


_EVENT_SEQ = EVENT_COLUMNS.index("seq")
_EVENT_TYPE = EVENT_COLUMNS.index("type")
_EVENT_ROLE = EVENT_COLUMNS.index("actor_role")
_TRANSFER_SEQ = TRANSFER_COLUMNS.index("seq")
_COMMAND_NO = COMMAND_COLUMNS.index("command_no")
assert TRANSFER_COLUMNS == ("game_id", "seq", "idx", "from_account", "to_account", "amount")


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

    @property
    def read_ahead(self) -> bool:
        """Whether any game's rows were read ahead (none on SQLite, or for no game held)."""
        return bool(self._rows)

    def fence(self) -> None:
        """Serve only the rows read ahead from now on: any read that would go to the database
        raises NotReadAhead (in a forked copy of the process, whose connection is not its own:
        app/tournament/forked.py). The database's stray rows are served if they were asked
        before (`stored_rows` asks them); the fence itself reads nothing."""
        self._db = cast(Database, _Fenced(self._db))

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

    def stored_rows(self, game_id: str) -> tuple[Any, ...] | None:
        """Every row of the game as read ahead (the games row's columns and values, then each
        table's rows as the driver gave them: lists nothing changes, since the reads hand out
        copies), with the database's stray rows: equal for two reads exactly when nothing the
        game's reading depends on changed. None: not read ahead."""
        rows = self._rows.get(game_id)
        if rows is None:
            return None
        stored = rows.stored
        return (tuple(rows.game._mapping.items()), stored["players"], stored["commands"],
                stored["events"], stored["transfers"], rows.snapshots, tuple(self.stray_rows()))

    def game(self, game_id: str) -> GameInfo:
        """One game's header and players (see Ledger.game)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().game(game_id)
        if rows.info is None:  # a frozen record, read three times a game: made once
            names = [name for *_, name in rows.stored["players"]]
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
        rows.check_transfers(range(*_span(rows.transfer_seqs(), from_seq, upto_seq)))
        low, high = _span(rows.event_seqs(), from_seq, upto_seq)
        return [self._made(rows, n) for n in range(low, high)]

    def events_of(self, game_id: str, types: Collection[str],
                  roles: Collection[str] = ()) -> list[StoredEvent]:
        """The game's events of `types` or by `roles` (see Ledger.events_of)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().events_of(game_id, types, roles)
        events = rows.stored["events"]
        chosen = [n for n, row in enumerate(events)
                  if row[_EVENT_TYPE] in types or row[_EVENT_ROLE] in roles]
        seqs = rows.transfer_seqs()
        for seq in {events[n][_EVENT_SEQ] for n in chosen}:  # as events(): before the events
            rows.check_transfers(range(*_span(seqs, seq, seq)))
        return [self._made(rows, n) for n in chosen]

    def _made(self, rows: _Rows, n: int) -> StoredEvent:
        """The record of the game's `n`th event row (made once)."""
        made = rows.made_events.get(n)
        if made is None:
            row = rows.event(n)
            made = rows.made_events[n] = reading.stored_event(row,
                                                              rows.moves().get(row.seq, ()))
        return made

    def commands(self, game_id: str, upto: int | None = None) -> list[StoredCommand]:
        """The game's commands in order (see Ledger.commands)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().commands(game_id, upto)
        low, high = _span(rows.command_numbers(), None, upto)
        made_commands = rows.made_commands
        found = []
        for n in range(low, high):
            made = made_commands.get(n)
            if made is None:
                made = made_commands[n] = reading.stored_command(rows.command(n))
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
    as psycopg gives them, the values SQLAlchemy would hand on unchanged: text, int, None),
    each table's columns those of the history's tuples, in their order."""
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

    names, games = fetched(schema.games, schema.games.c.keys(), "id")
    last: dict[str, Any] = {}
    found = {row.id: _Rows(row) for row in
             (_Plain(_shared(dict(zip(names, game, strict=True)), last)) for game in games)}
    for name, table, order, columns in (
            ("players", schema.players, "seat", PLAYER_COLUMNS),
            ("commands", schema.commands, "command_no", COMMAND_COLUMNS),
            ("events", schema.events, "seq", EVENT_COLUMNS),
            ("transfers", schema.transfers, "seq, idx", TRANSFER_COLUMNS)):
        # Every *_COLUMNS leads with game_id: the rows come grouped by it, in the table's order.
        for game_id, rows in groupby(fetched(table, columns, f"game_id, {order}")[1],
                                     itemgetter(0)):
            of = found.get(game_id)
            if of is not None:
                of.stored[name] = list(rows)
    for game_id, rows in groupby(fetched(schema.snapshots, ("game_id", *SNAPSHOT_COLUMNS),
                                         "game_id, seq")[1], itemgetter(0)):
        of = found.get(game_id)
        if of is not None:
            of.snapshots = [row[1:] for row in rows]
    return found


_RULE_TEXTS = ("board_json", "profile_json", "decks_json")


def _shared(row: dict[str, Any], last: dict[str, Any]) -> dict[str, Any]:
    """A games row whose rule texts equal those of the row read before it (`last`: the games
    of one edition) holding that row's very text objects: the tables' rules (an lru_cache)
    and the chain's pin find them by one hash each, worked out once, not once a game (tens
    of KB a game). Only equal texts are shared; nothing read changes."""
    for name in _RULE_TEXTS:
        text, before = row.get(name), last.get(name)
        if type(text) is str and type(before) is str and text == before:
            row[name] = before
        else:
            last[name] = text
    return row


def _span(keys: list[int], low: int | None, high: int | None) -> tuple[int, int]:
    """The places in `keys` (ascending) of those from `low` up to `high` (None: no bound)."""
    return (0 if low is None else bisect_left(keys, low),
            len(keys) if high is None else bisect_right(keys, high))
