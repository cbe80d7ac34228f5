"""Judges as ledger entries: the first ones come with the new game, later ones from a judge."""

from __future__ import annotations

from collections.abc import Iterable

from models import events as ev
from models.commands import AddJudge, JudgeEntry, NewGame, SetJudgeKey
from models.errors import BadInput, RuleViolation
from models.table import Scratch, Table


def registered_with(table: Table, cmd: NewGame) -> list[ev.JudgeAdded]:
    """The judges a new game registers, in the order given; raises on a clash of names."""
    entries = cmd.judges or []
    known: dict[str, str] = {}
    for entry in entries:
        _check_name(table, entry.name, known, cmd.players)
        _check_pair(entry.public_key, entry.sealed_key)
        known[entry.name] = entry.pin_hash
    return [_added(entry) for entry in entries]


def add_judge(t: Scratch, cmd: AddJudge) -> None:
    """A signed-in judge registers another judge (the app checks who signs in)."""
    _check_name(t.table, cmd.name, t.state.judges, [p.name for p in t.state.players])
    _check_pair(cmd.public_key, cmd.sealed_key)
    t.emit(ev.JudgeAdded(name=cmd.name, pin_hash=cmd.pin_hash, public_key=cmd.public_key,
                         sealed_key=cmd.sealed_key))


def set_judge_key(t: Scratch, cmd: SetJudgeKey) -> None:
    """A judge registered before signatures gets their key (the app makes it at their sign-in,
    from the PIN it checked); a judge's key is set once."""
    if cmd.name not in t.state.judges:
        raise BadInput(f"no judge {cmd.name!r} is registered for this game")
    if cmd.name in t.state.judge_keys:
        raise BadInput(f"judge {cmd.name!r} has a key already; a judge's key is set once")
    t.emit(ev.JudgeKeySet(name=cmd.name, public_key=cmd.public_key, sealed_key=cmd.sealed_key))


def _check_pair(public_key: str | None, sealed_key: str | None) -> None:
    if (public_key is None) != (sealed_key is None):
        raise BadInput("a judge's public key and sealed key come together, or neither")


def _check_name(table: Table, name: str, known: Iterable[str], players: Iterable[str]) -> None:
    # Names are compared without case: "lee" and "Lee" on one sheet would be read as one judge.
    if any(name.casefold() == other.casefold() for other in known):
        raise BadInput(f"judge {name!r} is already registered for this game")
    if any(name.casefold() == player.casefold() for player in players):
        raise RuleViolation(table.profile.clause("judge"),
                            f"{name} plays at this table and cannot also judge it")


def _added(entry: JudgeEntry) -> ev.JudgeAdded:
    return ev.JudgeAdded(name=entry.name, pin_hash=entry.pin_hash, public_key=entry.public_key,
                         sealed_key=entry.sealed_key)
