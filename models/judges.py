"""Judges as ledger entries: the first ones come with the new game, later ones from a judge."""

from __future__ import annotations

from collections.abc import Iterable

from models import events as ev
from models.commands import AddJudge, JudgeEntry, NewGame
from models.errors import BadInput, RuleViolation
from models.table import Scratch, Table


def registered_with(table: Table, cmd: NewGame) -> list[ev.JudgeAdded]:
    """The judges a new game registers, in the order given; raises on a clash of names."""
    entries = cmd.judges or []
    known: dict[str, str] = {}
    for entry in entries:
        _check_name(table, entry.name, known, cmd.players)
        known[entry.name] = entry.pin_hash
    return [_added(entry) for entry in entries]


def add_judge(t: Scratch, cmd: AddJudge) -> None:
    """A signed-in judge registers another judge (the app checks who signs in)."""
    _check_name(t.table, cmd.name, t.state.judges, [p.name for p in t.state.players])
    t.emit(ev.JudgeAdded(name=cmd.name, pin_hash=cmd.pin_hash))


def _check_name(table: Table, name: str, known: Iterable[str], players: Iterable[str]) -> None:
    # Names are compared without case: "lee" and "Lee" on one sheet would be read as one judge.
    if any(name.casefold() == other.casefold() for other in known):
        raise BadInput(f"judge {name!r} is already registered for this game")
    if any(name.casefold() == player.casefold() for player in players):
        raise RuleViolation(table.profile.clause("judge"),
                            f"{name} plays at this table and cannot also judge it")


def _added(entry: JudgeEntry) -> ev.JudgeAdded:
    return ev.JudgeAdded(name=entry.name, pin_hash=entry.pin_hash)
