"""Checking a game's hash chain from its stored rows, problem by problem."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from operator import contains, itemgetter
from typing import Any

from sqlalchemy import RowMapping

from app.ledger.hashing import (
    CHAIN_VERSION,
    GENESIS,
    canonical_json,
    command_digest,
    event_hash,
    game_digest,
)

GAME_COLUMNS = ("id", "created_at", "label", "profile_id", "board_id", "profile_json",
                "board_json", "decks_json", "chain_version")
"""The games row's columns, every one hashed (chain version 2) into the game's first event."""

_TEXT, _INT, _OPTIONAL_TEXT, _OPTIONAL_INT = (str,), (int,), (str, type(None)), (int, type(None))
_SHAPES: dict[str, dict[str, tuple[type, ...]]] = {
    "game": {"id": _TEXT, "created_at": _TEXT, "label": _OPTIONAL_TEXT, "profile_id": _TEXT,
             "board_id": _TEXT, "profile_json": _TEXT, "board_json": _TEXT, "decks_json": _TEXT,
             "chain_version": _INT},
    "player": {"game_id": _TEXT, "seat": _INT, "name": _TEXT},
    "command": {"game_id": _TEXT, "command_no": _INT, "payload": _TEXT, "actor_role": _TEXT,
                "actor_name": _TEXT, "recorded_at": _TEXT},
    "event": {"game_id": _TEXT, "seq": _INT, "command_no": _INT, "type": _TEXT, "payload": _TEXT,
              "actor_role": _TEXT, "actor_name": _TEXT, "recorded_at": _TEXT,
              "clock_ms": _OPTIONAL_INT, "prev_hash": _TEXT, "hash": _TEXT},
    "transfer": {"game_id": _TEXT, "seq": _INT, "idx": _INT, "from_account": _TEXT,
                 "to_account": _TEXT, "amount": _INT},
}


@dataclass(frozen=True)
class GameRows:
    """Every stored row of one game as read, nothing decoded; events and commands in order."""

    game: RowMapping
    players: Sequence[RowMapping]
    commands: Sequence[RowMapping]
    events: Sequence[RowMapping]
    transfers: Sequence[RowMapping]


def entry_name(kind: str, row: Mapping[Any, Any]) -> str:
    """How a problem names a row: "event 17 (rent_paid)", "command 12", "player seat 2"."""
    if kind == "event":
        return f"event {row.get('seq')} ({row.get('type')})"
    if kind == "command":
        return f"command {row.get('command_no')}"
    if kind == "player":
        return f"player seat {row.get('seat')}"
    if kind == "transfer":
        return f"transfer {row.get('idx')} of event {row.get('seq')}"
    return "the game's row"


def chain_problems(rows: GameRows) -> list[str]:
    """Readable problems with a game's stored rows, first bad entry first; [] if sound.

    Checks that every value has its column's type, that each row belongs to the game, that
    seqs run 1, 2, 3... without gaps, that each payload is canonical JSON, that each stored
    hash matches a fresh hash of the event's columns, transfers and (chain version 2) its
    command row and the game's row, that each prev_hash is the previous event's hash, and that
    each command is recorded by an event with the command row's actor and time.
    """
    problems = _shape_problems(rows)
    if problems:
        return problems
    version = rows.game["chain_version"]
    if not 1 <= version <= CHAIN_VERSION:
        return [f"the game's row: chain version {version} is unknown to this program"]
    problems = _strangers(rows)
    game_pin = _game_pin(rows) if version >= 2 else None
    commands = {row["command_no"]: row for row in rows.commands}
    moves: dict[int, list[RowMapping]] = defaultdict(list)
    for move in rows.transfers:
        moves[move["seq"]].append(move)
    expected_seq, prev_hash, last_command = 1, GENESIS, 0
    changed: set[int] = set()
    for row in rows.events:
        name = entry_name("event", row)
        if row["seq"] != expected_seq:
            problems.append(f"{name}: expected seq {expected_seq} here; events are missing")
        if row["command_no"] < last_command:
            problems.append(f"{name}: command {row['command_no']} comes after {last_command}")
        if row["prev_hash"] != prev_hash:
            problems.append(f"{name}: prev_hash does not match the previous event's hash")
        command = commands.get(row["command_no"])
        if command is None:
            problems.append(f"{name}: its command {row['command_no']} is missing")
        else:
            own = _content_problems(row, command, moves.get(row["seq"], []), version,
                                    game_pin if row["seq"] == 1 else None)
            if own == ["command changed"]:
                if row["command_no"] not in changed:
                    problems.append(f"command {row['command_no']}: its actor or time was changed")
                changed.add(row["command_no"])
            else:
                problems.extend(f"{name}: {problem}" for problem in own)
        expected_seq, prev_hash, last_command = row["seq"] + 1, row["hash"], row["command_no"]
        moves.pop(row["seq"], None)
    problems.extend(f"transfers at seq {seq}: they belong to no event" for seq in sorted(moves))
    return problems + _command_problems(rows)


def head_problem(rows: GameRows) -> str | None:
    """The problem with the chain's last event (rows hold it and the one before), if any."""
    if not rows.events:
        return None
    problems = chain_problems(rows)
    last = rows.events[-1]
    name = entry_name("event", last)
    head = [p for p in problems if p.startswith(f"{name}:") or "chain version" in p
            or p.startswith(f"command {last['command_no']}:")]
    if head:
        return f"{name}, the head of the chain, does not match its hash ({head[0]})"
    return None


_SOUND = {kind: (itemgetter(*shapes), tuple(shapes.values())) for kind, shapes in _SHAPES.items()}


def shape_problems_of(kind: str, row: Mapping[Any, Any]) -> list[str]:
    """Values of the wrong type in one row of `kind` (a damaged record, a NULL where a value
    belongs), each as "its COLUMN is damaged (...)"."""
    shapes = _SHAPES[kind]
    # The common case, a sound row, first: every column at once (a row's Mapping.get is slow).
    columns, kinds_of = _SOUND[kind]
    with suppress(KeyError):
        if all(map(contains, kinds_of, map(type, columns(row)))):
            return []
    problems = []
    for column, kinds in shapes.items():
        value = row.get(column)
        # type(), not isinstance: a bool is no int here (SQLite never returns one anyway).
        if type(value) not in kinds:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            problems.append(f"its {column} is damaged (stored {shown}, a {type(value).__name__})")
    return problems


def _shape_problems(rows: GameRows) -> list[str]:
    tables: list[tuple[str, Sequence[RowMapping]]] = [
        ("game", [rows.game]), ("player", rows.players), ("command", rows.commands),
        ("event", rows.events), ("transfer", rows.transfers)]
    return [f"{entry_name(kind, row)}: {problem}" for kind, table in tables for row in table
            for problem in shape_problems_of(kind, row)]


def _strangers(rows: GameRows) -> list[str]:
    """Rows found under the game whose own game_id says otherwise (a damaged index or row)."""
    game_id = rows.game["id"]
    tables: list[tuple[str, Sequence[RowMapping]]] = [
        ("player", rows.players), ("command", rows.commands), ("event", rows.events),
        ("transfer", rows.transfers)]
    return [f"{entry_name(kind, row)}: its game_id was changed"
            for kind, table in tables for row in table if row["game_id"] != game_id]


def _game_pin(rows: GameRows) -> str:
    seats = sorted((row["seat"], row["name"]) for row in rows.players)
    return game_digest(game={c: rows.game[c] for c in GAME_COLUMNS}, players=seats)


def _content_problems(row: RowMapping, command: RowMapping, own: list[RowMapping],
                      version: int, game_pin: str | None) -> list[str]:
    """What is wrong with one event's own contents: payload, transfers, hash.

    ["command changed"] means the event is intact but its command row's actor or time is not.
    """
    try:
        payload = json.loads(row["payload"])
    except json.JSONDecodeError as e:
        return [f"stored payload is not valid JSON ({e}), so its hash cannot match"]
    try:
        canonical = canonical_json(payload)
    except ValueError as e:  # NaN or Infinity: JSON reads them, the ledger never writes them
        return [f"stored payload holds a value the ledger never writes ({e})"]
    problems = []
    if canonical != row["payload"]:
        problems.append("stored payload is not in the canonical form it was written in")
    if [move["idx"] for move in own] != list(range(len(own))):
        problems.append("its transfer rows are not numbered 0, 1, 2...; some were removed")
    as_written = {"actor_role": row["actor_role"], "actor_name": row["actor_name"],
                  "recorded_at": row["recorded_at"]}
    same_command = all(command[key] == value for key, value in as_written.items())

    def digest(command_columns: Mapping[Any, Any]) -> str:
        pinned = None
        if version >= 2:
            pinned = command_digest(
                game_id=command["game_id"], command_no=command["command_no"],
                payload_text=command["payload"], actor_role=command_columns["actor_role"],
                actor_name=command_columns["actor_name"],
                recorded_at=command_columns["recorded_at"])
        return event_hash(
            game_id=row["game_id"], seq=row["seq"], command_no=row["command_no"], type=row["type"],
            payload=payload, actor_role=row["actor_role"], actor_name=row["actor_name"],
            recorded_at=row["recorded_at"], clock_ms=row["clock_ms"], prev_hash=row["prev_hash"],
            transfers=[(m["from_account"], m["to_account"], m["amount"]) for m in own],
            command_digest=pinned, game_digest=game_pin)

    if digest(command) != row["hash"]:
        if not same_command and not problems and digest(as_written) == row["hash"]:
            return ["command changed"]
        problems.insert(0, "stored hash does not match its contents")
    elif not same_command:
        return ["command changed"]
    return problems


def _command_problems(rows: GameRows) -> list[str]:
    """Commands numbered 1, 2, 3..., each recorded by at least one event of the chain."""
    problems = []
    recorded = {row["command_no"] for row in rows.events}
    for expected, row in enumerate(rows.commands, start=1):
        if row["command_no"] != expected:
            problems.append(f"command {expected}: missing; the commands run 1, 2, 3...")
            break
    problems.extend(f"command {row['command_no']}: no event in the chain records it"
                    for row in rows.commands if row["command_no"] not in recorded)
    return problems
