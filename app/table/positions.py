"""Any position of a game in milliseconds: the nearest pinned snapshot, plus the events after it."""

from __future__ import annotations

import hashlib
import json
from bisect import bisect_right, insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from app.ledger import Ledger, LedgerCorrupt
from app.ledger.hashing import canonical_json
from app.ledger.snapshots import Snapshot, snapshot_hash
from app.table.voids import Timeline
from models.events import Event, GameStarted
from models.fold import apply, start
from models.state import GameState

SNAPSHOT_EVERY = 500
"""Events between snapshots: a position is folded from at most this many events past the
nearest snapshot (plus the commands a void took back)."""

MARK_EVERY = 50
"""Entries between the positions a game keeps in memory as its folds pass them (Marks): a
position asked again near one already folded to is folded from at most this many events."""


class Marks:
    """The states at every MARK_EVERY-th entry that a fold of a past position went through,
    kept in memory for the next fold near them (the judge's time travel jumps back and forth
    through a long game; each stored snapshot is 500 entries apart and read from the file). A
    position never changes once recorded (a void recorded after entry N is not applied to the
    position after N), so a mark stays true for as long as the ledger is the same game's."""

    def __init__(self) -> None:
        self._states: dict[int, GameState] = {}
        self.seqs: list[int] = []  # sorted
        self.ahead = 0  # the entry folded up to ahead of need (TableGame.mark_ahead)

    def __contains__(self, seq: int) -> bool:
        return seq in self._states

    def keep(self, seq: int, state: GameState) -> None:
        """Keep a copy of `state`, the position right after entry `seq`."""
        if seq not in self._states:
            self._states[seq] = state.clone()
            insort(self.seqs, seq)

    def load(self, seq: int) -> GameState | None:
        """A copy of the position kept at `seq` (None if none is kept there)."""
        state = self._states.get(seq)
        return state.clone() if state is not None else None

    def clear(self) -> None:
        """Forget every position (the ledger was read again: it may be another's)."""
        self._states.clear()
        self.seqs.clear()
        self.ahead = 0

_EVENTS: TypeAdapter[list[Event]] = TypeAdapter(list[Event])

Rows = Sequence[tuple[Any, ...]]
"""Event rows as (seq, command_no, type, payload text)."""


@cache
def state_format() -> str:
    """The state's format (a digest of GameState's JSON schema): a snapshot written by a
    version whose state differs is neither used nor compared, only refolded past."""
    schema = canonical_json(GameState.model_json_schema())
    return hashlib.sha256(schema.encode("utf-8")).hexdigest()


def state_text(state: GameState) -> str:
    """The state as a snapshot stores it: every field (the judges too, which a dump leaves
    out), in the state's own order, so a state read back folds on exactly as the original. The
    judges' keys are there only when a judge has one (a game without keys stores the same text
    as before signatures)."""
    keys = f',"keys":{canonical_json(state.judge_keys)}' if state.judge_keys else ""
    return (f'{{"judges":{canonical_json(state.judges)}{keys},'
            f'"state":{state.model_dump_json()}}}')


def state_of(text: str) -> GameState:
    """The state a snapshot holds; raises ValueError (or ValidationError) if it is damaged."""
    data = json.loads(text)
    return GameState.model_validate({**data["state"], "judges": data["judges"],
                                     "judge_keys": data.get("keys", {})})


def snapshot_of(game_id: str, seq: int, event_hash: str, state: GameState) -> Snapshot:
    """The snapshot row for `state`, the fold of events 1..seq (event `seq` hashed `event_hash`)."""
    text, form = state_text(state), state_format()
    return Snapshot(game_id, seq, event_hash, form, text,
                    snapshot_hash(game_id, seq, event_hash, form, text))


def decoded(rows: Rows) -> list[Event]:
    """The events of stored rows, decoded in one batch; raises LedgerCorrupt naming the first
    event whose stored payload is not a valid event."""
    try:
        return _EVENTS.validate_json(f"[{','.join(_typed(kind, payload) for *_, kind, payload in rows)}]")
    except (ValidationError, ValueError, TypeError):
        pass
    for seq, _, kind, payload in rows:  # one at a time, to name the one that is damaged
        try:
            _EVENTS.validate_json(f"[{_typed(kind, payload)}]")
        except (ValidationError, ValueError, TypeError) as e:
            raise LedgerCorrupt(f"event {seq} ({kind}): its stored payload is not a valid "
                                f"event ({str(e).splitlines()[0]}); run banker verify") from None
    raise LedgerCorrupt("the stored events cannot be decoded; run banker verify")


def _typed(kind: str, payload: str) -> str:
    """An event's stored payload with its type put back in, as JSON text."""
    if type(kind) is not str or type(payload) is not str or payload[:1] != "{":
        raise TypeError("a damaged event row")
    head = _HEADS.get(kind)
    if head is None:
        head = f'{{"type":{json.dumps(kind)}'
        if len(_HEADS) < _KINDS_KEPT:  # the event types, a few dozen; a damaged row's not kept
            _HEADS[kind] = head
    body = payload[1:].lstrip()
    return f'{head}{"" if body.startswith("}") else ","}{body}'


# Each event type's JSON start, quoted once: a stage's results put back the types of thousands
# of rows, a few dozen types among them.
_HEADS: dict[str, str] = {}
_KINDS_KEPT = 256


def fold_on(state: GameState | None, events: list[Event]) -> GameState | None:
    """`state` with `events` applied in order (the first must be game_started without one)."""
    for event in events:
        if state is None:
            if not isinstance(event, GameStarted):
                raise LedgerCorrupt(f"a ledger starts with game_started, not {event.type}")
            state = start(event)
        else:
            apply(state, event)
    return state


def position(timeline: Timeline, seq: int, snapshot_seqs: Sequence[int],
             load: Callable[[int], GameState | None],
             rows: Callable[[list[tuple[int, int]]], Rows],
             marks: Marks | None = None) -> GameState | None:
    """The state at entry `seq`: the latest snapshot (or position kept in `marks`) at or before
    it that no void in between invalidates (and that `load` finds sound), then the events after
    it that count. With `marks`, the positions at every MARK_EVERY-th entry the fold passes
    are kept there."""
    start_seq, state = 0, None
    kept = marks.seqs[:bisect_right(marks.seqs, seq)] if marks is not None else []
    for candidate in sorted({*(s for s in snapshot_seqs if s <= seq), *kept}, reverse=True):
        if timeline.usable(candidate, seq):
            state = marks.load(candidate) if marks is not None else None
            state = state if state is not None else load(candidate)
            if state is not None:
                start_seq = candidate
                break
    stored = rows(timeline.kept(start_seq, seq))
    events = decoded(stored)
    if marks is None:
        return fold_on(state, events)
    for row, event in zip(stored, events, strict=True):
        state = fold_on(state, [event])
        at = row[0]
        # A position passed on the way is the one after entry `at` only if no void between
        # it and `seq` took back anything at or before it (the fold skipped that command).
        if at % MARK_EVERY == 0 and at not in marks and state is not None \
                and timeline.usable(at, seq):
            marks.keep(at, state)
    return state


def loader(ledger: Ledger, game_id: str, pins: Mapping[int, str]
           ) -> Callable[[int], GameState | None]:
    """Reads a snapshot from the ledger; None for one whose hash is not the one `pins` holds
    for its seq (the chain's pin, or the table's own snapshot awaiting it), or that is damaged,
    stale or of another state format (the fold then starts from an earlier one)."""
    def load(seq: int) -> GameState | None:
        found = ledger.snapshot(game_id, seq)
        if (found is None or found[0].hash != pins.get(seq)
                or not found[0].sound(found[1], state_format())):
            return None
        try:
            return state_of(found[0].state)
        except (ValueError, ValidationError, KeyError, TypeError):
            return None
    return load


@dataclass
class Snapshots:
    """The snapshots a fold of a table's head may start from: those the chain pins, and this
    table's own latest, which its next command's row pins (`unpinned` until then)."""

    seqs: list[int] = field(default_factory=list)
    pins: dict[int, str] = field(default_factory=dict)  # seq -> the snapshot's hash
    unpinned: tuple[int, str] | None = None
    # The latest snapshot a fold of the head may start from, and the (snapshots, voids) counts
    # it was found at: only a new snapshot or a void (or a reload) can change it.
    _fold_start: tuple[int, int, int] | None = None

    def due(self, timeline: Timeline, head_seq: int) -> bool:
        """Whether SNAPSHOT_EVERY events have passed the latest usable snapshot."""
        return head_seq - self.latest_usable(timeline, head_seq) >= SNAPSHOT_EVERY

    def latest_usable(self, timeline: Timeline, head_seq: int) -> int:
        """The latest snapshot a fold of the head may start from (0: none). It stays usable as
        commands are recorded; only a new snapshot or a void can change which one it is."""
        counts = (len(self.seqs), len(timeline.voids))
        if self._fold_start is not None and self._fold_start[1:] == counts:
            return self._fold_start[0]
        latest = max((s for s in self.seqs if timeline.usable(s, head_seq)), default=0)
        self._fold_start = (latest, *counts)
        return latest

    def kept(self, seq: int, digest: str) -> None:
        """This table stored the snapshot at `seq`; the next command's row pins it."""
        self.seqs.append(seq)
        self.pins[seq] = digest
        self.unpinned = (seq, digest)
