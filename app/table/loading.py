"""Opening a table's game: its rows read once, the chain checked, the state from a pinned snapshot."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby
from operator import itemgetter
from typing import Any

from app.ledger import GENESIS, Ledger, LedgerCorrupt
from app.ledger.history import History
from app.signing.decisions import Chain
from app.table import integrity, positions, seals, snapshot_pins, versions, voids
from app.table.facts import FACT_TYPES, FactKeeper
from app.table.voids import Timeline
from models.engine import Table
from models.state import GameState


@dataclass
class Loaded:
    """A game as a table holds it: its rules, state, timeline and the snapshots it may fold from."""

    table: Table
    state: GameState | None
    timeline: Timeline
    head_seq: int = 0
    head_hash: str = GENESIS
    last_at: datetime | None = None
    snapshots: list[int] = field(default_factory=list)
    pins: dict[int, str] = field(default_factory=dict)  # seq -> hash the chain pinned it with
    problems: list[str] = field(default_factory=list)
    facts: FactKeeper = field(default_factory=FactKeeper)  # what the state does not keep
    banker: str | None = None  # who recorded the first entry, when a banker did
    signatures: seals.Signatures = field(default_factory=lambda: seals.Signatures(Chain("")))
    version: str | None = None  # the app's version last on the record (versions.latest)


def load(ledger: Ledger, game_id: str) -> Loaded:
    """The game as stored. Raises LedgerCorrupt if the chain's head does not match its hash or
    the state cannot be folded; other damage is listed in `problems` (no replay)."""
    with collector_paused():
        return _load(ledger, game_id)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector held off while a game's rows are read and indexed: they are tens of
    thousands of new tuples and lists that hold no cycles, and each few hundred of them would
    otherwise start a collection that walks every object the program holds (a third of a long
    game's reopen, and of the judge's whole-game reads). It runs as usual afterwards, and
    collects whatever the load left."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _load(ledger: Ledger, game_id: str) -> Loaded:
    history = ledger.history(game_id)
    table = integrity.stored_table(ledger.game(game_id))
    chain = ledger.chain_problems_of(history)
    # A sound chain has every row's types checked: its first rows are compared as read.
    header = (integrity.header_problems(ledger, game_id) if chain
              else integrity.header_problems_of(ledger, game_id, history))
    problems = integrity.first_plainest(header, chain, ledger.stray_rows())
    # The judges' entries not followed (a seal that fails, or none where one belongs) are named.
    signatures = seals.follow_table(game_id, history)
    problems += [problem.words for problem in signatures.problems]
    if chain:  # a damaged chain: fold every event, as stored, and trust no snapshot
        loaded = _folded_whole(ledger, game_id, table, problems)
        loaded.signatures = signatures
        return loaded
    timeline = timeline_of(history)
    loaded = Loaded(table=table, state=None, timeline=timeline, problems=problems,
                    signatures=signatures)
    if history.events:
        last = history.events[-1]
        loaded.head_seq, loaded.head_hash = last[1], last[10]
        loaded.last_at = datetime.fromisoformat(last[7])
        first = history.events[0]  # a sound chain's: its role and name are text
        loaded.banker = first[6] if first[5] == "banker" else None
        loaded.version = versions.latest(first[4], history.commands)
    # Only a snapshot the chain pins is folded from: one changed after it was stored, even
    # with its hash recomputed, is named among the problems and passed over.
    loaded.pins, changed = snapshot_pins.trusted(history, snapshot_pins.pins_of(history),
                                                 positions.state_format())
    loaded.snapshots, loaded.problems = sorted(loaded.pins), [*problems, *changed]
    events = history.events
    loaded.facts = _facts(events, timeline)

    def rows(ranges: list[tuple[int, int]]) -> list[tuple[Any, ...]]:
        return [(row[1], row[2], row[3], row[4]) for low, high in ranges
                for row in events[low - 1:high]]

    loaded.state = guarded(lambda: positions.position(
        timeline, loaded.head_seq, loaded.snapshots,
        positions.loader(ledger, game_id, loaded.pins), rows))
    return loaded


def _folded_whole(ledger: Ledger, game_id: str, table: Table, problems: list[str]) -> Loaded:
    stored = ledger.events(game_id)
    integrity.check_head(ledger, game_id)
    commands = ledger.commands(game_id)
    loaded = Loaded(table=table, state=integrity.fold(table, stored),
                    timeline=voids.timeline_of(commands, stored), problems=problems)
    if stored:
        loaded.head_seq, loaded.head_hash = stored[-1].seq, stored[-1].hash
        loaded.last_at = stored[-1].recorded_at
        loaded.banker = stored[0].actor_name if stored[0].actor_role == "banker" else None
        named = [stored[0].payload.get(versions.VERSION_KEY),
                 *(c.payload.get(versions.VERSION_KEY) for c in commands)]
        loaded.version = next((v for v in reversed(named) if isinstance(v, str)), None)
    loaded.facts.recorded(stored)
    loaded.facts.voided(loaded.timeline.voided)
    return loaded


def _facts(rows: Any, timeline: Timeline) -> FactKeeper:
    """The table's facts from the rows read (only the fact types' payloads are decoded)."""
    keeper = FactKeeper()
    for row in rows:
        if row[3] in FACT_TYPES:
            keeper.add(row[1], row[2], row[3], row[4])
    if timeline.voided:
        keeper.voided(timeline.voided)
    return keeper


def timeline_of(history: History) -> Timeline:
    """The timeline of a sound chain's rows (only void entries' payloads are decoded)."""
    timeline = Timeline()
    texts = {row[1]: row[2] for row in history.commands}
    shared: dict[frozenset[str], frozenset[str]] = {}  # a few dozen sets of types, each kept once
    for number, run in groupby(history.events, _COMMAND_NO):  # a sound chain's are in order
        rows = list(run)
        types = frozenset([row[3] for row in rows])
        if "commands_voided" in types:
            timeline.add(number, None, [
                (row[1], row[3], json.loads(row[4]) if row[3] == "commands_voided" else None)
                for row in rows], texts.get(number))
        else:
            timeline.add_read(number, rows[0][1], rows[-1][1], shared.setdefault(types, types),
                              texts.get(number))
    return timeline


_COMMAND_NO = itemgetter(2)


def guarded(fold: Any) -> GameState | None:
    """The fold's state; any failure while folding stored data becomes LedgerCorrupt."""
    try:
        return fold()  # type: ignore[no-any-return]
    except LedgerCorrupt:
        raise
    # Folding reads the file's data: a damaged or doctored entry may break the engine in any
    # way, and the user needs the entry, not a traceback.
    except Exception as e:
        raise LedgerCorrupt(f"the state cannot be folded from this ledger ({type(e).__name__}: "
                            f"{e}); run banker verify") from e
