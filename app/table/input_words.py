"""Bad command input in plain words a banker can act on, instead of pydantic's boilerplate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_core import ErrorDetails

WHEN = "a date and time with its zone, e.g. 2026-11-23T14:05:00+08:00"

# What a field holds, by its name, for the messages that say what was expected.
_HOLDS = {
    "space": "a space number, 0 (GO) to 39",
    "dice": "two dice, e.g. [3, 4]",
    "at": WHEN,
    "reason": "a reason in words",
    "about": "what the dispute is about, in words",
    "ruling": "the ruling, in words",
}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field(item: ErrorDetails) -> str:
    """The innermost named field of the error's location (list indexes skipped)."""
    names = [p for p in item["loc"] if isinstance(p, str) and p != "[key]" and not p.isdigit()]
    return names[-1] if names else ""


def _number(item: ErrorDetails) -> str:
    ctx = item.get("ctx") or {}
    field, value = _field(item), item["input"]
    if field == "space" or item["loc"][-1] == "[key]":
        return f"spaces are numbered 0 (GO) to 39, not {_shown(value)}"
    if "ge" in ctx:
        return f"must be {ctx['ge']} or more, not {_shown(value)}"
    if "gt" in ctx:
        return f"must be more than {ctx['gt']}, not {_shown(value)}"
    if "le" in ctx:
        return f"must be at most {ctx['le']}, not {_shown(value)}"
    return f"must be less than {ctx.get('lt')}, not {_shown(value)}"


def _text(item: ErrorDetails) -> str:
    ctx = item.get("ctx") or {}
    field = _field(item)
    if field in _HOLDS:
        return f"give {_HOLDS[field]}"
    if item["type"] == "string_too_long":
        return f"at most {ctx.get('max_length')} characters, not {len(str(item['input']))}"
    return "a name of 1 to 40 characters, with no space at either end"


def _length(item: ErrorDetails) -> str:
    ctx = item.get("ctx") or {}
    if _field(item) == "dice":
        return "two dice are thrown: give both, e.g. [3, 4]"
    least, most = ctx.get("min_length"), ctx.get("max_length")
    if item["type"] == "too_short":
        return f"name at least {least}" + (" item" if least == 1 else " items")
    return f"name at most {most} items"


def _wrong_kind(wanted: str) -> Callable[[ErrorDetails], str]:
    def say(item: ErrorDetails) -> str:
        field = _field(item)
        if field in _HOLDS:
            return f"give {_HOLDS[field]}, not {_shown(item['input'])}"
        return f"{wanted} is needed here, not {_shown(item['input'])}"
    return say


_SAY: dict[str, Callable[[ErrorDetails], str]] = {
    "missing": lambda i: ("two dice are thrown: give both, e.g. [3, 4]" if _field(i) == "dice"
                          else "is missing"),
    "extra_forbidden": lambda i: "is not a field of this command",
    "int_type": _wrong_kind("a whole number"),
    "int_parsing": _wrong_kind("a whole number"),
    "int_from_float": _wrong_kind("a whole number"),
    "bool_type": _wrong_kind("true or false"),
    "bool_parsing": _wrong_kind("true or false"),
    "string_type": _wrong_kind("text in quotes"),
    "list_type": _wrong_kind("a list [...]"),
    "tuple_type": _wrong_kind("a list [...]"),
    "dict_type": _wrong_kind("an object {...}"),
    "model_type": _wrong_kind("an object {...}"),
    "model_attributes_type": _wrong_kind("an object {...}"),
    "greater_than": _number,
    "greater_than_equal": _number,
    "less_than": _number,
    "less_than_equal": _number,
    "string_too_short": _text,
    "string_too_long": _text,
    "string_pattern_mismatch": _text,
    "too_short": _length,
    "too_long": _length,
    "literal_error": lambda i: f"must be {(i.get('ctx') or {}).get('expected')}, "
                               f"not {_shown(i['input'])}",
    "json_invalid": lambda i: f"not valid JSON ({(i.get('ctx') or {}).get('error')})",
}


def plain(item: ErrorDetails) -> str:
    """One complaint in words: what is wrong with the value and what is wanted instead."""
    kind = item["type"]
    if kind == "value_error":  # our own validators already speak plainly
        return item["msg"].removeprefix("Value error, ")
    if kind.startswith(("datetime", "date_", "time_")):
        return f"give {WHEN}, not {_shown(item['input'])}"
    say = _SAY.get(kind)
    if say is None:
        return item["msg"].removeprefix("Input should be ").removeprefix("Value error, ")
    return say(item)
