"""What the hall display shows, as plain data: the stage's standings (position, name, score,
status; never a contact), the tables of its current draw, and the stage's round with its clock
(from the hub). Read from the hub through the
head judge's reader when a hub is set, else from the tournament service. No Qt here: the
poller runs it on a thread of its own."""

from __future__ import annotations

from dataclasses import dataclass

from app.tournament import service as tournaments
from app.tournament.hall import round_length
from models.plural import counted
from models.tournament.hall_clock import HallRound
from models.tournament.hall_time import HallTime, hall_time
from models.tournament.records import Tournament
from models.tournament.standings import StageStandings
from ui.head_judge.reader import HallReader, Standings, StandingsLine


@dataclass(frozen=True)
class Line:
    """One player's line in the standings as the hall reads it."""

    position: str
    name: str
    score: str
    status: str
    advances: bool


@dataclass(frozen=True)
class TableLine:
    """One table of the current draw: its number and the names in seat order."""

    number: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class HallBoard:
    """One reading for the hall: the heading, the standings and the tables, and the stage's
    round as the hub holds it with its clock (None without a hub, or an untimed game)."""

    heading: str
    note: str  # "provisional: tables 1, 2 to report", "decided: every result is in", or why
    # nothing shows
    lines: tuple[Line, ...]
    tables: tuple[TableLine, ...]
    round: HallRound | None = None
    clock: HallTime | None = None


STANDINGS_TO_FOLLOW = "standings to follow"  # the hall's words for standings not readable


def line(found: StandingsLine) -> Line:
    """A standings line in the hall's words (only the fields a spectator may see)."""
    score = "" if found.score is None else f"{found.score:,}"
    return Line(position=found.position, name=found.name, score=score, status=found.status,
                advances=found.advances)


def note(standings: Standings) -> str:
    """Whether the standings are final, and which tables have still to report."""
    if standings.awaiting:
        tables = ", ".join(str(n) for n in standings.awaiting)
        return f"provisional: {counted(len(standings.awaiting), 'table')} to report ({tables})"
    return ("decided: every result is in" if standings.decided  # never "final": a stage
            else "provisional: a tie for the head judge to rule")


def tables(t: Tournament, stage: str) -> tuple[TableLine, ...]:
    """The tables of the stage's current draw, names as at the table (none before the draw)."""
    made = t.draw(stage)
    if made is None:
        return ()
    return tuple(TableLine(number=n.number, seats=tuple(t.seat_name(p) for p in n.players))
                 for n in made.tables)


def from_file(tid: str, stage: str | None = None) -> HallBoard:
    """The hall's reading from the tournament service's file; raises BankerError (an unknown
    tournament or stage)."""
    t = tournaments.load(tid)
    name = stage or tournaments.current_stage(t)
    if name is None:
        return HallBoard(heading=t.name, note="no stage is drawn yet", lines=(), tables=())
    return from_standings(t, tournaments.standings_of(t, name))


def from_standings(t: Tournament, found: StageStandings) -> HallBoard:
    """The hall's reading of a stage's standings already made (`from_file`'s, a screenshot's):
    the lines in the ranking's own words."""
    lines = tuple(Line(
        position="" if r.position is None else f"{'=' if r.tied else ''}{r.position}",
        name=r.name, score="" if r.score is None else f"{r.score:,}", status=r.status,
        advances=r.advances) for r in found.rows)
    shown = Standings(tournament=t.name, stage=found.stage, lines=(), awaiting=found.awaiting,
                      ties=(), close_calls=(), decided=found.decided)
    return HallBoard(heading=f"{t.name} · {found.stage}", note=note(shown), lines=lines,
                     tables=tables(t, found.stage))


def from_hub(reader: HallReader) -> HallBoard:
    """The hall's reading from the hub through the head judge's reader; raises HubError."""
    hall = reader.read()
    standings = hall.standings
    found = hall.round.hall if hall.round is not None else None
    clock: HallTime | None = None
    t = tournaments.load(reader.tournament, reader.hub_url) if reader.tournament else None
    if t is not None and found is not None:
        minutes, marks = round_length(t)
        clock = hall_time(found, minutes, marks) if minutes else None
    if standings is None:
        # The hall reads no technical words (the reader's problem names the hub): the
        # standings are simply still to come.
        return HallBoard(heading=t.name if t is not None else "", lines=(), tables=(),
                         note=STANDINGS_TO_FOLLOW, round=found, clock=clock)
    drawn = tables(t, standings.stage) if t is not None else ()
    return HallBoard(heading=f"{standings.tournament} · {standings.stage}",
                     note=note(standings), lines=tuple(line(s) for s in standings.lines),
                     tables=drawn, round=found, clock=clock)


class HallSource:
    """How the display reads the hall: from the hub when one is set (the head judge's reader,
    its connections kept between readings), else the tournament's file."""

    def __init__(self, tid: str, stage: str | None = None, hub: str | None = None) -> None:
        self.tid, self.stage, self.hub = tid, stage, hub
        self._reader = HallReader(hub, tid, stage) if hub is not None else None

    def read(self) -> HallBoard:
        """One reading; raises BankerError (HubError when the hub cannot be read)."""
        if self._reader is None:
            return from_file(self.tid, self.stage)
        return from_hub(self._reader)

    def close(self) -> None:
        """Release the hub's connections (a later `read` opens them again)."""
        if self._reader is not None:
            self._reader.close()
