"""Every printed page's foot reads letter for letter: a ledger head with "ff" in it is never
set as the "ﬀ" ligature, so it can be read off the paper and found in the PDF's text."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtGui import QTextDocument

from ui import printing

HEAD = "Ledger head 73:8ac98065c1ae3ff5"  # an appeal report's foot whose hash holds "ff"


def test_a_foot_with_ff_in_its_hash_extracts_as_written(qtbot, tmp_path: Path) -> None:
    def laid_out(size):
        doc = QTextDocument()
        doc.setPageSize(size)
        doc.setPlainText("The body of a page.")
        return doc

    path = tmp_path / "foot.pdf"
    pages = printing.write_pdf(path, lambda part: printing.render_pdf(
        part, "foot", "a4", lambda writer: printing.paint_pages(writer, laid_out, HEAD)))
    assert pages == 1
    text = " ".join(PdfReader(str(path)).pages[0].extract_text().split())
    assert HEAD in text and "\ufb00" not in text
