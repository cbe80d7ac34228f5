"""A desk change undone: the tournament as it was before the change, restored as a new version
with the reason (issue 29). A judge's decision is not the desk's to undo: a change that added
or took away a ruling, a withdrawal, a standby called in or a game moved is refused (a judge
supersedes a ruling; a withdrawal stands)."""

from __future__ import annotations

from datetime import datetime

from models.tournament.desk import Undone
from models.tournament.records import Tournament, TournamentError


def _decisions(t: Tournament) -> list[object]:
    return [*t.rulings, *t.withdrawals, *(c for c in t.check_ins if c.status == "standby"),
            *t.moves]


def undone(current: Tournament, earlier: Tournament, change: str, reason: str,
           at: datetime) -> Tournament:
    """`earlier` (the tournament before `change`, its last change) restored, the undoing
    recorded on it with every one recorded before; raises TournamentError when `change` was a
    judge's decision."""
    if not reason.strip():
        raise TournamentError("an undo needs its reason (--reason)")
    if earlier.id != current.id:
        raise TournamentError(f"the version kept before is tournament {earlier.id!r}, not "
                              f"{current.id!r}: nothing was undone")
    if _decisions(earlier) != _decisions(current):
        raise TournamentError(f"the last change ({change}) recorded a judge's decision: it is "
                              "not the desk's to undo (a judge rules again, supersedes or "
                              "calls the next standby); nothing was undone")
    record = Undone(change=change, reason=reason.strip(), at=at)
    return earlier.model_copy(update={"undone": (*current.undone, record)})
