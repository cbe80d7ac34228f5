"""Signed decisions and the chains readers follow.

A decision is what a judge decided (`says`), in a scope (a tournament, a stage's round, a
game), numbered within the scope's chain, timed, and linked to the decision before it by that
decision's hash. The judge's signature covers all of it, so a decision cannot be altered, moved
to another scope, replayed or dropped from the middle without the chain showing it.

Readers follow a scope's decisions in stored order: a decision is followed only when its judge
has a key, its signature verifies, and it is the next of the chain (its number and the hash it
names are those of the last decision followed). Anything else is named (which, why) and passed
over, so a stray or forged row never wedges the chain: the next signed decision links to the
last one followed and takes effect. Decisions recorded before signatures (the store says which)
are followed as such and named "recorded before signatures", never as forged."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.signing.keys import Signer, verifies

GENESIS = "0" * 64
"""The `prev` of a scope's first decision."""


@dataclass(frozen=True)
class Seal:
    """A decision's proof: its judge, number in its scope's chain, time (ISO-8601, UTC), the
    hash of the decision before it, and the judge's signature (base64)."""

    judge: str
    number: int
    at: str
    prev: str
    signature: str

    def as_dict(self) -> dict[str, Any]:
        """The seal as stored (a JSON object)."""
        return {"judge": self.judge, "number": self.number, "at": self.at, "prev": self.prev,
                "signature": self.signature}

    @classmethod
    def stored(cls, text: str | None) -> Seal | None:
        """A seal stored as JSON text (a hub row's `seal` column); None when there is none or
        it is not a seal."""
        if not text:
            return None
        try:
            return cls.of(json.loads(text))
        except ValueError:
            return None

    @classmethod
    def of(cls, found: Any) -> Seal | None:
        """A stored seal read back; None when there is none or it is not a seal's shape."""
        if not isinstance(found, Mapping):
            return None
        judge, number, at = found.get("judge"), found.get("number"), found.get("at")
        prev, signature = found.get("prev"), found.get("signature")
        if not (isinstance(judge, str) and type(number) is int and isinstance(at, str)
                and isinstance(prev, str) and isinstance(signature, str)):
            return None
        return cls(judge, number, at, prev, signature)


def message(scope: str, kind: str, says: Mapping[str, Any], judge: str, number: int, at: str,
            prev: str) -> bytes:
    """The exact bytes a judge signs: canonical JSON (sorted keys, no spaces, UTF-8)."""
    body = {"scope": scope, "kind": kind, "says": says, "judge": judge, "number": number,
            "at": at, "prev": prev, "v": 1}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def digest(data: bytes) -> str:
    """SHA-256 (hex): a decision's hash, which the next decision names as `prev`."""
    return hashlib.sha256(data).hexdigest()


def seal(signer: Signer, scope: str, kind: str, says: Mapping[str, Any], number: int, at: str,
         prev: str) -> Seal:
    """`signer`'s seal on a decision that is number `number` of `scope`, after `prev`."""
    data = message(scope, kind, says, signer.name, number, at, prev)
    return Seal(signer.name, number, at, prev, signer.sign(data))


@dataclass(frozen=True)
class Decision:
    """One decision as a store holds it: `ref` names it for people ("hub_rounds row 7",
    "ruling 2 of the Qualifying"), `legacy` says the store holds it from before signatures."""

    ref: str
    scope: str
    kind: str
    says: Mapping[str, Any]
    by: str
    seal: Seal | None
    legacy: bool = False


@dataclass(frozen=True)
class Problem:
    """A decision not followed, and why, in words."""

    ref: str
    why: str

    @property
    def words(self) -> str:
        """The problem in one line: which decision, why it is not followed."""
        return f"{self.ref}: {self.why}; not followed"


@dataclass
class Chain:
    """A scope's chain as followed so far: the decisions followed (with their numbers), the
    ones passed over, and the head a next decision must name."""

    scope: str
    followed: list[Decision] = field(default_factory=list)
    legacy: list[Decision] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    head: str = GENESIS

    @property
    def number(self) -> int:
        """The number of the last decision followed (0: none)."""
        return len(self.followed)

    def offer(self, decision: Decision, keys: Mapping[str, str]) -> Problem | None:
        """Follow `decision` if it is the chain's next (see the module's docstring); else
        note and return why not."""
        why = _refused(self, decision, keys)
        if why is not None:
            problem = Problem(decision.ref, why)
            self.problems.append(problem)
            return problem
        found = decision.seal
        number, at = self.number + 1, found.at if found else ""
        judge = found.judge if found else decision.by
        self.head = digest(message(self.scope, decision.kind, decision.says, judge, number, at,
                                   self.head))
        self.followed.append(decision)
        if found is None:
            self.legacy.append(decision)
        return None


def follow(scope: str, decisions: Iterable[Decision], keys: Mapping[str, str]) -> Chain:
    """Follow `scope`'s decisions in stored order against the judges' public keys (name →
    key); see the module's docstring."""
    chain = Chain(scope)
    for decision in decisions:
        chain.offer(decision, keys)
    return chain


def _refused(chain: Chain, decision: Decision, keys: Mapping[str, str]) -> str | None:
    if decision.scope != chain.scope:
        return f"it belongs to {decision.scope}, not {chain.scope} (moved)"
    found = decision.seal
    if found is None:
        return None if decision.legacy else "no judge signed it"
    if found.judge != decision.by:
        return f"it is recorded as {decision.by}'s but signed as {found.judge}'s"
    key = keys.get(found.judge)
    if key is None:
        return f"{found.judge} is no judge with a key on record"
    data = message(chain.scope, decision.kind, decision.says, found.judge, found.number,
                   found.at, found.prev)
    if not verifies(key, data, found.signature):
        return f"{found.judge}'s signature does not match what it says (altered, or forged)"
    if found.number != chain.number + 1 or found.prev != chain.head:
        return (f"it is signed as decision {found.number} after another than the last one "
                f"followed ({chain.number}): replayed, moved, or one before it is missing")
    return None


def next_seal(chain: Chain, signer: Signer, kind: str, says: Mapping[str, Any], at: str) -> Seal:
    """The seal of the decision that comes next in `chain`, signed by `signer`."""
    return seal(signer, chain.scope, kind, says, chain.number + 1, at, chain.head)
