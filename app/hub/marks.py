"""A game's marks on the hub: DIVERGED, judges' notes on it, the head judge's ruling; rows only.

A note or a ruling is a judge's decision, signed (app/signing): each game's judges' marks are a
chain of their own (scope "marks:<game id>"), each naming the divergence it is on. Readers
follow only the ones that verify (`judged`); a row no judge signed, or whose seal fails, is
named and changes no flag. Marks held before signatures (hub_signatures) are followed as
"recorded before signatures"."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select

from app.hub.errors import HubError
from app.hub.keys import public_keys, signatures_since
from app.hub.schema import hub_games, hub_marks
from app.signing.decisions import Chain, Decision, Problem, Seal, next_seal
from app.signing.keys import Signer

MAX_TEXT = 2000
"""A note or a ruling's reason is a few sentences, not a file."""


@dataclass(frozen=True)
class Mark:
    """One row of hub_marks: when, which game, "diverged" / "note" / "ruling", what, by whom."""

    game_id: str
    at: datetime
    kind: str
    seq: int | None
    text: str
    by: str
    id: int = 0
    stamp: str = ""  # `at` as stored (the signed text)
    seal: Seal | None = None
    legacy: bool = False  # held before signatures began on this hub


@dataclass(frozen=True)
class Flag:
    """A game's DIVERGED flag as its marks stand: the divergence that raised it (the first one
    since the last ruling), the head judge's ruling on it if any, and the notes made on it."""

    diverged: Mark
    ruling: Mark | None = None
    notes: tuple[Mark, ...] = field(default=())

    @property
    def ruled(self) -> bool:
        """True once the head judge has ruled on this divergence (its result may count)."""
        return self.ruling is not None

    def words(self) -> str:
        """The flag in one line: its reason, then the ruling when there is one."""
        ruled = (f"; ruled by {self.ruling.by}: {self.ruling.text}"
                 if self.ruling is not None else "")
        return f"DIVERGED: {self.diverged.text}{ruled}"


def flags_of(marks: Iterable[Mark]) -> dict[str, Flag]:
    """Each game's current flag from its marks, oldest first. A divergence after a ruling
    raises the flag again: a ruling covers what it was made on, not what came later."""
    found: dict[str, Flag] = {}
    for mark in marks:
        _fold(found, mark)
    return found


def scope_of(game_id: str) -> str:
    """The chain of a game's judges' marks."""
    return f"marks:{game_id}"


def says(mark: Mark, on: Mark) -> dict[str, Any]:
    """What a judge's note or ruling says, as signed: the game, the words, when, and the
    divergence it is on (so it cannot be moved to a later one)."""
    return {"game": mark.game_id, "kind": mark.kind, "text": mark.text, "at": mark.stamp,
            "on": {"at": on.stamp, "seq": on.seq, "text": on.text}}


def read_marks(connection: Connection, game_id: str | None = None) -> list[Mark]:
    """The marks as stored, oldest first (of one game when `game_id` is given), every judge's
    mark with its seal, whether or not it verifies (see `judged`)."""
    query = select(hub_marks).order_by(hub_marks.c.id)
    if game_id is not None:
        query = query.where(hub_marks.c.game_id == game_id)
    held = signatures_since(connection).marks
    return [Mark(game_id=r.game_id, at=datetime.fromisoformat(r.at), kind=r.kind, seq=r.seq,
                 text=r.text, by=r.by, id=int(r.id), stamp=str(r.at),
                 seal=Seal.stored(r.seal), legacy=int(r.id) in held)
            for r in connection.execute(query)]


@dataclass(frozen=True)
class Judged:
    """The marks a reader follows (every divergence; the judges' marks that verify) and the
    judges' marks passed over, each named with why."""

    marks: tuple[Mark, ...]
    problems: tuple[Problem, ...]
    chains: Mapping[str, Chain]

    @property
    def flags(self) -> dict[str, Flag]:
        """Each game's flag from the followed marks."""
        return flags_of(self.marks)


def judged(marks: Iterable[Mark], keys: Mapping[str, str]) -> Judged:
    """Follow each game's judges' marks against the judges' keys: a note or ruling counts only
    when it verifies as the next of its game's chain and is on the game's current divergence."""
    chains: dict[str, Chain] = {}
    kept: list[Mark] = []
    problems: list[Problem] = []
    flags: dict[str, Flag] = {}
    for mark in marks:
        if mark.kind == "diverged":
            kept.append(mark)
            _fold(flags, mark)
            continue
        chain = chains.setdefault(mark.game_id, Chain(scope_of(mark.game_id)))
        flag = flags.get(mark.game_id)
        ref = f"the {mark.kind} of {mark.at:%Y-%m-%d %H:%M:%S} by {mark.by} on game " \
              f"{mark.game_id} (hub_marks row {mark.id})"
        if flag is None:
            problems.append(Problem(ref, "it is on no divergence"))
            continue
        problem = chain.offer(Decision(ref, chain.scope, mark.kind, says(mark, flag.diverged),
                                       mark.by, mark.seal, mark.legacy), keys)
        if problem is None:
            kept.append(mark)
            _fold(flags, mark)
        else:
            problems.append(problem)
    return Judged(tuple(kept), tuple(problems), chains)


def _fold(found: dict[str, Flag], mark: Mark) -> None:
    current = found.get(mark.game_id)
    if mark.kind == "diverged":
        if current is None or current.ruled:
            found[mark.game_id] = Flag(diverged=mark)
    elif current is not None and mark.kind == "ruling" and not current.ruled:
        found[mark.game_id] = replace(current, ruling=mark)
    elif current is not None and mark.kind == "note":
        found[mark.game_id] = replace(current, notes=(*current.notes, mark))


def judged_marks(connection: Connection, game_id: str | None = None) -> Judged:
    """The marks a reader follows, read and checked in one go."""
    return judged(read_marks(connection, game_id), public_keys(connection))


def mark_diverged(connection: Connection, game_id: str, seq: int | None, reason: str,
                  source: str, stamp: str) -> None:
    """Raise the game's flag unless it is up and not yet ruled on (then hub_refusals keeps
    each further refusal; the flag keeps the first reason)."""
    flag = judged_marks(connection, game_id).flags.get(game_id)
    if flag is None or flag.ruled:
        connection.execute(insert(hub_marks).values(
            game_id=game_id, at=stamp, kind="diverged", seq=seq, text=reason, by=source))


def add_judges_mark(connection: Connection, game_id: str, kind: str, signer: Signer, text: str,
                    stamp: str) -> Flag:
    """A judge's note on the game's flag, or the ruling on it, signed by `signer` as the next
    of the game's judges' marks; returns the flag as it now stands. Raises HubError for a game
    with no flag, an empty or overlong text, or a second ruling on one divergence."""
    words = text.strip()
    if not words or len(words) > MAX_TEXT:
        raise HubError(f"a {kind} needs words (at most {MAX_TEXT} characters); nothing recorded")
    judge = signer.name
    seen = judged_marks(connection, game_id)
    flag = seen.flags.get(game_id)
    if flag is None:
        raise HubError(f"game {game_id} is not marked DIVERGED on the hub; there is nothing "
                       f"to {'rule on' if kind == 'ruling' else 'annotate'}")
    if kind == "ruling" and flag.ruling is not None:
        raise HubError(f"game {game_id}: {flag.ruling.by} already ruled on this divergence "
                       f"({flag.ruling.text}); add a note instead")
    mark = Mark(game_id=game_id, at=datetime.fromisoformat(stamp), kind=kind, seq=None,
                text=words, by=judge, stamp=stamp)
    chain = seen.chains.get(game_id) or Chain(scope_of(game_id))
    sealed = next_seal(chain, signer, kind, says(mark, flag.diverged), stamp)
    connection.execute(insert(hub_marks).values(game_id=game_id, at=stamp, kind=kind, seq=None,
                                                text=words, by=judge,
                                                seal=json.dumps(sealed.as_dict())))
    return judged_marks(connection, game_id).flags[game_id]


def game_named(connection: Connection, named: str) -> str:
    """The game id for `named`: a game id the hub holds, or a table's label held by one game.
    Raises HubError naming the choices."""
    rows = connection.execute(select(hub_games.c.game_id, hub_games.c.label)).all()
    if any(game_id == named for game_id, _ in rows):
        return named
    labelled = [game_id for game_id, label in rows if label == named]
    if len(labelled) == 1:
        return str(labelled[0])
    if labelled:
        raise HubError(f"{len(labelled)} games on the hub are labelled {named!r}: give the "
                       f"game id ({', '.join(labelled)})")
    raise HubError(f"no game {named!r} on the hub (`banker hub status` lists them)")

