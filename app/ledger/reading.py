"""Reading the ledger's rows back into records, inside the caller's transaction."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from itertools import pairwise
from typing import Any

import orjson
from sqlalchemy import ColumnElement, Connection, Row, RowMapping, Select, func, or_, select

from app.ledger import schema
from app.ledger.errors import GameNotFound, LedgerCorrupt, StaleSequence
from app.ledger.hashing import GENESIS
from app.ledger.records import GameInfo, StoredCommand, StoredEvent, Transfer
from app.ledger.verify import GameRows, shape_problems_of

_events = schema.events.c
_transfers = schema.transfers.c


def game_row(connection: Connection, game_id: str) -> Row[Any]:
    """The game's row; raises GameNotFound."""
    row = connection.execute(select(schema.games).where(schema.games.c.id == game_id)).first()
    if row is None:
        raise GameNotFound(game_id)
    return row


def last_event(connection: Connection, game_id: str) -> tuple[int, str]:
    """The game's last (seq, hash), or (0, GENESIS) before its first event."""
    game_row(connection, game_id)
    last = connection.execute(
        select(_events.seq, _events.hash)
        .where(_events.game_id == game_id)
        .order_by(_events.seq.desc())
        .limit(1)
    ).first()
    return (0, GENESIS) if last is None else (last.seq, last.hash)


def expect_head(connection: Connection, game_id: str, expected_seq: int) -> tuple[int, str]:
    """The game's last (seq, hash) if its seq is `expected_seq`; else raises StaleSequence."""
    seq, digest = last_event(connection, game_id)
    if seq != expected_seq:
        raise StaleSequence(game_id, expected_seq, seq)
    return seq, digest


def event_rows(connection: Connection, game_id: str, upto_seq: int | None,
               from_seq: int | None = None) -> list[Row[Any]]:
    """The game's event rows in seq order (from `from_seq`, up to `upto_seq`), as stored."""
    query = select(schema.events).where(_events.game_id == game_id)
    if upto_seq is not None:
        query = query.where(_events.seq <= upto_seq)
    if from_seq is not None:
        query = query.where(_events.seq >= from_seq)
    return list(connection.execute(query.order_by(_events.seq)).all())


def transfer_rows(connection: Connection, game_id: str, upto_seq: int | None,
                  from_seq: int | None = None) -> list[Row[Any]]:
    """The game's transfer rows in (seq, idx) order (of events `from_seq` to `upto_seq`)."""
    query = select(schema.transfers).where(_transfers.game_id == game_id)
    if upto_seq is not None:
        query = query.where(_transfers.seq <= upto_seq)
    if from_seq is not None:
        query = query.where(_transfers.seq >= from_seq)
    return list(connection.execute(query.order_by(_transfers.seq, _transfers.idx)).all())


def events_of_rows(connection: Connection, game_id: str, types: Collection[str],
                   roles: Collection[str]) -> tuple[list[Row[Any]], list[Row[Any]]]:
    """The game's event rows whose type is one of `types` or whose actor's role is one of
    `roles`, in seq order, and their transfer rows in (seq, idx) order, as stored."""
    chosen: ColumnElement[bool] = or_(_events.type.in_(list(types)),
                                      _events.actor_role.in_(list(roles)))
    events = select(schema.events).where(_events.game_id == game_id, chosen)
    seqs = select(_events.seq).where(_events.game_id == game_id, chosen)
    transfers = select(schema.transfers).where(_transfers.game_id == game_id,
                                               _transfers.seq.in_(seqs))
    return (list(connection.execute(events.order_by(_events.seq)).all()),
            list(connection.execute(transfers.order_by(_transfers.seq, _transfers.idx)).all()))


def transfers_by_seq(rows: list[Row[Any]]) -> dict[int, tuple[Transfer, ...]]:
    """Transfer rows grouped under their event's seq, in idx order."""
    grouped: dict[int, list[Transfer]] = defaultdict(list)
    for row in rows:
        _check_shape("transfer", row, f"transfer {row.idx} of event {row.seq}")
        grouped[row.seq].append((row.from_account, row.to_account, row.amount))
    return {seq: tuple(moves) for seq, moves in grouped.items()}


def stored_event(row: Row[Any], moves: tuple[Transfer, ...]) -> StoredEvent:
    """An event row and its transfers as a record; raises LedgerCorrupt for a damaged row."""
    what = f"event {row.seq} ({row.type})"
    _check_shape("event", row, what)
    return StoredEvent(
        game_id=row.game_id,
        seq=row.seq,
        command_no=row.command_no,
        type=row.type,
        payload=_loads(row.payload, what),
        actor_role=row.actor_role,
        actor_name=row.actor_name,
        recorded_at=_timestamp(row.recorded_at, what),
        clock_ms=row.clock_ms,
        prev_hash=row.prev_hash,
        hash=row.hash,
        transfers=moves,
    )


def stored_commands(connection: Connection, game_id: str,
                    upto: int | None = None) -> list[StoredCommand]:
    """The game's commands in command_no order (up to number `upto`); raises LedgerCorrupt for
    a damaged row."""
    query = select(schema.commands).where(schema.commands.c.game_id == game_id)
    if upto is not None:
        query = query.where(schema.commands.c.command_no <= upto)
    rows = connection.execute(query.order_by(schema.commands.c.command_no)).all()
    return [stored_command(row) for row in rows]


def stored_command(row: Row[Any]) -> StoredCommand:
    """A command row as a record; raises LedgerCorrupt for a damaged row."""
    what = f"command {row.command_no}"
    _check_shape("command", row, what)
    return StoredCommand(
        game_id=row.game_id,
        command_no=row.command_no,
        payload=_loads(row.payload, what),
        actor_role=row.actor_role,
        actor_name=row.actor_name,
        recorded_at=_timestamp(row.recorded_at, what),
    )


def game_infos(connection: Connection, game_id: str | None) -> list[GameInfo]:
    """One game's header (or every game's, oldest first) with its players in seat order."""
    games = select(schema.games).order_by(schema.games.c.created_at, schema.games.c.id)
    players = select(schema.players.c.game_id, schema.players.c.name).order_by(
        schema.players.c.game_id, schema.players.c.seat
    )
    if game_id is not None:
        games = games.where(schema.games.c.id == game_id)
        players = players.where(schema.players.c.game_id == game_id)
    seats: dict[str, list[str]] = defaultdict(list)
    for owner, name in connection.execute(players):
        if not isinstance(name, str):
            raise LedgerCorrupt(f"a player of game {owner!r}: the stored name is damaged")
        seats[owner].append(name)
    return [game_info(row, seats[row.id]) for row in connection.execute(games)]


def game_info(row: Row[Any], players: list[str]) -> GameInfo:
    """A games row and its players' names in seat order as a record; raises LedgerCorrupt for
    a damaged row."""
    what = f"the row of game {row.id!r}"
    _check_shape("game", row, what)
    return GameInfo(
        id=row.id,
        created_at=_timestamp(row.created_at, what),
        label=row.label,
        profile_id=row.profile_id,
        board_id=row.board_id,
        profile_json=row.profile_json,
        board_json=row.board_json,
        decks_json=row.decks_json,
        players=tuple(players),
        chain_version=row.chain_version,
    )


def game_rows(connection: Connection, game_id: str, head_only: bool = False) -> GameRows:
    """Every row of the game as stored, for the chain check; `head_only`: only the last two
    events, their transfers and their commands (what the head check on opening needs)."""
    game = game_row(connection, game_id)._mapping
    players = select(schema.players).where(schema.players.c.game_id == game_id)
    events = select(schema.events).where(_events.game_id == game_id)
    transfers = select(schema.transfers).where(_transfers.game_id == game_id)
    commands = select(schema.commands).where(schema.commands.c.game_id == game_id)
    if head_only:
        last = select(_events.seq).where(_events.game_id == game_id)
        last = last.order_by(_events.seq.desc()).limit(2)
        seqs = [seq for (seq,) in connection.execute(last)]
        events = events.where(_events.seq.in_(seqs))
        transfers = transfers.where(_transfers.seq.in_(seqs))
        numbers = select(_events.command_no).where(_events.game_id == game_id,
                                                    _events.seq.in_(seqs))
        commands = commands.where(schema.commands.c.command_no.in_(numbers))
    return GameRows(
        game=game,
        players=_mappings(connection, players.order_by(schema.players.c.seat)),
        commands=_mappings(connection, commands.order_by(schema.commands.c.command_no)),
        events=_mappings(connection, events.order_by(_events.seq)),
        transfers=_mappings(connection, transfers.order_by(_transfers.seq, _transfers.idx)),
    )


def stray_rows(connection: Connection) -> list[str]:
    """Rows of the history tables whose game_id names no game in the file."""
    if not _any_stray(connection):
        return []
    known = select(schema.games.c.id)
    problems: list[str] = []
    for table in (schema.players, schema.commands, schema.events, schema.transfers):
        strays = connection.execute(
            select(table.c.game_id, func.count()).where(table.c.game_id.not_in(known))
            .group_by(table.c.game_id)
        ).all()
        problems.extend(
            f"{count} row{'s' if count != 1 else ''} of {table.name} belong to no game "
            f"(their game_id is {stray!r})" for stray, count in strays
        )
    return problems


def _any_stray(connection: Connection) -> bool:
    """Whether any history row lies outside the known games: a few index look-ups (each table's
    key starts with game_id), one for each gap between the known ids."""
    ids = sorted(connection.execute(select(schema.games.c.id)).scalars())
    for table in (schema.players, schema.commands, schema.events, schema.transfers):
        column = table.c.game_id
        gaps = [column < ids[0]] if ids else [column.is_not(None)]
        gaps += [(column > low) & (column < high) for low, high in pairwise(ids)]
        gaps += [column > ids[-1]] if ids else []
        if any(connection.execute(select(column).where(gap).limit(1)).first() is not None
               for gap in gaps):
            return True
    return False


def _mappings(connection: Connection, query: Select[Any]) -> list[RowMapping]:
    return list(connection.execute(query).mappings())


def _check_shape(kind: str, row: Row[Any], what: str) -> None:
    """Raise LedgerCorrupt naming the entry if a value has the wrong type (or is NULL)."""
    problems = shape_problems_of(kind, row._mapping)
    if problems:
        raise LedgerCorrupt(f"{what}: {problems[0]}; run banker verify")


def _timestamp(text: str, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as e:
        raise LedgerCorrupt(f"{what}: the stored time {text!r} is damaged; run banker verify") from e
    if moment.tzinfo is None:
        raise LedgerCorrupt(f"{what}: the stored time {text!r} has no zone; run banker verify")
    return moment


def _loads(text: str, what: str) -> dict[str, Any]:
    # orjson first (several times faster, and a game's every payload is read); any text it
    # turns down (NaN, a huge integer, a lone surrogate, damage) goes to json as before, so
    # what reads and what is refused, and how it is named, stay json's.
    try:
        value = orjson.loads(text)
    except (orjson.JSONDecodeError, TypeError):
        value = _json_loads(text, what)
    if not isinstance(value, dict):
        raise LedgerCorrupt(f"{what}: stored payload is not a JSON object; run banker verify")
    return value


def _json_loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LedgerCorrupt(
            f"{what}: stored payload is not valid JSON ({e}); run banker verify"
        ) from e
