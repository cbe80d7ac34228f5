"""Undo and rewind: which commands a void covers, and the state with voided commands skipped."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from app.ledger import LedgerCorrupt, StoredCommand, StoredEvent
from models.engine import Table, replay
from models.errors import RuleViolation
from models.events import EVENT_ADAPTER, Event
from models.state import GameState

# Events of the officials that no rewind takes back: time keeps running, disputes stay raised,
# a judge stays registered.
KEPT = {"game_ended", "clock_started", "clock_paused", "clock_resumed", "game_length_set",
        "announcement_made", "announcements_passed",
        "time_called", "time_call_withdrawn", "break_started", "break_ended", "dispute_raised",
        "dispute_ruled",
        "cash_counted", "count_settled", "scoresheet_collected", "game_unlocked",
        "commands_voided", "judge_added", "judge_key_set"}


def stored_to_event(stored: StoredEvent) -> Event:
    """Decode a stored event back into the engine's model; raises LedgerCorrupt naming the
    event if its payload is not one (a damaged or doctored row)."""
    try:
        return EVENT_ADAPTER.validate_python({"type": stored.type, **stored.payload})
    except ValidationError as e:
        problem = e.errors()[0]
        where = ".".join(str(p) for p in problem["loc"])
        raise LedgerCorrupt(f"event {stored.seq} ({stored.type}): its stored payload is not a "
                            f"valid event ({where}: {problem['msg']}); run banker verify") from None


def voided(stored: list[StoredEvent]) -> set[int]:
    """Numbers of the commands that later undo or rewind entries voided; raises LedgerCorrupt
    for a void entry whose list of commands is damaged."""
    numbers: set[int] = set()
    for s in stored:
        if s.type != "commands_voided":
            continue
        listed = s.payload.get("commands")
        if not isinstance(listed, list) or not all(type(n) is int for n in listed):
            raise LedgerCorrupt(f"event {s.seq} ({s.type}): its list of voided commands is "
                                "damaged; run banker verify")
        numbers.update(listed)
    return numbers


def fold(table: Table, stored: list[StoredEvent]) -> GameState | None:
    """The state: every event folded in order, except those of voided commands."""
    skip = voided(stored)
    return replay(table, [stored_to_event(s) for s in stored if s.command_no not in skip])


@dataclass(slots=True)
class Mark:
    """One recorded command on the timeline: its events' seqs and types, and its type (read
    from its stored text only when a plan needs it)."""

    number: int
    first: int
    last: int
    types: frozenset[str]
    text: str | None = None  # the stored command, until its type is read
    kind: str | None = None

    def is_a(self, kind: str) -> bool:
        """Whether the command is of type `kind` (a quick look at the stored text first)."""
        if self.text is not None:
            if f'"{kind}"' not in self.text:
                return False
            try:
                found = json.loads(self.text).get("type")
            except (ValueError, AttributeError):
                found = None
            self.kind, self.text = found if isinstance(found, str) else None, None
        return self.kind == kind


@dataclass(frozen=True, slots=True)
class Void:
    """An undo or rewind entry: where it stands, what it voided, and the first event it voided."""

    seq: int
    numbers: frozenset[int]
    earliest: int


@dataclass
class Timeline:
    """Which command recorded which events, and what was voided: undo, rewind and the position
    at any entry are planned from this, kept in memory as commands are recorded."""

    marks: list[Mark] = field(default_factory=list)
    voids: list[Void] = field(default_factory=list)
    voided: set[int] = field(default_factory=set)
    _firsts: list[int] = field(default_factory=list)
    _numbers: dict[int, Mark] = field(default_factory=dict)

    @property
    def head(self) -> int:
        """The last event's seq (0 before any)."""
        return self.marks[-1].last if self.marks else 0

    def add(self, number: int, kind: str | None, events: list[tuple[int, str, Any]],
            text: str | None = None) -> None:
        """A recorded command: its number, its type (or its stored text, to read the type from
        when needed), and its events as (seq, type, payload); raises LedgerCorrupt for a void
        entry whose list of commands is damaged."""
        if not events:
            return
        self.marks.append(Mark(number, events[0][0], events[-1][0],
                               frozenset([event[1] for event in events]),
                               text=text if kind is None else None, kind=kind))
        self._firsts.append(events[0][0])
        self._numbers[number] = self.marks[-1]
        for seq, event_type, payload in events:
            if event_type == "commands_voided":
                self._void(seq, payload)

    def add_read(self, number: int, first: int, last: int, types: frozenset[str],
                 text: str | None) -> None:
        """A command read back from the ledger, none of whose events is a void: its events'
        seqs and types, and its stored text (to read its type from when needed). Reopening a
        long game adds thousands; this skips what `add` builds per event."""
        mark = Mark(number, first, last, types, text=text)
        self.marks.append(mark)
        self._firsts.append(first)
        self._numbers[number] = mark

    def _void(self, seq: int, payload: Any) -> None:
        listed = payload.get("commands") if isinstance(payload, dict) else None
        if not isinstance(listed, list) or not all(type(n) is int for n in listed):
            raise LedgerCorrupt(f"event {seq} (commands_voided): its list of voided commands "
                                "is damaged; run banker verify")
        numbers = frozenset(listed)
        firsts = [self._numbers[n].first for n in numbers if n in self._numbers]
        self.voids.append(Void(seq, numbers, min(firsts, default=seq)))
        self.voided |= numbers

    def voided_upto(self, seq: int) -> set[int]:
        """The commands voided by the void entries at or before entry `seq` (as a fold of the
        events up to `seq` skips them)."""
        numbers: set[int] = set()
        for void in self.voids:
            if void.seq > seq:
                break
            numbers |= void.numbers
        return numbers

    def command_at(self, seq: int) -> Mark | None:
        """The command that recorded entry `seq`, if there is one."""
        index = bisect_right(self._firsts, seq) - 1
        if index < 0 or seq > self.marks[index].last:
            return None
        return self.marks[index]

    def entries(self, number: int) -> range:
        """The entries (seqs) command `number` recorded; empty for a number not on the timeline."""
        mark = self._numbers.get(number)
        return range(mark.first, mark.last + 1) if mark is not None else range(0)

    def voidable(self, mark: Mark) -> bool:
        """A command an undo or rewind may take back: play not yet voided (a clock tick only
        for a turn it skipped; its time call and a game's end by time stay)."""
        if mark.number == 1 or mark.number in self.voided or not mark.types - KEPT:
            return False
        return "turn_skipped" in mark.types or not mark.is_a("clock_tick")

    def plan_undo(self, table: Table) -> list[int]:
        """The banker's undo: the last game command still standing. A voided command is gone:
        once the latest roll is undone, the roll before it is the latest, so the close or the
        purchase recorded before the undone roll may be taken back too (issue 21)."""
        for last in reversed(self.marks):
            if self.voidable(last) and not last.is_a("clock_tick"):
                return [last.number]
        raise RuleViolation(table.profile.clause("undo"), "there is nothing to undo")

    def plan_rewind(self, table: Table, to_seq: int) -> list[int]:
        """The judge's rewind: every game command after the command that recorded `to_seq`."""
        target = self.command_at(to_seq)
        if target is None:
            raise RuleViolation(table.profile.clause("judge"), f"there is no entry {to_seq}")
        start = bisect_right(self._firsts, target.first)
        later = [m.number for m in self.marks[start:] if self.voidable(m)]
        if not later:
            raise RuleViolation(table.profile.clause("judge"),
                                f"nothing to rewind after entry {to_seq}")
        return later

    def usable(self, snapshot: int, seq: int) -> bool:
        """Whether the state at entry `snapshot` is a fold's start for entry `seq`: no void
        between them took back anything at or before the snapshot."""
        return all(v.earliest > snapshot for v in self.voids if snapshot < v.seq <= seq)

    def kept(self, after: int, upto: int) -> list[tuple[int, int]]:
        """The seq ranges in (after, upto] a fold from entry `after` applies: every event but
        those of commands voided by an entry in that span."""
        skip: set[int] = set()
        for void in self.voids:
            if after < void.seq <= upto:
                skip |= void.numbers
        ranges: list[tuple[int, int]] = []
        start = max(0, bisect_right(self._firsts, after) - 1)
        for mark in self.marks[start:]:
            if mark.first > upto:
                break
            low, high = max(mark.first, after + 1), min(mark.last, upto)
            if low > high or mark.number in skip:
                continue
            if ranges and ranges[-1][1] + 1 == low:
                ranges[-1] = (ranges[-1][0], high)
            else:
                ranges.append((low, high))
        return ranges


def timeline_of(commands: list[StoredCommand], stored: list[StoredEvent]) -> Timeline:
    """The timeline of recorded commands and events (raises LedgerCorrupt as Timeline.add)."""
    by_command: dict[int, list[tuple[int, str, Any]]] = defaultdict(list)
    for s in stored:
        by_command[s.command_no].append((s.seq, s.type, s.payload))
    timeline = Timeline()
    for c in commands:
        kind = c.payload.get("type")
        timeline.add(c.command_no, kind if isinstance(kind, str) else "", by_command[c.command_no])
    return timeline


def plan_undo(table: Table, commands: list[StoredCommand], stored: list[StoredEvent]) -> list[int]:
    """The banker's undo: the last game command, as long as no roll was recorded after it."""
    return timeline_of(commands, stored).plan_undo(table)


def plan_rewind(table: Table, commands: list[StoredCommand], stored: list[StoredEvent],
                to_seq: int) -> list[int]:
    """The judge's rewind: every game command after the command that recorded entry `to_seq`."""
    return timeline_of(commands, stored).plan_rewind(table, to_seq)
