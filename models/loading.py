"""Reading board, profile and deck files (TOML) into validated models, with readable errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from models.board import Board
from models.deck import Decks
from models.errors import DataFileError
from models.profile import Profile

M = TypeVar("M", bound=BaseModel)
MAX_BYTES = 1_000_000  # a board file is a few KB; anything this large is not one


def _problems(error: ValidationError) -> list[str]:
    """One line per pydantic error: where in the file, and what is wrong."""
    lines = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        # A validator that already names its space ("space 11 'St. Charles Place': ...") says
        # more than pydantic's location path does.
        named = message.startswith("space ")
        lines.append(f"{where}: {message}" if where and not named else message)
    return lines


def parse(model: type[M], text: str, filename: str) -> M:
    """Validate TOML `text` as `model`; raises DataFileError naming `filename` and each problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(filename, [f"not valid TOML: {e}"]) from e
    except RecursionError as e:
        raise DataFileError(filename, ["not valid TOML: nested too deeply"]) from e
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise DataFileError(filename, _problems(e)) from e


def load(model: type[M], path: Path) -> M:
    """Read and validate one file; raises DataFileError when it is missing or invalid."""
    return parse(model, read_text(path), path.name)


def read_text(path: Path) -> str:
    """A data file's text (UTF-8, a byte-order mark allowed); raises DataFileError in plain words
    when it is missing, a folder, not a regular file, too large, unreadable or not UTF-8."""
    try:
        if not path.exists():
            problem = "does not exist"
        elif path.is_dir():
            problem = "is a folder, not a file"
        elif not path.is_file():
            problem = "is not a regular file"
        else:
            with path.open("rb") as file:
                raw = file.read(MAX_BYTES + 1)
            problem = f"is larger than {MAX_BYTES:,} bytes" if len(raw) > MAX_BYTES else ""
    except OSError as e:
        problem = f"cannot be read: {e.strerror or e}"
    if problem:
        raise DataFileError(path.name or str(path), [problem])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DataFileError(path.name, [f"is not UTF-8 text (byte {e.start} is {raw[e.start]:#04x})"]
                            ) from e


def load_board(path: Path) -> Board:
    """A board file."""
    return load(Board, path)


def load_profile(path: Path) -> Profile:
    """A profile file."""
    return load(Profile, path)


def load_decks(path: Path) -> Decks:
    """A deck file (both decks of one edition)."""
    return load(Decks, path)
