"""The roll call before a draw: the draw seats those present; an absent qualifier's seat goes to
the standby next in the ranking of the stage before; a mark after the draw supersedes it only
when it changes who is seated; files from before the roll call draw as they always did."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from models.tournament.changes import (
    add_players,
    attach_game,
    call_standby,
    check_in,
    draw,
    mark_absent,
    new_tournament,
    withdraw,
)
from models.tournament.checkin import next_in_line, present_entrants, roll_call
from models.tournament.records import Player, Stage, Tournament, TournamentError
from tests.models.tournament.test_standings import play, seated

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
LATER = AT + timedelta(minutes=5)
DESK = "Desk Lee"
STAGES = (Stage(name="Qualifying", table_size=4, advance=4, advance_by="score"),
          Stage(name="Final", table_size=4, advance=3, advance_by="table"))
# Qualifying scores by table and seat. By hand (top 4 by score advance): 5000 (table 1 seat 1),
# 4900 (t2 s1), 4800 (t3 s1), 3000 (t1 s2) are 1st-4th; 2900 (t2 s2) is 5th, 2800 (t3 s2) 6th,
# 2000 (t1 s3) 7th: the first standbys, in that order.
SCORES = {1: [5000, 3000, 2000, 1000], 2: [4900, 2900, 1900, 900], 3: [4800, 2800, 1800, 800]}


def entered(count: int) -> Tournament:
    t = new_tournament("Roll Call Cup", "sg-championship", (4,), stages=STAGES)
    return add_players(t, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, count + 1)],
                       AT)


def qualified() -> tuple[Tournament, dict[str, str]]:
    """Twelve played the qualifying; the seats that matter by their place in the ranking."""
    t = play(draw(entered(12), "Qualifying", 7, AT), "Qualifying", SCORES)
    seat = {f"t{n}s{s}": seated(t, "Qualifying", n)[s - 1] for n in (1, 2, 3) for s in (1, 2, 3)}
    return t, seat


def test_the_draw_after_the_roll_call_seats_exactly_the_players_present() -> None:
    t = entered(13)
    present = [f"P{n}" for n in range(1, 13) if n != 5] + ["P13"]
    t = check_in(t, "Qualifying", present, DESK, AT)
    t = mark_absent(t, "Qualifying", ["P5"], DESK, AT)
    t = draw(t, "Qualifying", 11, LATER)
    made = t.draw("Qualifying")
    assert made is not None
    seated_ids = [p for table in made.tables for p in table.players]
    assert sorted(seated_ids) == sorted(present) and len(seated_ids) == 12
    assert [len(table.players) for table in made.tables] == [4, 4, 4]
    assert made.entrants == tuple(present[:4] + present[4:])  # the entry order, P5 left out
    assert {x.player: x.status for x in roll_call(t, "Qualifying")}["P5"] == "absent"


def test_once_the_roll_call_has_begun_an_unmarked_entrant_stops_the_draw() -> None:
    t = check_in(entered(12), "Qualifying", ["P1", "P2"], DESK, AT)
    with pytest.raises(TournamentError, match=r"mark Player 3, .*Player 12 present or absent"):
        draw(t, "Qualifying", 1, AT)
    lines = roll_call(t, "Qualifying")
    assert [x.status for x in lines[:3]] == ["present", "present", "unmarked"]
    assert lines[0].by == DESK and lines[0].at == "2026-11-21 09:00"


def test_a_tournament_without_marks_draws_everyone_not_withdrawn_as_before() -> None:
    t = withdraw(entered(13), "P13", "ill", AT)
    old = Tournament.model_validate(t.model_dump(exclude={"check_ins"}))  # a file from before
    assert old.check_ins == ()
    assert present_entrants(old, "Qualifying") == tuple(f"P{n}" for n in range(1, 13))
    assert draw(old, "Qualifying", 3, AT).draws == draw(t, "Qualifying", 3, AT).draws
    assert roll_call(old, "Qualifying")[-1].status == "withdrawn"


def test_an_absent_qualifier_is_replaced_by_the_standby_next_in_the_ranking() -> None:
    t, seat = qualified()
    winners = [seat["t1s1"], seat["t2s1"], seat["t3s1"], seat["t1s2"]]
    t = check_in(t, "Final", winners[1:], DESK, AT)
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)
    assert next_in_line(t, "Final", seat["t1s1"]) == (seat["t2s2"],)  # 2900, 5th
    with pytest.raises(TournamentError, match="not next in line"):
        call_standby(t, "Final", seat["t1s1"], DESK, AT, standby=seat["t3s2"])
    t = call_standby(t, "Final", seat["t1s1"], DESK, AT)
    # The standby takes the absent player's place in the ranking order the draw starts from.
    assert present_entrants(t, "Final") == (seat["t2s2"], *winners[1:])
    t = draw(t, "Final", 5, LATER)
    made = t.draw("Final")
    assert made is not None
    assert sorted(made.tables[0].players) == sorted([seat["t2s2"], *winners[1:]])
    statuses = [(x.player, x.status, x.replaces) for x in roll_call(t, "Final")]
    assert statuses[:2] == [(seat["t1s1"], "absent", None),
                            (seat["t2s2"], "standby", seat["t1s1"])]


def test_a_standby_who_is_not_there_is_marked_absent_and_the_next_is_called() -> None:
    t, seat = qualified()
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)
    t = call_standby(t, "Final", seat["t1s1"], DESK, AT)
    with pytest.raises(TournamentError, match="already fills"):
        call_standby(t, "Final", seat["t1s1"], DESK, AT)
    t = mark_absent(t, "Final", [seat["t2s2"]], DESK, LATER)  # the seat is empty again
    assert next_in_line(t, "Final", seat["t1s1"]) == (seat["t3s2"],)  # 2800, 6th
    t = call_standby(t, "Final", seat["t1s1"], DESK, LATER)
    assert seat["t3s2"] in present_entrants(t, "Final", unmarked_present=True)


def test_the_first_stage_has_no_standbys_and_only_an_absent_seat_is_filled() -> None:
    t = mark_absent(entered(12), "Qualifying", ["P1"], DESK, AT)
    with pytest.raises(TournamentError, match="every entered player plays one qualifying"):
        call_standby(t, "Qualifying", "P1", DESK, AT)
    t, seat = qualified()
    with pytest.raises(TournamentError, match="not marked absent"):
        call_standby(t, "Final", seat["t1s1"], DESK, AT)
    with pytest.raises(TournamentError, match="is not an entrant of the Final"):
        check_in(t, "Final", [seat["t1s3"]], DESK, AT)


def test_a_player_marked_absent_after_the_draw_supersedes_it_and_a_check_in_does_not() -> None:
    t = draw(entered(12), "Qualifying", 9, AT)
    same = check_in(t, "Qualifying", ["P1"], DESK, LATER)
    assert same.draw("Qualifying") == t.draw("Qualifying")  # P1 was seated: the draw stands
    t = mark_absent(same, "Qualifying", ["P2"], DESK, LATER)
    assert t.draw("Qualifying") is None
    assert t.draws[-1].superseded == "Player 2 marked absent at 2026-11-21 09:05 by Desk Lee"


def test_no_mark_once_the_round_has_started_the_table_rules() -> None:
    t = draw(entered(12), "Qualifying", 9, AT)
    t = attach_game(t, "Qualifying", 1, "games/q-1.db")
    with pytest.raises(TournamentError, match="ruled at the table"):
        mark_absent(t, "Qualifying", ["P1"], DESK, LATER)


def test_a_standby_called_in_may_withdraw_and_the_seat_goes_to_the_next() -> None:
    t, seat = qualified()
    t = mark_absent(t, "Final", [seat["t1s1"]], DESK, AT)
    t = call_standby(t, "Final", seat["t1s1"], DESK, AT)
    t = withdraw(t, seat["t2s2"], "left the hall", LATER)
    assert t.withdrawals[-1].stage == "Final"
    assert [(x.player, x.status) for x in roll_call(t, "Final")][-1] == (seat["t2s2"], "withdrawn")
    t = call_standby(t, "Final", seat["t1s1"], DESK, LATER)
    assert t.check_ins[-1].player == seat["t3s2"]  # 2800, the next after 2900
