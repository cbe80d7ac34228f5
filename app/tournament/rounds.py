"""The hall's round clock: the head judge starts a stage's round for every table at once, pauses
and resumes the hall, and makes announcements, through the hub; each table's window follows,
recording the start, the pauses and the resumes in its own ledger (models.tournament.hall_clock
decides what and when; app.hub.rounds stores the entries)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.hub.errors import HubError
from app.hub.hub import Hub, hub_url
from app.hub.rounds import (
    ClockStart,
    add_entry,
    clock_starts,
    hall_followed,
    openings,
    read_round,
    round_mark,
)
from app.tournament.hub_store import HubTournaments
from models.tournament.hall_clock import HallEntry, HallRound, Kind, due, not_started
from models.tournament.records import Tournament, TournamentError

if TYPE_CHECKING:
    from app.ledger import StoredEvent
    from app.table.service import TableGame

Sleep = Callable[[float], None]
REREAD_S = 600.0
"""A table following the round reads it whole at least this often, changed or not: for what
the round's mark cannot see (a row changed in place, which only someone who turned the hub's
append-only triggers off can do)."""


def _hub(url: str | None) -> Hub:
    found = hub_url(url)
    if found is None:
        raise HubError("the hall's round runs through the hub: give --hub or set BANKER_HUB_URL")
    return Hub.open(found)


def _on_hub(hub: Hub, tid: str) -> Tournament:
    found = HubTournaments(hub).get(tid)
    if found is None:
        raise TournamentError(f"tournament {tid!r} is not on the hub at {hub.location}: the "
                              "hall's round needs it there (banker tournament push)")
    return found


def record(tid: str, stage: str, kind: Kind, words: str, judge: str, pin: str,
           hub: str | None = None, sleep: Sleep = time.sleep) -> HallRound:
    """The head judge's entry in the stage's round: "start" (every table's clock starts from
    it), "pause" (the hall stops: `words` say why), "resume", "announce" (`words` shown on every
    table's window and display). Raises JudgeAuthError, TournamentError, HubError."""
    with _hub(hub) as opened:
        t = _on_hub(opened, tid)
        name = t.stage(stage).name
        if kind == "start" and t.draw(name) is None:
            raise TournamentError(f"the {name} is not drawn yet: no tables to start")
        return add_entry(opened, tid, name, kind, words, judge, pin, sleep)


@dataclass(frozen=True)
class TableClock:
    """One drawn table of the round as the hub shows it: its game's copy, the clock start the
    copy holds, and whether it is flagged (the round has started and its clock has not)."""

    table: int
    game_id: str | None
    start: ClockStart | None
    flagged: bool
    followed: frozenset[int] = frozenset()  # the hall's entries its copy followed

    def pauses(self, hall: HallRound) -> list[tuple[HallEntry, bool]]:
        """The hall's pauses since this table's clock started with the round, each with
        whether the table's copy on the hub followed it (empty: a clock not with the round)."""
        if self.start is None or self.start.round != hall.round:
            return []
        return [(e, e.number in self.followed) for e in hall.entries if e.kind == "pause"]

    def words(self, hall: HallRound) -> str:
        """The table's clock in a few words, for the head judge's list."""
        if self.start is None:
            return ("CLOCK NOT STARTED" if self.flagged else "waiting for the round"
                    ) + ("" if self.game_id else " (no game on the hub)")
        at = f"{self.start.at.astimezone():%H:%M:%S}"
        if self.start.round != hall.round:
            return f"started at the table at {at}, not with the round"
        pauses = [f"followed the pause of {e.at.astimezone():%H:%M:%S}" if done else
                  f"the pause of {e.at.astimezone():%H:%M:%S} NOT followed yet"
                  for e, done in self.pauses(hall)]
        return "; ".join([f"with the round ({at})", *pauses])


@dataclass(frozen=True)
class RoundStatus:
    """The stage's round and each drawn table's clock."""

    hall: HallRound
    tables: tuple[TableClock, ...]

    @property
    def flagged(self) -> tuple[int, ...]:
        """The tables whose clock has not started while the round has."""
        return tuple(t.table for t in self.tables if t.flagged)


def status(tid: str, stage: str, hub: str | None = None) -> RoundStatus:
    """The round as the head judge's window shows it."""
    with _hub(hub) as opened:
        return status_on(opened, _on_hub(opened, tid), stage)


def status_on(hub: Hub, t: Tournament, stage: str) -> RoundStatus:
    """The round of tournament `t`'s `stage` on an open hub (a window keeps its hub open)."""
    name = t.stage(stage).name
    hall = read_round(hub, t.id, name)
    made = t.draw(name)
    numbers = [n.number for n in made.tables] if made is not None else []
    games = _games_of(hub, t, name)
    starts = clock_starts(hub, games.values())
    followed = hall_followed(hub, games.values())
    tables = []
    for number in numbers:
        game_id = games.get(number)
        start = starts.get(game_id) if game_id is not None else None
        tables.append(TableClock(number, game_id, start, not_started(hall, start is not None),
                                 followed.get(game_id or "", frozenset())))
    return RoundStatus(hall, tuple(tables))


def _games_of(hub: Hub, t: Tournament, stage: str) -> dict[int, str]:
    """Each drawn table's game on the hub: the one the tournament records, else the first game
    whose opening names the tournament, the stage and the table (not yet taken in)."""
    found = {g.table: g.game_id for g in t.games if g.stage == stage and g.game_id}
    for game_id, opening in openings(hub):
        if opening.get("tournament") != t.name or opening.get("round") != stage:
            continue
        number = str(opening.get("table", ""))
        if number.isdigit():
            found.setdefault(int(number), game_id)
    return found


class RoundFollower:
    """A table's window following the hall's round of its game: the hub kept open, the
    tournament found once by the game's opening (its tournament's name and round)."""

    def __init__(self, hub: Hub, tid: str, stage: str) -> None:
        self.hub, self.tid, self.stage = hub, tid, stage
        # The round as last read whole, what its rows were then, and when (monotonic).
        self._held: tuple[tuple[int, int, int], HallRound, float] | None = None

    @classmethod
    def for_game(cls, game: TableGame, url: str | None = None) -> RoundFollower | None:
        """The follower of `game`'s round: None when no hub is set, the game is not a
        tournament's, or the hub holds no tournament of that name with that stage. Raises
        HubUnreachable when the hub does not answer (the window tries again later)."""
        if hub_url(url) is None or game.game_id is None:
            return None
        return cls.for_opening(game.ledger.commands(game.game_id, upto=1)[0].payload, url)

    @classmethod
    def for_opening(cls, opening: Mapping[str, Any], url: str | None = None
                    ) -> RoundFollower | None:
        """As `for_game`, from the game's opening (its new_game's payload) read beforehand: a
        window reads it on its own thread, then looks for the round on the polling thread
        (the game's ledger stays on the window's thread). Raises HubUnreachable."""
        found = hub_url(url)
        name, stage = opening.get("tournament"), opening.get("round")
        if found is None or not name or not stage:
            return None
        hub = Hub.open(found)
        try:
            held = HubTournaments(hub)
            for tid in held.ids():
                t = held.get(tid)
                if t is not None and t.name == name and any(s.name == stage for s in t.stages):
                    return cls(hub, tid, stage)
        except BaseException:
            hub.close()
            raise
        hub.close()
        return None

    def read(self) -> HallRound:
        """The round as it stands on the hub (off the window's thread: it waits for the
        network). Its rows are read and their seals checked again only when a row or a judge's
        key was added (a key registered since may make a seal good), or REREAD_S after the last
        such reading; between those, one statement says nothing changed. Raises
        HubUnreachable."""
        mark, at = round_mark(self.hub, self.tid, self.stage)
        held = self._held
        if held is not None and held[0] == mark and time.monotonic() - held[2] < REREAD_S:
            return held[1].model_copy(update={"now": at})
        hall = read_round(self.hub, self.tid, self.stage)
        self._held = (mark, hall, time.monotonic())
        return hall

    def follow(self, game: TableGame, hall: HallRound) -> list[StoredEvent]:
        """Record in `game` what the hall's round asks of its clock now (on the window's
        thread, as every entry is). Raises what recording raises (BankerError, LedgerError)."""
        state = game.state
        if state is None:
            return []
        written: list[StoredEvent] = []
        over = state.locked or state.ended is not None
        for command, by in due(hall, state.clock, game.now(), over):
            written += game.follow_hall(command, by)
        return written

    def close(self) -> None:
        """Release the hub's connections."""
        self.hub.close()


def flag(hall: HallRound, game: TableGame) -> str | None:
    """The table's own flag: the round has started and this game's clock has not (a game with
    no clock, or one the hall's start could not be recorded in)."""
    clock = game.state.clock if game.state is not None else None
    started = clock is not None and clock.started_at is not None
    if hall.started is None or not not_started(hall, started):
        return None
    why = ("this game has no clock: a judge sets its length" if clock is None
           else "its clock has not started")
    return (f"The hall's round started at {hall.started.at.astimezone():%H:%M:%S}; {why}. "
            "Call a judge.")

