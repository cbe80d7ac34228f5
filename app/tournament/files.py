"""The tournament's JSON file in the data folder (the single-laptop mode), written atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pydantic import ValidationError

from app.datafolder.paths import data_dir
from models.edition_ids import id_problem
from models.tournament.records import Tournament, TournamentError

FOLDER = "tournaments"


def tournaments_dir() -> Path:
    """The folder of tournament files in the data folder, created on first use."""
    folder = data_dir() / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def tournament_files() -> list[Path]:
    """The tournaments' files in the data folder (not the hidden ones kept beside them: a
    file's version before its last change, `.ID.previous.json`, its lock)."""
    return sorted(p for p in tournaments_dir().glob("*.json") if not p.name.startswith("."))


def tournament_path(tid: str) -> Path:
    """The tournament's file; an id that is not an id (`../x`, a path) is refused: a tournament
    is named, never found by path."""
    problem = id_problem(tid)
    if problem is not None:
        raise TournamentError(f"tournament {problem}")
    return tournaments_dir() / f"{tid}.json"


def load_file(tid: str) -> Tournament:
    """The tournament `tid` from its file in the data folder (never the hub's)."""
    path = tournament_path(tid)
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in tournament_files())) or "none yet"
        raise TournamentError(f"no tournament {tid!r} (tournaments: {known})")
    try:
        return Tournament.model_validate_json(path.read_bytes())
    except OSError as e:
        raise TournamentError(f"{path}: cannot be read: {e.strerror}; nothing was changed") from e
    except ValidationError as e:
        raise TournamentError(
            f"{path}: damaged, not a tournament file ({_first_problem(e)}); nothing was "
            "changed. The file is only ever replaced whole, so the damage came from outside "
            "(a copy cut short, a hand edit): put back your last good copy of it") from e


def _first_problem(error: ValidationError) -> str:
    """The first problem in words, without the file's contents (they hold players' contacts)."""
    problems = error.errors(include_url=False, include_input=False)
    first = problems[0]
    where = ".".join(map(str, first["loc"]))
    more = f", and {len(problems) - 1} more" if len(problems) > 1 else ""
    return f"{where + ': ' if where else ''}{first['msg']}{more}"


def document(t: Tournament) -> str:
    """The tournament as its JSON file holds it (the hub stores the same text): indented by one
    space, non-ASCII as itself. pydantic's own serializer writes the very text json.dumps(...,
    indent=1, ensure_ascii=False) wrote (the model holds no floats), several times faster."""
    return t.model_dump_json(indent=1)


def save(t: Tournament) -> Path:
    """Write the tournament's file whole (the single-laptop mode): to a temporary file in the
    same folder, flushed to disk, then renamed over the old one, so a crash leaves the old
    file or the new, never half."""
    path = tournament_path(t.id)
    text = document(t)
    handle, temporary = tempfile.mkstemp(prefix=f".{t.id}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)  # the rename itself survives a power cut
        finally:
            os.close(folder)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
