"""The hall's round as the projector shows it (models/tournament/hall_time.py). Amounts by
hand: an SG game is 60 minutes; a round started at 09:00 and read at 09:15:30 has 44:30 left;
paused from 09:20 to 09:25, at 09:30 it has run 25 minutes: 35:00 left."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from models.tournament.hall_clock import HallEntry, HallRound
from models.tournament.hall_time import hall_time, mark_passed

START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
HEAD = "Head Judge Tan"


def entry(number: int, kind: str, minutes: float, text: str = "") -> HallEntry:
    return HallEntry(number=number, kind=kind, at=START + timedelta(minutes=minutes),  # type: ignore[arg-type]
                     text=text, by=HEAD)


def hall(now_minutes: float, *entries: HallEntry) -> HallRound:
    return HallRound(round="cup/Qualifying", entries=entries,
                     now=START + timedelta(minutes=now_minutes))


def test_before_the_start_the_whole_game_is_left_and_the_clock_stands() -> None:
    clock = hall_time(hall(-5), 60)
    assert (clock.phase, clock.left_ms) == ("waiting", 60 * 60_000)
    assert clock.left_after(90_000) == 60 * 60_000


def test_the_time_left_is_the_games_length_less_the_rounds_running_time() -> None:
    clock = hall_time(hall(15.5, entry(1, "start", 0)), 60)
    assert (clock.phase, clock.left_ms) == ("running", 44 * 60_000 + 30_000)
    assert clock.left_after(30_000) == 44 * 60_000
    assert clock.left_after(60 * 60_000) == 0 and clock.phase_at(0) == "time"


def test_a_pause_stands_the_clock_with_its_reason_and_a_resume_runs_it_again() -> None:
    paused = hall_time(hall(22, entry(1, "start", 0), entry(2, "pause", 20, "fire alarm")), 60)
    assert (paused.phase, paused.left_ms, paused.pause) == ("paused", 40 * 60_000, "fire alarm")
    assert paused.left_after(120_000) == 40 * 60_000
    resumed = hall_time(hall(30, entry(1, "start", 0), entry(2, "pause", 20, "fire alarm"),
                             entry(3, "resume", 25)), 60)
    assert (resumed.phase, resumed.left_ms, resumed.pause) == ("running", 35 * 60_000, None)


def test_the_latest_announcement_is_shown_with_its_time() -> None:
    clock = hall_time(hall(12, entry(1, "start", 0), entry(2, "announce", 5, "Room B opens"),
                           entry(3, "announce", 10, "The final's draw is at 11:00")), 60)
    assert clock.announcement == "The final's draw is at 11:00"
    assert clock.announced_at == START + timedelta(minutes=10)


def test_after_the_games_length_it_is_time() -> None:
    clock = hall_time(hall(61, entry(1, "start", 0)), 60)
    assert (clock.phase, clock.left_ms) == ("time", 0)


def test_each_mark_is_passed_once_and_only_the_last_of_several_passed_at_once() -> None:
    marks = (15, 10, 5, 1)
    assert mark_passed(None, 14 * 60_000, marks) is None  # opened late: no history sounded
    assert mark_passed(15 * 60_000 + 1, 15 * 60_000, marks) == 15
    assert mark_passed(15 * 60_000, 14 * 60_000, marks) is None
    assert mark_passed(11 * 60_000, 4 * 60_000, marks) == 5
    assert mark_passed(60_001, 59_000, marks) == 1
    assert mark_passed(1_000, 0, marks) == "time"
    assert mark_passed(0, 0, marks) is None
    assert mark_passed(14 * 60_000, 16 * 60_000, marks) is None  # a later reading: not passed
