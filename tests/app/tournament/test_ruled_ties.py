"""`ruled_ties` lists a stage's ties already ruled, each with the ruling that stands on it and
the tie as it was before any ruling (its players, positions and seats): what the tournament
window offers to rule again, superseding that ruling."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from app.tournament.service import ruled_ties, standings_of
from models.tournament.changes import add_players, draw, new_tournament, record_results, rule_tie
from models.tournament.records import Player, Stage, Tournament

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
# t1 seat 3 and t2 seat 2 level on 1700, no win, the same best game: "=4" across the line of 4.
TOTALS = {1: (2000, 1900, 1700, 1100), 2: (1950, 1700, 1400, 1000)}


def sheet(names: list[str], totals: tuple[int, ...]) -> dict[str, Any]:
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    return {"players": [{"name": names[seat], "total": totals[seat], "position": place,
                         "tied": False, "bankrupt": False}
                        for place, seat in enumerate(order, start=1)],
            "footer": {"collected": True, "head": f"{len(names)}:0"}}


def tied() -> Tournament:
    t = new_tournament("Ruled Cup", "sg-championship", (4,), stages=(
        Stage(name="Qualifying", advance=4, advance_by="score"),
        Stage(name="Final", advance=3, advance_by="table")))
    t = add_players(t, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)], AT)
    t = draw(t, "Qualifying", seed=42, at=AT)
    made = t.draw("Qualifying")
    assert made is not None
    return record_results(t, "Qualifying", {
        x.number: sheet([t.seat_name(p) for p in x.players], TOTALS[x.number])
        for x in made.tables})


def test_a_ruled_tie_is_listed_with_the_ruling_that_stands_and_the_tie_before_it() -> None:
    t = tied()
    tie = standings_of(t, "Qualifying").ties[0]
    assert ruled_ties(t, "Qualifying") == []
    first = rule_tie(t, "Qualifying", [tie.players[0]], "Lee", "roll-off", AT)
    assert standings_of(first, "Qualifying").ties == ()
    [(ruling, before)] = ruled_ties(first, "Qualifying")
    assert ruling == first.rulings[0] and before == tie
    again = rule_tie(first, "Qualifying", [tie.players[1]], "Lee", "misread",
                     AT + timedelta(minutes=5), supersede=True)
    [(standing, still)] = ruled_ties(again, "Qualifying")  # the superseded one is not offered
    assert standing == again.rulings[-1] and standing.supersedes == AT and still == tie
    assert ruled_ties(again, "Final") == []
