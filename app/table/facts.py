"""What the table shows that the state does not keep (the last landing, why the clock is paused,
who was disqualified or declared absent), kept up to date as entries are recorded."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
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
class FactKeeper:
    """The table's facts, and the few events they come from by command (a token move is about
    one entry in four), so a void works them out again without reading the ledger."""

    facts: Facts = field(default_factory=Facts)
    _kept: list[tuple[int, str, Any]] = field(default_factory=list)  # (command_no, type, payload)

    def add(self, command_no: int, kind: str, payload: Any) -> None:
        """One more recorded event (its payload as a mapping, or its stored JSON text, which
        is decoded only for the fact types)."""
        if kind not in FACT_TYPES:
            return
        if isinstance(payload, str):
            payload = json.loads(payload)
        self._kept.append((command_no, kind, payload))
        self.facts = self.facts.after(kind, payload)

    def recorded(self, stored: Iterable[StoredEvent]) -> None:
        """Events just recorded (none of them voids anything)."""
        for s in stored:
            self.add(s.command_no, s.type, s.payload)

    def voided(self, numbers: set[int]) -> None:
        """The facts again, leaving out the events of the commands in `numbers`."""
        facts = Facts()
        for number, kind, payload in self._kept:
            if number not in numbers:
                facts = facts.after(kind, payload)
        self.facts = facts
