"""Judges at a table: signing in with a PIN, and who may send a judge's command."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from app.ledger import Actor, StoredEvent
from app.ledger.hashing import format_timestamp
from app.signing.decisions import Decision
from app.signing.keys import DamagedKey, JudgeKey, Signer, make_key, open_key
from app.table import judges, seals
from models.commands import JUDGE_ONLY, Command, SetJudgeKey

if TYPE_CHECKING:
    from app.table.service import TableGame


def sign_in(game: TableGame, name: str, pin: str) -> list[StoredEvent]:
    """A judge registered in the game signs in at this table, their key opened with the PIN;
    raises JudgeAuthError for an unknown judge, a key that does not open (damaged), or (after
    the wrong-PIN delay, which holds across processes) a wrong PIN, recording nothing. A judge
    registered before signatures gets a key now: a `set_judge_key` entry, sealed with it.
    The registrations come from the chain's own entries (never an unpinned snapshot). Returns
    the events of the key's entry, if one was recorded."""
    if game.state is None:
        raise judges.JudgeAuthError("no game in this ledger yet: the first judges are "
                                    "registered with the new game (banker run --judge)")
    judges.check_pin(game.ledger, game.state.judges, name, pin, game.sleep, game.wall)
    pin_hash, key = game.state.judges[name], game.state.judge_keys.get(name)
    if key is not None:
        try:
            signer = open_key(name, JudgeKey(*key), pin)
        except DamagedKey as e:
            raise judges.JudgeAuthError(f"judge {name!r} cannot sign in: {e}") from None
        game.judge, game.judge_hash, game.signer = name, pin_hash, signer
        return []
    made, signer = _new_key(name, pin)
    game.judge, game.judge_hash, game.signer = name, pin_hash, signer
    try:
        return game.submit(SetJudgeKey(type="set_judge_key", name=name,
                                       public_key=made.public_key, sealed_key=made.sealed),
                           Actor(role="judge", name=name))
    except BaseException:
        game.sign_out_judge()  # not signed in without the key on record
        raise


def _new_key(name: str, pin: str) -> tuple[JudgeKey, Signer]:
    """A new key for a judge registered before signatures, and the key opened (once per
    judge: the PIN is derived again to open what was just sealed)."""
    made = make_key(name, pin)
    try:
        return made, open_key(name, made, pin)
    except DamagedKey as e:  # a key just made opens: anything else is this machine's fault
        raise judges.JudgeAuthError(f"judge {name!r}'s new key could not be made: {e}") from e


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
    key = game.state.judge_keys.get(game.judge) if game.state is not None else None
    if key is not None and (game.signer is None or game.signer.public_key != key[0]):
        raise judges.JudgeAuthError(f"judge {game.judge!r}'s key is not the one opened at "
                                    "sign-in: sign in again with the PIN")
    return game.judge


def sealed_row(game: TableGame, row: dict[str, Any], kind: str, actor: Actor,
               recorded_at: datetime) -> tuple[dict[str, Any], Decision | None]:
    """A command's stored row, with the signed-in judge's seal if it is a judge's entry (and
    the decision it is); raises JudgeAuthError when no judge's key is open for it."""
    if actor.role != "judge" and (actor.role == "hall" or kind not in seals.JUDGE_KINDS):
        return row, None
    signer = game.signer
    if signer is None or signer.name != actor.name:
        raise judges.JudgeAuthError(f"judge {actor.name!r} has no key open at this table: "
                                    "sign in with the PIN")
    return seals.sealed(row, signer, game.signatures.chain, kind, format_timestamp(recorded_at))


@cache
def _judge_only(kind: type[Command]) -> bool:
    # Once per kind of command, not a look through the whole tuple on every command.
    return issubclass(kind, JUDGE_ONLY)
