"""Bankrupt players ranked across tables from real ledgers: each table's game played with its
clock, players fined beyond their cash and declared bankrupt at known game times; the collected
sheets carry each one's place and time lasted, and the standings rank by them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.recorded_games import SetClock, play

JUDGE, PIN = "Lee", "246802"
START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
# Per table and seat: a survivor's total, or the game minute (on the clock, started at 9:01)
# at which the player is fined M1,501 (more than the M1,500 they hold) and declared bankrupt.
# Table 1: seat 1 2000, seat 2 1500; seat 4 out at 20:00, seat 3 at 40:00 (so 3rd, seat 4 4th).
# Table 2: seat 1 1800; seat 4 out at 10:00 (4th), seat 3 at 30:00 (3rd), seat 2 at 50:00 (2nd),
#   which leaves seat 1 alone: the game ends there.
SURVIVORS = {1: {0: 2000, 1: 1500}, 2: {0: 1800}}
OUT_AT = {1: {3: 20, 2: 40}, 2: {3: 10, 2: 30, 1: 50}}
# By hand (RULES.md Tournament): the survivors 2000 (t1 s1), 1800 (t2 s1), 1500 (t1 s2) are
# 1st-3rd. The bankrupt, all on 0: t2 s2, 2nd at its table, is 4th; the two 3rd places by the
# time lasted, t1 s3 (40:00) 5th above t2 s3 (30:00) 6th; the 4th places, t1 s4 (20:00) 7th,
# t2 s4 (10:00) 8th. Five advance: the line falls between t1 s3 and t2 s3, decided by 40:00
# against 30:00, no tie.


def play_table(tid: str, table: int, folder: Path) -> None:
    clock = SetClock(at=START + timedelta(hours=table))
    card = tournaments.table_card(tournaments.load(tid), "Qualifying", table)
    roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
    path = tournaments.start_table(tid, "Qualifying", table, roll_off, "Siti", (JUDGE, PIN),
                                   clock, folder)
    game = games.open_game(path, now=clock)
    seats = card["players"]
    started = clock.at + timedelta(minutes=1)
    try:
        game.sign_in_judge(JUDGE, PIN)
        play(game, clock, type="start_clock", at=started.isoformat())
        for seat, total in SURVIVORS[table].items():
            if total != 1500:
                play(game, clock, type="adjust_cash", amount=total - 1500, reason="test script",
                     from_account="bank", to_account=seats[seat])
        for seat, minute in sorted(OUT_AT[table].items(), key=lambda x: x[1]):
            at = (started + timedelta(minutes=minute)).isoformat()
            play(game, clock, type="fine", player=seats[seat], amount=1501, reason="test", at=at)
            play(game, clock, type="declare_bankruptcy", player=seats[seat], at=at)
        assert game.state is not None
        if game.state.phase != "over":
            play(game, clock, type="clock_tick",
                 at=(started + timedelta(minutes=60, seconds=5)).isoformat())
        play(game, clock, type="collect_scoresheet")
    finally:
        game.close()


@pytest.fixture
def eight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("Bankrupt Open", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=5, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"B{n}", name=f"Entrant {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=42)
    return t.id


def test_bankrupt_places_then_the_time_lasted_decide_the_line(eight: str, tmp_path: Path) -> None:
    for table in (1, 2):
        play_table(eight, table, tmp_path)
    t, notes = tournaments.collect_results(eight, "Qualifying")
    assert notes == []
    made = t.draw("Qualifying")
    assert made is not None
    seat = {(n.number, i + 1): p for n in made.tables for i, p in enumerate(n.players)}
    lasted = {r.player: r.lasted_ms for x in t.results for r in x.players}
    assert lasted[seat[1, 3]] == 40 * 60_000 and lasted[seat[2, 2]] == 50 * 60_000
    assert lasted[seat[1, 1]] is None  # still in at the end
    found = tournaments.standings(eight, "Qualifying")
    assert [(r.player, r.position, r.status) for r in found.rows] == [
        (seat[1, 1], 1, "advances"), (seat[2, 1], 2, "advances"), (seat[1, 2], 3, "advances"),
        (seat[2, 2], 4, "advances"), (seat[1, 3], 5, "advances"), (seat[2, 3], 6, "out"),
        (seat[1, 4], 7, "out"), (seat[2, 4], 8, "out")]
    assert found.decided and not found.ties
    calls = {c.player: c.reason for c in found.close_calls}
    assert calls[seat[2, 3]].endswith("bankrupt, time lasted 30:00 against 40:00")
