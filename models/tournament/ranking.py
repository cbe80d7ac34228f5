"""The counts that rank players across a stage's tables, in the order RULES.md Tournament gives:
score, the sheet's tie-breaker sequence, the tournament's breakers (wins, best game), then for a
bankrupt player the place at the table and the game time lasted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from models.tournament.records import BREAKER_WORDS, Breaker, PlayerResult, TableResult

SHEET_WORDS = {"cash": "cash", "unmortgaged": "unmortgaged property", "hotels": "hotels",
               "houses": "houses", "utilities": "utilities", "mortgaged": "mortgaged property",
               "cards": "Get Out of Jail Free cards"}
IN_AT_END = "still in at the end"
PLACE = "bankrupt, place at the table"
LASTED = "bankrupt, time lasted"


@dataclass(frozen=True)
class Count:
    """One count after the score: its name in words, its value (higher ranks first) and the
    value as a reader would say it."""

    name: str
    value: int
    shown: str


class Counts:
    """Which counts a stage's ranking uses. A count some results do not record (a result read
    before the sheet named it, a game with no clock) is left out for the whole stage, so every
    player is ranked on the same counts."""

    def __init__(self, breakers: Sequence[Breaker], results: Sequence[TableResult]) -> None:
        self.breakers = tuple(breakers)
        sequences = {r.tie_breakers for r in results}
        recorded = all(len(p.tie_breaks) == len(r.tie_breakers)
                       for r in results for p in r.players)
        self.sheet = next(iter(sequences)) if len(sequences) == 1 and recorded else ()
        bankrupt = [p for r in results for p in r.players if p.bankrupt]
        self.lasted = bool(bankrupt) and all(p.lasted_ms is not None for p in bankrupt)

    def of(self, r: PlayerResult) -> tuple[Count, ...]:
        """The counts after the score, for one player's line of a sheet."""
        sheet = tuple(Count(SHEET_WORDS.get(n, n), v, str(v))
                      for n, v in zip(self.sheet, r.tie_breaks[:len(self.sheet)], strict=True))
        mine = {"wins": 1 if r.place == 1 else 0, "best_game": r.score}
        breakers = tuple(Count(BREAKER_WORDS[b], mine[b], str(mine[b])) for b in self.breakers)
        # A player still in at the end is above every bankrupt one level with them; the bankrupt
        # are ordered by their place at the table (2nd above 3rd), then by the time they lasted.
        fate = (Count(IN_AT_END, 0 if r.bankrupt else 1, "no" if r.bankrupt else "yes"),
                Count(PLACE, -r.place if r.bankrupt else 0, _ordinal(r.place)))
        lasted = (r.lasted_ms or 0) if r.bankrupt else 0
        timed = (Count(LASTED, lasted, clock_text(lasted)),) if self.lasted else ()
        return sheet + breakers + fate + timed


def clock_text(ms: int) -> str:
    """Game time as the clock shows it: 37:05 (minutes and seconds)."""
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"
