"""Snapshot pins: a command row names the hash of the snapshot stored before it, so the chain covers it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.ledger.history import History

PIN_KEY = "snapshot_pin"
"""The key a command's stored payload carries a pin under: {"hash": ..., "seq": ...}. No command
has a field of that name (extra fields are refused), so only the table's writer puts it there."""

_MARK = f'"{PIN_KEY}":'


@dataclass(frozen=True, slots=True)
class Pin:
    """A stored snapshot's hash as the chain holds it: in the row of command `command_no`."""

    seq: int
    hash: str
    command_no: int


def pinned(command: dict[str, Any], pin: tuple[int, str] | None) -> dict[str, Any]:
    """The command's stored payload, carrying the pin (seq, hash) of the snapshot to pin."""
    if pin is None:
        return command
    return {**command, PIN_KEY: {"hash": pin[1], "seq": pin[0]}}


def unpinned(said: dict[str, Any]) -> dict[str, Any]:
    """A stored command's payload without its pin: the command as it was given."""
    if PIN_KEY not in said:
        return said
    return {key: value for key, value in said.items() if key != PIN_KEY}


def pins_of(history: History) -> dict[int, Pin]:
    """Each snapshot's pin (by seq) in the game's command rows, for a chain already found sound.

    Only chain version 2 hashes command rows into the events: a version 1 game has no pin the
    chain covers, so none of its snapshots is ever folded from."""
    version = history.game.get("chain_version")
    if type(version) is not int or version < 2:
        return {}
    found: dict[int, Pin] = {}
    for row in history.commands:
        text = row[2]
        if type(text) is not str or _MARK not in text:  # a quick look before decoding
            continue
        try:
            value = json.loads(text).get(PIN_KEY)
        except (ValueError, AttributeError):
            continue
        if (isinstance(value, dict) and type(value.get("seq")) is int
                and type(value.get("hash")) is str):
            found[value["seq"]] = Pin(value["seq"], value["hash"], row[1])
    return found


def changed(seq: int, pin: Pin) -> str:
    """The problem with a snapshot whose stored hash is not the one its pin holds."""
    return (f"snapshot at event {seq} was changed after it was stored: its hash is not the one "
            f"command {pin.command_no} pinned in the chain")


def trusted(history: History, pins: Mapping[int, Pin], state_format: str
            ) -> tuple[dict[int, str], list[str]]:
    """The snapshots a fold may start from (seq -> hash: pinned, stored as pinned, folded up to
    the chain's own event, in this program's state format), and a problem naming each stored
    snapshot that does not match its pin. An unpinned snapshot is neither: it is not used."""
    events = history.events
    usable: dict[int, str] = {}
    problems: list[str] = []
    for seq, event_hash, form, digest in history.snapshots:
        pin = pins.get(seq)
        if pin is None:
            continue
        if digest != pin.hash or not 0 < seq <= len(events) or events[seq - 1][10] != event_hash:
            problems.append(f"{changed(seq, pin)} (passed over: the state is folded from the "
                            "entries)")
        elif form == state_format:
            usable[seq] = digest
    return usable, problems
