"""The seating draw: tables of 4, 5 where the numbers need it, never 3, repeated from its seed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.tournament.seating import SeatingError, draw_tables, table_sizes

# Tables of 4 and 5 cannot make 1, 2, 3, 6, 7 or 11 players (t tables hold 4t to 5t players:
# 4-5, 8-10, 12-15, and from 12 on every count); tables of 4 alone make only multiples of 4.
IMPOSSIBLE = {1, 2, 3, 6, 7, 11}


def players(count: int) -> list[str]:
    return [f"P{n:03}" for n in range(1, count + 1)]


@settings(max_examples=200, deadline=None)
@given(count=st.integers(min_value=4, max_value=200), seed=st.integers(0, 2**64 - 1),
       preferred=st.sampled_from([4, 5]))
def test_a_draw_repeats_from_its_seed_and_never_seats_3(count: int, seed: int,
                                                        preferred: int) -> None:
    if count in IMPOSSIBLE:
        with pytest.raises(SeatingError, match="never 3"):
            draw_tables(players(count), seed, preferred)
        return
    tables = draw_tables(players(count), seed, preferred)
    assert tables == draw_tables(players(count), seed, preferred)
    assert all(len(table) in (4, 5) for table in tables)
    assert sorted(p for table in tables for p in table) == players(count)
    # The other size only where the numbers need it: with tables of 4 preferred, as many tables
    # as possible (count // 4), of which count % 4 seat 5; with 5 preferred, as few tables.
    if preferred == 4:
        assert len(tables) == count // 4
        assert sum(len(table) == 5 for table in tables) == count % 4
    else:
        assert len(tables) == -(-count // 5)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(min_value=4, max_value=200), seed=st.integers(0, 2**32))
def test_a_profile_seating_only_4_refuses_a_count_that_is_not_a_multiple_of_4(
        count: int, seed: int) -> None:
    if count % 4:
        with pytest.raises(SeatingError) as refused:
            draw_tables(players(count), seed, 4, allowed=(4,))
        below, above = count - count % 4, count + 4 - count % 4
        assert (f"withdraw {count - below} to make {below}, or enter {above - count} more to "
                f"make {above}") in str(refused.value)
        return
    tables = draw_tables(players(count), seed, 4, allowed=(4,))
    assert [len(t) for t in tables] == [4] * (count // 4)


def test_the_draw_is_the_seeded_shuffle_cut_into_tables_largest_first() -> None:
    # random.Random(7).shuffle of P001..P009 is fixed by the language; 9 = a table of 5 and one
    # of 4, the 5 first.
    tables = draw_tables(players(9), 7)
    assert [len(t) for t in tables] == [5, 4]
    assert tables != draw_tables(players(9), 8)  # another seed, another draw
    assert tables == draw_tables(players(9), 7)


@pytest.mark.parametrize(("count", "words"), [
    (6, "6 players cannot sit at tables of 4 or 5 (never 3): withdraw 1 to make 5, or enter "
        "2 more to make 8"),
    (7, "withdraw 2 to make 5, or enter 1 more to make 8"),
    (11, "withdraw 1 to make 10, or enter 1 more to make 12"),
    (3, "(never 3): enter 1 more to make 4"),
])
def test_an_impossible_count_is_refused_with_the_nearest_counts_that_work(count: int,
                                                                         words: str) -> None:
    with pytest.raises(SeatingError, match=words.replace("(", r"\(").replace(")", r"\)")):
        table_sizes(count)


def test_a_player_cannot_be_drawn_twice() -> None:
    with pytest.raises(Exception, match="only once"):
        draw_tables(["A", "B", "C", "A"], 1)
