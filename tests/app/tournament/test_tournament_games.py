"""A small tournament played on real ledgers: each table's game made from the draw, played by a
short script, its scoresheet collected, and the standings read from the sheets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.errors import BadInput
from models.tournament.records import Player, Stage, TournamentError
from tests.app.recorded_games import SetClock, play

JUDGE, PIN = "Lee", "246802"
START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
REASON = "test script: the end position, set by the judge"
# Each table's totals by seat (seat 1 rolls 1+2 onto space 3, buys it for M60 (cash 1440 + the
# deed at price 60 = 1500, SG Scoring), then the judge moves cash to reach the total).
QUALIFYING = {1: [1800, 1700, 1500, 1100],   # seat 1 "a": 1800, wins table 1
              2: [1800, 2400, 2000, 500],    # seat 1 "g": 1800, not the winner
              3: [1800, 2100, 1500, 1200]}   # seat 1 "j": 1800, not the winner
# By hand: e 2400, i 2100, f 2000 are 1st-3rd; a, g, j level on 1800 and on every count of the
# SG Tie-Breaker Sequence (each a seat 1: cash 1740, the deed's 60 unmortgaged, nothing else):
# a won table 1 (wins 1), g and j did not (wins 0): a is 4th and the last of the 4 who
# advance; g and j "=5", out. The close call at the line: a advances on wins, 1 against 0;
# g and j are out on the same.
FINAL = [2500, 2500, 2000, 1000]
# Final: seat 1 (2440 cash + the deed 60) and seat 2 (2500 cash) are level on 2500; the SG
# Tie-Breaker Sequence's first count, cash, puts seat 2 1st (2500 > 2440), seat 1 2nd; seat 3
# 3rd. The top 3 are placed.


def start_and_play(tid: str, stage: str, table: int, totals: list[int], start: datetime,
                   folder: Path) -> Path:
    clock = SetClock(at=start)
    card = tournaments.table_card(tournaments.load(tid), stage, table)
    roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
    path = tournaments.start_table(tid, stage, table, roll_off, "Siti", (JUDGE, PIN), clock,
                                   folder)
    game = games.open_game(path, now=clock)
    try:
        game.sign_in_judge(JUDGE, PIN)
        seats = card["players"]
        at = start + timedelta(minutes=1)
        play(game, clock, type="start_clock", at=at.isoformat())
        play(game, clock, type="roll", player=seats[0], dice=[1, 2])
        play(game, clock, type="buy", player=seats[0])
        for seat, total in zip(seats, totals, strict=True):
            delta = total - 1500
            if delta:
                play(game, clock, type="adjust_cash", amount=abs(delta), reason=REASON,
                     from_account="bank" if delta > 0 else seat,
                     to_account=seat if delta > 0 else "bank")
        play(game, clock, type="clock_tick", at=(at + timedelta(minutes=60, seconds=5))
             .isoformat())
        play(game, clock, type="collect_scoresheet")
    finally:
        game.close()
    return path


@pytest.fixture
def twelve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Test Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}",
                                          contact=f"+65 9000 00{n:02}") for n in range(1, 13)])
    tournaments.draw(t.id, "Qualifying", seed=42)
    return t.id


def test_results_come_from_the_collected_sheets_and_rank_by_score_then_wins(
        twelve: str, tmp_path: Path) -> None:
    for table, totals in QUALIFYING.items():
        start_and_play(twelve, "Qualifying", table, totals,
                       START + timedelta(hours=table), tmp_path)
    t, notes = tournaments.collect_results(twelve, "Qualifying")
    assert notes == []
    made = t.draw("Qualifying")
    assert made is not None
    seat = {(n.number, i + 1): p for n in made.tables for i, p in enumerate(n.players)}
    a, e, f, g, i, j = (seat[1, 1], seat[2, 2], seat[2, 3], seat[2, 1], seat[3, 2], seat[3, 1])
    found = tournaments.standings(twelve, "Qualifying")
    assert [(r.player, r.score, r.position) for r in found.rows[:6]] == [
        (e, 2400, 1), (i, 2100, 2), (f, 2000, 3), (a, 1800, 4), (g, 1800, 5), (j, 1800, 5)]
    assert found.decided and found.advancing == (e, i, f, a)
    calls = {c.player: c.reason for c in found.close_calls}
    assert calls[a].startswith("advances: level on score 1800 with ")
    assert calls[a].endswith("wins 1 against 0")
    assert calls[g].endswith("wins 0 against 1")
    # The final from the draw within the qualified, then its sheet's places.
    tournaments.draw(twelve, "Final", seed=3)
    final = tournaments.load(twelve).draw("Final")
    assert final is not None and set(final.tables[0].players) == {e, i, f, a}
    start_and_play(twelve, "Final", 1, FINAL, START + timedelta(hours=5), tmp_path)
    tournaments.collect_results(twelve, "Final")
    placed = tournaments.standings(twelve, "Final")
    s1, s2, s3 = final.tables[0].players[:3]
    assert placed.advancing == (s2, s1, s3)
    assert [r.status for r in placed.rows] == ["1st place", "2nd place", "3rd place",
                                                  "finished 4th"]
    reasons = {c.player: c.reason for c in placed.close_calls}
    assert reasons[s2].endswith("placed by the scoresheet's tie-breaker (cash)")


def test_a_table_not_collected_is_listed_and_left_out(twelve: str, tmp_path: Path) -> None:
    clock = SetClock(at=START)
    card = tournaments.table_card(tournaments.load(twelve), "Qualifying", 1)
    path = tournaments.start_table(
        twelve, "Qualifying", 1, tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1"),
        "Siti", None, clock, tmp_path)
    game = TableGame.open(str(path), create=False, readonly=True)
    try:
        opening = game.ledger.commands(game.game_id or "")[0].payload
    finally:
        game.close()
    # The banker gave only the roll-off: the rest is the draw's.
    assert opening["players"] == card["players"]
    assert (opening["round"], opening["table"], opening["tournament"]) == (
        "Qualifying", "1", "Test Open 2026")
    t, notes = tournaments.collect_results(twelve, "Qualifying")
    assert notes == ["table 1: the scoresheet is not collected yet"]
    assert t.result("Qualifying", 1) is None
    with pytest.raises(TournamentError, match="already has its game"):
        tournaments.start_table(twelve, "Qualifying", 1, [], "Siti", None, clock, tmp_path)


def test_a_handed_in_file_must_be_the_tables_game(twelve: str, tmp_path: Path) -> None:
    clock = SetClock(at=START)
    card = tournaments.table_card(tournaments.load(twelve), "Qualifying", 2)
    other = games.create_game(card | {"table": "9", "roll_off": tournaments.roll_off_from_throws(
        card["players"], "6+5 4+3 2+2 5+1")}, "Siti", now=clock, folder=tmp_path)
    with pytest.raises(TournamentError, match="its table differ"):
        tournaments.attach(twelve, "Qualifying", 2, other)
    right = games.create_game(card | {"roll_off": tournaments.roll_off_from_throws(
        card["players"], "6+5 4+3 2+2 5+1")}, "Siti", now=clock, folder=tmp_path)
    t = tournaments.attach(twelve, "Qualifying", 2, right)
    assert t.games[-1].source == str(right) and t.started("Qualifying")


def test_the_roll_off_is_typed_in_seat_order_with_a_round_for_those_tied() -> None:
    seats = ["Ann", "Bob", "Cy", "Di"]
    assert tournaments.roll_off_from_throws(seats, "6+5 5+6 2+2 5+1 / 3+1 4+4") == [
        {"Ann": [6, 5], "Bob": [5, 6], "Cy": [2, 2], "Di": [5, 1]}, {"Ann": [3, 1], "Bob": [4, 4]}]
    with pytest.raises(BadInput, match="4 throws"):
        tournaments.roll_off_from_throws(seats, "6+5 5+6")
    with pytest.raises(BadInput, match="one too many"):
        tournaments.roll_off_from_throws(seats, "6+5 1+1 2+2 5+1 / 3+1")


def test_the_file_is_replaced_whole_and_a_refusal_changes_nothing(twelve: str) -> None:
    path = tournaments.tournament_path(twelve)
    before = path.read_bytes()
    with pytest.raises(TournamentError):
        tournaments.withdraw(twelve, "NOBODY", "no-show")
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))
