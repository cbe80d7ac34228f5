"""The printed standings: the published data laid out on A4 or Letter pages by Qt's printing."""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

PAPER = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
FOOTER_PT = 7.0
COLUMNS = (("#", "position"), ("Player", "name"), ("Id", "id"), ("Table", "table"),
           ("Score", "score"), ("At table", "place_at_table"), ("Status", "status"))


def standings_html(data: dict[str, Any]) -> str:
    """The printed sheet's HTML (Qt's rich-text subset: no CSS layout beyond a table)."""
    e = html.escape
    head = "".join(f"<th align='left'>{title}</th>" for title, _ in COLUMNS)
    rows = "".join("<tr>" + "".join(f"<td>{e(_cell(r, key))}</td>" for _, key in COLUMNS)
                   + "</tr>" for r in data["rows"])
    notes = "".join(f"<h3>{title}</h3>" + "".join(f"<p>{e(x)}</p>" for x in items)
                    for title, items in (("Ties for the head judge", data["ties"]),
                                         ("Close calls", data["close_calls"]),
                                         ("Rulings", data["rulings"])) if items)
    return (f"<h1>{e(data['tournament'])}</h1><h2>{e(data['stage'])} standings</h2>"
            f"<p>{e(data['state'].capitalize())} · published {e(data['published_at'])}</p>"
            "<table border='1' cellspacing='0' cellpadding='3' width='100%'>"
            f"<thead><tr>{head}</tr></thead>{rows}</table>{notes}")


def _cell(row: dict[str, Any], key: str) -> str:
    return f"{row[key]} (bankrupt)" if key == "score" and row["bankrupt"] else str(row[key])


def write_pdf(data: dict[str, Any], path: Path, paper: str = "a4") -> int:
    """Write the standings as a PDF, all or nothing; returns the number of pages. Needs a
    QGuiApplication; raises OSError when the file could not be written."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to write a PDF")
    part = path.with_name(f".{path.name}.part")
    os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666))  # OSError says why
    try:
        writer = QPdfWriter(str(part))
        writer.setPageSize(QPageSize(PAPER[paper]))
        writer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
        writer.setResolution(300)
        writer.setTitle(f"{data['tournament']}: {data['stage']} standings")
        writer.setCreator("Championship Banker")
        pages = _paint(data, writer)
        del writer  # the file is finished and closed when the writer goes
        text = part.read_bytes()
        if not (text.startswith(b"%PDF-") and b"%%EOF" in text[-1024:]):
            raise OSError(f"{path}: the PDF could not be written (is the disk full?)")
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    return pages


def _paint(data: dict[str, Any], writer: QPdfWriter) -> int:
    page = writer.pageLayout().paintRectPixels(writer.resolution())
    footer_height = FOOTER_PT / 72 * writer.resolution() * 2.2
    body = QSizeF(page.width(), page.height() - footer_height)
    doc = QTextDocument()
    doc.setHtml(standings_html(data))
    doc.documentLayout().setPaintDevice(writer)
    doc.setPageSize(body)
    pages = doc.pageCount()
    painter = QPainter(writer)
    try:
        font = QFont("DejaVu Sans")
        font.setPointSizeF(FOOTER_PT)
        for number in range(pages):
            if number:
                writer.newPage()
            painter.save()
            painter.translate(QPointF(0, -number * body.height()))
            doc.drawContents(painter, QRectF(0, number * body.height(), body.width(),
                                             body.height()))
            painter.restore()
            painter.setFont(font)
            painter.setPen(Qt.GlobalColor.darkGray)
            box = QRectF(0, body.height(), body.width(), footer_height)
            bottom = Qt.AlignmentFlag.AlignBottom
            painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | bottom),
                             f"{data['tournament']} · {data['stage']} · {data['state']}")
            painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | bottom),
                             f"Page {number + 1} of {pages}")
    finally:
        painter.end()
    return pages
