"""The sign-up sheet's seed (or rating) and category columns: round 1 dealt as a snake by the
seeds, and each category with its own standings (issue 29, item 7)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.tournament.signup import players_from_csv
from models.errors import BadInput
from models.tournament.changes import add_players, draw, new_tournament
from models.tournament.records import DrawOptions, Player, TournamentError

AT = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)


def sheet(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "signup.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_rating_column_becomes_seeds_highest_first_and_categories_split_on_semicolons(
        tmp_path: Path) -> None:
    path = sheet(tmp_path, "id,name,rating,category\n"
                           "A1,Ann,1500,women\nB2,Bob,1720,junior; women\n"
                           "C3,Cy,,\nD4,Dee,1500,senior\n")
    found = players_from_csv(path)
    # By hand: 1720 is seed 1; the two 1500s share seed 2; Cy has no rating, no seed.
    assert [(p.id, p.seed) for p in found] == [("A1", 2), ("B2", 1), ("C3", None), ("D4", 2)]
    assert [p.categories for p in found] == [("women",), ("junior", "women"), (), ("senior",)]


def test_a_seed_column_is_taken_as_typed_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    found = players_from_csv(sheet(tmp_path, "id,name,seed\nA1,Ann,2\nB2,Bob,1\n"))
    assert [p.seed for p in found] == [2, 1]
    with pytest.raises(BadInput, match="a seed is a whole number from 1"):
        players_from_csv(sheet(tmp_path, "id,name,seed\nA1,Ann,0\n"))
    with pytest.raises(BadInput, match=r"line 2: the seed 'top' is not a number"):
        players_from_csv(sheet(tmp_path, "id,name,seed\nA1,Ann,top\n"))


def test_the_first_stage_is_dealt_as_a_snake_by_the_seeds() -> None:
    t = new_tournament("Seeded Open", "sg-championship", (4,))
    # Entered in reverse seed order: P1 has seed 8, ..., P8 seed 1.
    t = add_players(t, [Player(id=f"P{n}", name=f"Player {n}", seed=9 - n) for n in range(1, 9)],
                    AT)
    made = draw(t, "Qualifying", 3, AT, DrawOptions(method="snake")).draw("Qualifying")
    assert made is not None
    # Snake over 2 tables: seeds 1, 4, 5, 8 at table 1; 2, 3, 6, 7 at table 2. Seed s is P(9-s).
    assert [sorted(x.players) for x in made.tables] == [["P1", "P4", "P5", "P8"],
                                                        ["P2", "P3", "P6", "P7"]]
    assert made.words.startswith("seeded snake by the sign-up sheet's seeds (draw seed 3)")


def test_a_snake_of_the_first_stage_with_no_seeds_is_still_refused_in_words() -> None:
    t = new_tournament("Open", "sg-championship", (4,))
    t = add_players(t, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)], AT)
    with pytest.raises(TournamentError, match="no player has a seed from the sign-up sheet"):
        draw(t, "Qualifying", 3, AT, DrawOptions(method="snake"))
