"""Publishing a stage's standings from the window: CSV, the phone page and the printed sheet
written side by side in one chosen folder (the service's data; never a contact), then the
publication recorded in the tournament (app.tournament.publishing.record)."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path
from typing import Any

from app.tournament import service as tournaments
from app.tournament.publishing import published, record, standings_csv, standings_html
from models.tournament.records import Tournament
from ui.tournament.standings_pdf import write_pdf


def file_stem(tid: str, stage: str) -> str:
    """`sg-open-2026-qualifying`: the tournament's id and the stage, as a file name."""
    return f"{tid}-{re.sub(r'[^a-z0-9]+', '-', stage.lower()).strip('-') or 'stage'}"


def publish(tid: str, stage: str, folder: Path, at: datetime, written: list[Path],
            paper: str = "a4", by: str = "the desk") -> Tournament:
    """Write the three files into `folder` (each whole or not at all; OSError says why not),
    each added to `written` once it is there, then record the publication (NotRecorded, the
    files staying, when it cannot be); returns the tournament with it recorded."""
    data = write_files(tid, stage, folder, at, written, paper)
    return record(tid, data, ("csv", "html", "pdf"), by)


def write_files(tid: str, stage: str, folder: Path, at: datetime, written: list[Path],
                paper: str = "a4") -> dict[str, Any]:
    """The three files written into `folder`, each added to `written`; the published data."""
    data = published(tournaments.load(tid), stage, at)
    if not folder.is_dir():
        raise OSError(f"folder {folder} does not exist; nothing was written")
    stem = folder / file_stem(tid, data["stage"])
    for suffix, text in ((".csv", standings_csv(data)), (".html", standings_html(data))):
        path = stem.with_suffix(suffix)
        _write(path, text)
        written.append(path)
    pdf = stem.with_suffix(".pdf")
    write_pdf(data, pdf, paper)
    written.append(pdf)
    return data


def _write(path: Path, text: str) -> None:
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
