"""The hall's round clock through the hub: the head judge starts the stage's round for every
table, pauses and resumes the hall and makes an announcement; each table's game records the
start, the pause and the resume in its own ledger, as the hall's; a table whose clock has not
started while the round has is flagged. On a SQLite hub always; on PostgreSQL when its server
can start (else skipped, saying so), where the tables' roles may read the round but not write it.

Amounts by hand: an SG game is 60 minutes (RULES.md, Table officials); the table's clock counts
from the round's start, so a table whose laptop reads the round 30 s after it started has
60:00 - 0:30 = 59:30 left at that moment."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import insert

import app.hub.rounds as hub_rounds_module
from app.cli.main import main
from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles, table_login
from app.hub.rounds import RoundChangedMeanwhile, RoundWriteRefused, read_round
from app.hub.schema import hub_rounds
from app.ledger import LedgerError
from app.signing.decisions import next_seal
from app.table.judges import JudgeAuthError
from app.table.service import TableGame
from app.tournament import rounds
from app.tournament import service as tournaments
from models.clock import remaining_ms
from models.tournament.hall_clock import HallRound
from models.tournament.records import Player, Stage, TournamentError
from tests.app.hub_tables import HUBS, JUDGE, PIN, as_role, fresh_hub
from tests.app.recorded_games import SetClock

HEAD, HEAD_PIN = "Head Judge Tan", "135791"
START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def no_wait(_: float) -> None:
    return None


def hall_of_twelve(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """12 players on the hub, the qualifying round drawn (3 tables of 4), the head judge and
    the tables' judge registered on the hub."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, url)
    t = tournaments.create("Hall Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                   for n in range(1, 13)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    with Hub.open(url) as hub:
        hub.register_judge(HEAD, HEAD_PIN)
        hub.register_judge(JUDGE, PIN)
    return t.id


def table_game(tid: str, table: int, folder: Path, clock: SetClock) -> TableGame:
    card = tournaments.table_card(tournaments.load(tid), "Qualifying", table)
    path = tournaments.start_table(
        tid, "Qualifying", table,
        tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1"), "Siti", None,
        clock, folder)
    return games.open_game(path, now=clock)


def follow(game: TableGame) -> tuple[list[str], HallRound]:
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    try:
        hall = follower.read()
        return [e.type for e in follower.follow(game, hall)], hall
    finally:
        follower.close()


def clock_entries(game: TableGame) -> list[tuple[str, str, str, dict[str, object]]]:
    assert game.game_id is not None
    return [(e.type, e.actor_role, e.actor_name, e.payload) for e in game.ledger.events(game.game_id)
            if e.type.startswith("clock_")]


@pytest.mark.parametrize("kind", HUBS)
def test_the_head_judge_starts_pauses_and_resumes_the_round_and_each_table_records_it(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    round_name = f"{tid}/Qualifying"
    clock = SetClock(at=START)
    game = table_game(tid, 1, tmp_path / "table-1", clock)
    assert follow(game)[0] == []  # the round has not started: nothing to record
    with pytest.raises(JudgeAuthError):
        rounds.record(tid, "qualifying", "start", "", HEAD, "000000", sleep=no_wait)
    with pytest.raises(TournamentError, match="has not started"):
        rounds.record(tid, "Qualifying", "pause", "fire", HEAD, HEAD_PIN, sleep=no_wait)
    hall = rounds.record(tid, "qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    assert [(e.number, e.kind, e.by) for e in hall.entries] == [(1, "start", HEAD)]
    with pytest.raises(TournamentError, match="started already"):
        rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)

    # Before any table's copy reaches the hub, every drawn table is flagged.
    assert rounds.status(tid, "Qualifying").flagged == (1, 2, 3)
    clock.set(START + timedelta(minutes=2))
    recorded, seen = follow(game)
    assert recorded == ["clock_started"]
    assert game.state is not None and game.state.clock is not None
    # The clock counts from the round's start: the time the round had run when read (the hub's
    # clock) is behind this table at its own 09:02:00.
    ran = timedelta(milliseconds=seen.running_ms())
    assert game.state.clock.started_at == START + timedelta(minutes=2) - ran
    assert remaining_ms(game.state.clock, START + timedelta(minutes=2)) == (
        60 * 60_000 - seen.running_ms())
    assert follow(game)[0] == []  # followed once
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)
    status = rounds.status(tid, "Qualifying")
    assert status.flagged == (2, 3)
    assert status.tables[0].words(status.hall).startswith("with the round")
    assert status.tables[1].words(status.hall) == "CLOCK NOT STARTED (no game on the hub)"

    rounds.record(tid, "Qualifying", "pause", "evacuation: leave by the east doors", HEAD,
                  HEAD_PIN, sleep=no_wait)
    clock.set(START + timedelta(minutes=10))
    assert follow(game)[0] == ["clock_paused"]
    rounds.record(tid, "Qualifying", "resume", "", HEAD, HEAD_PIN, sleep=no_wait)
    announced = rounds.record(tid, "Qualifying", "announce", "The final's draw is at 11:00",
                              HEAD, HEAD_PIN, sleep=no_wait)
    assert announced.announcement is not None
    assert announced.announcement.text == "The final's draw is at 11:00"
    clock.set(START + timedelta(minutes=25))
    assert follow(game)[0] == ["clock_resumed"]
    # The table's clock was paused from 09:10 to 09:25 by the hall: 15 minutes not run.
    assert game.state.clock.paused_ms == 15 * 60_000
    assert [(t, role, who, p.get("round"), p.get("hall_entry"))
            for t, role, who, p in clock_entries(game)] == [
        ("clock_started", "hall", HEAD, round_name, 1),
        ("clock_paused", "hall", HEAD, round_name, 2),
        ("clock_resumed", "hall", HEAD, round_name, 3)]
    assert clock_entries(game)[1][3]["reason"] == (
        "the hall is paused: evacuation: leave by the east doors")
    game.close()


def test_a_table_starting_after_the_round_has_lost_the_time_it_was_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A SQLite hub: its clock is this machine's, which the test can move on 7 minutes
    # (PostgreSQL's now() is the server's own).
    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    # The hub's round started a few moments ago; make it 7 minutes by the hub's own clock.
    with Hub.open(url) as hub:
        hall = read_round(hub, tid, "Qualifying",
                          now=lambda: datetime.now(UTC) + timedelta(minutes=7))
    clock = SetClock(at=START)
    game = table_game(tid, 2, tmp_path / "table-2", clock)
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    clock.set(START + timedelta(minutes=1))
    assert [e.type for e in follower.follow(game, hall)] == ["clock_started"]
    assert game.state is not None and game.state.clock is not None
    # 60 minutes less the 7 the round had run when the table started (and the moments between
    # the start's entry and its reading): 53:00 at most, more than 52:00.
    left = remaining_ms(game.state.clock, START + timedelta(minutes=1))
    assert left == 60 * 60_000 - hall.running_ms()
    assert 52 * 60_000 < left <= 53 * 60_000
    follower.close()
    game.close()


def test_two_head_judges_adding_the_same_entry_collide_and_one_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # PostgreSQL only: a SQLite hub's write transaction holds the file's lock from its start,
    # so two head judges there take turns and the second reads the first's entry.
    url = fresh_hub("postgresql", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    real = hub_rounds_module._read
    with Hub.open(url) as hub:
        other_judge = hub.signer(JUDGE, PIN, no_wait)

    def stale(connection, tid_, stage, now):  # type: ignore[no-untyped-def]
        # What the second head judge read before the first one's pause was written: the other
        # judge's pause, signed as the round's next entry, lands in between.
        found = real(connection, tid_, stage, now)
        at = found.hall.now.isoformat()
        sealed = next_seal(found.chain, other_judge, "pause",
                           hub_rounds_module.says(tid, "Qualifying", "pause", at, "fire alarm"),
                           at)
        with Hub.open(url) as other, other.database.write() as written:
            written.execute(insert(hub_rounds).values(
                tournament_id=tid, stage="Qualifying", entry=2, kind="pause",
                at=at, text="fire alarm", by=JUDGE, seal=json.dumps(sealed.as_dict())))
        return found

    monkeypatch.setattr(hub_rounds_module, "_read", stale)
    with pytest.raises(RoundChangedMeanwhile, match="nothing of this one was recorded"):
        rounds.record(tid, "Qualifying", "pause", "evacuation", HEAD, HEAD_PIN, sleep=no_wait)
    monkeypatch.setattr(hub_rounds_module, "_read", real)
    with Hub.open(url) as hub:
        assert [(e.number, e.kind, e.text) for e in read_round(hub, tid, "Qualifying").entries
                ] == [(1, "start", ""), (2, "pause", "fire alarm")]


def test_only_the_desk_may_write_the_round_a_table_and_the_reader_only_read_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub("postgresql", tmp_path)
    init_roles(admin, ["1"], password=lambda: "not-used-here")
    desk = as_role(admin, DESK_LOGIN)
    tid = hall_of_twelve(desk, tmp_path, monkeypatch)
    for role in (table_login("1"), READER_LOGIN):
        monkeypatch.setenv(HUB_URL_ENV, as_role(admin, role))
        with pytest.raises(RoundWriteRefused, match="only the desk's role"):
            rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
        with Hub.open(as_role(admin, role)) as hub, pytest.raises(
                LedgerError, match="permission denied for table hub_rounds"), \
                hub.database.write() as connection:
            connection.execute(insert(hub_rounds).values(
                tournament_id=tid, stage="Qualifying", entry=1, kind="start",
                at=datetime.now(UTC).isoformat(), text="", by="a player's laptop"))
    monkeypatch.setenv(HUB_URL_ENV, desk)
    rounds.record(tid, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    table = as_role(admin, table_login("1"))
    monkeypatch.setenv(HUB_URL_ENV, table)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "table-1"))
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    assert follow(game)[0] == ["clock_started"]  # the table's role reads the round
    game.close()


@pytest.mark.parametrize("kind", HUBS)
def test_the_command_line_starts_the_round_and_a_table_follows_it(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    game = table_game(tid, 3, tmp_path / "table-3", SetClock(at=START))
    path = game.ledger.location
    game.close()
    runner = CliRunner()
    monkeypatch.setenv("BANKER_JUDGE_PIN", HEAD_PIN)
    out = runner.invoke(main, ["tournament", "round", tid, "Qualifying", "start", "--judge", HEAD])
    assert out.exit_code == 0, out.output
    assert out.output.startswith(f"round {tid}/Qualifying: started ")
    out = runner.invoke(main, ["tournament", "round-status", tid, "Qualifying"])
    assert out.exit_code == 1 and "table 3    CLOCK NOT STARTED" in out.output, out.output
    out = runner.invoke(main, ["tournament", "follow-round", str(path)])
    assert out.exit_code == 0, out.output
    assert '"type": "clock_started"' in out.output
    # follow-round made its last copy before it ended (BANKER_HUB_URL is set): the hub holds
    # the clock's start without a push.
    with Hub.open(url) as hub:
        held = {t.game_id: t.entries for t in hub.tables()}
    again = TableGame.open(path, create=False)
    try:
        assert again.game_id is not None and held[again.game_id] == again.head_seq
    finally:
        again.close()
    out = runner.invoke(main, ["tournament", "round-status", tid, "Qualifying", "--json"])
    assert out.exit_code == 1  # tables 1 and 2 have no game yet
    found = json.loads(out.output)
    assert found["flagged"] == [1, 2]
    assert [(t["table"], t["with_round"]) for t in found["tables"]] == [
        (1, False), (2, False), (3, True)]
    out = runner.invoke(main, ["tournament", "round", tid, "Qualifying", "announce", "Five",
                               "minutes", "to", "the", "break", "--judge", HEAD])
    assert out.exit_code == 0 and "announced: Five minutes to the break" in out.output
    out = runner.invoke(main, ["tournament", "round", tid, "Qualifying", "resume", "--judge",
                               HEAD])
    assert out.exit_code == 3 and "not paused" in out.output
