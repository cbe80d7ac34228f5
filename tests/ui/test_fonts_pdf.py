"""Every printed sheet carries the hall's names as text, on a laptop with no font of its own: the
PDFs are written by `banker` in a fresh process whose fontconfig offers no system font, then read
back with poppler's pdftotext and pdffonts."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.tournament.records import Player

ROOT = Path(__file__).resolve().parents[2]
HALL = ["陈伟明", "林美玲", "முருகன் செல்வம்", "கவிதா", "Nur Aisyah binti Rahman",
        "José Müller-Øberg", "أحمد", "דוד"]
TABLE = ["陈伟明", "முருகன் செல்வம்", "Siti Aminah", "Zoë Ñúñez", "أحمد"]
NO_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><cachedir>{cache}</cachedir></fontconfig>
"""

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="poppler-utils (pdftotext, pdffonts) is not installed; "
                                       "./dev test installs it")


@pytest.fixture
def bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The environment of a laptop with no fonts but the app's: a fontconfig with no folder."""
    conf = tmp_path / "fonts.conf"
    conf.write_text(NO_FONTS.format(cache=tmp_path / "fc-cache"), encoding="utf-8")
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return os.environ | {"FONTCONFIG_FILE": str(conf), "QT_QPA_PLATFORM": "offscreen",
                         DATA_DIR_ENV: str(tmp_path / "data")}


def banker(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-c", "from ui.entry import main; main()",
                           *map(str, args)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done


def text_of(pdf: Path) -> str:
    """pdftotext's words, compared as a reader sees them: Arabic's presentation forms folded
    (NFKC), poppler's direction marks and the line breaks of a table's cells left out."""
    raw = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    folded = unicodedata.normalize("NFKC", re.sub("[\u202a-\u202e\u2066-\u2069]", "", raw))
    return " ".join(folded.split())


def fonts_of(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                          check=True).stdout


def hall_drawn() -> None:
    t = tournaments.create("Hall Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name)
                                   for n, name in enumerate(HALL, start=1)])
    tournaments.draw(t.id, "Qualifying", seed=5)


def test_the_table_cards_and_the_draw_sheet_give_back_every_name(bare: dict[str, str],
                                                                  tmp_path: Path) -> None:
    hall_drawn()
    cards, sheet = tmp_path / "cards.pdf", tmp_path / "draw.pdf"
    done = banker(bare, "tournament", "print", "hall-open", "Qualifying", "--cards", cards,
                  "--sheet", sheet)
    assert "WARNING" not in done.stderr
    for pdf in (cards, sheet):
        words = text_of(pdf)
        for name in HALL:
            assert name in words, (name, words)
    embedded = fonts_of(cards)
    for face in ("NotoSans-Regular", "NotoSansTamilNames", "NotoSansCJKSCNames-Regular",
                 "NotoSansArabic", "NotoSansHebrew"):
        assert face in embedded, embedded


def test_the_standings_give_back_every_name_left_aligned(bare: dict[str, str],
                                                         tmp_path: Path) -> None:
    hall_drawn()
    pdf = tmp_path / "standings.pdf"
    banker(bare, "tournament", "publish", "hall-open", "Qualifying", "--pdf", pdf)
    words = text_of(pdf)
    for name in HALL:
        assert name in words, (name, words)
    # An Arabic name alone in its cell starts the row like the others, its id after it.
    assert re.search(r"^\s{8,20}\S*أ", subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
        check=True).stdout, re.M)


def test_the_scoresheet_gives_back_every_name(bare: dict[str, str], tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    game = TableGame.open(str(db))
    try:
        game.submit(parse_command({
            "type": "new_game", "profile": "classic", "players": TABLE, "label": "Hall table",
            "roll_off": [{name: [n + 1, 1] for n, name in enumerate(TABLE)}]}))
    finally:
        game.close()
    pdf = tmp_path / "sheet.pdf"
    banker(bare, "scoresheet", "--db", db, "--pdf", pdf)
    words = text_of(pdf)
    for name in TABLE:
        assert name in words, (name, words)
    assert "NotoSansTamilNames" in fonts_of(pdf)


def test_a_name_no_font_can_draw_is_said_when_it_is_printed(bare: dict[str, str],
                                                           tmp_path: Path) -> None:
    t = tournaments.create("Glyph Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id="P1", name="Ankh \U00013000 Lee"),
                                   *(Player(id=f"P{n}", name=f"Player {n}")
                                     for n in range(2, 5))])
    tournaments.draw(t.id, "Qualifying", seed=1)
    done = banker(bare, "tournament", "print", "glyph-open", "Qualifying", "--cards",
                  tmp_path / "cards.pdf")
    assert "WARNING: the PDF: U+13000" in done.stderr
    assert "in 'Ankh \U00013000 Lee' cannot be drawn by any font on this laptop" in done.stderr
