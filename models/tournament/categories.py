"""A tournament's categories (women, junior, senior, or any the sign-up sheet names): each
category's standings are its players in the overall order, ranked among themselves, and its
prize lines the first three of them (issue 29). A category is a reading of the standings, never
a ranking of its own: the overall order decides."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from models.tournament.records import Tournament
from models.tournament.standings import StageStandings, ordinal

PRIZES = 3
"""The prize lines of each category: its 1st, 2nd and 3rd."""


class CategoryLine(BaseModel):
    """One player of a category's standings."""

    model_config = ConfigDict(frozen=True)

    rank: str  # among the category's players ("1", "=2"), "" without a position yet
    player: str
    name: str
    overall: str  # the overall position ("5", "=7", "")
    score: int | None


class CategoryStandings(BaseModel):
    """A category's standings and prize lines ("1st junior: Ann Lim (overall 5th)")."""

    model_config = ConfigDict(frozen=True)

    category: str
    lines: tuple[CategoryLine, ...]
    prizes: tuple[str, ...]


def categories_of(t: Tournament) -> tuple[str, ...]:
    """The categories the players hold, in the order the sign-up sheet first names them."""
    return tuple(dict.fromkeys(c for p in t.players for c in p.categories))


def category_standings(t: Tournament, found: StageStandings) -> tuple[CategoryStandings, ...]:
    """Each category's standings from the stage's (`found`): its players in the overall
    order; those level overall share a rank in the category too."""
    held = {p.id: set(p.categories) for p in t.players}
    out = []
    for category in categories_of(t):
        rows = [r for r in found.rows if category in held.get(r.player, ())]
        lines: list[CategoryLine] = []
        ranks: list[int | None] = []
        for n, r in enumerate(rows):
            level = n > 0 and r.position is not None and r.position == rows[n - 1].position
            rank = None if r.position is None else (ranks[-1] if level else n + 1)
            ranks.append(rank)
            shared = r.tied or level or (n + 1 < len(rows) and rows[n + 1].position == r.position
                                         and r.position is not None)
            lines.append(CategoryLine(
                rank="" if rank is None else f"{'=' if shared else ''}{rank}", player=r.player,
                name=r.name, overall="" if r.position is None else
                f"{'=' if r.tied else ''}{r.position}", score=r.score))
        prizes = tuple(f"{ordinal(rank)} {category}: {line.name} (overall "
                       f"{ordinal(int(line.overall.lstrip('=')))})"
                       for rank, line in zip(ranks, lines, strict=True)
                       if rank is not None and rank <= PRIZES)
        out.append(CategoryStandings(category=category, lines=tuple(lines), prizes=prizes))
    return tuple(out)
