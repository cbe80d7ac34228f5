"""Tamil runs in a written PDF are marked with their text in reading order (ui/pdf_text.py); a
PDF with no Tamil is left byte for byte as Qt wrote it."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from app.table.command_text import parse_command
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.pdf_text import give_text, logical
from ui.scoresheet.document import write_pdf


def sheet(names: list[str], folder: Path) -> dict:
    """The scoresheet of a new classic game with `names` at the table."""
    game = TableGame.open(str(folder / "table.db"))
    try:
        game.submit(parse_command({
            "type": "new_game", "profile": "classic", "players": names,
            "roll_off": [{name: [n + 1, 1] for n, name in enumerate(names)}]}))
        return scoresheet(game)
    finally:
        game.close()


def test_a_vowel_drawn_before_its_consonant_is_read_after_it() -> None:
    assert logical(["ெ", "ச", "ல்", "வ", "ம்"]) == "செல்வம்"
    assert logical(["ெ", "க", "ா"]) == "கொ"  # the two-part vowel joined again
    assert logical(["க", "வி", "தா"]) == "கவிதா"


def test_a_tamil_name_is_marked_with_its_text_in_an_appended_update(qapp, tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf(sheet(["முருகன் செல்வம்", "கவிதா"], tmp_path), pdf)
    reader = PdfReader(pdf, strict=True)
    content = reader.pages[0].get_contents().get_data()
    for name in ("முருகன் செல்வம்", "கவிதா"):
        marked = ("\ufeff" + name).encode("utf-16-be").hex().upper().encode()
        assert b"/ActualText <" + marked + b">" in content, name
    assert pdf.read_bytes().count(b"%%EOF") == 2  # Qt's file, then the update


def test_a_pdf_without_tamil_is_left_as_qt_wrote_it(qapp, tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf(sheet(["陈伟明", "José Müller-Øberg", "أحمد"], tmp_path), pdf)
    written = pdf.read_bytes()
    assert written.count(b"%%EOF") == 1 and b"ActualText <FEFF" not in written
    assert not give_text(pdf) and pdf.read_bytes() == written
