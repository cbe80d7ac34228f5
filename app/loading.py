"""Opening a table's game: its rows read once, the chain checked, the state from a snapshot."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app import integrity, positions, voids
from app.ledger import GENESIS, Ledger, LedgerCorrupt
from app.ledger.history import History
from app.voids import Timeline
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
    problems: list[str] = field(default_factory=list)


def load(ledger: Ledger, game_id: str) -> Loaded:
    """The game as stored. Raises LedgerCorrupt if the chain's head does not match its hash or
    the state cannot be folded; other damage is listed in `problems` (no replay)."""
    history = ledger.history(game_id)
    table = integrity.stored_table(ledger.game(game_id))
    chain = ledger.chain_problems_of(history)
    problems = integrity.first_plainest(integrity.header_problems(ledger, game_id), chain,
                                        ledger.stray_rows())
    if chain:  # a damaged chain: fold every event, as stored, and trust no snapshot
        return _folded_whole(ledger, game_id, table, problems)
    timeline = timeline_of(history)
    loaded = Loaded(table=table, state=None, timeline=timeline, problems=problems)
    if history.events:
        last = history.events[-1]
        loaded.head_seq, loaded.head_hash = last[1], last[10]
        loaded.last_at = datetime.fromisoformat(last[7])
    loaded.snapshots = sound_snapshots(history)
    events = history.events

    def rows(ranges: list[tuple[int, int]]) -> list[tuple[Any, ...]]:
        return [(row[1], row[2], row[3], row[4]) for low, high in ranges
                for row in events[low - 1:high]]

    loaded.state = guarded(lambda: positions.position(
        timeline, loaded.head_seq, loaded.snapshots, positions.loader(ledger, game_id), rows))
    return loaded


def _folded_whole(ledger: Ledger, game_id: str, table: Table, problems: list[str]) -> Loaded:
    stored = ledger.events(game_id)
    integrity.check_head(ledger, game_id)
    loaded = Loaded(table=table, state=integrity.fold(table, stored),
                    timeline=voids.timeline_of(ledger.commands(game_id), stored),
                    problems=problems)
    if stored:
        loaded.head_seq, loaded.head_hash = stored[-1].seq, stored[-1].hash
        loaded.last_at = stored[-1].recorded_at
    return loaded


def timeline_of(history: History) -> Timeline:
    """The timeline of a sound chain's rows (only void entries' payloads are decoded)."""
    timeline = Timeline()
    texts = {row[1]: row[2] for row in history.commands}
    number, events = 0, list[tuple[int, str, Any]]()
    for _, seq, command_no, kind, payload, *_ in history.events:
        if command_no != number:
            timeline.add(number, None, events, texts.get(number))
            number, events = command_no, []
        events.append((seq, kind, json.loads(payload) if kind == "commands_voided" else None))
    timeline.add(number, None, events, texts.get(number))
    return timeline


def sound_snapshots(history: History) -> list[int]:
    """The seqs of snapshots in this program's state format, folded up to the chain's own
    event (their contents are checked against their hash when one is read)."""
    hashes = history.events
    form = positions.state_format()
    return [seq for seq, event_hash, state_format, _ in history.snapshots
            if state_format == form and 0 < seq <= len(hashes)
            and hashes[seq - 1][10] == event_hash]


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
