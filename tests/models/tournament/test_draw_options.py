"""Draw options (issue 22): a seeded snake by the previous stage's rank, rematches avoided, groups
kept apart; each recorded with the draw and said in words; all worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.tournament.changes import (
    add_players,
    attach_game,
    draw,
    new_tournament,
    record_result,
)
from models.tournament.records import (
    Draw,
    DrawOptions,
    Player,
    Stage,
    Tournament,
    TournamentError,
)
from models.tournament.seating import draw_tables, seat, snake_tables

AT = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def ids(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{n:02}" for n in range(1, count + 1)]


def pairs_of(tables: list[tuple[str, ...]] | tuple[tuple[str, ...], ...]) -> set[frozenset[str]]:
    return {frozenset(p) for t in tables for p in combinations(t, 2)}


# The seating's arithmetic ------------------------------------------------------------------

def test_a_snake_draw_of_16_deals_the_ranks_across_four_tables_and_back() -> None:
    # By hand: row 1 deals ranks 1-4 to tables 1-4, row 2 ranks 5-8 back from table 4 to 1,
    # row 3 ranks 9-12 forward, row 4 ranks 13-16 back. Table 1: 1, 8, 9, 16; table 2: 2, 7,
    # 10, 15; table 3: 3, 6, 11, 14; table 4: 4, 5, 12, 13. Every table's ranks add to 34.
    ranked = ids(16, "R")
    assert snake_tables(ranked) == [("R01", "R08", "R09", "R16"), ("R02", "R07", "R10", "R15"),
                                    ("R03", "R06", "R11", "R14"), ("R04", "R05", "R12", "R13")]


def test_a_snake_draw_with_a_table_of_5_gives_it_the_last_rank() -> None:
    # 9 players: a table of 5 then one of 4. Rows: 1 | 2, back: 3 | 4 (table 2 first), then
    # 5, 6; back: 7, 8; the fifth row is table 1's alone: 9.
    assert snake_tables(ids(9, "R")) == [("R01", "R04", "R05", "R08", "R09"),
                                         ("R02", "R03", "R06", "R07")]


# A known qualifying draw: 32 players at 8 tables in order, P01-P04 at table 1, P05-P08 at 2, ...
QUALIFYING = [tuple(ids(32)[n:n + 4]) for n in range(0, 32, 4)]


def test_rematch_avoidance_over_32_parts_every_qualifying_pair_and_repeats_from_its_seed(
) -> None:
    plain = seat(ids(32), 2026)
    # The plain random draw from this seed seats some qualifying pairs together again ...
    assert pairs_of(plain.tables) & pairs_of(QUALIFYING)
    avoided = seat(ids(32), 2026, met=QUALIFYING)
    # ... with avoidance none: 8 tables of 4 drawing one player from each of 4 qualifying
    # tables exist (table k could be P(k), P(k+4)+..., so a draw with no rematch is possible).
    assert not pairs_of(avoided.tables) & pairs_of(QUALIFYING)
    assert avoided.rematches == () and avoided.fewest
    assert sorted(p for t in avoided.tables for p in t) == ids(32)
    assert [len(t) for t in avoided.tables] == [4] * 8
    assert seat(ids(32), 2026, met=QUALIFYING) == avoided  # the seed repeats it
    assert seat(ids(32), 2027, met=QUALIFYING).tables != avoided.tables


def test_with_nothing_to_avoid_the_search_keeps_the_plain_draw() -> None:
    # The qualifying draw of 32 met nobody: avoidance changes nothing.
    assert seat(ids(32), 7, met=[]).tables == draw_tables(ids(32), 7)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40 + 3])
def test_keep_apart_groups_never_share_a_table_when_8_tables_can_part_them(seed: int) -> None:
    # Four clubs of 8, 8, 4, 3 players over 8 tables: each club fits one to a table.
    clubs = [ids(32)[0:8], ids(32)[8:16], ids(32)[16:20], ids(32)[20:23]]
    made = seat(ids(32), seed, apart=clubs)
    for club in clubs:
        assert all(len(set(club) & set(t)) <= 1 for t in made.tables), club
    assert made.together == () and made.fewest


def test_avoidance_that_cannot_be_had_says_so_and_keeps_the_repeats_to_the_fewest() -> None:
    # 8 players from 2 qualifying tables (A1-A4, B1-B4) at 2 new tables of 4: each new table
    # holds 4 of them, at best 2 A and 2 B, so by hand at least 1 A pair + 1 B pair per table,
    # 4 rematches in all (3 A + 1 B would make 3 + 0 = 3 at one table and 0 + 3 at the other,
    # 6). The search finds 4 and knows no draw has fewer.
    a, b = ids(4, "A"), ids(4, "B")
    made = seat(a + b, 3, met=[a, b])
    assert len(made.rematches) == 4 and made.fewest
    assert all(len(set(a) & set(t)) == 2 for t in made.tables)


def test_a_snake_draw_avoiding_rematches_swaps_only_within_a_band() -> None:
    # 1 and 8 met before, and 2 and 7: the snake seats both pairs together (tables 1 and 2).
    # Only players of one row may swap, the lower ranks first: 8 (row 2, table 1) swaps with
    # 7 (row 2, table 2), which parts both pairs. By hand: table 1 = 1, 7, 9, 16 and table 2 =
    # 2, 8, 10, 15; tables 3 and 4 as dealt.
    ranked = ids(16, "R")
    made = seat(ranked, 5, method="snake", met=[("R01", "R08"), ("R02", "R07")])
    assert made.tables == [("R01", "R07", "R09", "R16"), ("R02", "R08", "R10", "R15"),
                           ("R03", "R06", "R11", "R14"), ("R04", "R05", "R12", "R13")]
    assert made.rematches == ()


@settings(max_examples=60, deadline=None)
@given(count=st.sampled_from([8, 9, 12, 13, 16, 20, 32, 37]), seed=st.integers(0, 2**63 - 1),
       method=st.sampled_from(["random", "snake"]))
def test_the_search_seats_everyone_once_at_the_same_tables_and_never_adds_a_repeat(
        count: int, seed: int, method: str) -> None:
    players = ids(count)
    earlier = draw_tables(players, seed ^ 1)  # who met: another draw of the same players
    plain = seat(players, seed, method=method)
    made = seat(players, seed, method=method, met=earlier)
    assert sorted(p for t in made.tables for p in t) == players
    assert [len(t) for t in made.tables] == [len(t) for t in plain.tables]
    repeats = len(pairs_of(plain.tables) & pairs_of(earlier))
    assert len(made.rematches) <= repeats
    assert set(map(frozenset, made.rematches)) == pairs_of(made.tables) & pairs_of(earlier)
    if method == "snake":  # each table keeps the ranks of its rows (one of 1-T, T+1-2T, ...)
        for row in range(max(len(t) for t in plain.tables)):
            assert sorted(t[row] for t in made.tables if len(t) > row) == sorted(
                t[row] for t in plain.tables if len(t) > row)
    assert seat(players, seed, method=method, met=earlier) == made


# Through the tournament's changes ----------------------------------------------------------

def qualified_32() -> Tournament:
    """32 players, Qualifying (8 tables, the top 16 by score) played: player Pnn scored
    10000 - 100 * nn, so the ranking is P01, P02, ... P32 whatever the draw."""
    t = new_tournament("Draw options", "sg-championship", (4,), stages=(
        Stage(name="Qualifying", advance=16, advance_by="score"),
        Stage(name="Semi-final", advance=1, advance_by="table"),
        Stage(name="Final", advance=3, advance_by="table")))
    t = add_players(t, [Player(id=p, name=f"Player {p}") for p in ids(32)], AT)
    t = draw(t, "Qualifying", 11, AT)
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        t = attach_game(t, "Qualifying", table.number, f"games/q-{table.number}.db")
        t = record_result(t, "Qualifying", table.number, _sheet(t, table.players))
    return t


def _sheet(t: Tournament, players: tuple[str, ...]) -> dict[str, Any]:
    totals = sorted(((10000 - 100 * int(p[1:]), p) for p in players), reverse=True)
    return {"footer": {"collected": True, "head": "4:0"}, "players": [
        {"name": t.seat_name(p), "total": total, "position": place, "tied": False,
         "bankrupt": False} for place, (total, p) in enumerate(totals, 1)]}


def test_the_semi_final_drawn_by_snake_seats_the_qualifying_ranks_as_worked_by_hand() -> None:
    t = draw(qualified_32(), "Semi-final", 1, AT, DrawOptions(method="snake"))
    made = t.draw("Semi-final")
    assert made is not None
    # Qualifying rank n is Pnn: table 1 gets ranks 1, 8, 9, 16 and so on (see the first test);
    # qualifiers #1, #2 and #7 can never meet at one semi-final table.
    assert [x.players for x in made.tables] == [
        ("P01", "P08", "P09", "P16"), ("P02", "P07", "P10", "P15"),
        ("P03", "P06", "P11", "P14"), ("P04", "P05", "P12", "P13")]
    assert made.options.method == "snake" and made.ranked_by == "Qualifying"
    assert made.words == "seeded snake by the Qualifying ranking (seed 1)"


def test_a_semi_final_avoiding_rematches_meets_no_qualifying_pair_and_says_so() -> None:
    t = qualified_32()
    qualifying = t.draw("Qualifying")
    assert qualifying is not None
    t = draw(t, "Semi-final", 8, AT, DrawOptions(avoid_rematches=True,
                                                  apart=(("P01", "P02", "P03"),)))
    made = t.draw("Semi-final")
    assert made is not None
    assert not pairs_of([x.players for x in made.tables]) & pairs_of(
        [x.players for x in qualifying.tables])
    assert all(len({"P01", "P02", "P03"} & set(x.players)) <= 1 for x in made.tables)
    assert made.words == ("random from seed 8; rematches avoided: no pair from an earlier "
                          "stage meets again; kept apart: P01, P02, P03")


def test_a_first_stage_has_no_ranking_to_snake_by_and_a_group_names_known_players() -> None:
    t = new_tournament("Two", "sg-championship", (4,))
    t = add_players(t, [Player(id=p, name=f"Player {p}") for p in ids(8)], AT)
    with pytest.raises(TournamentError, match="no ranking to seed a snake draw"):
        draw(t, "Qualifying", 1, AT, DrawOptions(method="snake"))
    with pytest.raises(TournamentError, match="no player with id 'X9'"):
        draw(t, "Qualifying", 1, AT, DrawOptions(apart=(("P01", "X9"),)))
    with pytest.raises(ValueError, match="2 or more different players"):
        DrawOptions(apart=(("P01", "P01"),))


def test_an_impossible_separation_is_recorded_and_said_in_words() -> None:
    t = new_tournament("Three", "sg-championship", (4,))
    t = add_players(t, [Player(id=p, name=f"Player {p}") for p in ids(8)], AT)
    # Three of one family at 2 tables: two of them must sit together (1 pair, the fewest).
    t = draw(t, "Qualifying", 4, AT, DrawOptions(apart=(("P01", "P02", "P03"),)))
    made = t.draw("Qualifying")
    assert made is not None and len(made.together) == 1 and made.fewest
    a, b = made.together[0]
    assert made.words == (f"random from seed 4; kept apart: P01, P02, P03 (1 pair ({a} & {b}) "
                          "shares a table, the fewest any draw can have)")


def test_a_draw_saved_before_draw_options_loads_as_random() -> None:
    old = {"stage": "Qualifying", "seed": 5, "entrants": ["a1", "a2", "a3", "a4"],
           "tables": [{"number": 1, "players": ["a1", "a2", "a3", "a4"]}],
           "at": "2026-11-21T09:00:00Z", "superseded": None}
    made = Draw.model_validate(old)
    assert made.options == DrawOptions(method="random")
    assert made.words == "random from seed 5"


def test_a_second_round_that_must_repeat_pairs_says_so_in_its_words() -> None:
    # 8 players: a Qualifying of 2 tables, all 8 go on to a second round of 2 tables. By hand
    # (as above) at least 4 qualifying pairs must meet again; the draw says so and proves it.
    t = new_tournament("Eight", "sg-championship", (4,), stages=(
        Stage(name="Qualifying", advance=8, advance_by="score"),
        Stage(name="Final", advance=3, advance_by="table")))
    t = add_players(t, [Player(id=p, name=f"Player {p}") for p in ids(8)], AT)
    t = draw(t, "Qualifying", 21, AT)
    qualifying = t.draw("Qualifying")
    assert qualifying is not None
    for table in qualifying.tables:
        t = attach_game(t, "Qualifying", table.number, f"games/q-{table.number}.db")
        t = record_result(t, "Qualifying", table.number, _sheet(t, table.players))
    made = draw(t, "Final", 21, AT, DrawOptions(avoid_rematches=True)).draw("Final")
    assert made is not None and len(made.rematches) == 4 and made.fewest
    shown = ", ".join(f"{a} & {b}" for a, b in made.rematches)
    assert made.words == (f"random from seed 21; rematches avoided where possible: 4 pairs "
                          f"({shown}) meet again, the fewest any draw can have")
