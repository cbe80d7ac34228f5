"""Boards, profiles and decks by id: the shipped ones and the user's own editions, nothing else."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

import resources
from app.datafolder.paths import editions_dir
from models.board import Board
from models.deck import Decks
from models.edition_ids import id_problem
from models.engine import Table
from models.errors import BadInput, DataFileError
from models.loading import load_board, load_decks, load_profile, parse
from models.profile import Profile
from models.suggest import did_you_mean, shown

RESOURCES = Path(resources.__file__).parent
Kind = Literal["board", "profile", "decks"]
FOLDERS: dict[Kind, str] = {"board": "boards", "profile": "profiles", "decks": "decks"}
NOUNS: dict[Kind, str] = {"board": "board", "profile": "profile", "decks": "deck"}
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Edition:
    """One board, profile or deck a new game can be played with (for the new-game form).

    `problem` says why a user's own file cannot be played (it does not validate, its id differs
    from its file name, or a shipped edition has the same id); shipped ones never have one."""

    kind: Kind
    id: str
    name: str
    shipped: bool
    unconfirmed_names: int = 0
    problem: str | None = None


def _files(folder: Path) -> dict[str, Path]:
    """The `ID.toml` files directly in `folder`, by id (none when it does not exist)."""
    found: dict[str, Path] = {}
    try:
        for path in folder.glob("*.toml"):
            if id_problem(path.stem) is None and path.is_file():
                found[path.stem] = path
    except OSError as e:
        log.warning("cannot list %s: %s", folder, e)
    return found


@cache
def _shipped(kind: Kind) -> dict[str, Path]:
    return _files(RESOURCES / FOLDERS[kind])


def _own(kind: Kind) -> dict[str, Path]:
    return _files(editions_dir() / FOLDERS[kind])


def _find(kind: Kind, edition_id: str) -> tuple[Path, bool]:
    """The file of the edition called `edition_id`, and whether it is shipped; a shipped edition
    wins over a user's file of the same id (which is ignored, with a warning)."""
    problem = id_problem(edition_id)
    if problem is not None:
        raise BadInput(f"{NOUNS[kind]}: {problem}")
    shipped, own = _shipped(kind), _own(kind)
    if edition_id in shipped:
        if edition_id in own:
            log.warning("%s is ignored: a shipped %s has the id %r", own[edition_id], NOUNS[kind],
                        edition_id)
        return shipped[edition_id], True
    if edition_id in own:
        return own[edition_id], False
    known = sorted(shipped.keys() | own.keys())
    hint = did_you_mean(edition_id, known) or ";"
    raise BadInput(f"no {NOUNS[kind]} called {shown(edition_id)}{hint} known: {', '.join(known)}")


def located(kind: Kind, edition_id: str) -> tuple[Path, bool]:
    """The file of the edition `edition_id` and whether it is shipped (see _find); raises
    BadInput for a malformed id or one no edition has."""
    return _find(kind, edition_id)


def _load(kind: Kind, path: Path, edition_id: str) -> Board | Profile | Decks:
    model: Board | Profile | Decks
    if kind == "board":
        model = load_board(path)
    elif kind == "profile":
        model = load_profile(path)
    else:
        model = load_decks(path)
    if model.id != edition_id:
        raise DataFileError(path.name, [f"id: says {model.id!r}, but a file called {path.name} "
                                        f"must say {edition_id!r}"])
    return model


def _by_id(kind: Kind, edition_id: str) -> Board | Profile | Decks:
    path, shipped = _find(kind, edition_id)
    return _shipped_model(kind, edition_id) if shipped else _load(kind, path, edition_id)


@cache
def _shipped_model(kind: Kind, edition_id: str) -> Board | Profile | Decks:
    # The shipped files do not change while the app runs.
    return _load(kind, _shipped(kind)[edition_id], edition_id)


def profile(edition_id: str) -> Profile:
    """A profile by id (`classic`, `sg-championship`, ... or the user's own); raises BadInput for
    an unknown or malformed id, DataFileError for a file that does not validate."""
    found = _by_id("profile", edition_id)
    assert isinstance(found, Profile)
    return found


def board(edition_id: str) -> Board:
    """A board by id (shipped or the user's own); raises as `profile` does."""
    found = _by_id("board", edition_id)
    assert isinstance(found, Board)
    return found


def decks(edition_id: str) -> Decks:
    """A pair of decks by id (shipped or the user's own); raises as `profile` does."""
    found = _by_id("decks", edition_id)
    assert isinstance(found, Decks)
    return found


def table(profile_id: str, board_id: str | None = None) -> Table:
    """The rules a new game is played with: the profile, its board (or `board_id`), its decks."""
    chosen = profile(profile_id)
    return Table(board=board(board_id or chosen.board), profile=chosen, decks=decks(chosen.deck))


@lru_cache(maxsize=16)
def table_from_json(board_json: str, profile_json: str, decks_json: str) -> Table:
    """The rules a stored game was started with (the ledger keeps a full copy). The same texts
    give the same (frozen) Table, made once: a stage's hundreds of games on the hub share it."""
    return Table(
        board=Board.model_validate_json(board_json),
        profile=Profile.model_validate_json(profile_json),
        decks=Decks.model_validate_json(decks_json),
    )


def is_shipped(kind: Kind, model: Board | Profile | Decks) -> bool:
    """Whether `model` is exactly the edition this app ships under its id."""
    if model.id not in _shipped(kind):
        return False
    try:
        return _shipped_model(kind, model.id) == model
    except DataFileError:
        return False


def _unconfirmed(board_: Board) -> int:
    return sum(not s.name_confirmed for s in board_.spaces)


def edition_of(table_: Table) -> dict[str, Any]:
    """Where a game's rule data comes from, for the state: each part's id, name, whether it is
    exactly the shipped edition, and whether it is the user's own (an id nothing shipped has);
    neither flag is set for a shipped id whose recorded data differs from what is shipped now."""
    parts: tuple[tuple[Kind, Board | Profile | Decks], ...] = (
        ("board", table_.board), ("profile", table_.profile), ("decks", table_.decks))
    data: dict[str, Any] = {}
    for kind, model in parts:
        data[kind] = {"id": model.id, "name": model.name, "shipped": is_shipped(kind, model),
                      "own": model.id not in _shipped(kind)}
    unconfirmed = _unconfirmed(table_.board)
    data["board"] |= {"names_confirmed": unconfirmed == 0, "unconfirmed_names": unconfirmed}
    return data


def editions(kind: Kind) -> list[Edition]:
    """Every `kind` of edition there is: the shipped ones, then the user's own, each by id."""
    found = [_edition(kind, edition_id, path, True)
             for edition_id, path in sorted(_shipped(kind).items())]
    shipped = _shipped(kind)
    for edition_id, path in sorted(_own(kind).items()):
        if edition_id in shipped:
            found.append(Edition(kind, edition_id, edition_id, False, problem=(
                f"a shipped {NOUNS[kind]} has the id {edition_id!r}; the shipped one is played")))
        else:
            found.append(_edition(kind, edition_id, path, False))
    return found


def _edition(kind: Kind, edition_id: str, path: Path, shipped: bool) -> Edition:
    try:
        model = _shipped_model(kind, edition_id) if shipped else _load(kind, path, edition_id)
    except DataFileError as e:
        return Edition(kind, edition_id, edition_id, shipped, problem=str(e))
    unconfirmed = _unconfirmed(model) if isinstance(model, Board) else 0
    return Edition(kind, edition_id, model.name, shipped, unconfirmed)


def check_file(kind: str, path: Path) -> str:
    """Validate a board, profile or deck file; returns a one-line summary, raises DataFileError."""
    if kind == "board":
        board_ = load_board(path)
        unconfirmed = _unconfirmed(board_)
        note = f"; {unconfirmed} names unconfirmed" if unconfirmed else ""
        return f"{path.name}: a valid board ({board_.name}, {len(board_.deeds())} deeds{note})"
    if kind == "profile":
        return f"{path.name}: a valid profile ({load_profile(path).name})"
    return f"{path.name}: valid decks ({load_decks(path).name})"


__all__ = ["check_file", "parse"]
