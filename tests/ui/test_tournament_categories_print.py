"""The printed standings carry a section per category: its prize lines, then its players in
the overall order (issue 29, item 7)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from app.tournament.publishing import published
from tests.app.tournament.test_seeds_and_categories import AT, played_with_categories
from ui.tournament.standings_pdf import standings_html, write_pdf


def test_the_printed_standings_have_each_categorys_prize_lines_and_players(
        qtbot, tmp_path: Path) -> None:
    t, seat = played_with_categories()
    data = published(t, "Qualifying", AT)
    sheet = standings_html(data)
    assert "<h3>Women</h3>" in sheet and "<h3>Junior</h3>" in sheet
    assert f"<p>1st junior: {t.seat_name(seat['t1s2'])} (overall 3rd)</p>" in sheet
    pages = write_pdf(data, tmp_path / "standings.pdf")
    assert pages >= 1
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "standings.pdf").pages)
    text = " ".join(text.split())  # the PDF separates words by tabs
    assert "1st women" in text and "Overall" in text
