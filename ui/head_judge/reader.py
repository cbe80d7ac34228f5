"""What the head judge's window shows, read from the hub: one TableRow a game, and the stage's
standings from the tournament service. No Qt here: the poller runs it on a thread of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from app.hub import Hub, HubError, HubUnreachable, Refusal, TableOnHub
from app.hub.games import HubGames
from app.hub.versions import odd_versions
from app.review import service as review
from app.table import actions
from app.table.service import TableGame
from app.tournament import rounds
from app.tournament import service as tournaments
from app.tournament.hub_store import HubTournaments
from models.errors import BadInput, BankerError
from models.plural import counted

Clock = Callable[[], datetime]

STALLED_AMBER_S = 3 * 60
"""A table in play with no entry for this long stands out amber..."""
STALLED_RED_S = 10 * 60
"""...and red after this long (a table may think for a while; ten minutes is a stopped game)."""


@dataclass(frozen=True)
class GameFacts:
    """What one game's state on the hub says (read again only when the hub holds new entries)."""

    entries: int
    turn: int | None
    players: tuple[str, ...]
    ended: str | None
    winner: str | None
    disputes_open: int
    clock_minutes: int | None
    clock_started: bool
    clock_paused: bool
    time_called: bool
    problem: str | None = None  # why the hub's copy could not be read or does not verify


@dataclass(frozen=True)
class TableRow:
    """One table as the head judge sees it at `now`."""

    game_id: str
    label: str
    entries: int
    age_s: float | None
    time_left_ms: int | None
    facts: GameFacts | None
    diverged: str | None
    refused: str | None  # the last refused batch's reason, when the hub refused any
    refusals: int
    ruling: str | None = None  # "judge: reason" once the head judge ruled on the divergence
    round_clock: str | None = None  # the table's clock in the hall's round (TableClock.words)
    round_flag: str | None = None  # why the round flags it: its clock has not started
    broken: str | None = None  # "broken at entry N: why": the hub's own rows do not check out
    clock_off: str | None = None  # its laptop's clock more than a minute from the hub's
    version: str | None = None  # the app's version its entries last name (None: not recorded)
    other_version: str | None = None  # "OTHER VERSION: …" when not on the hall's version

    @property
    def finished(self) -> bool:
        return self.facts is not None and self.facts.ended is not None

    @property
    def flagged(self) -> str | None:
        """Why the row is red, or None: a copy whose chain the hub found broken, diverged,
        refused batches, a copy that cannot be read, the round's flag, a laptop clock off."""
        if self.broken:
            return f"the hub's copy is {self.broken}"
        if self.diverged:
            # Ruled on (the hub's flag stays, ruled): settled, so no longer red nor counted.
            return self.round_flag if self.ruling else f"DIVERGED: {self.diverged}"
        if self.refused:
            return f"{self.refusals} batch{'es' * (self.refusals > 1)} refused: {self.refused}"
        if self.facts is not None and self.facts.problem:
            return f"the hub's copy does not read: {self.facts.problem}"
        return self.round_flag or self.clock_off

    @property
    def settled(self) -> str | None:
        """A divergence the head judge ruled on, in words (shown, not flagged), or None."""
        if self.diverged and self.ruling and not self.broken:
            return f"DIVERGED, ruled by {self.ruling}: {self.diverged}"
        return None

    @property
    def stall(self) -> str | None:
        """'red' or 'amber' for a table in play with no entry for a while; None otherwise."""
        if self.finished or self.age_s is None:
            return None
        if self.age_s > STALLED_RED_S:
            return "red"
        return "amber" if self.age_s > STALLED_AMBER_S else None


@dataclass(frozen=True)
class StandingsLine:
    position: str
    name: str
    table: int
    score: int | None
    place: int | None
    wins: int
    status: str
    advances: bool


@dataclass(frozen=True)
class Standings:
    """The stage's standings as the tournament service gives them (never worked out here)."""

    tournament: str
    stage: str
    lines: tuple[StandingsLine, ...]
    awaiting: tuple[int, ...]
    ties: tuple[str, ...]  # "Ann, Bob level on 1800 (positions 4-5)"
    close_calls: tuple[str, ...]
    decided: bool


@dataclass(frozen=True)
class Hall:
    """One reading of the hub: every table, the standings (when a tournament is followed), when
    it was read and how long the reading took."""

    at: datetime
    rows: tuple[TableRow, ...]
    standings: Standings | None = None
    standings_problem: str | None = None
    read_ms: float = 0.0
    notes: tuple[str, ...] = field(default=())
    round: rounds.RoundStatus | None = None  # the followed stage's round, when there is one
    round_stage: str | None = None
    round_problem: str | None = None  # why the round could not be read (not the hub's outage)
    round_unlisted: tuple[str, ...] = ()  # flagged drawn tables with no game on the hub
    # The judges' decisions no reader follows (no judge's signature, or one that does not
    # verify): the hub's notes and rulings, the round's rows, the tournament's; each in words.
    not_followed: tuple[str, ...] = ()

    @property
    def flagged(self) -> int:
        """The tables flagged: rows, and drawn tables with no game on the hub to list."""
        return sum(r.flagged is not None for r in self.rows) + len(self.round_unlisted)


class HallReader:
    """Reads the hub again and again: each game is opened once (read-only, one connection pool
    for them all) and folded again only when the hub holds new entries of it.

    Raises HubError (HubUnreachable when the hub cannot be used just now) from `read`."""

    def __init__(self, hub_url: str, tournament: str | None = None, stage: str | None = None,
                 now: Clock | None = None, opener: Callable[[str], Hub] | None = None) -> None:
        self.hub_url = hub_url
        self.opener = opener or (lambda url: Hub.open(url, self.now))
        self.tournament = tournament
        self.stage = stage
        self.now = now or (lambda: datetime.now(UTC))
        self._hub: Hub | None = None
        self._games = HubGames(hub_url, self.now)
        self._facts: dict[str, GameFacts] = {}

    def read(self) -> Hall:
        """Every table on the hub, as of now; raises HubError."""
        started = datetime.now(UTC)
        hub = self._open()
        try:
            tables = hub.tables()
            marks_passed = tuple(p.words for p in hub.judged().problems)
            refusals = hub.refusals()
        except HubError:
            self.close()  # the next reading connects afresh
            raise
        last_refused: dict[str, Refusal] = {r.game_id: r for r in refusals}
        now = self.now()
        rows = _with_versions(tuple(self._row(t, last_refused.get(t.game_id), now)
                                    for t in tables))
        found, stage, round_problem = self._round(hub)
        rows, unlisted = _with_round(rows, found)
        standings, problem, passed = self._standings(now)
        took = (datetime.now(UTC) - started).total_seconds() * 1000
        in_round = found.hall.problems if found is not None else ()
        return Hall(at=now, rows=rows, standings=standings, standings_problem=problem,
                    read_ms=took, round=found, round_stage=stage, round_problem=round_problem,
                    round_unlisted=unlisted, not_followed=marks_passed + in_round + passed)

    def _round(self, hub: Hub) -> tuple[rounds.RoundStatus | None, str | None, str | None]:
        """The followed stage's round on the hub (the stage given, else the last drawn), with
        the reader's open hub; a problem of the tournament's is said, the hub's outage raised."""
        if self.tournament is None:
            return None, None, None
        try:
            t = HubTournaments(hub).get(self.tournament)
            if t is None:
                return None, None, (f"tournament {self.tournament} is not on the hub: the "
                                    "hall's round needs it there (banker tournament push)")
            drawn = [s.name for s in t.stages if t.draw(s.name) is not None]
            stage = t.stage(self.stage).name if self.stage else (drawn[-1] if drawn else None)
            if stage is None:
                return None, None, f"{t.name}: no stage is drawn yet, no round to start"
            return rounds.status_on(hub, t, stage), stage, None
        except HubUnreachable:
            self.close()  # the next reading connects afresh
            raise
        except BankerError as e:
            return None, None, str(e)

    def _open(self) -> Hub:
        if self._hub is None:
            self._hub = self.opener(self.hub_url)
        return self._hub

    def _row(self, table: TableOnHub, refusal: Refusal | None, now: datetime) -> TableRow:
        facts = self._facts_of(table) if table.entries else None
        game = self._games.known(table.game_id)
        left = actions.time_left_ms(game) if game is not None and not (
            facts and facts.problem) else None
        return TableRow(
            game_id=table.game_id, label=table.label or f"game {table.game_id}",
            entries=table.entries, age_s=table.age_seconds(now), time_left_ms=left,
            facts=facts, diverged=table.diverged,
            refused=refusal.reason if refusal is not None and table.refusals else None,
            refusals=table.refusals, ruling=table.ruling, broken=table.broken,
            clock_off=table.clock_off(), version=table.version)

    def _facts_of(self, table: TableOnHub) -> GameFacts:
        known = self._facts.get(table.game_id)
        if known is not None and known.entries == table.entries:
            return known
        try:
            game = self._games.game(table.game_id)
            facts = _facts(game, table.entries)
        except BankerError as e:  # LedgerCorrupt, GameNotFound: shown on the row, not raised
            self._games.forget(table.game_id)
            self._hub_answers(e)
            facts = GameFacts(entries=table.entries, turn=None, players=(), ended=None,
                              winner=None, disputes_open=0, clock_minutes=None,
                              clock_started=False, clock_paused=False, time_called=False,
                              problem=str(e))
        self._facts[table.game_id] = facts
        return facts

    def _hub_answers(self, error: BankerError) -> None:
        """Raise HubUnreachable unless the hub answers a fresh connection now: a copy that
        does not read because the hub went away mid-reading is the hub's outage, shown once
        over the tables, never a red row blaming the table."""
        try:
            with self.opener(self.hub_url) as probe:
                probe.head("")
        except HubError as down:
            self.close()
            raise HubUnreachable(f"the hub stopped answering during the reading: {down}"
                                 ) from error

    def _standings(self, now: datetime
                   ) -> tuple[Standings | None, str | None, tuple[str, ...]]:
        """The stage's standings (or why not) and the tournament's decisions not followed."""
        if self.tournament is None:
            return None, None, ()
        passed: tuple[str, ...] = ()
        try:
            # The hub's, when it holds it; else its file.
            checked = tournaments.load_checked(self.tournament, self.hub_url)
            t, passed = checked.tournament, tuple(checked.words)
            # The stage the hall is playing: the last one with a draw.
            drawn = [s.name for s in t.stages if t.draw(s.name) is not None]
            stage = self.stage or (drawn[-1] if drawn else None)
            if stage is None:
                return None, f"{t.name}: no stage is drawn yet", passed
            found = tournaments.standings_of(t, stage)
        except BankerError as e:
            return None, str(e), passed
        names = {r.player: r.name for r in found.rows}
        lines = tuple(StandingsLine(
            position="" if r.position is None else f"{'=' if r.tied else ''}{r.position}",
            name=r.name, table=r.table, score=r.score, place=r.place, wins=r.wins,
            status=r.status, advances=r.advances) for r in found.rows)
        ties = tuple(f"{', '.join(names.get(p, p) for p in tie.players)} level on "
                     f"{tie.score:,} (positions {tie.positions[0]}–{tie.positions[1]}"
                     f"{'' if tie.table is None else f', table {tie.table}'}; "
                     f"{counted(tie.seats, 'seat')} to settle)" for tie in found.ties)
        calls = tuple(f"{c.name}: {c.reason}" for c in found.close_calls)
        return Standings(tournament=t.name, stage=found.stage, lines=lines,
                         awaiting=found.awaiting, ties=ties, close_calls=calls,
                         decided=found.decided), None, passed

    def close(self) -> None:
        """Release the hub's connections (a later `read` opens them again)."""
        self._games.close()
        if self._hub is not None:
            self._hub.close()
        self._hub = None
        self._facts.clear()


def _with_versions(rows: tuple[TableRow, ...]) -> tuple[TableRow, ...]:
    """Each row whose table is on a version other than the hall's marked so, in words
    (app/hub/versions.py); a table the hub holds nothing of has no version yet to compare."""
    odd = odd_versions({r.game_id: r.version for r in rows if r.entries})
    return tuple(replace(r, other_version=odd[r.game_id]) if r.game_id in odd else r
                 for r in rows)


def _with_round(rows: tuple[TableRow, ...], found: rounds.RoundStatus | None
                ) -> tuple[tuple[TableRow, ...], tuple[str, ...]]:
    """Each row with its table's clock in the round (by its game), and the flagged drawn
    tables that have no row (no game of theirs on the hub yet)."""
    if found is None:
        return rows, ()
    hall = found.hall
    by_game = {t.game_id: t for t in found.tables if t.game_id is not None}
    since = (f" (the round started at {hall.started.at.astimezone():%H:%M:%S} by "
             f"{hall.started.by})" if hall.started is not None else "")
    shown = {r.game_id for r in rows}
    out = []
    for row in rows:
        table = by_game.get(row.game_id)
        if table is None:
            out.append(row)
            continue
        out.append(replace(row, round_clock=table.words(hall),
                           round_flag=f"{table.words(hall)}{since}" if table.flagged else None))
    unlisted = tuple(f"table {t.table} — {t.words(hall)}{since}" for t in found.tables
                     if t.flagged and t.game_id not in shown)
    return tuple(out), unlisted


def _facts(game: TableGame, entries: int) -> GameFacts:
    """The game's facts from its state as folded from the hub's copy. Raises BadInput."""
    state = game.state
    if state is None:
        raise BadInput(f"game {game.game_id}: the hub holds no opening for it")
    clock = state.clock
    problem = game.problems[0] if game.problems else None
    open_disputes = sum(1 for d in review.disputes(game) if d.ruling is None)
    return GameFacts(
        entries=entries, turn=state.turn_no, players=tuple(p.name for p in state.players),
        ended=state.ended, winner=state.winner, disputes_open=open_disputes,
        clock_minutes=clock.minutes if clock is not None else None,
        clock_started=clock is not None and clock.started_at is not None,
        clock_paused=clock is not None and clock.paused_at is not None,
        time_called=clock is not None and clock.called_at is not None, problem=problem)
