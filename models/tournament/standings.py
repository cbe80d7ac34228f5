"""Standings and advancement of a stage: ranked by score, then the profile's breakers, then a
tie shown for the head judge's ruling; every close call at the line with its reason."""

from __future__ import annotations

import gc
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from models.tournament.ranking import IN_AT_END, LASTED, PLACE, Count, Counts
from models.tournament.records import (
    PlayerResult,
    Ruling,
    Stage,
    Tournament,
    TournamentError,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Row(_Frozen):
    """One player's line in a stage's standings (no contact detail: this is what is published)."""

    position: int | None  # among the players still in; None: no result yet, or withdrawn
    tied: bool  # level on every count and not ruled ("=5")
    player: str
    name: str
    table: int
    score: int | None
    place: int | None  # at the table, from the scoresheet
    bankrupt: bool
    wins: int
    best: int | None
    status: str
    advances: bool


class Tie(_Frozen):
    """Players level on every count across a line: the head judge decides their order."""

    table: int | None  # None: across the stage's tables
    players: tuple[str, ...]
    score: int
    positions: tuple[int, int]
    seats: int = 0  # how many of them the line(s) need placed: a ruling names those at least


class CloseCall(_Frozen):
    player: str
    name: str
    reason: str


class StageStandings(_Frozen):
    stage: str
    last: bool
    drawn: bool
    rows: tuple[Row, ...]
    advancing: tuple[str, ...]  # in ranking order; the last stage: its places in order
    ties: tuple[Tie, ...]
    close_calls: tuple[CloseCall, ...]
    awaiting: tuple[int, ...]  # tables whose result is not in

    @property
    def complete(self) -> bool:
        return self.drawn and not self.awaiting

    @property
    def decided(self) -> bool:
        """Every result in and no tie left to rule: the next stage can be drawn."""
        return self.complete and not self.ties


@dataclass
class _Entry:
    player: str
    name: str
    table: int
    result: PlayerResult | None
    eligible: bool  # not withdrawn before the next stage
    key: tuple[int, ...] = ()
    counts: tuple[Count, ...] = ()  # the key's counts after the score, in words
    ruling: Ruling | None = None
    rank: int = 0  # in the ranking of every result, withdrawn players included
    position: int | None = None  # shown: among the players still in; None when withdrawn
    tied: bool = False
    status: str = ""
    notes: list[str] = field(default_factory=list)


def ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def entrants(t: Tournament, stage: str) -> tuple[str, ...]:
    """Who is drawn in `stage`: every player not withdrawn (the first stage), else those
    advancing from the stage before, once it is decided."""
    index = t.index(stage)
    out = t.withdrawn_before(t.stages[index].name)
    if index == 0:
        return tuple(p.id for p in t.players if p.id not in out)
    before = standings(t, t.stages[index - 1].name)
    if not before.decided:
        waiting = ([f"tables {', '.join(map(str, before.awaiting))} to report"]
                   if before.awaiting else []) + (
            [f"{len(before.ties)} tie{'s' * (len(before.ties) > 1)} to rule"]
            if before.ties else []) or ["it is not drawn"]
        raise TournamentError(f"the {before.stage} is not decided yet: "
                              + "; ".join(waiting))
    return before.advancing


def standings(t: Tournament, stage: str) -> StageStandings:
    """The stage's standings: by score, then the breakers (`t.breakers`), then a tie for the
    head judge (a stage decided by table: each table's places from its scoresheet)."""
    # The cycle collector held off: the ranking makes tens of thousands of small objects that
    # hold no cycles and all live until it returns, and the collections they would set off
    # walk them again and again: at 4,000 players they were a third of the time, and the
    # reason the time grew faster than the players (benchmarks/tournament_hub.py).
    was_on = gc.isenabled()
    gc.disable()
    try:
        return _standings(t, stage)
    finally:
        if was_on:
            gc.enable()


def _standings(t: Tournament, stage: str) -> StageStandings:
    chosen = t.stage(stage)
    index = t.stages.index(chosen)
    last = index == len(t.stages) - 1
    made = t.draw(chosen.name)
    if made is None:
        return StageStandings(stage=chosen.name, last=last, drawn=False, rows=(), advancing=(),
                              ties=(), close_calls=(), awaiting=())
    out = t.withdrawn_before(t.stages[index + 1].name) if not last else set()
    entries: list[_Entry] = []
    for table in made.tables:
        result = t.result(chosen.name, table.number)
        lines = {r.player: r for r in result.players} if result else {}
        entries.extend(_Entry(p, t.seat_name(p), table.number, lines.get(p), p not in out)
                       for p in table.players)
    rulings = [r for r in t.rulings if r.stage == chosen.name]
    if chosen.advance_by == "score":
        numbers = {n.number for n in made.tables}
        counts = Counts(t.breakers, [r for r in t.results if r.stage == chosen.name
                                     and r.table in numbers])
        groups = [_rank(counts, [e for e in entries if e.result], None, rulings)]
    else:
        groups = [_rank(None, [e for e in entries if e.result and e.table == n.number],
                        n.number, rulings) for n in made.tables]
    ties, advancing, calls = [], [], []
    for ranked in groups:
        found, going = _decide(chosen, last, ranked)
        ties.extend(found)
        advancing.extend(going)
        calls.extend(_close_calls(t, chosen, last, ranked))
    awaiting = tuple(n.number for n in made.tables if t.result(chosen.name, n.number) is None)
    if awaiting:
        for e in entries:
            e.status += " (provisional)" if e.result else f"awaiting table {e.table}"
    advance = set(advancing)
    return StageStandings(
        stage=chosen.name, last=last, drawn=True, ties=tuple(ties), awaiting=awaiting,
        rows=tuple(_row(e, e.player in advance, chosen.advance_by == "table")
                   for e in _display_order(entries)),
        advancing=tuple(advancing) if not awaiting else (),
        close_calls=tuple(CloseCall(player=e.player, name=e.name, reason=r) for e, r in calls))


def _rank(counts: Counts | None, entries: list[_Entry], table: int | None,
          rulings: Sequence[Ruling]) -> list[list[_Entry]]:
    """The entries in ranking order, as groups level on every count (a ruling splits off the
    players it names as singles in its order; the rest stay level below them); positions set
    as in sport, 1, 2, 2, 4. The positions shown count only the players still in (those the
    line and the ties count); a withdrawn player keeps their rank in the list, unnumbered."""
    for e in entries:
        assert e.result is not None
        if counts is not None:  # across tables: score, then the counts (ranking.Counts)
            e.counts = counts.of(e.result)
            e.key = (e.result.score, *(c.value for c in e.counts))
        else:  # the scoresheet's place already carries its tie-breakers (SG Tie-Breaker Sequence)
            e.key = (-e.result.place,)
    ordered = sorted(entries, key=lambda e: e.key, reverse=True)
    groups: list[list[_Entry]] = []
    for e in ordered:
        if groups and groups[-1][0].key == e.key:
            groups[-1].append(e)
        else:
            groups.append([e])
    ranked: list[list[_Entry]] = []
    for group in groups:
        # A tie is ruled among the players still in (a withdrawn one is in no tie), so a ruling
        # matches the group's eligible players, or the whole group if it came before a withdrawal.
        live = {e.player for e in group if e.eligible}
        ruling = next((r for r in reversed(rulings) if r.table == table and set(
            r.tied or r.order) in (live, {e.player for e in group})), None) if len(
            live) > 1 else None
        if ruling is None:
            ranked.append(group)
            continue
        for player in ruling.order:
            single = next(e for e in group if e.player == player)
            single.ruling = ruling
            ranked.append([single])
        # The tied players the ruling did not name stay level below the seats it settled, and a
        # withdrawn one level with the ruled comes after them, out of the running.
        rest = [e for e in group if e.player not in ruling.order]
        if rest:
            ranked.append(rest)
    rank, position = 1, 1
    for group in ranked:
        still_in = sum(e.eligible for e in group)
        for e in group:
            e.rank = rank
            e.position, e.tied = (position, still_in > 1) if e.eligible else (None, False)
        rank += len(group)
        position += still_in
    return ranked


def _decide(stage: Stage, last: bool, ranked: list[list[_Entry]]) -> tuple[list[Tie], list[str]]:
    """Walk the eligible players down the ranking: a group wholly above the line advances (or
    is placed), one across a line is a tie to rule, the rest are out."""
    lines = set(range(1, stage.advance + 1)) if last else {stage.advance}
    ties, going, k = [], [], 0
    for group in ranked:
        for e in group:
            if not e.eligible:
                e.status = "withdrawn"
        live = [e for e in group if e.eligible]
        if not live:
            continue
        inside = [line for line in lines if k < line < k + len(live)]
        if len(live) > 1 and inside:
            ties.append(Tie(table=live[0].table if stage.advance_by == "table" else None,
                            players=tuple(e.player for e in live),
                            score=live[0].result.score if live[0].result else 0,
                            positions=(k + 1, k + len(live)), seats=max(inside) - k))
            for e in live:
                e.status = "tie: the head judge rules"
        elif k < stage.advance:
            for e in live:
                e.status = f"{ordinal(k + 1)} place" if last else "advances"
                going.append(e.player)
        else:
            # A final table places every player (its sheet does): the 4th finished 4th, not "out".
            word = (f"finished {ordinal(k + 1)}" if last and stage.advance_by == "table"
                    else "out")
            for e in live:
                e.status = word
        k += len(live)
    return ties, going


def _close_calls(t: Tournament, stage: Stage, last: bool,
                 ranked: list[list[_Entry]]) -> list[tuple[_Entry, str]]:
    """Why each player near a line is on their side of it: a breaker, the scoresheet's
    tie-breaker, a ruling, a tie still to rule, or a withdrawal above them."""
    live = [e for group in ranked for e in group if e.eligible]
    calls: dict[str, tuple[_Entry, str]] = {}
    where = f" at table {live[0].table}" if live and stage.advance_by == "table" else ""
    level: dict[tuple[int, ...], list[_Entry]] = {}
    for e in live:
        level.setdefault(e.key, []).append(e)
    for e in live:
        if e.status.startswith("tie"):
            others = _names_but(level[e.key], e)
            calls[e.player] = (e, f"level with {others}{where} on {_counts(t, stage, e)}: "
                                  "the head judge rules")
        elif e.ruling is not None:
            calls[e.player] = (e, f"{e.status} by the head judge's ruling ({e.ruling.judge}: "
                                  f"{e.ruling.reason}); level on {_counts(t, stage, e)}")
    lines = range(1, stage.advance + 1) if last else (stage.advance,)
    for line in (n for n in lines if n < len(live)):
        near = _level(stage, live[line - 1])
        if _level(stage, live[line]) != near:
            continue
        band = [e for e in live if _level(stage, e) == near]
        by_status: dict[str, list[_Entry]] = {}
        for e in band:
            by_status.setdefault(e.status, []).append(e)
        # Those across from each status, and the nearest of them, worked out once a status
        # (a few), not once a player: a band can be most of a stage of thousands.
        across = {mine: [x for status, group in by_status.items() if status != mine
                         for x in group] for mine in by_status}
        nearest = {mine: _nearest_in(others) for mine, others in across.items()}
        for e in band:
            if e.player in calls or not across[e.status]:
                continue
            calls[e.player] = (e, f"{e.status}: level on {_level_words(near)} with "
                                  f"{_names(across[e.status])}{where}; "
                                  f"{_why(t, stage, e, nearest[e.status](e))}")
    gone = [x for group in ranked for x in group if not x.eligible]
    going = _going(live) if gone else set()
    for e in (x for x in live if x.player in going and x.rank > stage.advance):
        withdrawn = [x for x in gone if x.rank < e.rank]
        if withdrawn:
            place = f"in place of {', '.join(x.name for x in withdrawn)} (withdrawn)"
            before = calls.get(e.player)
            calls[e.player] = (e, f"{before[1]}; {place}" if before else f"{e.status} {place}")
    return list(calls.values())


def _nearest_in(others: list[_Entry]) -> Callable[[_Entry], _Entry]:
    """The one of `others` (those across the line) next to an entry in the ranking: what
    separates them is the reason. The nearest by position, the first of `others` among equals,
    found by bisection, so that a band of thousands is not searched once for each of them."""
    first: dict[int, int] = {}  # each position: the place in `others` of its first entry
    for number, x in enumerate(others):
        first.setdefault(x.rank, number)
    positions = sorted(first)

    def nearest(e: _Entry) -> _Entry:
        mine = e.rank
        at = bisect_left(positions, mine)
        near = positions[max(at - 1, 0):at + 1]
        gap = min(abs(p - mine) for p in near)
        return others[min(first[p] for p in near if abs(p - mine) == gap)]
    return nearest


def _names(entries: list[_Entry], shown: int = 5) -> str:
    named = ", ".join(x.name for x in entries[:shown])
    return named if len(entries) <= shown else f"{named} and {len(entries) - shown} more"


def _names_but(entries: list[_Entry], e: _Entry, shown: int = 5) -> str:
    """`_names` of `entries` without `e`, without copying a group of thousands."""
    head = [x for x in entries[:shown + 1] if x is not e][:shown]
    count = len(entries) - 1  # `e` is one of them
    named = ", ".join(x.name for x in head)
    return named if count <= shown else f"{named} and {count - shown} more"


def _going(live: list[_Entry]) -> set[str]:
    return {e.player for e in live if e.status == "advances" or e.status.endswith(" place")}


def _score(e: _Entry) -> int:
    return e.result.score if e.result else 0


def _level(stage: Stage, e: _Entry) -> tuple[int, ...]:
    """What makes a player near a line with those level on it: the score; for a player at 0
    because they went bankrupt, also their place at the table, which RULES.md orders them by
    first (a bankrupt 4th is not near a line between 3rd places, nor between 2nd and 3rd)."""
    if stage.advance_by == "score" and e.result and e.result.bankrupt:
        return (e.result.score, e.result.place)
    return (_score(e),)


def _level_words(level: tuple[int, ...]) -> str:
    if len(level) == 1:
        return f"score {level[0]}"
    return f"score {level[0]}, bankrupt {ordinal(level[1])} at the table,"


def _counts(t: Tournament, stage: Stage, e: _Entry) -> str:
    if stage.advance_by == "table":
        return f"score {_score(e)} and every scoresheet tie-breaker"
    if e.result and e.result.bankrupt:
        lasted = next((c for c in e.counts if c.name == LASTED), None)
        return (f"score 0, bankrupt, {next(c.shown for c in e.counts if c.name == PLACE)} at "
                "the table" + (f", lasted {lasted.shown}" if lasted else ""))
    named = ", ".join(f"{c.name} {c.shown}" for c in e.counts
                      if c.name not in (IN_AT_END, PLACE, LASTED))
    return f"score {_score(e)}" + (f", {named}" if named else "")


def _why(t: Tournament, stage: Stage, e: _Entry, other: _Entry) -> str:
    if stage.advance_by == "table":
        if e.result and other.result and e.result.bankrupt and other.result.bankrupt:
            # RULES.md Tournament: the sheet puts a later bankruptcy above an earlier one.
            later = e.result.place < other.result.place
            return f"bankrupt {'later than' if later else 'before'} {other.name}"
        decided = next((x.result.decided_by for x in (e, other)
                        if x.result and x.result.decided_by), None)
        return f"placed by the scoresheet's tie-breaker ({decided or 'the sheet'})"
    for mine, theirs in zip(e.counts, other.counts, strict=True):
        if mine.value != theirs.value:
            return f"{mine.name} {mine.shown} against {theirs.shown}"
    return "the head judge's ruling"


def _display_order(entries: list[_Entry]) -> list[_Entry]:
    # By rank, so a withdrawn player stays where the result ranks them (unnumbered).
    return sorted(entries, key=lambda e: (e.result is None, e.rank, -_score(e), e.table, e.name))


def _row(e: _Entry, advances: bool, by_table: bool) -> Row:
    r = e.result
    wins = 1 if r and r.place == 1 else 0
    # A stage decided by table ranks each table by its sheet: a ruling that splits a shared
    # place ("=3rd") gives the place at the table too, so the 4th never shows "3rd".
    place = (e.rank if by_table and e.rank else r.place) if r else None
    return Row(position=e.position, tied=e.tied, player=e.player, name=e.name, table=e.table,
               score=r.score if r else None, place=place,
               bankrupt=bool(r and r.bankrupt), wins=wins, best=r.score if r else None,
               status=e.status, advances=advances)
