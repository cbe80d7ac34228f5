"""Standings and advancement over a constructed 40-player SG tournament, worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from models.tournament.changes import (
    add_players,
    attach_game,
    draw,
    new_tournament,
    record_result,
    rule_tie,
    withdraw,
)
from models.tournament.records import Player, Tournament, TournamentError
from models.tournament.standings import entrants, standings

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

# The qualifying scores by table and seat (the draw decides who sits where; the reasoning below
# is about seats, so it holds for any seed). A 0 is a bankrupt player (RULES.md Score: zero).
QUALIFYING = {
    1: [5000, 2900, 2000, 1000],
    2: [4900, 3000, 1500, 0],     # seat 2 = "C": 3000, not the table's winner
    3: [4800, 3000, 2500, 1200],  # seat 2 = "D": 3000, not the winner
    4: [4700, 3000, 2800, 900],   # seat 2 = "E": 3000, not the winner
    5: [3000, 2950, 2100, 800],   # seat 1 = "A": 3000 and won the table
    6: [3000, 2600, 1900, 700],   # seat 1 = "B": 3000 and won the table
    7: [4600, 4000, 2400, 600],
    8: [4500, 3900, 2300, 0],
    9: [4400, 3800, 2200, 500],
    10: [4300, 3700, 3100, 400],
}
# By hand (SG Advancement Criteria: the top 16 by score; breakers wins, then the highest
# single-game score, which with one game each is the score itself and separates no one):
# above 3000: the ten table tops 5000, 4900, 4800, 4700 (tables 1-4), 4600, 4500, 4400, 4300
#   (tables 7-10) are 8 players, then 4000, 3900, 3800, 3700, 3100: 13 players, positions 1-13.
# at 3000: A and B (won their tables: wins 1) are level on every count: "=14", positions 14-15,
#   both inside the 16; C, D and E (wins 0) are "=16" for the one place left: a tie across the
#   line, for the head judge. 2950 is 19th; the two bankrupt players are "=39" with 0.
# Close calls: A and B advance ahead of C, D, E on wins, 1 against 0, level on 3000.


def sheet(names: list[str], totals: list[int], tied: set[int] | None = None,
          decided_by: dict[int, str] | None = None) -> dict[str, Any]:
    """A collected scoresheet as app.scoresheet makes it: places by total, the seats in `tied`
    sharing the place of the seat ranked just above them ("=2nd")."""
    order = sorted(range(len(names)), key=lambda i: -totals[i])
    places: dict[int, int] = {}
    for rank, seat in enumerate(order, start=1):
        places[seat] = places[order[rank - 2]] if seat in (tied or set()) else rank
    shared = [places[s] for s in order]
    lines = [{"name": names[s], "total": totals[s], "position": places[s],
              "tied": shared.count(places[s]) > 1, "bankrupt": totals[s] == 0,
              "decided_by": (decided_by or {}).get(s)} for s in order]
    return {"players": lines, "footer": {"collected": True, "head": f"{len(names)}:0"}}


def seated(t: Tournament, stage: str, table: int) -> list[str]:
    made = t.draw(stage)
    assert made is not None
    return list(made.tables[table - 1].players)


def play(t: Tournament, stage: str, scores: dict[int, list[int]],
         tied: dict[int, set[int]] | None = None,
         decided_by: dict[int, dict[int, str]] | None = None) -> Tournament:
    for table, totals in scores.items():
        names = [t.seat_name(p) for p in seated(t, stage, table)]
        t = attach_game(t, stage, table, f"games/{stage}-{table}.db")
        t = record_result(t, stage, table, sheet(names, totals, (tied or {}).get(table, set()),
                                                 (decided_by or {}).get(table)))
    return t


def forty() -> Tournament:
    t = new_tournament("Singapore Championship 2026", "sg-championship", (4,))
    t = add_players(t, [Player(id=f"SG{n:02}", name=f"Player {n:02}", contact=f"p{n}@x.sg")
                        for n in range(1, 41)], AT)
    return draw(t, "Qualifying", seed=20261121, at=AT)


def test_forty_players_rank_by_score_then_wins_and_the_tie_at_the_line_waits_for_a_ruling(
        ) -> None:
    t = play(forty(), "Qualifying", QUALIFYING)
    a, b = seated(t, "Qualifying", 5)[0], seated(t, "Qualifying", 6)[0]
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert [r.score for r in found.rows[:13]] == [5000, 4900, 4800, 4700, 4600, 4500, 4400,
                                                   4300, 4000, 3900, 3800, 3700, 3100]
    assert [r.position for r in found.rows[:13]] == list(range(1, 14))
    assert (rows[a].position, rows[a].tied, rows[a].wins) == (14, True, 1)
    assert (rows[b].position, rows[b].tied, rows[b].status) == (14, True, "advances")
    assert {rows[x].position for x in (c, d, e)} == {16}
    assert {rows[x].status for x in (c, d, e)} == {"tie: the head judge rules"}
    assert next(r for r in found.rows if r.score == 2950).position == 19
    assert [r.position for r in found.rows if r.bankrupt] == [39, 39]
    assert len(found.ties) == 1 and set(found.ties[0].players) == {c, d, e}
    assert found.ties[0].positions == (16, 18)
    assert not found.decided and found.complete
    assert found.advancing == tuple(r.player for r in found.rows[:15])
    calls = {call.player: call.reason for call in found.close_calls}
    assert calls[a].startswith("advances: level on score 3000 with ")
    assert calls[a].endswith("wins 1 against 0")
    assert "the head judge rules" in calls[c]
    with pytest.raises(TournamentError, match="not decided yet: 1 tie to rule"):
        entrants(t, "Semi-final")


def test_the_head_judges_ruling_settles_the_tie_and_is_given_as_the_reason() -> None:
    t = play(forty(), "Qualifying", QUALIFYING)
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    # E is level too: the line (16) falls inside 16-18, one seat, so a ruling names one or all.
    with pytest.raises(TournamentError, match="has 1 seat to settle: name 1 of its 3 players"):
        rule_tie(t, "Qualifying", [c, d], "Tan", "lot", AT)
    t = rule_tie(t, "Qualifying", [e, c, d], "Tan", "drawn by lot before the players", AT)
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert [(rows[x].position, rows[x].status) for x in (e, c, d)] == [
        (16, "advances"), (17, "out"), (18, "out")]
    assert found.decided and len(found.advancing) == 16
    calls = {call.player: call.reason for call in found.close_calls}
    assert calls[e] == ("advances by the head judge's ruling (Tan: drawn by lot before the "
                        "players); level on score 3000, wins 0, highest single-game score 3000")
    assert entrants(t, "Semi-final") == found.advancing


def test_semi_final_winners_and_the_final_places_come_from_each_tables_sheet() -> None:
    t = play(forty(), "Qualifying", QUALIFYING)
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    t = rule_tie(t, "Qualifying", [e, c, d], "Tan", "lot", AT)
    t = draw(t, "Semi-final", seed=5, at=AT)
    made = t.draw("Semi-final")
    assert made is not None and [len(x.players) for x in made.tables] == [4, 4, 4, 4]
    # Table 2: seats 1 and 2 level on 3800 after every sheet tie-breaker ("=1st"): a tie for
    # the one place. Table 3: seats 1 and 2 level on 3600, seat 1 first on cash (the sheet's
    # first tie-breaker): a close call, decided.
    t = play(t, "Semi-final", {1: [4000, 3500, 3000, 0], 2: [3800, 3800, 2000, 1000],
                               3: [3600, 3600, 1000, 900], 4: [2500, 2400, 2300, 2200]},
             tied={2: {1}}, decided_by={3: {0: "cash", 1: "cash"}})
    semi = standings(t, "Semi-final")
    s2 = seated(t, "Semi-final", 2)
    s3 = seated(t, "Semi-final", 3)
    assert [set(x.players) for x in semi.ties] == [set(s2[:2])] and semi.ties[0].table == 2
    calls = {call.player: call.reason for call in semi.close_calls}
    assert calls[s3[0]].endswith("at table 3; placed by the scoresheet's tie-breaker (cash)")
    assert calls[s3[1]].startswith("out: level on score 3600 with ")
    t = rule_tie(t, "Semi-final", [s2[1], s2[0]], "Tan", "higher qualifying score", AT)
    semi = standings(t, "Semi-final")
    winners = [seated(t, "Semi-final", 1)[0], s2[1], s3[0], seated(t, "Semi-final", 4)[0]]
    assert set(semi.advancing) == set(winners) and semi.decided
    t = draw(t, "Final", seed=9, at=AT)
    final_seats = seated(t, "Final", 1)
    assert set(final_seats) == set(winners)
    # The final places 3: seats 2 and 3 level for 2nd: a tie across the 2nd/3rd line.
    t = play(t, "Final", {1: [5000, 4000, 4000, 100]}, tied={1: {2}})
    final = standings(t, "Final")
    assert set(final.ties[0].players) == set(final_seats[1:3])
    t = rule_tie(t, "Final", [final_seats[2], final_seats[1]], "Tan", "cash count", AT)
    final = standings(t, "Final")
    assert final.advancing == (final_seats[0], final_seats[2], final_seats[1])
    assert [r.status for r in final.rows] == ["1st place", "2nd place", "3rd place",
                                                  "finished 4th"]


def test_a_withdrawal_before_the_semi_final_moves_the_next_in_line_up() -> None:
    t = play(forty(), "Qualifying", QUALIFYING)
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    t = rule_tie(t, "Qualifying", [e, c, d], "Tan", "lot", AT)
    top = standings(t, "Qualifying").rows[0]
    t = withdraw(t, top.player, "flight home", AT)
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert rows[top.player].status == "withdrawn" and top.player not in found.advancing
    assert rows[c].status == "advances"  # 16th of those still in, by the ruling: next in line
    calls = {call.player: call.reason for call in found.close_calls}
    assert calls[c] == ("advances by the head judge's ruling (Tan: lot); level on score 3000, "
                        "wins 0, highest single-game score 3000; "
                        f"in place of {top.name} (withdrawn)")
    assert len(entrants(t, "Semi-final")) == 16


def test_after_a_round_starts_its_draw_stands_and_a_withdrawal_counts_from_the_next_stage(
        ) -> None:
    # Once a qualifying game is recorded the round has started: its draw stands, and a player
    # seated in it who withdraws keeps the result but goes no further (a player missing at the
    # start of a game is for the table's officials: RULES.md, declared bankrupt).
    t = forty()
    first = seated(t, "Qualifying", 1)[0]
    t = attach_game(t, "Qualifying", 1, "games/q1.db")
    with pytest.raises(TournamentError, match="has started: its draw stands"):
        draw(t, "Qualifying", 1, AT)
    with pytest.raises(TournamentError, match="has started: no more entries"):
        add_players(t, [Player(id="LATE", name="Late Comer")], AT)
    t = withdraw(t, first, "left after the game", AT)
    assert t.withdrawals[-1].stage == "Semi-final"
    assert t.draw("Qualifying") is not None


def test_a_withdrawal_before_the_start_supersedes_the_draw_and_keeps_its_seed() -> None:
    t = forty()
    t = withdraw(t, "SG01", "no-show", AT)
    assert t.draw("Qualifying") is None
    assert t.draws[0].seed == 20261121 and "Player 01 withdrew" in (t.draws[0].superseded or "")
    with pytest.raises(TournamentError, match="39 players cannot sit at tables of 4"):
        draw(t, "Qualifying", 1, AT)


def test_a_sheet_not_collected_or_of_other_players_is_refused() -> None:
    t = forty()
    names = [t.seat_name(p) for p in seated(t, "Qualifying", 1)]
    open_sheet = sheet(names, [1, 2, 3, 4]) | {"footer": {"collected": False}}
    with pytest.raises(TournamentError, match="not collected"):
        record_result(t, "Qualifying", 1, open_sheet)
    with pytest.raises(TournamentError, match="are not the table's"):
        record_result(t, "Qualifying", 2, sheet(names, [1, 2, 3, 4]))


def test_repeated_names_are_told_apart_by_id_at_the_table() -> None:
    t = new_tournament("Open", "propnex-championship", (4, 5))
    t = add_players(t, [Player(id="A1", name="Tan Wei"), Player(id="A2", name="Tan Wei")], AT)
    assert (t.seat_name("A1"), t.seat_name("A2")) == ("Tan Wei (A1)", "Tan Wei (A2)")
    with pytest.raises(TournamentError, match="taken"):
        add_players(t, [Player(id="A1", name="Lim")], AT)


def test_a_tie_left_after_a_withdrawal_is_settled_by_one_ruling() -> None:
    # C, D and E are level on 3000 for the 16th place; C withdraws before the semi-final, so
    # the tie is D and E's. Their ruling must settle it: the stage is decided and a second
    # ruling on the same tie is refused (before the fix it matched nothing and the tie stayed
    # open forever, taking ruling after ruling).
    t = play(forty(), "Qualifying", QUALIFYING)
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    t = withdraw(t, c, "flight home", AT)
    assert [set(x.players) for x in standings(t, "Qualifying").ties] == [{d, e}]
    t = rule_tie(t, "Qualifying", [e, d], "Tan", "lot", AT)
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert found.decided and not found.ties
    assert [(rows[x].position, rows[x].status) for x in (e, d)] == [(16, "advances"),
                                                                   (17, "out")]
    assert rows[c].status == "withdrawn" and c not in found.advancing
    assert len(entrants(t, "Semi-final")) == 16
    with pytest.raises(TournamentError, match="no open tie of exactly"):
        rule_tie(t, "Qualifying", [d, e], "Tan", "again", AT)


def test_ids_differing_only_in_case_and_names_that_would_sit_alike_are_refused() -> None:
    t = new_tournament("Open", "propnex-championship", (4, 5))
    t = add_players(t, [Player(id="A1", name="Tan Wei"), Player(id="A2", name="tan wei")], AT)
    with pytest.raises(TournamentError, match="'a1' is taken \\(by Tan Wei, id 'A1'\\)"):
        add_players(t, [Player(id="a1", name="Lim")], AT)
    # "Tan Wei (A1)" is how the first Tan Wei sits: a player typed with that name would sit
    # as the same name at the table and take the other's result from the sheet.
    with pytest.raises(TournamentError, match="would sit as 'Tan Wei \\(A1\\)'"):
        add_players(t, [Player(id="B7", name="Tan Wei (A1)")], AT)
    assert len(t.players) == 2


def test_one_game_cannot_be_two_tables_game() -> None:
    t = attach_game(forty(), "Qualifying", 1, "games/q1.db", "game-1")
    with pytest.raises(TournamentError, match="already Qualifying table 1's"):
        attach_game(t, "Qualifying", 2, "games/q1.db")
    with pytest.raises(TournamentError, match="already Qualifying table 1's"):
        attach_game(t, "Qualifying", 2, "hub-copy", "game-1")
    assert len(attach_game(t, "Qualifying", 2, "games/q2.db", "game-2").games) == 2


def test_a_withdrawn_player_is_unnumbered_so_rows_ties_and_refusals_say_the_same_positions(
        ) -> None:
    # By hand: the top qualifier (5000) withdraws before the semi-final. Positions count the
    # players still in, as the line does: 4900 ... 3100 are 1-12 (12 players), A and B "=13"
    # (13-14), and C, D and E "=15" for positions 15-17, with the line at 16 inside them: 2 seats
    # (16 - 14) to settle. Before, the rows counted the withdrawn player ("=16") while the tie
    # said 15-17.
    t = play(forty(), "Qualifying", QUALIFYING)
    a = seated(t, "Qualifying", 5)[0]
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    top = standings(t, "Qualifying").rows[0]
    t = withdraw(t, top.player, "flight", AT)
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert found.rows[0] == rows[top.player]  # listed where the result ranks, unnumbered
    assert (rows[top.player].position, rows[top.player].tied) == (None, False)
    assert [r.position for r in found.rows[1:13]] == list(range(1, 13))
    assert (rows[a].position, rows[a].tied) == (13, True)
    assert [(rows[x].position, rows[x].tied) for x in (c, d, e)] == [(15, True)] * 3
    assert [(x.positions, x.seats) for x in found.ties] == [((15, 17), 2)]
    with pytest.raises(TournamentError, match="the tie at positions 15-17 of the Qualifying "
                                              "has 2 seats to settle"):
        rule_tie(t, "Qualifying", [c], "Tan", "lot", AT)
    t = rule_tie(t, "Qualifying", [e, c], "Tan", "lot", AT)
    found = standings(t, "Qualifying")
    rows = {r.player: r for r in found.rows}
    assert [(rows[x].position, rows[x].status) for x in (e, c, d)] == [
        (15, "advances"), (16, "advances"), (17, "out")]
    assert found.decided and len(found.advancing) == 16


def test_bankrupt_players_at_a_final_are_placed_by_the_later_bankruptcy_not_a_tie_breaker() -> None:
    t = play(forty(), "Qualifying", QUALIFYING)
    c, d, e = (seated(t, "Qualifying", n)[1] for n in (2, 3, 4))
    t = rule_tie(t, "Qualifying", [e, c, d], "Tan", "lot", AT)
    t = draw(t, "Semi-final", seed=5, at=AT)
    t = play(t, "Semi-final", {n: [4000, 3000, 2000, 1000] for n in (1, 2, 3, 4)})
    t = draw(t, "Final", seed=9, at=AT)
    seats = seated(t, "Final", 1)
    # The final's sheet: seats 1 and 2 on 5000 and 4000; seats 3 and 4 both went bankrupt
    # (score 0), seat 4 first: seat 3, bankrupt later, is 3rd and seat 4 4th (RULES.md
    # Tournament: "a later bankruptcy above an earlier one"), no tie-breaker between them.
    t = play(t, "Final", {1: [5000, 4000, 0, 0]})
    final = standings(t, "Final")
    assert [r.status for r in final.rows] == ["1st place", "2nd place", "3rd place",
                                              "finished 4th"]
    calls = {call.player: call.reason for call in final.close_calls}
    third, fourth = t.seat_name(seats[2]), t.seat_name(seats[3])
    assert calls[seats[2]].endswith(f"; bankrupt later than {fourth}")
    assert calls[seats[3]].endswith(f"; bankrupt before {third}")
    assert all("tie-breaker" not in reason for reason in calls.values())
