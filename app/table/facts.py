"""What the table shows that the state does not keep (the last landing, why the clock is paused,
who was disqualified or declared absent), kept up to date as entries are recorded."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.ledger import StoredEvent

FACT_TYPES = frozenset({"token_moved", "clock_paused", "player_disqualified", "player_absent"})


@dataclass(frozen=True, slots=True)
class Facts:
    """The facts found in the events themselves (voided commands' events left out)."""

    landed: int | None = None  # the space of the last token move
    pause_reason: str | None = None  # the reason of the last pause
    disqualified: frozenset[str] = frozenset()
    absent: frozenset[str] = frozenset()

    def after(self, kind: str, payload: Any) -> Facts:
        """These facts after one more event of type `kind` (any other type changes nothing)."""
        if kind == "token_moved":
            return Facts(int(payload["to_space"]), self.pause_reason, self.disqualified,
                         self.absent)
        if kind == "clock_paused":
            return Facts(self.landed, str(payload["reason"]), self.disqualified, self.absent)
        if kind == "player_disqualified":
            return Facts(self.landed, self.pause_reason,
                         self.disqualified | {str(payload["player"])}, self.absent)
        if kind == "player_absent":
            return Facts(self.landed, self.pause_reason, self.disqualified,
                         self.absent | {str(payload["player"])})
        return self

    @classmethod
    def of(cls, events: Sequence[StoredEvent], voided: set[int]) -> Facts:
        """The facts of `events` (every event of a game up to a point), skipping the events of
        the commands in `voided`."""
        facts = cls()
        for s in events:
            if s.type in FACT_TYPES and s.command_no not in voided:
                facts = facts.after(s.type, s.payload)
        return facts


@dataclass
class _Kind:
    """The events of one fact type, in entry order: their seqs (to find a point by bisection)
    and their (command_no, payload)."""

    seqs: list[int] = field(default_factory=list)
    kept: list[tuple[int, Any]] = field(default_factory=list)

    def last(self, upto: int, skip: Collection[int]) -> Any:
        """The payload of the latest event at or before entry `upto` whose command is not in
        `skip` (None if there is none): read backwards, past the voided ones alone."""
        for index in range(bisect_right(self.seqs, upto) - 1, -1, -1):
            number, payload = self.kept[index]
            if number not in skip:
                return payload
        return None

    def players(self, upto: int, skip: Collection[int]) -> frozenset[str]:
        """The players named by every event at or before entry `upto` not in `skip` (a
        disqualification or an absence: a few in a game)."""
        return frozenset(str(payload["player"]) for number, payload
                         in self.kept[:bisect_right(self.seqs, upto)] if number not in skip)


@dataclass
class FactKeeper:
    """The table's facts, and the few events they come from, by type and entry (a token move is
    about one entry in four), so a void or any earlier entry works them out again from the
    latest of each type alone, without reading the ledger or every fact."""

    facts: Facts = field(default_factory=Facts)
    _kinds: dict[str, _Kind] = field(default_factory=lambda: {k: _Kind() for k in FACT_TYPES})

    def add(self, seq: int, command_no: int, kind: str, payload: Any) -> None:
        """One more recorded event, entry `seq` (its payload as a mapping, or its stored JSON
        text, which is decoded only for the fact types)."""
        if kind not in FACT_TYPES:
            return
        if isinstance(payload, str):
            payload = json.loads(payload)
        found = self._kinds[kind]
        found.seqs.append(seq)
        found.kept.append((command_no, payload))
        self.facts = self.facts.after(kind, payload)

    def recorded(self, stored: Iterable[StoredEvent]) -> None:
        """Events just recorded (none of them voids anything)."""
        for s in stored:
            self.add(s.seq, s.command_no, s.type, s.payload)

    def voided(self, numbers: Collection[int]) -> None:
        """The facts again, leaving out the events of the commands in `numbers`."""
        self.facts = self.at(self._head(), numbers)

    def at(self, seq: int, skip: Collection[int]) -> Facts:
        """The facts right after entry `seq`, leaving out the events of the commands in `skip`
        (those voided by then): the same as `Facts.of` over every event up to `seq`, at the
        cost of the latest event of each type and the voided ones after it."""
        moved = self._kinds["token_moved"].last(seq, skip)
        paused = self._kinds["clock_paused"].last(seq, skip)
        return Facts(None if moved is None else int(moved["to_space"]),
                     None if paused is None else str(paused["reason"]),
                     self._kinds["player_disqualified"].players(seq, skip),
                     self._kinds["player_absent"].players(seq, skip))

    def _head(self) -> int:
        return max((k.seqs[-1] for k in self._kinds.values() if k.seqs), default=0)
