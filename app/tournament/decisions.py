"""The tournament's judges' decisions, signed and followed: tie rulings, withdrawals,
standbys called in (issue 28) and games moved to their table (issue 29).

Every such decision carries its judge's seal (app/signing): the tournament's decisions are one
chain (scope "tournament:<id>"). Every reader (results, standings, publishing, the windows)
reads the tournament through `check`, which keeps only the decisions that verify as the next of
the chain; a decision no judge signed, or whose seal fails, is named (which, why) and followed
by nobody. Decisions the store held before signatures (a hub's versions before migration 0012,
a file from before `signed_since`) are followed as "recorded before signatures".

A change is made to the tournament as followed; a decision it adds is sealed by the judge who
signed in for it (`seal_new`), so the next version holds every decision followed, sealed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from app.ledger.hashing import format_timestamp
from app.signing.decisions import Chain, Decision, Problem, Seal, next_seal
from app.signing.keys import Signer
from models.tournament.desk import GameMove
from models.tournament.records import CheckIn, Ruling, Tournament, TournamentError, Withdrawal
from models.tournament.signed import DecisionSeal

Kind = str  # "ruling", "withdrawal", "standby", "move"
Legacy = Callable[[Kind, Mapping[str, Any]], bool]
"""Whether the store held a decision (its kind and what it says) before signatures."""


def scope_of(tid: str) -> str:
    """The chain of a tournament's decisions."""
    return f"tournament:{tid}"


def says(record: BaseModel) -> dict[str, Any]:
    """What a decision says, as signed: the record as stored, without its seal."""
    return record.model_dump(mode="json", exclude={"seal"})


def said(kind: Kind, record: BaseModel) -> str:
    """A decision's kind and words in one comparable text (a legacy set's key)."""
    return kind + json.dumps(says(record), sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Checked:
    """A tournament as its readers follow it, the decisions passed over (each with why), and
    the chain the next decision continues."""

    tournament: Tournament
    problems: tuple[Problem, ...]
    chain: Chain
    legacy: int  # how many followed decisions were recorded before signatures

    @property
    def words(self) -> list[str]:
        """Each decision not followed, in one line."""
        return [p.words for p in self.problems]


def _decisions(t: Tournament) -> list[tuple[Kind, int, BaseModel, DecisionSeal | None]]:
    found: list[tuple[Kind, int, BaseModel, DecisionSeal | None]] = []
    found += [("ruling", i, r, r.seal) for i, r in enumerate(t.rulings)]
    found += [("withdrawal", i, w, w.seal) for i, w in enumerate(t.withdrawals)]
    found += [("standby", i, c, c.seal) for i, c in enumerate(t.check_ins)
              if c.status == "standby"]
    found += [("move", i, m, m.seal) for i, m in enumerate(t.moves)]
    return found


def _by(kind: Kind, record: BaseModel, found: DecisionSeal | None) -> str:
    if isinstance(record, Ruling):
        return record.judge
    if isinstance(record, CheckIn | GameMove):
        return record.by
    return found.judge if found is not None else "the desk"


def _ref(t: Tournament, kind: Kind, record: BaseModel) -> str:
    at = getattr(record, "at", None)
    when = f" of {at:%Y-%m-%d %H:%M:%S}" if isinstance(at, datetime) else ""
    if isinstance(record, Ruling):
        return f"the tie ruling{when} by {record.judge} in the {record.stage} " \
               f"({', '.join(record.order)})"
    if isinstance(record, Withdrawal):
        return f"the withdrawal{when} of {record.player} before the {record.stage}"
    if isinstance(record, CheckIn):
        return f"the standby call{when} of {record.player} in the {record.stage} by {record.by}"
    if isinstance(record, GameMove):
        return (f"the move{when} of game {record.game_id} to the {record.stage} table "
                f"{record.table} by {record.by}")
    return f"a {kind}{when}"


def check(t: Tournament, keys: Mapping[str, str], legacy: Legacy) -> Checked:
    """`t` as its readers follow it against the judges' public keys (name → key)."""
    items = _decisions(t)
    old = sorted((x for x in items if x[3] is None and legacy(x[0], says(x[2]))),
                 key=lambda x: getattr(x[2], "at", datetime.min))
    sealed = sorted((x for x in items if x[3] is not None), key=lambda x: x[3].number if x[3]
                    else 0)
    before = {(kind, index) for kind, index, _, _ in old}
    rest = [x for x in items if x[3] is None and (x[0], x[1]) not in before]
    chain = Chain(scope_of(t.id))
    kept: set[tuple[Kind, int]] = set()
    for kind, index, record, found in (*old, *sealed, *rest):
        seal = None if found is None else Seal(found.judge, found.number, found.at, found.prev,
                                               found.signature)
        decision = Decision(_ref(t, kind, record), chain.scope, kind, says(record),
                            _by(kind, record, found), seal, legacy=(kind, index) in before)
        if chain.offer(decision, keys) is None:
            kept.add((kind, index))
    followed = t.model_copy(update={
        "rulings": tuple(r for i, r in enumerate(t.rulings) if ("ruling", i) in kept),
        "withdrawals": tuple(w for i, w in enumerate(t.withdrawals)
                             if ("withdrawal", i) in kept),
        "check_ins": tuple(c for i, c in enumerate(t.check_ins)
                           if c.status != "standby" or ("standby", i) in kept),
        "moves": tuple(m for i, m in enumerate(t.moves) if ("move", i) in kept)})
    return Checked(followed, tuple(chain.problems), chain, len(chain.legacy))


def seal_new(before: Checked, after: Tournament, signer: Signer | None) -> Tournament:
    """`after` (a change of `before.tournament`) with each decision it adds sealed by `signer`,
    as the next of the chain. Raises TournamentError when a decision is added with no judge
    signed in, or a judge other than the one signed in is named as deciding it."""
    t = before.tournament
    new: list[tuple[Kind, BaseModel]] = [
        *(("ruling", r) for r in after.rulings[len(t.rulings):]),
        *(("withdrawal", w) for w in after.withdrawals[len(t.withdrawals):]),
        *(("standby", c) for c in after.check_ins[len(t.check_ins):] if c.status == "standby"),
        *(("move", m) for m in after.moves[len(t.moves):])]
    if not new:
        return after
    if signer is None:
        raise TournamentError(f"{_ref(after, *new[0])} is a judge's decision: a registered "
                              "judge signs it with their PIN; nothing was recorded")
    chain = Chain(before.chain.scope, list(before.chain.followed), list(before.chain.legacy),
                  [], before.chain.head)
    sealed: dict[int, BaseModel] = {}
    for kind, record in new:
        by = _by(kind, record, None)
        if kind != "withdrawal" and by != signer.name:
            raise TournamentError(f"{_ref(after, kind, record)} names {by} as deciding it, but "
                                  f"{signer.name} signed in; nothing was recorded")
        at = format_timestamp(getattr(record, "at"))  # noqa: B009 (each kind has its time)
        made = next_seal(chain, signer, kind, says(record), at)
        chain.offer(Decision(kind, chain.scope, kind, says(record),
                             signer.name if kind == "withdrawal" else by, made),
                    {signer.name: signer.public_key})
        sealed[id(record)] = record.model_copy(update={"seal": DecisionSeal(
            judge=made.judge, number=made.number, at=made.at, prev=made.prev,
            signature=made.signature)})
    return after.model_copy(update={
        "rulings": tuple(_swap(after.rulings, sealed)),
        "withdrawals": tuple(_swap(after.withdrawals, sealed)),
        "check_ins": tuple(_swap(after.check_ins, sealed)),
        "moves": tuple(_swap(after.moves, sealed))})


def _swap(records: Iterable[BaseModel], sealed: Mapping[int, BaseModel]) -> list[BaseModel]:
    return [sealed.get(id(r), r) for r in records]


def legacy_of(kept: Tournament | None) -> Legacy:
    """A hub's: the decisions its last version before signatures held (none: no such version)."""
    held = set() if kept is None else {said(kind, record) for kind, _, record, _ in
                                       _decisions(kept)}
    return lambda kind, what: kind + json.dumps(what, sort_keys=True, ensure_ascii=False) in held


def legacy_before(since: datetime | None) -> Legacy:
    """A file's: decisions dated before it began signing (all of them, in a file from before)."""
    def old(kind: Kind, what: Mapping[str, Any]) -> bool:
        if since is None:
            return True
        at = what.get("at")
        return isinstance(at, str) and datetime.fromisoformat(at) < since
    return old


def file_keys(t: Tournament) -> dict[str, str]:
    """The public keys of a file's tournament judges."""
    return {j.name: j.public_key for j in t.judges}
