"""The printed scoresheet: laid out to fit one page where it can, the ledger head on every page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

from ui.scoresheet.sheet_html import sheet_html

PAPER = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
# Sizes tried, largest first, to fit the sheet on one page; below the last it would not read.
SCALES = (1.0, 0.92, 0.85, 0.78, 0.72)
FOOTER_PT = 7.0

__all__ = ["document", "layout", "paint", "sheet_html", "write_pdf"]


def document(sheet: dict[str, Any], scale: float = 1.0, *, printed: bool = False,
             break_before_last: bool = False) -> QTextDocument:
    """The sheet as a Qt text document."""
    doc = QTextDocument()
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
    """The ledger's head as `banker verify` prints it, short enough for a page's foot."""
    foot = sheet.get("footer") or {}
    return (f"Ledger head {foot.get('head') or '—'} · {foot.get('events', 0)} entries · "
            "banker verify --head checks the file")


def paint(sheet: dict[str, Any], device: QPagedPaintDevice) -> int:
    """Paint the sheet page by page onto a PDF writer or printer, the ledger's head in the
    footer of each page; returns the number of pages."""
    page = device.pageLayout().paintRectPixels(device.resolution())
    footer_height = FOOTER_PT / 72 * device.resolution() * 2.2
    body = QSizeF(page.width(), page.height() - footer_height)
    doc = layout(sheet, device, body)
    pages = doc.pageCount()
    painter = QPainter(device)
    try:
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(FOOTER_PT)
        for number in range(pages):
            if number:
                device.newPage()
            painter.save()
            painter.translate(QPointF(0, -number * body.height()))
            doc.drawContents(painter, QRectF(0, number * body.height(), body.width(),
                                             body.height()))
            painter.restore()
            painter.setFont(font)
            painter.setPen(Qt.GlobalColor.darkGray)
            box = QRectF(0, body.height(), body.width(), footer_height)
            bottom = Qt.AlignmentFlag.AlignBottom
            painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | bottom), footer_line(sheet))
            painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | bottom),
                             f"Page {number + 1} of {pages}")
    finally:
        painter.end()
    return pages


def write_pdf(sheet: dict[str, Any], path: Path, paper: str = "a4") -> None:
    """Write the sheet as a PDF (A4 or Letter), all or nothing; needs a QGuiApplication.

    Raises OSError when the file could not be written (no such folder, no permission, a full
    disk): Qt's writer only warns, so the PDF is written beside `path`, checked, then moved."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to write a PDF")
    part = path.with_name(f".{path.name}.part")
    os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666))  # OSError says why
    try:
        _render(sheet, part, paper)
        if not _complete_pdf(part):
            raise OSError(f"{path}: the PDF could not be written (is the disk full?)")
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


def _complete_pdf(path: Path) -> bool:
    """A PDF file from its header to its end-of-file marker."""
    data = path.read_bytes()
    return data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]


def _render(sheet: dict[str, Any], path: Path, paper: str) -> None:
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(PAPER[paper]))
    writer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle("Scoresheet")
    writer.setCreator("Championship Banker")
    paint(sheet, writer)
    del writer  # the file is finished and closed when the writer goes
