"""A standby called in and then marked present keeps the seat (the mark confirms the call);
check-in of a player who is not an entrant is refused in words; a later stage's count that
cannot sit is never told to enter more players (issue 29, item 1)."""

from __future__ import annotations

import pytest

from models.tournament.changes import (
    add_players,
    call_standby,
    check_in,
    draw,
    mark_absent,
    new_tournament,
)
from models.tournament.checkin import next_in_line, present_entrants, roll_call
from models.tournament.records import Player, TournamentError
from tests.models.tournament.test_checkin import AT, DESK, LATER, qualified


def test_a_present_mark_for_a_called_standby_confirms_the_call_and_the_draw_seats_four() -> None:
    t, seat = qualified()
    winners = [seat["t1s1"], seat["t2s1"], seat["t3s1"], seat["t1s2"]]
    t = check_in(t, "Final", winners[1:], DESK, AT)
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)
    t = call_standby(t, "Final", seat["t1s1"], DESK, AT)  # t2s2, 2900, 5th
    marks_before = len(t.check_ins)
    t = check_in(t, "Final", [seat["t2s2"]], DESK, LATER)  # the roll call's present mark
    assert len(t.check_ins) == marks_before  # nothing new: the call stands as it was
    # The standby in the absent qualifier's place, then the three winners present: 4 seated.
    assert present_entrants(t, "Final") == (seat["t2s2"], *winners[1:])
    statuses = {x.player: (x.status, x.replaces) for x in roll_call(t, "Final")}
    assert statuses[seat["t2s2"]] == ("standby", seat["t1s1"])
    # Calling again is refused: the seat is filled, the next in line (t3s2) is not skipped to.
    with pytest.raises(TournamentError, match="already fills"):
        call_standby(t, "Final", seat["t1s1"], DESK, LATER)
    made = draw(t, "Final", 5, LATER).draw("Final")
    assert made is not None and sorted(made.tables[0].players) == sorted(
        [seat["t2s2"], *winners[1:]])


def test_a_present_mark_together_with_the_entrants_keeps_the_standby_too() -> None:
    t, seat = qualified()
    winners = [seat["t1s1"], seat["t2s1"], seat["t3s1"], seat["t1s2"]]
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)
    t = call_standby(t, "Final", seat["t1s1"], DESK, AT)
    t = check_in(t, "Final", [*winners[1:], seat["t2s2"]], DESK, LATER)
    assert len(present_entrants(t, "Final")) == 4
    assert next_in_line(t, "Final", seat["t1s1"]) == (seat["t3s2"],)  # still next, not taken


def test_check_in_of_a_player_who_is_not_an_entrant_is_refused_in_words() -> None:
    t, seat = qualified()
    with pytest.raises(TournamentError) as refused:
        check_in(t, "Final", [seat["t3s2"]], DESK, AT)  # 6th: did not qualify, not called
    words = str(refused.value)
    assert "is not an entrant of the Final: only its entrants are checked in" in words
    assert "a judge calls them in" in words
    assert t.check_ins == ()


def test_a_later_stage_that_cannot_be_seated_is_never_told_to_enter_more() -> None:
    t, seat = qualified()
    t = check_in(t, "Final", [seat["t2s1"], seat["t3s1"], seat["t1s2"]], DESK, AT)
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)  # 3 left, no standby called
    with pytest.raises(TournamentError) as refused:
        draw(t, "Final", 5, LATER)
    words = str(refused.value)
    assert words.startswith("the Final: 3 players cannot sit at tables of 4 (never 3)")
    assert "enter" not in words.replace("entered only", "")
    assert "players are entered only before the first round" in words


def test_the_first_stage_still_offers_to_enter_more() -> None:
    t = new_tournament("Cup", "sg-championship", (4,))
    t = add_players(t, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 16)], AT)
    with pytest.raises(TournamentError, match="withdraw 3 to make 12, or enter 1 more to make 16"):
        draw(t, t.stages[0].name, 1, AT)


def test_a_player_is_named_with_the_id_once_even_where_names_repeat() -> None:
    t = new_tournament("Cup", "sg-championship", (4,))
    t = add_players(t, [Player(id="SG021", name="Tan Wei Ming"),
                        Player(id="SG022", name="Tan Wei Ming")], AT)
    assert t.seat_name("SG021") == "Tan Wei Ming (SG021)"
    assert t.named("SG021") == "Tan Wei Ming (SG021)"  # never "(SG021) (SG021)"
