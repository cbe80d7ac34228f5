"""The hash chain: a canonical JSON encoding of each event and its SHA-256."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson

from app.ledger.errors import LedgerRejected

GENESIS = "0" * 64
"""The prev_hash of a game's first event."""

CHAIN_VERSION = 2
"""How new games are hashed: 1 hashed events and transfers only; 2 also hashes, in each event,
its command row, and in the first event, the game's row and players (games.chain_version)."""


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False)
_quoted = json.encoder.encode_basestring  # the C encoder


def canonical_json(value: Any) -> str:
    """Encode `value` the one way the ledger stores and hashes it (sorted keys, no spaces)."""
    return _CANONICAL.encode(value)


# orjson for data that is plain by construction (a pydantic model_dump(mode="json") of the
# ledger's own commands and events): with sorted keys it gives canonical_json's exact bytes for
# text keys, text (UTF-8 unescaped, the same escapes), 64-bit ints, bools, None, lists and dicts.
# It writes floats differently ("1e16" for "1e+16"), so the plain path is only for models whose
# schemas hold no float (tests/app/ledger/test_plain_json.py checks every command and event, and that
# the two encoders agree). Anything orjson would write in a way of its own (a subclass of a JSON
# type, a dataclass, a datetime) or refuses (a 65-bit int, a key that is not text, a lone
# surrogate) goes to the standard library, which answers as it always did.
_PLAIN_OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS
                  | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME)


def plain_json(value: Any) -> str:
    """canonical_json of data made of JSON's own types only, floats aside (a pydantic
    model_dump(mode="json") of a command or event): the same text, encoded by orjson."""
    try:
        return orjson.dumps(value, option=_PLAIN_OPTIONS).decode("utf-8")
    except orjson.JSONEncodeError:
        return canonical_json(value)


def storable_json(value: Any, what: str) -> str:
    """Canonical JSON of `value`, refused (LedgerRejected) unless it reads back exactly equal.

    Tuples, sets, non-string keys, NaN and objects would come back changed or not at all,
    and a payload that does not round-trip cannot be replayed or re-hashed.
    """
    try:
        text = canonical_json(value)
    except (TypeError, ValueError) as e:
        raise LedgerRejected(f"{what} cannot be stored as JSON: {e}") from e
    if _plain(value):  # JSON's own types only: the text reads back exactly equal
        return text
    back = json.loads(text)
    if back != value or not _same_shape(back, value):
        raise LedgerRejected(
            f"{what} does not survive a JSON round trip unchanged "
            "(use lists, string keys, and plain str/int/float/bool/None values)"
        )
    return text


def _plain(value: Any) -> bool:
    """Whether `value` holds only what JSON gives back unchanged: dicts with text keys, lists,
    text, ints, bools, None and finite floats."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if kind is dict:
        return all(type(key) is str and _plain(item) for key, item in value.items())
    if kind is list:
        return all(_plain(item) for item in value)
    return kind is float and math.isfinite(value)


def _same_shape(stored: Any, given: Any) -> bool:
    """True when `given` has the same container and scalar types JSON gives back."""
    if isinstance(stored, dict):
        return type(given) is dict and all(_same_shape(stored[k], given[k]) for k in stored)
    if isinstance(stored, list):
        return type(given) is list and all(map(_same_shape, stored, given))
    return type(stored) is type(given)


def format_timestamp(moment: datetime) -> str:
    """ISO-8601 in UTC with microseconds and +00:00, the form stored and hashed."""
    if moment.tzinfo is UTC:
        return moment.isoformat(timespec="microseconds")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise LedgerRejected(
            f"timestamp {moment.isoformat()} has no time zone; pass an aware UTC time"
        )
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def event_hash(
    *,
    game_id: str,
    seq: int,
    command_no: int,
    type: str,
    payload: Any,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
    clock_ms: int | None,
    prev_hash: str,
    transfers: Iterable[tuple[str, str, int]],
    command_digest: str | None = None,
    game_digest: str | None = None,
) -> str:
    """SHA-256 (hex) of an event's canonical encoding, including its transfers and prev_hash.

    Chain version 2 adds `command_digest` (every event) and `game_digest` (the first event);
    version 1 hashes leave both out, so old games keep verifying.
    """
    document = {
        "game_id": game_id,
        "seq": seq,
        "command_no": command_no,
        "type": type,
        "payload": payload,
        "actor_role": actor_role,
        "actor_name": actor_name,
        "recorded_at": recorded_at,
        "clock_ms": clock_ms,
        "prev_hash": prev_hash,
        "transfers": [[source, target, amount] for source, target, amount in transfers],
    }
    if command_digest is not None:
        document["command"] = command_digest
    if game_digest is not None:
        document["game"] = game_digest
    return hashlib.sha256(canonical_json(document).encode("utf-8")).hexdigest()


def event_text(
    *,
    game_id: str,
    seq: int,
    command_no: int,
    type: str,
    payload_text: str,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
    clock_ms: int | None,
    prev_hash: str,
    transfers_text: str,
    command_digest: str | None = None,
    game_digest: str | None = None,
) -> str:
    """The exact text `event_hash` hashes, built around the payload's and the transfers' stored
    canonical text instead of encoding them again (the writer's and the chain check's fast path).

    Raises TypeError for a column of the wrong type (an int where text belongs, or the reverse),
    so a damaged row is never hashed as if it were sound."""
    text = _text
    return "".join((
        '{"actor_name":', text(actor_name), ',"actor_role":', text(actor_role),
        ',"clock_ms":', "null" if clock_ms is None else _integer(clock_ms),
        "" if command_digest is None else ',"command":' + text(command_digest),
        ',"command_no":', _integer(command_no),
        "" if game_digest is None else ',"game":' + text(game_digest),
        ',"game_id":', text(game_id), ',"payload":', _object(payload_text),
        ',"prev_hash":', text(prev_hash), ',"recorded_at":', text(recorded_at),
        ',"seq":', _integer(seq), ',"transfers":', transfers_text, ',"type":', text(type), "}",
    ))


def event_texts(
    *,
    game_id: str,
    command_no: int,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
    clock_ms: int | None,
    command_digest: str | None = None,
) -> Callable[[int, str, str, str, str, str | None], str]:
    """`event_text` for the events of one command: the columns they share are checked and
    encoded once; the function returned takes (seq, type, payload_text, prev_hash,
    transfers_text, game_digest) and gives exactly event_text's text (raising as it does)."""
    text = _text
    head = "".join((
        '{"actor_name":', text(actor_name), ',"actor_role":', text(actor_role),
        ',"clock_ms":', "null" if clock_ms is None else _integer(clock_ms),
        "" if command_digest is None else ',"command":' + text(command_digest),
        ',"command_no":', _integer(command_no),
    ))
    where = ',"game_id":' + text(game_id) + ',"payload":'
    when = ',"recorded_at":' + text(recorded_at) + ',"seq":'

    quoted = _quoted

    def one(seq: int, kind: str, payload_text: str, prev_hash: str, transfers_text: str,
            game_digest: str | None) -> str:
        # Every column's type checked in one test; only a wrong one takes event_text's own
        # checks, which raise as it does (the text is built the same way either way).
        if (type(seq) is not int or type(kind) is not str or type(prev_hash) is not str
                or type(payload_text) is not str or payload_text[:1] != "{"
                or payload_text[-1:] != "}"):
            _object(payload_text)
            text(prev_hash)
            _integer(seq)
            text(kind)
        game = "" if game_digest is None else ',"game":' + text(game_digest)
        return (f'{head}{game}{where}{payload_text},"prev_hash":{quoted(prev_hash)}{when}{seq}'
                f',"transfers":{transfers_text},"type":{quoted(kind)}}}')

    return one


def plain_transfers_text(transfers: Sequence[tuple[str, str, int]]) -> str:
    """transfers_text of checked transfers (text accounts, int amounts), built directly."""
    if not transfers:
        return "[]"
    quoted = _quoted
    parts = []
    for source, target, amount in transfers:
        if type(source) is not str or type(target) is not str or type(amount) is not int:
            return transfers_text(transfers)  # the general path, which says what is wrong
        parts.append(f"[{quoted(source)},{quoted(target)},{amount}]")
    return "[" + ",".join(parts) + "]"


def transfers_text(transfers: Iterable[tuple[str, str, int]]) -> str:
    """The canonical text of an event's transfers, as `event_hash` encodes them."""
    return canonical_json([[source, target, _plain_int(amount)] for source, target, amount
                           in transfers])


def _text(value: str) -> str:
    if type(value) is not str:
        raise TypeError(f"{value!r} is not text")
    return str(_quoted(value))


def _integer(value: int) -> str:
    return str(_plain_int(value))


def _plain_int(value: int) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not an integer")
    return value


def _object(text: str) -> str:
    if type(text) is not str or not (text.startswith("{") and text.endswith("}")):
        raise TypeError("a payload is stored as the text of a JSON object")
    return text


def sha256_hex(text: str) -> str:
    """SHA-256 (hex) of a text's UTF-8 bytes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def command_digest(
    *,
    game_id: str,
    command_no: int,
    payload_text: str,
    actor_role: str,
    actor_name: str,
    recorded_at: str,
) -> str:
    """SHA-256 (hex) of a command row as stored: its payload's exact text, actor and time."""
    document = [game_id, command_no, payload_text, actor_role, actor_name, recorded_at]
    plain = (type(command_no) is int and type(game_id) is str and type(payload_text) is str
             and type(actor_role) is str and type(actor_name) is str
             and type(recorded_at) is str)
    encode = plain_json if plain else canonical_json  # scalars only: the same text either way
    return hashlib.sha256(encode(document).encode("utf-8")).hexdigest()


def game_digest(
    *,
    game: dict[str, Any],
    players: Iterable[tuple[int, str]],
    plain: bool = False,
) -> str:
    """SHA-256 (hex) of a game row (every column, the rule data's exact text) and its seats.
    `plain`: every value is known to be text, an int or None (the chain check looked), so
    orjson writes the same text faster (the rule data is tens of KB a game)."""
    document = {"game": game, "players": [[seat, name] for seat, name in players]}
    encode = plain_json if plain else canonical_json
    return hashlib.sha256(encode(document).encode("utf-8")).hexdigest()
