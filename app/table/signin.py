"""Judges at a table: signing in with a PIN, and who may send a judge's command."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from app.ledger import Actor
from app.table import judges
from models.commands import JUDGE_ONLY, Command

if TYPE_CHECKING:
    from app.table.service import TableGame


def sign_in(game: TableGame, name: str, pin: str) -> None:
    """A judge registered in the game signs in at this table; raises JudgeAuthError for an
    unknown judge, or (after the wrong-PIN delay, which holds across processes) a wrong PIN.
    The registrations come from the chain's own entries (never an unpinned snapshot)."""
    if game.state is None:
        raise judges.JudgeAuthError("no game in this ledger yet: the first judges are "
                                    "registered with the new game (banker run --judge)")
    judges.check_pin(game.ledger, game.state.judges, name, pin, game.sleep, game.wall)
    game.judge, game.judge_hash = name, game.state.judges[name]


def actor_for(game: TableGame, command: Command, actor: Actor) -> Actor:
    """Who the entry is recorded as: whoever claims to be a judge must be the judge signed in
    here, whatever the command; a judge's command is the signed-in judge's."""
    if command.actor is not None:
        actor = Actor(role=command.actor.role, name=command.actor.name)
    claimed = actor.name if actor.role == "judge" else None
    if claimed is None and not _judge_only(type(command)):
        return actor
    return Actor(role="judge", name=signed_in_judge(game, command.type, claimed))


def signed_in_judge(game: TableGame, what: str, claimed: str | None) -> str:
    """The judge signed in at this table (who must be `claimed`, if a name is claimed) and still
    registered in the game under the hash the PIN was checked against."""
    registered = game.state.judges if game.state is not None else {}
    if what == "add_judge" and not registered:
        raise judges.JudgeAuthError(
            "this game has no judge: judges are registered with the new game (its `judges`, "
            "or banker run --judge) or added by a signed-in judge")
    if game.judge is None:
        raise judges.JudgeAuthError(
            f"judge {claimed!r} is not signed in at this table" if claimed else
            f"{what} is a judge's action: a judge must sign in")
    if claimed is not None and claimed != game.judge:
        raise judges.JudgeAuthError(f"judge {claimed!r} is not signed in at this table "
                                    f"({game.judge} is)")
    if registered.get(game.judge) != game.judge_hash:
        raise judges.JudgeAuthError(f"judge {game.judge!r} is not registered in this game")
    return game.judge


@cache
def _judge_only(kind: type[Command]) -> bool:
    # Once per kind of command, not a look through the whole tuple on every command.
    return issubclass(kind, JUDGE_ONLY)
