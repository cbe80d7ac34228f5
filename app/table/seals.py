"""Judges' seals at a table: every judge's entry signed (app/signing), and the chain readers follow.

A judge's entry is a command recorded with the actor role `judge`, or a judge's command (JUDGE_ONLY)
recorded as anyone. Its stored row carries `"seal": {judge, number, at, prev, signature}` beside
the command's own fields, where the chain (version 2 hashes every command row) covers it; the
judge signs the row without the seal (`says`), of the game (`scope`, its id), as the chain's next
decision after the last one followed, at the row's `recorded_at`. A reader follows each judge's
entry only if its seal verifies with the key its judge held at that point (the key of a
`set_judge_key` is the one it sets); an entry without a seal by a judge who had no key yet is
"recorded before signatures"; anything else is named and not followed (nor are the keys it
would register)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.ledger.history import History
from app.signing.decisions import Chain, Decision, Problem, Seal, next_seal
from app.signing.keys import Signer
from app.table.snapshot_pins import PIN_KEY
from app.table.versions import VERSION_KEY
from models.commands import JUDGE_ONLY

SEAL_KEY = "seal"
"""The key a judge's command row carries its seal under. No command has a field of that name
(extra fields are refused), so only the table's writer puts it there."""

JUDGE_KINDS = frozenset(kind.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
                        for kind in JUDGE_ONLY)
"""The command types only a judge gives (every entry of one is a judge's, whoever it names)."""

_KIND = re.compile(r'"type":"(' + "|".join(sorted(JUDGE_KINDS)) + r')"')
_KEY_EVENTS = ("judge_added", "judge_key_set")


_WRITERS_KEYS = (SEAL_KEY, PIN_KEY, VERSION_KEY)


def given(said: dict[str, Any]) -> dict[str, Any]:
    """A stored command's payload as it was given: without its seal, snapshot pin and the
    version that recorded it."""
    if SEAL_KEY not in said and PIN_KEY not in said and VERSION_KEY not in said:
        return said
    return {key: value for key, value in said.items() if key not in _WRITERS_KEYS}


def says(row: Mapping[str, Any]) -> dict[str, Any]:
    """What a judge signs of a stored command row: the row without its seal."""
    return {key: value for key, value in row.items() if key != SEAL_KEY}


def ref(command_no: int, kind: object) -> str:
    """How a problem names a judge's entry."""
    return f"command {command_no} ({kind})"


def sealed(row: dict[str, Any], signer: Signer, chain: Chain, kind: str, at: str
           ) -> tuple[dict[str, Any], Decision]:
    """The command row with `signer`'s seal as the chain's next decision (at `at`, the row's
    recorded time as stored), and the decision it is, to follow once it is recorded."""
    seal = next_seal(chain, signer, kind, row, at)
    decision = Decision(ref(0, kind), chain.scope, kind, row, signer.name, seal)
    return {**row, SEAL_KEY: seal.as_dict()}, decision


@dataclass
class Signatures:
    """A table's judges' entries as followed: the chain (its head is what the next judge's
    entry names), the entries not followed and those recorded before signatures."""

    chain: Chain
    keys: dict[str, str] = field(default_factory=dict)  # name -> public key, as followed
    registered: set[str] = field(default_factory=set)  # judges added (judge_added), as followed

    @property
    def problems(self) -> list[Problem]:
        """The judge's entries not followed, and why."""
        return self.chain.problems

    @property
    def before_signatures(self) -> list[str]:
        """The judge's entries recorded before signatures (their judge had no key yet)."""
        return [decision.ref for decision in self.chain.legacy]

    def recorded(self, decision: Decision, command_no: int) -> None:
        """A judge's entry this table has just recorded (sealed by `sealed`)."""
        named = Decision(ref(command_no, decision.kind), decision.scope, decision.kind,
                         decision.says, decision.by, decision.seal)
        keys = self.keys
        if decision.kind == "set_judge_key" and decision.by not in keys:
            keys = {**keys, decision.by: str(decision.says.get("public_key"))}
        self.chain.offer(named, keys)

    def added(self, name: str) -> None:
        """A judge registered at this table (judge_added), as the chain now holds it."""
        self.registered.add(name)

    def key_set(self, name: str, public_key: str) -> None:
        """A judge's key as the chain now holds it (registered, or set at a sign-in)."""
        self.keys[name] = public_key

    def as_json(self) -> dict[str, Any]:
        """What `banker state --json` says of the judges' entries."""
        return {"signed": len(self.chain.followed) - len(self.chain.legacy),
                "before_signatures": self.before_signatures,
                "not_followed": [{"entry": p.ref, "why": p.why} for p in self.problems]}


def follow_table(game_id: str, history: History) -> Signatures:
    """The judges' entries of a game's rows (see the module's docstring). Rows of the wrong
    shape (a damaged chain, which is named elsewhere) are passed over."""
    signatures = Signatures(Chain(game_id))
    follow_rows(signatures, history)
    return signatures


def follow_rows(signatures: Signatures, history: History) -> None:
    """Follow on `signatures` the judges' entries of `history`'s rows: a whole game's, or the
    rows recorded after those already followed (Ledger.history_after)."""
    registered = signatures.registered
    key_events = _key_events(history.events)
    for row in history.commands:
        number, text, role, name, at = row[1], row[2], row[3], row[4], row[5]
        if type(number) is not int or type(text) is not str:
            continue
        followed = True
        if role == "judge" or f'"{SEAL_KEY}":' in text or _KIND.search(text):
            followed = _follow_one(signatures, registered, number, text, role, name, at)
        if followed:
            for kind, payload in key_events.get(number, ()):
                _take_key(signatures, registered, kind, payload)


def _follow_one(signatures: Signatures, registered: set[str], number: int, text: str,
                role: object, name: object, at: object) -> bool:
    """Follow one judge's entry (the row of command `number`); whether it was followed."""
    try:
        said = json.loads(text)
    except ValueError:
        return False
    if not isinstance(said, dict):
        return False
    kind = said.get("type")
    if role != "judge" and (role == "hall" or kind not in JUDGE_KINDS):
        # Not a table judge's entry: the hall's round is the head judge's, signed on the hub.
        return True
    by = name if isinstance(name, str) else ""
    seal = Seal.of(said.get(SEAL_KEY))
    keys = signatures.keys
    chain = signatures.chain
    entry = ref(number, kind)
    if seal is not None and seal.at != at:
        chain.problems.append(Problem(entry, f"it was signed at {seal.at}, not at {at} as "
                                             "recorded (its time was changed)"))
        return False
    if kind == "set_judge_key" and by not in keys and isinstance(said.get("public_key"), str):
        keys = {**keys, by: said["public_key"]}  # the new key proves itself by its first seal
    legacy = seal is None and by not in keys and (by in registered or not keys)
    decision = Decision(entry, chain.scope, str(kind), says(said), by, seal, legacy)
    return chain.offer(decision, keys) is None


def _take_key(signatures: Signatures, registered: set[str], kind: str,
              payload: Mapping[str, Any]) -> None:
    name, public_key = payload.get("name"), payload.get("public_key")
    if not isinstance(name, str):
        return
    if kind == "judge_added":
        registered.add(name)
    if isinstance(public_key, str) and name not in signatures.keys:
        signatures.key_set(name, public_key)


def _key_events(rows: Sequence[tuple[Any, ...]]) -> dict[int, list[tuple[str, dict[str, Any]]]]:
    """The judges' registrations and keys among the event rows, by command number."""
    found: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for row in rows:
        if row[3] not in _KEY_EVENTS:
            continue
        try:
            payload = json.loads(row[4])
        except (ValueError, TypeError):
            continue
        if isinstance(payload, dict):
            found.setdefault(row[2], []).append((row[3], payload))
    return found
