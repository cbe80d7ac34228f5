"""The hall's printouts as data: the draw's method and options in the draw's own words."""

from __future__ import annotations

from datetime import UTC, datetime

from app.tournament.hall import draw_options
from models.tournament.records import Draw, DrawnTable, DrawOptions

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
TABLE = (DrawnTable(number=1, players=("A", "B", "C", "D")),)


def test_a_plain_draw_says_its_seed_and_an_optioned_draw_says_its_options() -> None:
    plain = Draw(stage="Qualifying", seed=42, entrants=("A", "B", "C", "D"), tables=TABLE, at=AT)
    assert draw_options(plain) == ("random from seed 42",)
    options = DrawOptions(method="snake", avoid_rematches=True, apart=(("A", "B"),))
    seeded = plain.model_copy(update={"options": options, "ranked_by": "Qualifying"})
    said = draw_options(seeded)
    assert said[0] == "seeded snake by the Qualifying ranking (seed 42)"
    assert said[1] == "rematches avoided: no pair from an earlier stage meets again"
    assert said[2] == "kept apart: A, B"
