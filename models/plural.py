"""A count in words with its noun agreeing: "1 table", "2 tables", "1 entry", "3 entries"."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """`n` and the noun, singular for exactly one (`many`: an irregular plural; default one+s)."""
    return f"{n} {one if n == 1 else many or one + 's'}"
