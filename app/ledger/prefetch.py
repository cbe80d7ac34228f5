"""Many games of one database read in one go (the desk taking a stage's results from the hub):
every row of the games in a few queries, then each game opened from them as from the ledger."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
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
        self.info: GameInfo | None = None
        # Records already made (by place in the rows): the opening's and the scoresheet's
        # reads of a game ask for its first entries again.
        self.made_events: dict[int, StoredEvent] = {}
        self.made_commands: dict[int, StoredCommand] = {}
        self.checked_transfers: set[int] = set()
        self._moves: dict[int, tuple[Transfer, ...]] | None = None

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
            players=_tuples(rows.players, PLAYER_COLUMNS),
            commands=_tuples(rows.commands, COMMAND_COLUMNS),
            events=_tuples(rows.events, EVENT_COLUMNS),
            transfers=_tuples(rows.transfers, TRANSFER_COLUMNS),
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
        # made in order (each once); a damaged row raises each time a read reaches it.
        fresh = [n for n, row in enumerate(rows.transfers) if n not in rows.checked_transfers
                 and _within_seqs(row.seq, upto_seq, from_seq)]
        reading.transfers_by_seq([rows.transfers[n] for n in fresh])
        rows.checked_transfers.update(fresh)
        found = []
        for n, row in enumerate(rows.events):
            if not _within_seqs(row.seq, upto_seq, from_seq):
                continue
            made = rows.made_events.get(n)
            if made is None:
                moves = rows.moves().get(row.seq, ())
                made = rows.made_events[n] = reading.stored_event(row, moves)
            found.append(made)
        return found

    def commands(self, game_id: str, upto: int | None = None) -> list[StoredCommand]:
        """The game's commands in order (see Ledger.commands)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().commands(game_id, upto)
        found = []
        for n, row in enumerate(rows.commands):
            if upto is None or row.command_no <= upto:
                made = rows.made_commands.get(n)
                if made is None:
                    made = rows.made_commands[n] = reading.stored_command(row)
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

    def plain(table: Table, columns: Sequence[str], order: str) -> list[_Plain]:
        key = "id" if table is schema.games else "game_id"
        query = (f"SELECT {', '.join(columns)} FROM {table.name} WHERE {key} = ANY(%(ids)s) "
                 f"ORDER BY {order}")
        try:
            with driver.cursor() as cursor:
                cursor.execute(query, {"ids": list(ids)})
                names = [column.name for column in cursor.description or ()]
                return [_Plain(dict(zip(names, row, strict=True))) for row in cursor.fetchall()]
        except psycopg.Error as e:
            raise translate(e, where) from e

    found = {row.id: _Rows(row) for row in plain(schema.games, schema.games.c.keys(), "id")}
    grouped: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for name, table, order in (("players", schema.players, "seat"),
                               ("commands", schema.commands, "command_no"),
                               ("events", schema.events, "seq"),
                               ("transfers", schema.transfers, "seq, idx")):
        for row in plain(table, table.c.keys(), f"game_id, {order}"):
            grouped[row.game_id][name].append(row)
    for row in plain(schema.snapshots, ("game_id", *SNAPSHOT_COLUMNS), "game_id, seq"):
        grouped[row.game_id]["snapshots"].append(_tuples([row], SNAPSHOT_COLUMNS)[0])
    for game_id, rows in found.items():
        of = grouped.get(game_id, {})
        rows.players, rows.commands = of.get("players", []), of.get("commands", [])
        rows.events, rows.transfers = of.get("events", []), of.get("transfers", [])
        rows.snapshots = of.get("snapshots", [])
    return found


def _tuples(rows: list[_Plain], columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    pick = itemgetter(*columns)
    return [pick(row.__dict__) for row in rows]


def _within_seqs(seq: int, upto_seq: int | None, from_seq: int | None) -> bool:
    return (upto_seq is None or seq <= upto_seq) and (from_seq is None or seq >= from_seq)
