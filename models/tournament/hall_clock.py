"""The hall's round clock: the head judge's entries for a stage's round (start, pause, resume,
announce), kept on the hub, and what each table's own clock records to follow them.

The head judge starts a stage's round once for every table. Each table records the start in
its own ledger, its clock counting from the round's start (a table that starts late has lost
the time it was late, as a late player at a chess round does: RULES.md is silent, see
docs/decisions.md). A hall pause (an evacuation) and its resume are recorded by each table as
it sees them; a pause this table's judge made stays theirs. Announcements are shown, not
recorded: they change no amount and no time.

Times: an entry's `at` and the hall's `now` are the hub's clock, never a laptop's; a table
turns them into its own time by the round's running time (hub now less the round's start and
pauses), so laptops whose clocks differ by seconds still agree on the time left."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from models.commands import PauseClock, ResumeClock, StartClock
from models.state import Clock
from models.tournament.records import TournamentError

Kind = Literal["start", "pause", "resume", "announce"]
KINDS: tuple[Kind, ...] = ("start", "pause", "resume", "announce")
MAX_TEXT = 300
"""An announcement or a pause's reason is a line the hall reads, not a speech."""


class HallEntry(BaseModel):
    """One entry of a round: its number on the hub (increasing), what, when (the hub's time),
    the words (an announcement, a pause's reason), by which head judge."""

    model_config = ConfigDict(frozen=True)

    number: int = Field(ge=1)
    kind: Kind
    at: datetime
    text: str = ""
    by: str
    before_signatures: bool = False  # held on the hub before its entries were signed


def round_id(tournament: str, stage: str) -> str:
    """The round's name in each table's ledger: the tournament's id and the stage."""
    return f"{tournament}/{stage}"


class HallRound(BaseModel):
    """A stage's round as its entries stand at the hub's `now`."""

    model_config = ConfigDict(frozen=True)

    round: str
    entries: tuple[HallEntry, ...] = ()  # the entries followed: signed, in the round's chain
    now: datetime
    # The rows on the hub not followed (no judge signed them, a seal that fails, one out of
    # the chain), each in words: shown to the head judge and in round-status, never obeyed.
    problems: tuple[str, ...] = ()

    @property
    def started(self) -> HallEntry | None:
        """The round's start (None: not started)."""
        return next((e for e in self.entries if e.kind == "start"), None)

    @property
    def paused(self) -> HallEntry | None:
        """The hall's pause in force (None: running, or not started)."""
        last = None
        for entry in self.entries:
            if entry.kind in ("pause", "resume"):
                last = entry
        return last if last is not None and last.kind == "pause" else None

    @property
    def resumed(self) -> HallEntry | None:
        """The last resume, when the hall runs again after a pause."""
        last = next((e for e in reversed(self.entries) if e.kind in ("pause", "resume")), None)
        return last if last is not None and last.kind == "resume" else None

    @property
    def announcement(self) -> HallEntry | None:
        """The head judge's latest announcement."""
        return next((e for e in reversed(self.entries) if e.kind == "announce"), None)

    def running_ms(self) -> int:
        """Milliseconds the round has run at the hub's `now`: since its start, less the hall's
        pauses (0 before it starts)."""
        start = self.started
        if start is None:
            return 0
        paused_ms, paused_at = 0, None
        for entry in self.entries:
            if entry.kind == "pause" and paused_at is None:
                paused_at = entry.at
            elif entry.kind == "resume" and paused_at is not None:
                paused_ms += _ms(entry.at - paused_at)
                paused_at = None
        end = paused_at or self.now
        return max(0, _ms(end - start.at) - paused_ms)


def _ms(delta: timedelta) -> int:
    return delta // timedelta(milliseconds=1)


def check_entry(hall: HallRound, kind: Kind, text: str) -> None:
    """Refuse (TournamentError) an entry the round's entries so far do not allow: a second
    start, a pause before the start or while paused, a resume while running, an
    announcement or a pause without words."""
    if kind not in KINDS:
        raise TournamentError(f"a round's entry is one of {', '.join(KINDS)}, not {kind!r}")
    words = text.strip()
    if len(words) > MAX_TEXT:
        raise TournamentError(f"at most {MAX_TEXT} characters, not {len(words)}")
    start = hall.started
    if kind == "start" and start is not None:
        raise TournamentError(f"the round {hall.round} started already, at "
                              f"{start.at:%H:%M:%S} by {start.by}")
    if kind in ("pause", "resume") and start is None:
        raise TournamentError(f"the round {hall.round} has not started: nothing to {kind}")
    if kind == "pause" and hall.paused is not None:
        raise TournamentError(f"the hall is paused already ({hall.paused.text}, "
                              f"{hall.paused.at:%H:%M:%S})")
    if kind == "resume" and hall.paused is None:
        raise TournamentError("the hall is not paused: nothing to resume")
    if kind in ("pause", "announce") and not words:
        raise TournamentError("say why the hall pauses" if kind == "pause" else
                              "an announcement needs its words")


def due(hall: HallRound, clock: Clock | None, now: datetime, over: bool
        ) -> list[tuple[StartClock | PauseClock | ResumeClock, str]]:
    """What a table's clock records to follow the hall at the table's `now` (its own time),
    each with the head judge it is recorded by: the start (its clock counting from the round's
    start), the hall's pause, the hall's resume. Each hall entry is followed once (the clock
    keeps the last one followed), so a table judge's own resume is never undone."""
    start = hall.started
    if clock is None or over or clock.called_at is not None or start is None:
        return []
    out: list[tuple[StartClock | PauseClock | ResumeClock, str]] = []
    paused = hall.paused
    if clock.started_at is None:
        since = now - timedelta(milliseconds=hall.running_ms())
        out.append((StartClock(type="start_clock", round=hall.round, hall_entry=start.number,
                               since=since), start.by))
        if paused is not None:
            out.append((_pause(hall, paused), paused.by))
        return out
    if clock.paused_at is None and clock.round == hall.round:
        out += _missed(hall, clock, now)
    if (paused is not None and paused.number > clock.hall_entry and clock.paused_at is None):
        out.append((_pause(hall, paused), paused.by))
    resumed = hall.resumed
    if (resumed is not None and resumed.number > clock.hall_entry
            and clock.paused_at is not None and clock.paused_round == hall.round):
        out.append((ResumeClock(type="resume_clock", round=hall.round,
                                hall_entry=resumed.number), resumed.by))
    return out


def _missed(hall: HallRound, clock: Clock, now: datetime
            ) -> list[tuple[StartClock | PauseClock | ResumeClock, str]]:
    """The hall's pauses this running table missed with their resumes (its laptop off, the hub
    away): each recorded now at the hall's own times, turned into this table's time by the
    hub's `now`, so the paused time is given back, never silently lost."""
    out: list[tuple[StartClock | PauseClock | ResumeClock, str]] = []
    pause: HallEntry | None = None
    for entry in hall.entries:
        if entry.number <= clock.hall_entry:
            continue
        if entry.kind == "pause":
            pause = entry
        elif entry.kind == "resume" and pause is not None:
            # Never before the clock's start (laptops' clocks differ by a second or two).
            paused_at = _here(hall, pause.at, now)
            paused_at = max(paused_at, clock.started_at or paused_at)
            resumed_at = max(_here(hall, entry.at, now), paused_at)
            out.append((_pause(hall, pause).model_copy(update={"since": paused_at}), pause.by))
            out.append((ResumeClock(type="resume_clock", round=hall.round,
                                    hall_entry=entry.number, since=resumed_at), entry.by))
            pause = None
    return out


def _here(hall: HallRound, at: datetime, now: datetime) -> datetime:
    """The hub's time `at` in this table's time (`now` is the table's time of the hub's)."""
    return now - (hall.now - at)


def _pause(hall: HallRound, entry: HallEntry) -> PauseClock:
    return PauseClock(type="pause_clock", reason=f"the hall is paused: {entry.text}",
                      round=hall.round, hall_entry=entry.number)


def not_started(hall: HallRound, clock_started: bool) -> bool:
    """Whether a table is to be flagged: the round has started and its clock has not."""
    return hall.started is not None and not clock_started

