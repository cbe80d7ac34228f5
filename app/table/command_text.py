"""The JSON command format in and out: parsing a command, its errors in words, the stored records."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from app.ledger import NewEvent
from app.table.input_words import plain
from models.commands import COMMAND_ADAPTER, Command
from models.errors import BadInput
from models.events import Event
from models.fold import MOVING_MONEY
from models.suggest import did_you_mean, shown


def parse_command(text: str | dict[str, Any]) -> Command:
    """One JSON command (text or already decoded); raises BadInput saying what is wrong."""
    try:
        if isinstance(text, str):
            return COMMAND_ADAPTER.validate_json(text)
        return COMMAND_ADAPTER.validate_python(text)
    except ValidationError as e:
        raise BadInput(describe_validation(e)) from None


def describe_validation(error: ValidationError) -> str:
    """Pydantic's complaints in one line each, without its boilerplate."""
    lines = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"])
        message = _unknown_type(item) or plain(item)
        lines.append(f"{where}: {message}" if where else message)
    return "; ".join(lines)


def _unknown_type(item: ErrorDetails) -> str | None:
    """A missing or mistyped command `type`, with the nearest known one instead of all of them."""
    if item["type"] == "union_tag_not_found":
        return "a command needs a `type` (banker schema lists them all)"
    if item["type"] != "union_tag_invalid" or "ctx" not in item:
        return None
    tag = str(item["ctx"]["tag"])
    known = re.findall(r"'([^']*)'", str(item["ctx"]["expected_tags"]))
    hint = did_you_mean(tag, known) or " (banker schema lists them all)"
    return f"unknown command type {shown(tag)}{hint}"


# model_dump(mode="json") through the model's serializer itself: the same data, without
# model_dump's own wrapper, which costs as much again as the serializing (one per event).


def command_json(command: Command) -> dict[str, Any]:
    """A command as the JSON object it was given as (defaults left out)."""
    data: dict[str, Any] = type(command).__pydantic_serializer__.to_python(
        command, mode="json", exclude_none=True)
    return data


def event_record(event: Event) -> NewEvent:
    """The ledger's record of an event: its type, payload and money moves."""
    kind = type(event)
    payload: dict[str, Any] = kind.__pydantic_serializer__.to_python(event, mode="json")
    del payload["type"]
    # Most events move no money: they are not asked (once per event written).
    return NewEvent(event.type, payload, tuple(event.transfers()) if kind in MOVING_MONEY else ())


def read_script(text: str) -> Iterator[tuple[int, str]]:
    """The command lines of a JSONL script with their line numbers (blank and # lines skipped)."""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, stripped


def dumps(data: Any) -> str:
    """JSON for people and scripts alike."""
    return json.dumps(data, indent=2, ensure_ascii=False)
