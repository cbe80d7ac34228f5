"""Text columns for the terminal by display width: a CJK character takes two columns."""

from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    """The columns `text` takes in a terminal: wide and full-width characters (CJK) two,
    combining marks none, every other character one."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def left(text: str, columns: int) -> str:
    """`text` padded on the right to `columns` display columns (never cut)."""
    return text + " " * max(0, columns - width(text))


def right(text: str, columns: int) -> str:
    """`text` padded on the left to `columns` display columns (never cut)."""
    return " " * max(0, columns - width(text)) + text
