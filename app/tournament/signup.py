"""The sign-up sheet: the players of a CSV the organiser keeps."""

from __future__ import annotations

import csv
from pathlib import Path

from pydantic import ValidationError

from models.errors import BadInput
from models.tournament.records import Player


def players_from_csv(path: Path) -> list[Player]:
    """Players from a sign-up sheet: a CSV with the columns id, name and (optional) contact."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as sheet:
            rows = list(csv.DictReader(sheet))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise BadInput(f"{path}: cannot be read: {e}") from e
    found = []
    for number, row in enumerate(rows, start=2):
        try:
            found.append(Player(id=(row.get("id") or "").strip(),
                                name=(row.get("name") or "").strip(),
                                contact=(row.get("contact") or "").strip() or None))
        except ValidationError as e:
            raise BadInput(f"{path} line {number}: needs an id (letters, digits, . _ -) and a "
                           f"name: {e.errors()[0]['msg']}") from e
    return found
