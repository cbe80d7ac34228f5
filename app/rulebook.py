"""Finding and loading the shipped (or an organiser's) boards, profiles and decks."""

from __future__ import annotations

from pathlib import Path

import resources
from models.board import Board
from models.deck import Decks
from models.engine import Table
from models.errors import BadInput
from models.loading import load_board, load_decks, load_profile, parse
from models.profile import Profile

RESOURCES = Path(resources.__file__).parent


def _path(folder: str, name: str) -> Path:
    path = RESOURCES / folder / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in (RESOURCES / folder).glob("*.toml"))
        raise BadInput(f"no {folder[:-1]} called {name!r}; known: {', '.join(known)}")
    return path


def profile(name: str) -> Profile:
    """A shipped profile by id (`classic`, `sg-championship`, `propnex-championship`)."""
    return load_profile(_path("profiles", name))


def board(name: str) -> Board:
    """A shipped board by id."""
    return load_board(_path("boards", name))


def decks(name: str) -> Decks:
    """A shipped pair of decks by id."""
    return load_decks(_path("decks", name))


def table(profile_id: str, board_id: str | None = None) -> Table:
    """The rules a new game is played with: the profile, its board (or `board_id`), its decks."""
    chosen = profile(profile_id)
    return Table(board=board(board_id or chosen.board), profile=chosen, decks=decks(chosen.deck))


def table_from_json(board_json: str, profile_json: str, decks_json: str) -> Table:
    """The rules a stored game was started with (the ledger keeps a full copy)."""
    return Table(
        board=Board.model_validate_json(board_json),
        profile=Profile.model_validate_json(profile_json),
        decks=Decks.model_validate_json(decks_json),
    )


def check_file(kind: str, path: Path) -> str:
    """Validate a board, profile or deck file; returns a one-line summary, raises DataFileError."""
    if kind == "board":
        board_ = load_board(path)
        unconfirmed = sum(not s.name_confirmed for s in board_.spaces)
        note = f"; {unconfirmed} names unconfirmed" if unconfirmed else ""
        return f"{path.name}: a valid board ({board_.name}, {len(board_.deeds())} deeds{note})"
    if kind == "profile":
        return f"{path.name}: a valid profile ({load_profile(path).name})"
    return f"{path.name}: valid decks ({load_decks(path).name})"


__all__ = ["check_file", "parse"]
