"""The sign-up sheet's seed (or rating) and category columns: round 1 dealt as a snake by the
seeds, and each category with its own standings (issue 29, item 7)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.tournament.publishing import COLUMNS, published, standings_csv, standings_html
from app.tournament.signup import players_from_csv
from models.errors import BadInput
from models.tournament.categories import category_standings
from models.tournament.changes import add_players, draw, new_tournament
from models.tournament.records import DrawOptions, Player, Tournament, TournamentError
from models.tournament.standings import standings
from tests.models.tournament.test_standings import play, seated

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


def played_with_categories() -> tuple[Tournament, dict[str, str]]:
    """8 players at 2 tables; categories given by seat once the draw is known."""
    t = new_tournament("Category Open", "sg-championship", (4,))
    t = add_players(t, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)], AT)
    t = play(draw(t, "Qualifying", 7, AT), "Qualifying",
             {1: [5000, 3000, 2000, 1000], 2: [4900, 2900, 1900, 900]})
    seat = {f"t{n}s{s}": seated(t, "Qualifying", n)[s - 1] for n in (1, 2) for s in (1, 2, 3, 4)}
    # women: t2s1 (4900, 2nd overall), t2s2 (2900, 4th), t1s3 (2000, 5th), t2s4 (900, 8th);
    # junior: t1s2 (3000, 3rd) and t2s2 (2900, 4th), who is both.
    given = {seat["t2s1"]: ("women",), seat["t2s2"]: ("women", "junior"),
             seat["t1s3"]: ("women",), seat["t2s4"]: ("women",), seat["t1s2"]: ("junior",)}
    players = tuple(p.model_copy(update={"categories": given.get(p.id, ())}) for p in t.players)
    return t.model_copy(update={"players": players}), seat


def test_each_category_lists_its_players_in_the_overall_order_with_its_prize_lines() -> None:
    t, seat = played_with_categories()
    found = category_standings(t, standings(t, "Qualifying"))
    assert {c.category for c in found} == {"women", "junior"}  # in the sheet's first order
    women = next(c for c in found if c.category == "women")
    assert [(x.rank, x.player, x.overall) for x in women.lines] == [
        ("1", seat["t2s1"], "2"), ("2", seat["t2s2"], "4"), ("3", seat["t1s3"], "5"),
        ("4", seat["t2s4"], "8")]
    name = t.seat_name
    assert women.prizes == (f"1st women: {name(seat['t2s1'])} (overall 2nd)",
                            f"2nd women: {name(seat['t2s2'])} (overall 4th)",
                            f"3rd women: {name(seat['t1s3'])} (overall 5th)")
    junior = next(c for c in found if c.category == "junior")
    assert [(x.rank, x.player, x.score) for x in junior.lines] == [
        ("1", seat["t1s2"], 3000), ("2", seat["t2s2"], 2900)]


def test_the_published_page_and_the_printed_data_carry_a_section_per_category() -> None:
    t, seat = played_with_categories()
    data = published(t, "Qualifying", AT)
    women = next(c for c in data["categories"] if c["category"] == "women")
    assert women["prizes"][0] == f"1st women: {t.seat_name(seat['t2s1'])} (overall 2nd)"
    page = standings_html(data)
    assert '<section aria-label="women"><h2>Women</h2>' in page
    assert f"<li>2nd junior: {t.seat_name(seat['t2s2'])} (overall 4th)</li>" in page
    assert standings_csv(data).splitlines()[0] == "\ufeff" + ",".join(COLUMNS)  # as before, BOM first
    plain = t.model_copy(update={"players": tuple(
        p.model_copy(update={"categories": ()}) for p in t.players)})
    assert "categories" not in published(plain, "Qualifying", AT)  # no category, as before
