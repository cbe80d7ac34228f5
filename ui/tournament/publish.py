"""Publishing a stage's standings from the window: CSV, the phone page and the printed sheet
written side by side in one chosen folder (the service's data; never a contact)."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from app.tournament import service as tournaments
from app.tournament.publishing import published, standings_csv, standings_html
from ui.tournament.standings_pdf import write_pdf


def file_stem(tid: str, stage: str) -> str:
    """`sg-open-2026-qualifying`: the tournament's id and the stage, as a file name."""
    return f"{tid}-{re.sub(r'[^a-z0-9]+', '-', stage.lower()).strip('-') or 'stage'}"


def publish(tid: str, stage: str, folder: Path, at: datetime, paper: str = "a4") -> list[Path]:
    """Write the three files into `folder` (each whole or not at all); OSError says why not."""
    data = published(tournaments.load(tid), stage, at)
    if not folder.is_dir():
        raise OSError(f"folder {folder} does not exist; nothing was written")
    stem = folder / file_stem(tid, data["stage"])
    written = []
    for suffix, text in ((".csv", standings_csv(data)), (".html", standings_html(data))):
        path = stem.with_suffix(suffix)
        _write(path, text)
        written.append(path)
    pdf = stem.with_suffix(".pdf")
    write_pdf(data, pdf, paper)
    written.append(pdf)
    return written


def _write(path: Path, text: str) -> None:
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
