"""Many games of one database read in one go (the desk taking a stage's results from the hub):
every row of the games in a few queries, then each game opened from them as from the ledger."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import (
    ARRAY,
    Column,
    ColumnElement,
    Connection,
    Select,
    String,
    Table,
    any_,
    bindparam,
    select,
)

from app.ledger import reading, schema
from app.ledger.errors import LedgerCorrupt
from app.ledger.history import PLAYER_COLUMNS, SNAPSHOT_COLUMNS, History
from app.ledger.records import GameInfo, StoredCommand, StoredEvent
from app.ledger.store import Ledger
from app.ledger.verify import GAME_COLUMNS
from app.ledger.writing import COMMAND_COLUMNS, EVENT_COLUMNS, TRANSFER_COLUMNS

CHUNK = 500
"""Game ids per query (a bound list far below any driver's limit on parameters)."""


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


class PrefetchedLedger(Ledger):
    """A ledger whose reads of `game_ids` (history, header, events, commands) are served from
    rows read once for all of them, in one read transaction of one query per table, instead of
    a dozen queries a game; the records and errors are those of the ledger's own reads (a
    damaged row raises when its game is read, as it would). Any other game, and every other
    read, goes to the database as usual. On SQLite (one game a file) nothing is read ahead:
    its reads stay the ledger's own. Closing it leaves the database to its opener."""

    def __init__(self, ledger: Ledger, game_ids: Iterable[str]) -> None:
        super().__init__(ledger.database)
        self._rows: dict[str, _Rows] = {}
        self._stray: list[str] | None = None
        wanted = list(dict.fromkeys(game_ids))
        if wanted and self.database.dialect != "sqlite":
            with self.database.read() as connection:
                for start in range(0, len(wanted), CHUNK):
                    self._rows |= _read(connection, wanted[start:start + CHUNK])

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
        moves = reading.transfers_by_seq(_within(rows.transfers, upto_seq, from_seq))
        return [reading.stored_event(row, moves.get(row.seq, ()))
                for row in _within(rows.events, upto_seq, from_seq)]

    def commands(self, game_id: str, upto: int | None = None) -> list[StoredCommand]:
        """The game's commands in order (see Ledger.commands)."""
        rows = self._rows.get(game_id)
        if rows is None:
            return super().commands(game_id, upto)
        return [reading.stored_command(row) for row in rows.commands
                if upto is None or row.command_no <= upto]

    def stray_rows(self) -> list[str]:
        """Rows of no game (see Ledger.stray_rows): asked once, not once a game."""
        if self._stray is None:
            self._stray = super().stray_rows()
        return list(self._stray)


def _read(connection: Connection, ids: Sequence[str]) -> dict[str, _Rows]:
    """Every row of the games `ids` (those the database holds), by game."""
    def among(column: Column[Any]) -> ColumnElement[bool]:
        if connection.dialect.name == "postgresql":  # one array parameter, compiled once
            return column == any_(bindparam("ids", list(ids), type_=ARRAY(String)))
        return column.in_(ids)

    def plain(query: Select[Any]) -> list[_Plain]:
        result = connection.execute(query)
        keys = list(result.keys())
        return [_Plain(dict(zip(keys, row, strict=True))) for row in result.all()]

    found = {row.id: _Rows(row) for row in plain(
        select(schema.games).where(among(schema.games.c.id)))}

    def each(table: Table, *order: str) -> list[_Plain]:
        query = select(table).where(among(table.c.game_id))
        return plain(query.order_by(table.c.game_id, *(table.c[o] for o in order)))

    grouped: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for name, table, order in (("players", schema.players, ("seat",)),
                               ("commands", schema.commands, ("command_no",)),
                               ("events", schema.events, ("seq",)),
                               ("transfers", schema.transfers, ("seq", "idx"))):
        for row in each(table, *order):
            grouped[row.game_id][name].append(row)
    s = schema.snapshots
    snapshots = connection.execute(
        select(s.c.game_id, *(s.c[name] for name in SNAPSHOT_COLUMNS))
        .where(among(s.c.game_id)).order_by(s.c.game_id, s.c.seq)).all()
    for snap in snapshots:
        grouped[snap.game_id]["snapshots"].append(tuple(snap)[1:])
    for game_id, rows in found.items():
        of = grouped.get(game_id, {})
        rows.players, rows.commands = of.get("players", []), of.get("commands", [])
        rows.events, rows.transfers = of.get("events", []), of.get("transfers", [])
        rows.snapshots = of.get("snapshots", [])
    return found


def _tuples(rows: list[_Plain], columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    pick = itemgetter(*columns)
    return [pick(row.__dict__) for row in rows]


def _within(rows: list[Any], upto_seq: int | None, from_seq: int | None) -> list[Any]:
    return [row for row in rows if (upto_seq is None or row.seq <= upto_seq)
            and (from_seq is None or row.seq >= from_seq)]
