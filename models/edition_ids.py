"""Edition ids: how a board, profile or deck is named (never by a path)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

from models.suggest import shown

ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def id_problem(value: str) -> str | None:
    """What is wrong with `value` as an id, or None when it is a well-formed id."""
    if _ID.fullmatch(value):
        return None
    return (f"{shown(value)} is not an id: an id is 1 to 64 lowercase letters, digits and "
            "hyphens, beginning with a letter or digit (a name, never a path)")


def _check(value: str) -> str:
    problem = id_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


# An id field: checked with a plain message; the schema shows the pattern.
EditionId = Annotated[str, AfterValidator(_check),
                      Field(json_schema_extra={"pattern": ID_PATTERN, "maxLength": 64})]
