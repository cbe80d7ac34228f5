"""The printed scoresheet: laid out to fit one page where it can, the ledger head on every page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QPagedPaintDevice, QTextDocument

from app.version import printed_by
from ui import printing
from ui.fonts import left_to_right
from ui.scoresheet.sheet_html import sheet_html

# Sizes tried, largest first, to fit the sheet on one page; below the last it would not read.
SCALES = (1.0, 0.92, 0.85, 0.78, 0.72)

__all__ = ["document", "layout", "paint", "sheet_html", "write_pdf"]


def document(sheet: dict[str, Any], scale: float = 1.0, *, printed: bool = False,
             break_before_last: bool = False) -> QTextDocument:
    """The sheet as a Qt text document."""
    doc = left_to_right(QTextDocument())
    doc.setHtml(sheet_html(sheet, scale, printed=printed, break_before_last=break_before_last))
    return doc


def layout(sheet: dict[str, Any], device: QPagedPaintDevice, body: QSizeF) -> QTextDocument:
    """The sheet laid out for `device` on pages of `body`: one page at the largest size that
    fits; else, at the smallest, the last player begins a page so the signatures stay with a
    table (never alone on the last page)."""
    doc = QTextDocument()
    for scale in SCALES:
        doc = _laid_out(sheet, device, body, scale, False)
        if doc.pageCount() == 1:
            return doc
    return _laid_out(sheet, device, body, SCALES[-1], True)


def _laid_out(sheet: dict[str, Any], device: QPagedPaintDevice, body: QSizeF, scale: float,
              break_before_last: bool) -> QTextDocument:
    doc = document(sheet, scale, printed=True, break_before_last=break_before_last)
    doc.documentLayout().setPaintDevice(device)
    doc.setPageSize(body)
    return doc


def footer_line(sheet: dict[str, Any]) -> str:
    """The ledger's head as `banker verify` prints it, short enough for a page's foot; under it
    the app's version that printed the sheet."""
    foot = sheet.get("footer") or {}
    head = (f"Ledger head {foot.get('head') or '—'} · {foot.get('events', 0)} entries · "
            "banker verify --head checks the file")
    return f"{head}\n{printed_by(foot)}" if foot.get("printed_by") else head


def paint(sheet: dict[str, Any], device: QPagedPaintDevice) -> int:
    """Paint the sheet page by page onto a PDF writer or printer, the ledger's head in the
    footer of each page; returns the number of pages."""
    return printing.paint_pages(device, lambda body: layout(sheet, device, body),
                                footer_line(sheet), mono=True)


def write_pdf(sheet: dict[str, Any], path: Path, paper: str = "a4") -> None:
    """Write the sheet as a PDF (A4 or Letter), all or nothing; needs a QGuiApplication.

    Raises OSError when the file could not be written (no such folder, no permission, a full
    disk): Qt's writer only warns, so the PDF is written beside `path`, checked, then moved."""
    printing.write_pdf(path, lambda part: _render(sheet, part, paper))


def _render(sheet: dict[str, Any], path: Path, paper: str) -> None:
    printing.render_pdf(path, "Scoresheet", paper, lambda writer: paint(sheet, writer))
