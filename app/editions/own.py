"""The user's own edition files as texts: the one to share (a tournament's board on the hub) and
one received (a table's laptop keeps the hub's copy as its own file, where the new-game form and
every game find it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from app.datafolder.paths import editions_dir
from app.editions.rulebook import FOLDERS, NOUNS, Kind, located
from models.board import Board
from models.deck import Decks
from models.errors import DataFileError
from models.loading import parse, read_text
from models.profile import Profile

MODELS: dict[Kind, type[Board] | type[Profile] | type[Decks]] = {
    "board": Board, "profile": Profile, "decks": Decks}


def own_text(kind: Kind, edition_id: str) -> str | None:
    """The text of the user's own edition `edition_id` (None for a shipped one, which every
    laptop has). Raises BadInput for an id no edition has, DataFileError for an unreadable file."""
    path, shipped = located(kind, edition_id)
    return None if shipped else read_text(path)


def keep(kind: Kind, edition_id: str, text: str) -> Path:
    """Keep `text` (received from the hub) as the user's own edition `edition_id`: validated
    first (its id must be `edition_id`), then written whole. Raises DataFileError."""
    name = f"{edition_id}.toml"
    model = parse(MODELS[kind], text, name)
    if model.id != edition_id:
        raise DataFileError(name, [f"id: says {model.id!r}, but the {NOUNS[kind]} was shared "
                                   f"as {edition_id!r}"])
    path = editions_dir() / FOLDERS[kind] / name
    write_whole(path, text)
    return path


def write_whole(path: Path, text: str) -> None:
    """Write the whole file or nothing: into a temporary file beside it, then moved into place.
    Raises DataFileError when it cannot be written (an earlier file stays as it was)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
            # mkstemp makes the file private (0600); an edition is an ordinary file that any
            # account at the event may read, like the shipped ones.
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as e:
        raise DataFileError(path.name, [f"cannot be written in {path.parent}: "
                                        f"{e.strerror or e}"]) from e
