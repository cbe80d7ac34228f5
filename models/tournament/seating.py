"""The seating draw: tables of 4 (5 where the numbers need it, never 3), from a recorded seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from models.errors import BadInput

SIZES = (4, 5)  # never 3: a 3-player table is not a championship game (PX 3.1: 4 to 5 players)


class SeatingError(BadInput):
    """Players that cannot be seated at tables of the allowed sizes; says what would work."""


def table_sizes(count: int, preferred: int = 4, allowed: Sequence[int] = SIZES) -> list[int]:
    """The sizes of the tables for `count` players: as many tables of the `preferred` size as
    the count allows, the other allowed size where the numbers need it; never a table of 3.
    Raises SeatingError (naming the nearest counts that work) when no mix of sizes fits."""
    sizes = sorted(set(allowed))
    if preferred not in sizes or not set(sizes) <= set(SIZES):
        raise SeatingError(f"tables seat {' or '.join(map(str, sizes))} here; a table of "
                           f"{preferred} is not one of them")
    found = _split(count, preferred, sizes)
    if found is None:
        lower = next((n for n in range(count - 1, 0, -1) if _split(n, preferred, sizes)), None)
        upper = next(n for n in range(count + 1, count + 12) if _split(n, preferred, sizes))
        fewer = (f"withdraw {count - lower} to make {lower}, or " if lower is not None else "")
        raise SeatingError(
            f"{count} player{'s' * (count != 1)} cannot sit at tables of "
            f"{' or '.join(map(str, sizes))} (never 3): {fewer}enter {upper - count} more "
            f"to make {upper}")
    return found


def _split(count: int, preferred: int, sizes: Sequence[int]) -> list[int] | None:
    if len(sizes) == 1:
        size = sizes[0]
        return [size] * (count // size) if count >= size and count % size == 0 else None
    # Two sizes, 4 and 5: t tables hold 4t to 5t players; the fewest other-size tables.
    other = 5 if preferred == 4 else 4
    for tables in _table_counts(count, preferred):
        extra = (count - preferred * tables) // (other - preferred)
        if 0 <= extra <= tables and preferred * tables + (other - preferred) * extra == count:
            return [other] * extra + [preferred] * (tables - extra)
    return None


def _table_counts(count: int, preferred: int) -> list[int]:
    # Tables of 4 first means as many tables as possible; tables of 5 first, as few.
    every = range(max(1, -(-count // 5)), count // 4 + 1)
    return list(reversed(every)) if preferred == 4 else list(every)


def draw_tables(entrants: Sequence[str], seed: int, preferred: int = 4,
                allowed: Sequence[int] = SIZES) -> list[tuple[str, ...]]:
    """The tables, each its players in seat order (clockwise from seat 1): the entrants in
    their given order shuffled by a generator seeded with `seed`, then cut into tables (the
    larger tables first). The same entrants and seed give the same draw on any machine
    (Python's Mersenne Twister and its shuffle are fixed by the language)."""
    if len(set(entrants)) != len(entrants):
        raise BadInput("a player can be drawn only once")
    sizes = sorted(table_sizes(len(entrants), preferred, allowed), reverse=True)
    order = list(entrants)
    random.Random(seed).shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(order[start:start + size]))
        start += size
    return tables
