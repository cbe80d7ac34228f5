"""The sign-up sheet: the players of a CSV the organiser keeps."""

from __future__ import annotations

import csv
from pathlib import Path

from pydantic import ValidationError

from models.errors import BadInput
from models.tournament.records import Player


def players_from_csv(path: Path) -> list[Player]:
    """Players from a sign-up sheet: a CSV with the columns id, name and, each optional,
    contact, latin (a name in another script written in Latin letters, for the lists sorted by
    name), seed (the seeding, 1 the best) or rating (a number, the highest seeded first: the
    sheet's ratings become seeds 1, 2, ..., equal ratings the same seed), and category (one or
    more, separated by `;`: women, junior, senior, or any the sheet names)."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as sheet:
            rows = list(csv.DictReader(sheet))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise BadInput(f"{path}: cannot be read: {e}") from e
    seeds = _seeds(path, rows)
    found = []
    for number, row in enumerate(rows, start=2):
        categories = tuple(dict.fromkeys(
            c.strip() for c in (row.get("category") or "").split(";") if c.strip()))
        try:
            found.append(Player(id=(row.get("id") or "").strip(),
                                name=(row.get("name") or "").strip(),
                                contact=(row.get("contact") or "").strip() or None,
                                latin=(row.get("latin") or "").strip() or None,
                                seed=seeds[number - 2], categories=categories))
        except ValidationError as e:
            raise BadInput(f"{path} line {number}: needs an id (letters, digits, . _ -) and a "
                           f"name; a seed is a whole number from 1, a category up to 30 "
                           f"characters: {e.errors()[0]['msg']}") from e
    return found


def _seeds(path: Path, rows: list[dict[str, str | None]]) -> list[int | None]:
    """Each row's seed: its `seed` as typed, or its place by `rating` (highest first, equal
    ratings the same seed: 1, 2, 2, 4); None where the row has neither."""
    column = "seed" if any((r.get("seed") or "").strip() for r in rows) else "rating"
    typed: list[float | None] = []
    for number, row in enumerate(rows, start=2):
        text = (row.get(column) or "").strip()
        try:
            typed.append(float(text) if text else None)
        except ValueError as e:
            raise BadInput(f"{path} line {number}: the {column} {text!r} is not a number") from e
    if column == "seed":
        if any(v is not None and (v != int(v) or v < 1) for v in typed):
            raise BadInput(f"{path}: a seed is a whole number from 1 (1 the best)")
        return [None if v is None else int(v) for v in typed]
    rated = sorted((v for v in typed if v is not None), reverse=True)
    return [None if v is None else rated.index(v) + 1 for v in typed]
