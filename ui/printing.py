"""Qt printing shared by the printed sheets: a file written all or nothing, the PDF writer's page
set-up, and a text document painted page by page with a footer and page numbers."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

from ui.fonts import app_font, load_fonts, undrawable, undrawable_message
from ui.none_kept import kept
from ui.pdf_text import give_text

PAPER = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
FOOTER_PT = 7.0

T = TypeVar("T")

# The lines drawn on paper since boxes_drawn() was last asked that hold a character no font
# can draw: the window or the command that printed says so (never a box printed silently).
_undrawn: list[str] = []

__all__ = ["FOOTER_PT", "PAPER", "boxes_drawn", "boxes_in", "check_pdf", "paint_pages",
           "pdf_writer", "render_pdf", "watch", "write_atomically", "write_pdf"]


# Where a sheet's line parts its fields: a tab or a run of spaces (a table's cells), a dash or
# a middle dot between spaces, a label's colon, an id in brackets after a name.
_FIELDS = re.compile(r"\t|\s{2,}|\s+[—·|]\s+|:\s+|\s+\(")


def _fields(text: str) -> list[str]:
    """The fields of `text`'s lines (a name among them), each once, in order."""
    found = (f.strip() for line in text.splitlines() for f in _FIELDS.split(line))
    return list(dict.fromkeys(f for f in found if f))


def watch(text: str) -> None:
    """Note each field of `text` (a name, say), about to be drawn on paper, that holds a
    character no font on this laptop can draw."""
    for field in _fields(text):
        if field not in _undrawn and undrawable(field):
            _undrawn.append(field)


def boxes_in(text: str) -> str:
    """The warning for the fields of `text` (a sheet about to be printed) with a character no
    font can draw, naming each character; empty when every character can be drawn."""
    return undrawable_message(_fields(text))


def boxes_drawn() -> str:
    """The warning for the lines drawn on paper since the last call (see `watch`), naming
    each character that printed as a box; empty when there were none."""
    said = undrawable_message(_undrawn)
    _undrawn.clear()
    return said


def write_atomically(path: Path, write: Callable[[Path], T]) -> T:
    """Call `write` on a file beside `path`, then move it into place: all or nothing. Raises
    OSError when the file could not be written (the half-written one is removed)."""
    part = path.with_name(f".{path.name}.part")
    os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666))  # OSError says why
    try:
        result = write(part)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    return result


def check_pdf(part: Path, shown: Path | str) -> None:
    """Raise OSError unless `part` is a PDF from its header to its end-of-file marker (Qt's
    writer only warns when it cannot write)."""
    data = part.read_bytes()
    if not (data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]):
        raise OSError(f"{shown}: the PDF could not be written (is the disk full?)")


def pdf_writer(path: Path, title: str, paper: str = "a4", *, margin_mm: float = 14,
               landscape: bool = False) -> QPdfWriter:
    """A 300 dpi PDF writer on A4 or Letter with even margins, the shipped fonts loaded."""
    load_fonts()
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(PAPER[paper]))
    if landscape:
        writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    writer.setPageMargins(QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                          QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("Championship Banker")
    return writer


def render_pdf(part: Path, title: str, paper: str, paint: Callable[[QPdfWriter], T]) -> T:
    """Draw a PDF into `part` with `paint` on a writer set up by `pdf_writer`; returns what
    `paint` returns."""
    writer = pdf_writer(part, title, paper)
    result = paint(writer)
    del writer  # the file is finished and closed when the writer goes
    return result


def write_pdf(path: Path, render: Callable[[Path], T]) -> T:
    """Write a PDF to `path`, all or nothing, `render` drawing it into the file beside it;
    needs a QGuiApplication. Raises OSError when the file could not be written (no such folder,
    no permission, a full disk): Qt's writer only warns, so the file is checked before it is
    moved into place."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to write a PDF")
    load_fonts()  # the sheets' Noto and DejaVu, whether or not this machine has them

    def checked(part: Path) -> T:
        result = render(part)
        check_pdf(part, path)
        give_text(part)  # a Tamil name reads back as text (ui/pdf_text.py)
        return result

    with kept():  # the Qt calls of a long sheet repaid as it is written (ui/none_kept.py)
        return write_atomically(path, checked)


def paint_pages(device: QPagedPaintDevice, laid_out: Callable[[QSizeF], QTextDocument],
                foot: str, *, mono: bool = False,
                colour: Qt.GlobalColor = Qt.GlobalColor.darkGray, elide: bool = False) -> int:
    """Paint the document `laid_out` gives for the page's body, page by page, `foot` at the left
    of each page's foot (cut to fit when `elide`) and "Page n of m" at its right; returns the
    number of pages."""
    load_fonts()  # a printer as well as a PDF: the same letters
    # QPdfWriter and QPrinter, the devices painted on, both have resolution(); their base has not.
    dpi: int = device.resolution()  # type: ignore[attr-defined]
    page = device.pageLayout().paintRectPixels(dpi)
    footer_height = FOOTER_PT / 72 * dpi * 2.2
    body = QSizeF(page.width(), page.height() - footer_height)
    doc = laid_out(body)
    watch(doc.toPlainText())
    watch(foot)
    pages = doc.pageCount()
    painter = QPainter(device)
    try:
        font = app_font(mono=mono)  # the shipped family list: a name in the foot is drawn
        font.setPointSizeF(FOOTER_PT)
        # No ligatures: a foot carries the ledger's head ("…3ff5"), which must read (and
        # extract from the PDF) letter for letter, never as the "ﬀ" glyph.
        font.setFeature(QFont.Tag("liga"), 0)
        painter.setFont(font)
        if elide:
            metrics = QFontMetricsF(font, device)
            room = body.width() - metrics.horizontalAdvance(f"Page {pages} of {pages}") * 1.3
            foot = metrics.elidedText(foot, Qt.TextElideMode.ElideRight, room)
        for number in range(pages):
            if number:
                device.newPage()
            painter.save()
            painter.translate(QPointF(0, -number * body.height()))
            doc.drawContents(painter, QRectF(0, number * body.height(), body.width(),
                                             body.height()))
            painter.restore()
            painter.setPen(colour)
            box = QRectF(0, body.height(), body.width(), footer_height)
            bottom = Qt.AlignmentFlag.AlignBottom
            painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | bottom), foot)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | bottom),
                             f"Page {number + 1} of {pages}")
    finally:
        painter.end()
    return pages
