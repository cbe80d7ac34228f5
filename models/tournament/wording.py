"""A tournament's stages in words, as the CLI's `create` and the tournament window both say them."""

from __future__ import annotations

from models.tournament.records import Tournament


def stage_words(t: Tournament) -> list[str]:
    """Each stage with its settings: "Qualifying: tables of 4, top 16 across all tables
    advance", "Semi-final: tables of 4, each table's winner advances"."""
    words = []
    for s in t.stages:
        last = s is t.stages[-1]
        who = (f"top {s.advance} across all tables" if s.advance_by == "score"
               else f"each table's top {s.advance}")
        going = "placed" if last else "advance"
        if s.advance == 1 and s.advance_by == "table":
            who, going = "each table's winner", "placed" if last else "advances"
        words.append(f"{s.name}: tables of {s.table_size}, {who} {going}")
    return words
