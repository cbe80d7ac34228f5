"""The hall's round clock on the hub: a stage's round entries (hub_rounds) as the head judge
adds them, timed by the hub's own clock, and the clock starts the tables' copies show.

What an entry may be is decided by models.tournament.hall_clock; this module stores and reads.
Two head judges adding the next entry of one round at once collide on (tournament, stage,
entry): one is recorded, the other is told and nothing of it is written.

Each entry is the head judge's decision, signed (app/signing): a round's entries are a chain
(scope "round:<tournament>/<stage>"). A reader follows only the entries that verify as the next
of the chain; a row no judge signed, or whose seal fails, is named in the round's `problems`
and obeyed by nobody. `entry` is only the row's slot (the next free one), so a stray row never
wedges the round: the next signed entry links to the last one followed and takes effect."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, func, insert, select

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub
from app.hub.keys import may, public_keys, signatures_since
from app.hub.schema import hub_judge_keys, hub_rounds
from app.hub.times import hub_now
from app.ledger import schema
from app.ledger.errors import LedgerError, LedgerRejected
from app.ledger.hashing import format_timestamp
from app.signing.decisions import Chain, Decision, Seal, next_seal
from models.tournament.hall_clock import HallEntry, HallRound, Kind, check_entry, round_id

Sleep = Callable[[float], None]


class RoundChangedMeanwhile(HubError):
    """Another head judge added an entry to the round between this one's reading and writing;
    nothing of this entry was recorded: look at the round again."""


class RoundWriteRefused(HubError):
    """This hub login may read the round but not add to it (a table's or the reader's role):
    the hall's round is the desk's and the head judge's; nothing was recorded."""


@dataclass(frozen=True)
class ClockStart:
    """A table's clock start as the hub's copy of its game shows it."""

    game_id: str
    at: datetime
    round: str | None  # the hall's round it followed (None: started at the table by hand)


def read_round(hub: Hub, tid: str, stage: str, now: Callable[[], datetime] | None = None
               ) -> HallRound:
    """The stage's round as its entries stand, with the hub's time of reading."""
    clock = now or (lambda: datetime.now(UTC))
    try:
        with hub.database.read() as connection:
            return _round(connection, tid, stage, clock)
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e


def round_mark(hub: Hub, tid: str, stage: str, now: Callable[[], datetime] | None = None
               ) -> tuple[tuple[int, int, int], datetime]:
    """What any change a reading of the round could show makes (its rows' count and last id,
    and how many judges' keys the hub holds: a key registered after a row it sealed makes that
    row's seal good), with the hub's time of reading, in one statement: a table following the
    round reads it whole only when this changed. Both tables are append-only (their triggers
    refuse an UPDATE or DELETE, migrations 0009 and 0012). Raises HubUnreachable."""
    clock = now or (lambda: datetime.now(UTC))
    c = hub_rounds.c
    keys = select(func.count(hub_judge_keys.c.name)).scalar_subquery()
    try:
        with hub.database.read() as connection:
            postgres = connection.dialect.name == "postgresql"  # its clock, as hub_now reads it
            row = connection.execute(
                select(func.count(c.id), func.max(c.id), keys,
                       *([func.now()] if postgres else []))
                .where(c.tournament_id == tid, c.stage == stage)).one()
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    at = row[3] if postgres else clock()
    return (int(row[0]), int(row[1] or 0), int(row[2])), at.astimezone(UTC)


def scope_of(tid: str, stage: str) -> str:
    """The chain of a stage's round entries."""
    return f"round:{round_id(tid, stage)}"


def says(tid: str, stage: str, kind: str, at: str, words: str) -> dict[str, str]:
    """What a round entry says, as signed: which round, what, when (the hub's time), words."""
    return {"tournament": tid, "stage": stage, "kind": kind, "at": at, "text": words}


@dataclass(frozen=True)
class _Read:
    hall: HallRound
    chain: Chain
    last_slot: int


def _round(connection: Connection, tid: str, stage: str, now: Callable[[], datetime]
           ) -> HallRound:
    return _read(connection, tid, stage, now).hall


def _read(connection: Connection, tid: str, stage: str, now: Callable[[], datetime]) -> _Read:
    rows = connection.execute(
        select(hub_rounds).where(hub_rounds.c.tournament_id == tid, hub_rounds.c.stage == stage)
        .order_by(hub_rounds.c.entry, hub_rounds.c.id)).all()
    keys, held = public_keys(connection), signatures_since(connection).rounds
    chain = Chain(scope_of(tid, stage))
    entries: list[HallEntry] = []
    for r in rows:
        ref = f"hub_rounds row {r.id} ({r.kind} by {r.by} at {r.at[11:19]})"
        decision = Decision(ref, chain.scope, r.kind, says(r.tournament_id, r.stage, r.kind,
                                                            r.at, r.text),
                            r.by, Seal.stored(r.seal), int(r.id) in held)
        if chain.offer(decision, keys) is None:
            entries.append(HallEntry(number=chain.number, kind=r.kind,
                                     at=datetime.fromisoformat(r.at), text=r.text, by=r.by,
                                     before_signatures=decision.seal is None))
    hall = HallRound(round=round_id(tid, stage), entries=tuple(entries),
                     now=hub_now(connection, now),
                     problems=tuple(p.words for p in chain.problems))
    return _Read(hall, chain, max((int(r.entry) for r in rows), default=0))


def add_entry(hub: Hub, tid: str, stage: str, kind: Kind, words: str, judge: str, pin: str,
              sleep: Sleep = time.sleep, now: Callable[[], datetime] | None = None
              ) -> HallRound:
    """The head judge (a judge registered on the hub, PIN checked as at a table, wrong tries
    slowed down) adds the round's next entry, signed with their key; returns the round as it
    then stands. Raises JudgeAuthError, DamagedKey, SigningError, TournamentError (an entry the
    round does not allow), RoundChangedMeanwhile, RoundWriteRefused, HubUnreachable."""
    clock = now or (lambda: datetime.now(UTC))
    try:
        with hub.database.read() as connection:
            allowed = may(connection, "hub_rounds", "INSERT")
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    if not allowed:  # said before the PIN is asked of the judge's key
        raise RoundWriteRefused(f"the hub at {hub.location} lets only the desk's role add to "
                                "the hall's round: nothing was recorded (permission denied)")
    try:
        signer = hub.signer(judge, pin, sleep)
        with hub.database.write() as connection:
            read = _read(connection, tid, stage, clock)
            check_entry(read.hall, kind, words)
            at, text = format_timestamp(read.hall.now), words.strip()
            sealed = next_seal(read.chain, signer, kind, says(tid, stage, kind, at, text), at)
            connection.execute(insert(hub_rounds).values(
                tournament_id=tid, stage=stage, entry=read.last_slot + 1, kind=kind,
                at=at, text=text, by=judge, seal=json.dumps(sealed.as_dict())))
    except LedgerRejected as e:
        if "hub_rounds" in str(e):
            raise RoundChangedMeanwhile(
                f"the round {round_id(tid, stage)} changed meanwhile (another head judge's "
                "entry): nothing of this one was recorded; look again") from e
        raise HubUnreachable(f"the hub at {hub.location} refused the write: {e}") from e
    except LedgerError as e:
        if "permission denied" in str(e):
            raise RoundWriteRefused(f"the hub at {hub.location} lets only the desk's role add "
                                    f"to the hall's round: nothing was recorded ({e})") from e
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    return read_round(hub, tid, stage, clock)


def _payloads(hub: Hub, game_ids: Iterable[str], types: tuple[str, ...]
              ) -> list[tuple[str, str]]:
    """The games' events of `types` on the hub, as (game id, payload text), in each game's
    order (none asked: none read)."""
    wanted = list(game_ids)
    if not wanted:
        return []
    events = schema.events
    try:
        with hub.database.read() as connection:
            return [(str(g), str(p)) for g, p in connection.execute(
                select(events.c.game_id, events.c.payload)
                .where(events.c.type.in_(types), events.c.game_id.in_(wanted))
                .order_by(events.c.game_id, events.c.seq)).all()]
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e


def clock_starts(hub: Hub, game_ids: Iterable[str]) -> dict[str, ClockStart]:
    """Each of the games' clock start as the hub's copy holds it (a game whose copy shows no
    start is left out)."""
    found: dict[str, ClockStart] = {}
    rows = _payloads(hub, game_ids, ("clock_started",))
    for game_id, payload in rows:
        event = json.loads(payload)
        found[game_id] = ClockStart(game_id, datetime.fromisoformat(event["at"]),
                                    event.get("round"))
    return found


def hall_followed(hub: Hub, game_ids: Iterable[str]) -> dict[str, frozenset[int]]:
    """The hall's entries each game's copy on the hub followed (the numbers its clock's pauses
    and resumes name, when they are the hall's); a game that followed none is left out."""
    rows = _payloads(hub, game_ids, ("clock_paused", "clock_resumed"))
    found: dict[str, set[int]] = {}
    for game_id, payload in rows:
        number = json.loads(payload).get("hall_entry")
        if isinstance(number, int):
            found.setdefault(game_id, set()).add(number)
    return {game_id: frozenset(numbers) for game_id, numbers in found.items()}


def openings(hub: Hub) -> list[tuple[str, dict[str, object]]]:
    """Every game's first command on the hub (its new_game: tournament, round, table), oldest
    game first, in one read."""
    commands, games = schema.commands, schema.games
    try:
        with hub.database.read() as connection:
            rows = connection.execute(
                select(commands.c.game_id, commands.c.payload)
                .join(games, games.c.id == commands.c.game_id)
                .where(commands.c.command_no == 1)
                .order_by(games.c.created_at, games.c.id)).all()
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    found: list[tuple[str, dict[str, object]]] = []
    for game_id, payload in rows:
        opening = json.loads(payload)
        if isinstance(opening, dict):
            found.append((game_id, opening))
    return found
