"""The app's version on the record: the game's start names the version that started it
(game_started's `app_version`), and the first entry after the game is opened again by another
version names that one in its command row (`app_version`, beside a snapshot pin and a seal), so
each entry's version is the latest named at or before it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from models.events import Event, GameStarted

VERSION_KEY = "app_version"
"""The key a command row carries the recording version under. No command has a field of that
name (extra fields are refused), so only the table's writer puts it there."""

_MARK = f'"{VERSION_KEY}":'


def stamped(row: dict[str, Any], version: str, last: str | None) -> dict[str, Any]:
    """A command's stored row, naming `version` when it is not the `last` one on the record."""
    return row if version == last else {**row, VERSION_KEY: version}


def named_in(text: object) -> str | None:
    """The version a stored payload's text names (a command row or game_started), if any."""
    if type(text) is not str or _MARK not in text:  # a quick look before decoding
        return None
    try:
        value = json.loads(text).get(VERSION_KEY)
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, str) else None


def latest(started: object, rows: Sequence[Sequence[object]]) -> str | None:
    """The last version on the record: the one the latest command row naming one names (`rows`:
    a game's command rows as read, their payload's text third), else the one game_started's
    payload text (`started`) names (None for a game from before versions). Read from the end,
    past the rows that do not name one at a glance."""
    for row in reversed(rows):
        text = row[2]
        if type(text) is str and _MARK in text:
            found = named_in(text)
            if found is not None:
                return found
    return named_in(started)


def as_recorded(decided: Sequence[Event], stored_start: dict[str, Any]) -> list[Event]:
    """A new game's events as the rules decide them, with the version its stored game_started
    names (the rules do not decide it; the verifier replays the rest)."""
    events = list(decided)
    version = stored_start.get(VERSION_KEY)
    if events and isinstance(events[0], GameStarted) and isinstance(version, str):
        events[0] = events[0].model_copy(update={"app_version": version})
    return events
