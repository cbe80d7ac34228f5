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
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise DataFileError(filename, _problems(e)) from e


def load(model: type[M], path: Path) -> M:
    """Read and validate one file; raises DataFileError when it is missing or invalid."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataFileError(path.name, [f"cannot be read: {e.strerror}"]) from e
    except UnicodeDecodeError as e:
        raise DataFileError(path.name, ["is not UTF-8 text"]) from e
    return parse(model, text, path.name)


def load_board(path: Path) -> Board:
    """A board file."""
    return load(Board, path)


def load_profile(path: Path) -> Profile:
    """A profile file."""
    return load(Profile, path)


def load_decks(path: Path) -> Decks:
    """A deck file (both decks of one edition)."""
    return load(Decks, path)
