"""Issue 30 item 7: the published standings' CSV opens right in a spreadsheet double-clicked on
Windows: UTF-8 with its byte-order mark first, the names in Chinese, Tamil, Malay and accented
Latin intact on a round trip, and the file's SHA-256 still the publication's recorded digest."""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player
from ui.entry import main

NAMES = ["陈伟明", "林美玲", "முருகன் செல்வம்", "கவிதா", "Nur Aisyah binti Rahman", "Siti Aminah",
         "José Müller-Øberg", "Zoë Ñúñez"]


def test_the_csv_starts_with_a_bom_and_gives_every_name_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("Four Scripts Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"F{n}", name=name) for n, name in enumerate(NAMES)])
    tournaments.draw(t.id, "Qualifying", seed=3)
    sheet = tmp_path / "standings.csv"
    out = CliRunner().invoke(main, ["tournament", "publish", t.id, "Qualifying", "--csv",
                                    str(sheet)], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    data = sheet.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfposition,name,")  # the BOM, then the header
    with sheet.open(encoding="utf-8-sig", newline="") as f:  # as a spreadsheet reads it
        rows = list(csv.DictReader(f))
    assert sorted(r["name"] for r in rows) == sorted(NAMES)
    assert {r["id"]: r["name"] for r in rows} == {f"F{n}": name for n, name in enumerate(NAMES)}
    # The record's digest is the file's, BOM and all (`sha256sum standings.csv`).
    (published,) = tournaments.load(t.id).publications
    assert published.digest == hashlib.sha256(data).hexdigest()
