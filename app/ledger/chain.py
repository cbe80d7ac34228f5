"""The chain check's fast path: each row hashed once, from the bytes it stored."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import orjson

from app.ledger.hashing import CHAIN_VERSION, GENESIS
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
        return _sound(history, 1, GENESIS, 1)
    except (TypeError, ValueError, KeyError, AttributeError):  # a column of the wrong type
        return False


def tail_sound(tail: History, seq: int, head_hash: str, command_no: int) -> bool:
    """True when the rows of `tail` (Ledger.history_after: what was recorded after event `seq`
    and command `command_no`) carry the chain on from a head already checked, `seq` with hash
    `head_hash`: the first event links to it, every event's hash and link checks out, the
    commands number on from `command_no`, each with its events, as `chain_sound` checks a
    whole game. Rows recorded before the head are not looked at again."""
    try:
        return _sound(tail, seq + 1, head_hash, command_no + 1)
    except (TypeError, ValueError, KeyError, AttributeError):
        return False


def _sound(history: History, expected: int, prev: str, first_command: int) -> bool:
    game = history.game
    version = game["chain_version"]
    if type(version) is not int or not 1 <= version <= CHAIN_VERSION:
        return False
    if shape_problems_of("game", game) or any(
            type(seat) is not int or type(name) is not str for _, seat, name in history.players):
        return False
    game_id: str = game["id"]
    commands = _commands(history, version, first_command)
    if commands is None:
        return False
    moves = _moves(history, game_id)
    if moves is None:
        return False
    pin = None
    if version >= 2 and expected == 1:  # the game's pin is hashed into its first event
        seats = sorted((seat, name) for _, seat, name in history.players)
        pin = _pin(game, seats)
        if pin is None:
            return False
    head = f',"game_id":{_quoted(game_id)},"payload":'
    sha256 = hashlib.sha256
    ends: dict[str, str] = {}
    recorded: set[int] = set()
    # The events of one command come one after another and share its actor, time and clock:
    # what their hashed texts share is built once per run of such events.
    was: tuple[Any, ...] = (0, None, None, None, None)
    before = middle = ""
    for gid, seq, number, kind, payload, role, name, at, clock, prev_hash, digest in history.events:
        if (gid != game_id or seq != expected or prev_hash != prev or type(seq) is not int
                or type(payload) is not str or payload[:1] != "{" or payload[-1:] != "}"):
            return False
        if (number != was[0] or clock != was[4] or role != was[1] or name != was[2]
                or at != was[3]):
            command = commands.get(number)
            if number < was[0] or command is None or command[1:] != (role, name, at):
                return False
            was = (number, role, name, at, clock)
            before = _prefix(command, number, clock) + head
            middle = f'","recorded_at":{_quoted(at)},"seq":'
            recorded.add(number)
        end = ends.get(kind)
        if end is None:
            end = ends[kind] = f',"type":{_quoted(kind)}}}'
        start = before
        if seq == 1 and pin is not None:
            start = before.replace(head, f',"game":{_quoted(pin)}{head}', 1)
        text = (f'{start}{payload},"prev_hash":"{prev}{middle}{seq},"transfers":'
                f'{moves.pop(seq, "[]")}{end}')
        if sha256(text.encode()).hexdigest() != digest:
            return False
        expected, prev = seq + 1, digest
    return not moves and recorded == set(commands)


def _pin(game: Mapping[str, Any], seats: list[tuple[int, str]]) -> str | None:
    """game_digest(plain=True) of the games row and its seats, written out: the document's
    canonical text as orjson writes it, with each rule text's JSON (tens of KB a game, the
    same for every game of an edition) written once and kept. None when a value is not one
    orjson writes as canonical_json does (the caller then looks closer)."""
    try:
        fields = [b'"' + name + b'":' + (_rule_json(game[key]) if key in _RULE_TEXTS
                                         else orjson.dumps(game[key]))
                  for key, name in _SORTED_COLUMNS]
        players = orjson.dumps([[seat, name] for seat, name in seats])
    except (orjson.JSONEncodeError, TypeError):
        return None
    # The fields before "created_at" (the board's id, its JSON and the chain's version) are
    # the same for every game of an edition: their hash's state is kept and carried on.
    shared = (fields[0], fields[1], fields[2])
    started = _STARTED.get(shared)
    if started is None:
        started = hashlib.sha256(b'{"game":{' + b",".join(shared) + b",")
        if len(_STARTED) >= _RULE_JSON_KEPT:
            _STARTED.clear()
        _STARTED[shared] = started
    digest = started.copy()
    digest.update(b",".join(fields[3:]) + b'},"players":' + players + b"}")
    return digest.hexdigest()


def _rule_json(text: Any) -> bytes:
    """A rule text's JSON (orjson's), kept for the texts last seen: the hub's rows of one
    edition's games share each text (PrefetchedLedger), so the look-up hashes it once."""
    if type(text) is not str:
        return orjson.dumps(text)
    found = _RULE_JSON.get(text)
    if found is None:
        found = orjson.dumps(text)
        if len(_RULE_JSON) >= _RULE_JSON_KEPT:
            _RULE_JSON.clear()
        _RULE_JSON[text] = found
    return found


_SORTED_COLUMNS = tuple((key, key.encode()) for key in sorted(GAME_COLUMNS))
_RULE_TEXTS = frozenset(("board_json", "profile_json", "decks_json"))
_RULE_JSON: dict[str, bytes] = {}
_RULE_JSON_KEPT = 12
_STARTED: dict[tuple[bytes, ...], Any] = {}  # the pin's hash over its edition's first fields
assert set(GAME_COLUMNS) >= _RULE_TEXTS
assert [key for key, _ in _SORTED_COLUMNS[:4]] == [
    "board_id", "board_json", "chain_version", "created_at"]


def _prefix(command: tuple[Any, ...], number: int, clock: Any) -> str:
    """The start of an event's hashed text, the same for every event of one command."""
    pinned, role, name, _ = command
    if clock is not None and type(clock) is not int:
        raise TypeError("clock_ms is not an integer")
    return "".join((
        '{"actor_name":', _quoted(name), ',"actor_role":', _quoted(role),
        ',"clock_ms":', "null" if clock is None else str(clock),
        "" if pinned is None else f',"command":"{pinned}"', ',"command_no":', str(number)))


def _commands(history: History, version: int, first: int
              ) -> dict[int, tuple[Any, ...]] | None:
    """Each command's digest (chain version 2) and actor and time, if they number `first`,
    `first` + 1, ..."""
    found: dict[int, tuple[Any, ...]] = {}
    game_id = history.game_id
    quoted_id, sha256 = _quoted(game_id), hashlib.sha256
    for expected, (gid, number, payload, role, name, at) in enumerate(history.commands, first):
        if (number != expected or type(number) is not int or gid != game_id
                or type(payload) is not str or type(role) is not str or type(name) is not str
                or type(at) is not str):
            return None
        pinned = None
        if version >= 2:  # command_digest's canonical list, written out
            text = (f"[{quoted_id},{number},{_quoted(payload)},{_quoted(role)},{_quoted(name)},"
                    f"{_quoted(at)}]")
            pinned = sha256(text.encode()).hexdigest()
        found[number] = (pinned, role, name, at)
    return found


def _moves(history: History, game_id: str) -> dict[int, str] | None:
    """Each event's transfers as the canonical text its hash covers (hashing.transfers_text,
    written out), if each event's are numbered 0, 1, 2... and read in that order."""
    found: dict[int, str] = {}
    own: list[str] = []
    was: Any = None
    for gid, seq, idx, source, target, amount in history.transfers:
        if seq != was:
            if own:
                found[was] = f"[{','.join(own)}]"
            if seq in found:
                return None
            own, was = [], seq
        if (gid != game_id or idx != len(own) or type(idx) is not int or type(source) is not str
                or type(target) is not str or type(amount) is not int):
            return None
        own.append(f"[{_quoted(source)},{_quoted(target)},{amount}]")
    if own:
        found[was] = f"[{','.join(own)}]"
    return found
