"""The head judge's tie rulings read: which tie a ruling settles, the one that stands on a tie,
and those a later ruling on the same tie superseded (kept on record, not followed)."""

from __future__ import annotations

from models.tournament.records import Ruling, Tournament


def tie_of(ruling: Ruling) -> set[str]:
    """The players of the tie a ruling settles."""
    return set(ruling.tied or ruling.order)


def same_tie(a: Ruling, b: Ruling) -> bool:
    """Whether two rulings settle one tie (a later one supersedes the earlier)."""
    return a.stage == b.stage and a.table == b.table and tie_of(a) == tie_of(b)


def standing_ruling(t: Tournament, stage: str, order: list[str]) -> Ruling | None:
    """The ruling that stands on the tie holding `order` (the latest on it)."""
    return next((r for r in reversed(t.rulings) if r.stage == stage
                 and set(order) <= tie_of(r)), None)


def superseded(t: Tournament) -> list[Ruling]:
    """The rulings a later one on the same tie replaced (kept on record, not followed)."""
    return [r for i, r in enumerate(t.rulings)
            if any(same_tie(r, later) for later in t.rulings[i + 1:])]
