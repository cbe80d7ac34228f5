"""The roll call before a draw (models.tournament.checkin): present and absent marks, standbys
called in for absent qualifiers (a judge's decision, signed)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from app.games.folder import utc_now
from app.tournament.judging import Judge, Sleep
from app.tournament.keeping import Now, load, update
from models.tournament.changes import call_standby as _call_standby
from models.tournament.changes import check_in as _check_in
from models.tournament.changes import mark_absent as _mark_absent
from models.tournament.checkin import RollCallLine
from models.tournament.checkin import roll_call as _roll_call
from models.tournament.records import Tournament


def roll_call(tid: str, stage: str) -> tuple[RollCallLine, ...]:
    """The stage's entrants with their marks: present, absent, standby, withdrawn, unmarked."""
    return roll_call_of(load(tid), stage)


def roll_call_of(t: Tournament, stage: str) -> tuple[RollCallLine, ...]:
    """`roll_call` of a tournament already read."""
    return _roll_call(t, stage)


def check_in(tid: str, stage: str, players: Sequence[str], by: str,
             now: Now = utc_now) -> Tournament:
    """Mark the stage's entrants present; the draw then seats those present."""
    return update(tid, lambda t: _check_in(t, stage, list(players), by, now()),
                   f"{stage}: checked in by {by}")


def mark_absent(tid: str, stage: str, players: Sequence[str], by: str,
                now: Now = utc_now) -> Tournament:
    """Mark players absent from the stage's round (a draw that seated them is superseded)."""
    return update(tid, lambda t: _mark_absent(t, stage, list(players), by, now()),
                   f"{stage}: marked absent by {by}")


def call_standby(tid: str, stage: str, absent: str, judge: Judge | None,
                 standby: str | None = None, now: Now = utc_now,
                 sleep: Sleep = time.sleep) -> Tournament:
    """Call in the standby next in line (or `standby`, if next in line) for `absent`'s seat: a
    judge's decision, signed by `judge` (name, PIN)."""
    by = judge[0] if judge is not None else "the desk"
    return update(tid, lambda t: _call_standby(t, stage, absent, by, now(), standby),
                   f"{stage}: standby called in by {by}", judge, sleep)
