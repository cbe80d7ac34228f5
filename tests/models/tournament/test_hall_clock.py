"""The hall's round clock: what each table's clock records to follow the head judge's round
(start, the hall's pause, its resume), and what the round's entries allow.

The times are worked by hand: an SG game is 60 minutes (RULES.md, Table officials: "The clock
runs 60 (SG) ... minutes"); the hall's times are the hub's clock, the table's its own, and a
table's clock counts from the round's start, so the laptops' clocks need not agree."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from models import events as ev
from models.clock import remaining_ms
from models.commands import PauseClock, ResumeClock, StartClock
from models.errors import BadInput
from models.state import Clock
from models.tournament.hall_clock import HallEntry, HallRound, check_entry, due, round_id
from models.tournament.records import TournamentError
from tests.models.conftest import Game
from tests.models.support import refused

HUB = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)  # the hub's clock
TABLE = datetime(2026, 11, 25, 9, 59, 28, tzinfo=UTC)  # a laptop 32 s behind the hub
ROUND = round_id("sg-open-2026", "Qualifying")
TIME = "SG Judge Responsibilities"
JUDGE = {"role": "judge", "name": "Lee"}


def entry(number: int, kind: str, minutes: int, text: str = "") -> HallEntry:
    return HallEntry(number=number, kind=kind, at=HUB + timedelta(minutes=minutes), text=text,
                     by="Head Judge Tan")


def hall(*entries: HallEntry, now_minutes: float) -> HallRound:
    return HallRound(round=ROUND, entries=entries, now=HUB + timedelta(minutes=now_minutes))


def test_a_table_whose_clock_has_not_started_starts_from_the_rounds_start() -> None:
    # The round started at 10:00:00 by the hub; the hub reads 10:00:30, so it has run 30 s.
    # The table's laptop reads 09:59:28: its clock counts from 09:58:58 (30 s before), leaving
    # 60:00 - 0:30 = 59:30 at 09:59:28 on this laptop.
    found = due(hall(entry(1, "start", 0), now_minutes=0.5), Clock(minutes=60), TABLE, False)
    assert found == [(StartClock(type="start_clock", round=ROUND, hall_entry=1,
                                 since=TABLE - timedelta(seconds=30)), "Head Judge Tan")]


def test_a_late_table_during_a_hall_pause_starts_and_pauses_with_the_time_the_hall_ran() -> None:
    # Start 10:00, paused 10:10 (evacuation), the hub reads 10:12: the round ran 10 min. The
    # table starts from 10 min before its own now, and pauses at once: 50 min left while paused.
    round_ = hall(entry(1, "start", 0), entry(2, "pause", 10, "evacuation"), now_minutes=12)
    assert round_.running_ms() == 10 * 60_000
    found = due(round_, Clock(minutes=60), TABLE, False)
    assert found == [
        (StartClock(type="start_clock", round=ROUND, hall_entry=1,
                    since=TABLE - timedelta(minutes=10)), "Head Judge Tan"),
        (PauseClock(type="pause_clock", reason="the hall is paused: evacuation", round=ROUND,
                    hall_entry=2), "Head Judge Tan")]


def test_the_rounds_running_time_leaves_out_the_halls_pauses() -> None:
    # 10:00 start, 10:10 pause, 10:15 resume, now 10:20: 10 + 5 = 15 minutes run.
    round_ = hall(entry(1, "start", 0), entry(2, "pause", 10, "fire alarm"), entry(3, "resume", 15),
                  entry(4, "announce", 16, "5 minutes' break after the round"), now_minutes=20)
    assert round_.running_ms() == 15 * 60_000
    assert round_.paused is None and round_.resumed == entry(3, "resume", 15)
    assert round_.announcement is not None and round_.announcement.text.startswith("5 minutes")


def test_each_hall_entry_is_followed_once_and_a_judges_own_pause_is_left_alone() -> None:
    started = Clock(minutes=60, started_at=TABLE, round=ROUND, hall_entry=1)
    paused_hall = hall(entry(1, "start", 0), entry(2, "pause", 10, "evacuation"), now_minutes=11)
    assert due(paused_hall, started, TABLE, False) == [
        (PauseClock(type="pause_clock", reason="the hall is paused: evacuation", round=ROUND,
                    hall_entry=2), "Head Judge Tan")]
    followed = started.model_copy(update={"paused_at": TABLE, "paused_round": ROUND,
                                          "hall_entry": 2})
    assert due(paused_hall, followed, TABLE, False) == []
    # The table's judge resumed on their own (the hub out of reach): the pause is not made again.
    judge_resumed = started.model_copy(update={"hall_entry": 2})
    assert due(paused_hall, judge_resumed, TABLE, False) == []
    resumed = hall(entry(1, "start", 0), entry(2, "pause", 10, "evacuation"),
                   entry(3, "resume", 20), now_minutes=21)
    assert due(resumed, followed, TABLE, False) == [
        (ResumeClock(type="resume_clock", round=ROUND, hall_entry=3), "Head Judge Tan")]
    assert due(resumed, judge_resumed, TABLE, False) == []
    # A pause this table's judge made is the judge's to end, not the hall's.
    judges_pause = started.model_copy(update={"paused_at": TABLE, "hall_entry": 2})
    assert due(resumed, judges_pause, TABLE, False) == []


def test_a_game_over_or_without_a_clock_or_before_the_round_records_nothing() -> None:
    running = hall(entry(1, "start", 0), now_minutes=1)
    assert due(running, None, TABLE, False) == []
    assert due(running, Clock(minutes=60), TABLE, True) == []
    assert due(running, Clock(minutes=60, started_at=TABLE, called_at=TABLE), TABLE, False) == []
    assert due(hall(now_minutes=1), Clock(minutes=60), TABLE, False) == []


@pytest.mark.parametrize(("entries", "kind", "text", "said"), [
    ((entry(1, "start", 0),), "start", "", "started already"),
    ((), "pause", "fire", "has not started"),
    ((entry(1, "start", 0), entry(2, "pause", 3, "fire")), "pause", "again", "paused already"),
    ((entry(1, "start", 0),), "resume", "", "not paused"),
    ((entry(1, "start", 0),), "pause", "  ", "why the hall pauses"),
    ((entry(1, "start", 0),), "announce", "", "needs its words"),
    ((entry(1, "start", 0),), "announce", "x" * 301, "at most 300"),
])
def test_the_round_refuses_an_entry_out_of_order(entries: tuple[HallEntry, ...], kind: str,
                                                  text: str, said: str) -> None:
    with pytest.raises(TournamentError, match=said):
        check_entry(hall(*entries, now_minutes=5), kind, text)  # type: ignore[arg-type]


def test_the_engine_starts_the_clock_from_the_rounds_start(sg: Game) -> None:
    # The entry is recorded at 10:00:30; the round started at 10:00:00: 59:30 left at 10:00:30,
    # and the 15-minute mark is crossed at 10:45:00, not 10:45:30.
    at = HUB + timedelta(seconds=30)
    events = sg.do(type="start_clock", round=ROUND, hall_entry=1, since=HUB, at=at)
    assert events == [ev.ClockStarted(minutes=60, at=HUB, round=ROUND, hall_entry=1)]
    assert sg.state is not None and sg.state.clock is not None
    assert remaining_ms(sg.state.clock, at) == 59 * 60_000 + 30_000
    assert sg.state.clock.round == ROUND and sg.state.clock.hall_entry == 1
    crossed = sg.do(type="clock_tick", at=HUB + timedelta(minutes=45))
    assert [e.minutes_left for e in crossed if isinstance(e, ev.AnnouncementMade)] == [15]


def test_the_engine_refuses_a_round_start_in_the_future_or_followed_twice(sg: Game) -> None:
    with pytest.raises(BadInput, match="after this entry"):
        sg.do(type="start_clock", round=ROUND, hall_entry=1, since=HUB + timedelta(seconds=5),
              at=HUB)
    with pytest.raises(BadInput, match="give its `round` too"):
        sg.do(type="start_clock", since=HUB, at=HUB)
    sg.do(type="start_clock", round=ROUND, hall_entry=1, since=HUB, at=HUB)
    sg.do(type="pause_clock", reason="the hall is paused: evacuation", round=ROUND,
          hall_entry=2, actor=JUDGE, at=HUB + timedelta(minutes=10))
    sg.do(type="resume_clock", actor=JUDGE, at=HUB + timedelta(minutes=12))  # the table's judge
    refused(sg, TIME, type="pause_clock", reason="again", round=ROUND, hall_entry=2,
            actor=JUDGE, at=HUB + timedelta(minutes=13))


def test_the_halls_resume_ends_only_the_halls_pause(sg: Game) -> None:
    sg.do(type="start_clock", at=HUB)
    sg.do(type="pause_clock", reason="a dispute at the table", actor=JUDGE,
          at=HUB + timedelta(minutes=5))
    refused(sg, TIME, type="resume_clock", round=ROUND, hall_entry=3, actor=JUDGE,
            at=HUB + timedelta(minutes=6))
    sg.do(type="resume_clock", actor=JUDGE, at=HUB + timedelta(minutes=7))
    # 2 minutes paused: 60 - 10 + 2 = 52 minutes left at 10:10.
    assert sg.state is not None and sg.state.clock is not None
    assert remaining_ms(sg.state.clock, HUB + timedelta(minutes=10)) == 52 * 60_000


def test_a_table_that_missed_the_pause_and_its_resume_records_both_at_the_halls_times() -> None:
    # The hall: start 10:00, paused 10:10:00, resumed 10:10:43, the hub reads 10:20. The table
    # (its laptop 32 s behind: it reads 10:19:28) was off from 10:05 to 10:19: it records the
    # pause at 10:09:28 and the resume at 10:10:11 its time, 43 s apart, given back.
    resumed = hall(entry(1, "start", 0), entry(2, "pause", 10, "fire alarm"),
                   HallEntry(number=3, kind="resume", at=HUB + timedelta(minutes=10, seconds=43),
                             by="Head Judge Lim"), now_minutes=20)
    started = Clock(minutes=60, started_at=TABLE, round=ROUND, hall_entry=1)
    now = TABLE + timedelta(minutes=20)
    assert due(resumed, started, now, False) == [
        (PauseClock(type="pause_clock", reason="the hall is paused: fire alarm", round=ROUND,
                    hall_entry=2, since=TABLE + timedelta(minutes=10)), "Head Judge Tan"),
        (ResumeClock(type="resume_clock", round=ROUND, hall_entry=3,
                     since=TABLE + timedelta(minutes=10, seconds=43)), "Head Judge Lim")]
    # A clock started at the table by its judge (not with the round) is left alone.
    own = started.model_copy(update={"round": None, "hall_entry": 0})
    assert [c.type for c, _ in due(resumed, own, now, False)] == []
