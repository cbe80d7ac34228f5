"""A game's marks on the hub: DIVERGED, judges' notes on it, the head judge's ruling; rows only."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import Connection, insert, select

from app.hub.errors import HubError
from app.hub.schema import hub_games, hub_marks

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
        current = found.get(mark.game_id)
        if mark.kind == "diverged":
            if current is None or current.ruled:
                found[mark.game_id] = Flag(diverged=mark)
        elif current is not None and mark.kind == "ruling" and not current.ruled:
            found[mark.game_id] = replace(current, ruling=mark)
        elif current is not None and mark.kind == "note":
            found[mark.game_id] = replace(current, notes=(*current.notes, mark))
    return found


def read_marks(connection: Connection, game_id: str | None = None) -> list[Mark]:
    """The marks, oldest first (of one game when `game_id` is given)."""
    query = select(hub_marks).order_by(hub_marks.c.id)
    if game_id is not None:
        query = query.where(hub_marks.c.game_id == game_id)
    return [Mark(game_id=r.game_id, at=datetime.fromisoformat(r.at), kind=r.kind, seq=r.seq,
                 text=r.text, by=r.by) for r in connection.execute(query)]


def mark_diverged(connection: Connection, game_id: str, seq: int | None, reason: str,
                  source: str, stamp: str) -> None:
    """Raise the game's flag unless it is up and not yet ruled on (then hub_refusals keeps
    each further refusal; the flag keeps the first reason)."""
    flag = flags_of(read_marks(connection, game_id)).get(game_id)
    if flag is None or flag.ruled:
        connection.execute(insert(hub_marks).values(
            game_id=game_id, at=stamp, kind="diverged", seq=seq, text=reason, by=source))


def add_judges_mark(connection: Connection, game_id: str, kind: str, judge: str, text: str,
                    stamp: str) -> Flag:
    """A judge's note on the game's flag, or the ruling on it; returns the flag as it now
    stands. Raises HubError for a game with no flag, an empty or overlong text, or a second
    ruling on one divergence."""
    words = text.strip()
    if not words or len(words) > MAX_TEXT:
        raise HubError(f"a {kind} needs words (at most {MAX_TEXT} characters); nothing recorded")
    flag = flags_of(read_marks(connection, game_id)).get(game_id)
    if flag is None:
        raise HubError(f"game {game_id} is not marked DIVERGED on the hub; there is nothing "
                       f"to {'rule on' if kind == 'ruling' else 'annotate'}")
    if kind == "ruling" and flag.ruling is not None:
        raise HubError(f"game {game_id}: {flag.ruling.by} already ruled on this divergence "
                       f"({flag.ruling.text}); add a note instead")
    connection.execute(insert(hub_marks).values(game_id=game_id, at=stamp, kind=kind, seq=None,
                                                text=words, by=judge))
    return flags_of(read_marks(connection, game_id))[game_id]


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

