"""A board written as TOML in the shipped boards' own layout (no TOML writer ships with Python)."""

from __future__ import annotations

from collections.abc import Iterable

from models.board import Board

# Written only when they differ from the model's defaults, as the shipped files do.
BOARD_DEFAULTS = {"currency": "M", "railway_rents": (25, 50, 100, 200), "utility_multipliers": (4, 10)}
FIRST_SPACE_KEYS = ("index", "kind", "name", "name_confirmed")


def quoted(text: str) -> str:
    """`text` as a TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for char in text:
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"a board holds no {type(value).__name__} values")


def _pairs(items: Iterable[tuple[str, object]]) -> list[str]:
    return [f"{key} = {_value(value)}" for key, value in items]


def board_toml(board: Board, header: Iterable[str] = ()) -> str:
    """The board as a TOML file laid out like `resources/boards/*.toml`, with `header` lines as
    comments at the top; `banker check-board` reads it back as the same board."""
    lines = [f"# {line}".rstrip() for line in header]
    if lines:
        lines.append("")
    lines += _pairs([("id", board.id), ("name", board.name)])
    for key, default in BOARD_DEFAULTS.items():
        value = getattr(board, key)
        if value != default:
            lines += _pairs([(key, value)])
    if board.notes:
        lines.append("notes = [")
        lines += [f"    {quoted(note)}," for note in board.notes]
        lines.append("]")
    for group in board.groups:
        lines += ["", "[[groups]]"]
        lines += _pairs((k, v) for k, v in group.model_dump().items() if v is not None)
    for space in board.spaces:
        data = space.model_dump()
        if data["name_confirmed"]:
            del data["name_confirmed"]  # true is the default, and the shipped files omit it
        ordered = [(k, data.pop(k)) for k in FIRST_SPACE_KEYS if k in data]
        lines += ["", "[[spaces]]"]
        lines += _pairs(ordered + list(data.items()))
    return "\n".join(lines) + "\n"
