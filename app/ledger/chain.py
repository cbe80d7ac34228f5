"""The chain check's fast path: each row hashed once, from the bytes it stored."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any

from app.ledger.hashing import (
    CHAIN_VERSION,
    GENESIS,
    game_digest,
    transfers_text,
)
from app.ledger.history import History
from app.ledger.verify import GAME_COLUMNS, shape_problems_of

_quoted = json.encoder.encode_basestring  # the C encoder; a str's canonical JSON


def chain_sound(history: History) -> bool:
    """True when every hash, link, command and transfer of the game checks out: the detailed
    check (verify.chain_problems) would find nothing. False says only "look closer": the caller
    then runs the detailed check, which names each problem.

    Each event's hash is recomputed over the payload text as stored (the writer hashed exactly
    that text), so no payload is decoded here."""
    try:
        return _sound(history)
    except (TypeError, ValueError, KeyError, AttributeError):  # a column of the wrong type
        return False


def _sound(history: History) -> bool:
    game = history.game
    version = game["chain_version"]
    if type(version) is not int or not 1 <= version <= CHAIN_VERSION:
        return False
    if shape_problems_of("game", game) or any(
            type(seat) is not int or type(name) is not str for _, seat, name in history.players):
        return False
    game_id: str = game["id"]
    commands = _commands(history, version)
    if commands is None:
        return False
    moves = _moves(history, game_id)
    if moves is None:
        return False
    pin = None
    if version >= 2:
        seats = sorted((seat, name) for _, seat, name in history.players)
        pin = game_digest(game={c: game[c] for c in GAME_COLUMNS}, players=seats)
    head = f',"game_id":{_quoted(game_id)},"payload":'
    sha256 = hashlib.sha256
    starts: dict[tuple[Any, ...], tuple[str, str]] = {}
    ends: dict[str, str] = {}
    expected, prev, last_command = 1, GENESIS, 0
    recorded: set[int] = set()
    for gid, seq, number, kind, payload, role, name, at, clock, prev_hash, digest in history.events:
        if (gid != game_id or seq != expected or prev_hash != prev or number < last_command
                or type(seq) is not int or type(payload) is not str or payload[:1] != "{"
                or payload[-1:] != "}"):
            return False
        command = commands.get(number)
        if command is None or command[1:] != (role, name, at):
            return False
        start = starts.get((number, clock))
        if start is None:  # what every event of one command shares, before and after its payload
            start = starts[number, clock] = (
                _prefix(command, number, clock) + head, f'","recorded_at":{_quoted(at)},"seq":')
        before, middle = start
        if seq == 1 and pin is not None:
            before = before.replace(head, f',"game":{_quoted(pin)}{head}', 1)
        end = ends.get(kind)
        if end is None:
            end = ends[kind] = f',"type":{_quoted(kind)}}}'
        text = (f'{before}{payload},"prev_hash":"{prev}{middle}{seq},"transfers":'
                f'{moves.pop(seq, "[]")}{end}')
        if sha256(text.encode()).hexdigest() != digest:
            return False
        expected, prev, last_command = seq + 1, digest, number
        recorded.add(number)
    return not moves and recorded == set(commands)


def _prefix(command: tuple[Any, ...], number: int, clock: Any) -> str:
    """The start of an event's hashed text, the same for every event of one command."""
    pinned, role, name, _ = command
    if clock is not None and type(clock) is not int:
        raise TypeError("clock_ms is not an integer")
    return "".join((
        '{"actor_name":', _quoted(name), ',"actor_role":', _quoted(role),
        ',"clock_ms":', "null" if clock is None else str(clock),
        "" if pinned is None else f',"command":"{pinned}"', ',"command_no":', str(number)))


def _commands(history: History, version: int) -> dict[int, tuple[Any, ...]] | None:
    """Each command's digest (chain version 2) and actor and time, if they number 1, 2, 3..."""
    found: dict[int, tuple[Any, ...]] = {}
    quoted_id, sha256 = _quoted(history.game_id), hashlib.sha256
    for expected, (gid, number, payload, role, name, at) in enumerate(history.commands, 1):
        if (number != expected or type(number) is not int or gid != history.game_id
                or type(payload) is not str or type(role) is not str or type(name) is not str
                or type(at) is not str):
            return None
        pinned = None
        if version >= 2:  # command_digest's canonical list, written out
            text = "".join(("[", quoted_id, ",", str(number), ",", _quoted(payload), ",",
                            _quoted(role), ",", _quoted(name), ",", _quoted(at), "]"))
            pinned = sha256(text.encode()).hexdigest()
        found[number] = (pinned, role, name, at)
    return found


def _moves(history: History, game_id: str) -> dict[int, str] | None:
    """Each event's transfers as the canonical text its hash covers, if numbered 0, 1, 2..."""
    grouped: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for gid, seq, idx, source, target, amount in history.transfers:
        own = grouped[seq]
        if (gid != game_id or idx != len(own) or type(idx) is not int or type(source) is not str
                or type(target) is not str or type(amount) is not int):
            return None
        own.append((source, target, amount))
    return {seq: transfers_text(moves) for seq, moves in grouped.items()}
