"""The seating draw: tables of 4 (5 where the numbers need it, never 3), from a recorded seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from models.errors import BadInput

SIZES = (4, 5)  # never 3: a 3-player table is not a championship game (PX 3.1: 4 to 5 players)


class SeatingError(BadInput):
    """Players that cannot be seated at tables of the allowed sizes; says what would work."""


def table_sizes(count: int, preferred: int = 4, allowed: Sequence[int] = SIZES, *,
                entering: bool = True) -> list[int]:
    """The sizes of the tables for `count` players: as many tables of the `preferred` size as
    the count allows, the other allowed size where the numbers need it; never a table of 3.
    Raises SeatingError (naming the nearest counts that work) when no mix of sizes fits; an
    offer to enter more only while players may still be `entering` (the first stage)."""
    sizes = sorted(set(allowed))
    if preferred not in sizes or not set(sizes) <= set(SIZES):
        raise SeatingError(f"tables seat {' or '.join(map(str, sizes))} here; a table of "
                           f"{preferred} is not one of them")
    found = _split(count, preferred, sizes)
    if found is None:
        lower = next((n for n in range(count - 1, 0, -1) if _split(n, preferred, sizes)), None)
        upper = next(n for n in range(count + 1, count + 12) if _split(n, preferred, sizes))
        counted = (f"{count} player{'s' * (count != 1)} cannot sit at tables of "
                   f"{' or '.join(map(str, sizes))} (never 3): ")
        if not entering:  # after the first round nobody is entered: a standby fills a seat
            fewer = f"withdraw {count - lower} to make {lower}; " if lower is not None else ""
            raise SeatingError(f"{counted}{fewer}players are entered only before the first "
                               "round, and a standby is called in only for an absent "
                               "qualifier's seat")
        fewer = (f"withdraw {count - lower} to make {lower}, or " if lower is not None else "")
        raise SeatingError(f"{counted}{fewer}enter {upper - count} more to make {upper}")
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


# Draw options: a seeded snake, rematches avoided, groups kept apart --------------------------

METHODS = ("random", "snake")
APART_WEIGHT = 1000  # a named group seated together outweighs any number of rematches
RESTARTS = 24  # fresh starts of the search, each from the seed's generator
Pair = tuple[str, str]


def pair(a: str, b: str) -> Pair:
    """Two players as a pair, in one order whichever way round they are named."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Seating:
    """A draw's tables and what it could not avoid: pairs that met before seated together
    again (`rematches`), pairs of one keep-apart group at one table (`together`); `fewest`:
    no draw of these tables could have fewer (a counted bound, not a search's hope)."""

    tables: list[tuple[str, ...]]
    rematches: tuple[Pair, ...] = ()
    together: tuple[Pair, ...] = ()
    fewest: bool = True


def snake_tables(ranked: Sequence[str], preferred: int = 4,
                 allowed: Sequence[int] = SIZES) -> list[tuple[str, ...]]:
    """The seeded (snake) draw: ranks dealt across the tables and back, 1 to T then T to 1, so
    with 16 at 4 tables table 1 seats ranks 1, 8, 9, 16 and table 2 ranks 2, 7, 10, 15; a
    larger table (of 5) takes the last row's extra ranks. Seats in the order dealt."""
    _once(ranked)
    sizes = sorted(table_sizes(len(ranked), preferred, allowed), reverse=True)
    tables: list[list[str]] = [[] for _ in sizes]
    for player, (table, _) in zip(ranked, _snake_slots(sizes), strict=True):
        tables[table].append(player)
    return [tuple(t) for t in tables]


def _snake_slots(sizes: Sequence[int]) -> list[tuple[int, int]]:
    """(table, row) for each rank in turn: row r goes left to right when even, back when odd;
    a table already full (a table of 4 beside tables of 5) is passed over."""
    slots: list[tuple[int, int]] = []
    for row in range(max(sizes)):
        order = range(len(sizes)) if row % 2 == 0 else range(len(sizes) - 1, -1, -1)
        slots.extend((table, row) for table in order if row < sizes[table])
    return slots


def _once(entrants: Sequence[str]) -> None:
    if len(set(entrants)) != len(entrants):
        raise BadInput("a player can be drawn only once")


def seat(entrants: Sequence[str], seed: int, *, method: str = "random", preferred: int = 4,
         allowed: Sequence[int] = SIZES, met: Sequence[Sequence[str]] = (),
         apart: Sequence[Sequence[str]] = ()) -> Seating:
    """The draw with its options. `method` "random": `draw_tables`; "snake": `snake_tables`
    with `entrants` in ranking order. With `met` (the earlier tables: players who have met) or
    `apart` (groups to keep at different tables), a penalty search moves players between
    tables: a pair of one group costs APART_WEIGHT, a rematch 1 for each earlier meeting. The
    search is steepest descent over swaps, restarted from the seed's generator; it keeps the
    first draw when that costs nothing. A snake draw swaps only players of one row (ranks 1-4,
    5-8, ...), so each table keeps one player of each band. Deterministic from the seed.
    Raises BadInput for an unknown method, SeatingError for a count that cannot be seated."""
    if method not in METHODS:
        raise BadInput(f"a draw is {' or '.join(METHODS)}, not {method!r}")
    first = (draw_tables(entrants, seed, preferred, allowed) if method == "random"
             else snake_tables(entrants, preferred, allowed))
    playing = set(entrants)
    meetings = _pair_counts(met, playing)
    costs = dict(meetings)
    for key, times in _pair_counts(apart, playing).items():
        costs[key] = costs.get(key, 0) + APART_WEIGHT * times
    if not costs:
        return Seating(first)
    slots = _snake_slots([len(t) for t in first])
    rows = ({p: row for p, (_, row) in zip(entrants, slots, strict=True)}
            if method == "snake" else None)
    best = _search(first, costs, rows, random.Random(seed))
    left = sorted(pair(a, b) for t in best for a, b in combinations(t, 2))
    bound = sum(weight * _spread(len(set(g) & playing), len(best))
                for groups, weight in ((met, 1), (apart, APART_WEIGHT)) for g in groups)
    return Seating(best, rematches=tuple(p for p in left if p in meetings),
                   together=tuple(p for p in left if costs.get(p, 0) >= APART_WEIGHT),
                   fewest=_total(best, costs) <= bound)


def _pair_counts(groups: Sequence[Sequence[str]], playing: set[str]) -> dict[Pair, int]:
    """How often each pair of players playing now sat in one of `groups`."""
    counts: dict[Pair, int] = {}
    for group in groups:
        for a, b in combinations(sorted(set(group) & playing), 2):
            counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def _total(tables: Sequence[Sequence[str]], costs: Mapping[Pair, int]) -> int:
    return sum(costs.get(pair(a, b), 0) for t in tables for a, b in combinations(t, 2))


def _spread(k: int, tables: int) -> int:
    """Pairs seated together when k players are spread as evenly as can be over `tables`."""
    each, extra = divmod(k, tables)
    return extra * (each + 1) * each // 2 + (tables - extra) * each * (each - 1) // 2


def _search(first: list[tuple[str, ...]], costs: Mapping[Pair, int],
            rows: Mapping[str, int] | None, rng: random.Random) -> list[tuple[str, ...]]:
    best = [list(t) for t in first]
    best_total = _descend(best, costs, rows)
    for _ in range(RESTARTS):
        if best_total == 0:
            break
        tables = _reshuffled(first, rows, rng)
        total = _descend(tables, costs, rows)
        if total < best_total:
            best, best_total = tables, total
    return [tuple(t) for t in best]


def _reshuffled(first: list[tuple[str, ...]], rows: Mapping[str, int] | None,
                rng: random.Random) -> list[list[str]]:
    """A fresh start: every player shuffled over the same table sizes (a snake draw: each
    row's players shuffled over that row's seats)."""
    if rows is None:
        order = [p for t in first for p in t]
        rng.shuffle(order)
        cut = iter(order)
        return [[next(cut) for _ in t] for t in first]
    tables = [list(t) for t in first]
    for row in range(max(len(t) for t in first)):
        seats = [t for t in tables if len(t) > row]
        band = [t[row] for t in seats]
        rng.shuffle(band)
        for t, player in zip(seats, band, strict=True):
            t[row] = player
    return tables


def _descend(tables: list[list[str]], costs: Mapping[Pair, int],
             rows: Mapping[str, int] | None) -> int:
    """Swap two players of different tables while a swap lowers the cost: for each player in
    a costly pair, last seats first (a snake's lower ranks move, its top seeds stay where they
    can), the best swap, the first found of equals (so the result is the same every time)."""
    def at(player: str, table: list[str], leaving: str) -> int:
        return sum(costs.get(pair(player, x), 0) for x in table if x not in (player, leaving))

    seats = sorted(((si, ti) for ti, t in enumerate(tables) for si in range(len(t))),
                   key=lambda s: (-s[0], s[1]))
    improved = True
    while improved:
        improved = False
        for si, ti in seats:
            table = tables[ti]
            p = table[si]
            if at(p, table, p) > 0:
                where = _best_swap(tables, ti, si, rows, at)
                if where is not None:
                    tj, sj = where
                    table[si], tables[tj][sj] = tables[tj][sj], p
                    improved = True
    return _total(tables, costs)


def _best_swap(tables: list[list[str]], ti: int, si: int, rows: Mapping[str, int] | None,
               at: Callable[[str, list[str], str], int]) -> tuple[int, int] | None:
    """The seat (table, seat) to swap the player at `tables[ti][si]` with that lowers the
    cost most (a snake draw: a player of the same row only); None if no swap lowers it."""
    table, p = tables[ti], tables[ti][si]
    gain, where = 0, None
    for tj, other in enumerate(tables):
        if tj == ti:
            continue
        for sj, q in enumerate(other):
            if rows is not None and rows[q] != rows[p]:
                continue
            delta = at(p, other, q) + at(q, table, p) - at(p, table, p) - at(q, other, q)
            if delta < gain:
                gain, where = delta, (tj, sj)
    return where
