"""The hall's printouts as PDF (A4, large type read from a few metres): a card per table, the
draw's wall sheet, and each table's blank scoresheet pre-filled with its tournament, stage, table
and seats. The content comes from app/tournament/hall.py; only the layout is here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRectF, QSizeF, Qt
from PySide6.QtGui import QFontMetricsF, QPagedPaintDevice, QPainter, QPdfWriter, QTextDocument

from app.live.qr import live_url
from app.tournament.hall import HallPrint, HallTable
from ui import printing
from ui.fonts import app_font, css_families, escaped, isolated, left_to_right
from ui.qr_code import paint_qr
from ui.scoresheet.sheet_html import SIGNATURE, TIE_NAMES, style

LINE = "____________________"
__all__ = ["cards_pdf", "draw_sheet_html", "draw_sheet_pdf", "print_hall", "scoresheets_html",
           "scoresheets_pdf"]


# The table cards: one A4 page a table, painted ------------------------------------------------

def cards_pdf(data: HallPrint, path: Path, paper: str = "a4", live: str | None = None) -> int:
    """Write a card per table (the table's number huge, the seats in order with their names,
    the banker's and judge's lines; the live page's QR code and address when there is one:
    `live`, else BANKER_LIVE_URL), all or nothing; returns the number of pages. Needs a
    QGuiApplication; raises OSError when the file could not be written."""
    title = f"{data.tournament}: {data.stage} table cards"
    address = live_url(live)
    return printing.write_pdf(path, lambda part: printing.render_pdf(
        part, title, paper, lambda writer: _paint_cards(data, writer, address)))


def _paint_cards(data: HallPrint, writer: QPdfWriter, live: str | None = None) -> int:
    page = writer.pageLayout().paintRectPixels(writer.resolution())
    width, height = float(page.width()), float(page.height())
    painter = QPainter(writer)
    try:
        for number, table in enumerate(data.tables):
            if number:
                writer.newPage()
            _paint_card(painter, data, table, width, height, live)
    finally:
        painter.end()
    return len(data.tables)


def _paint_card(painter: QPainter, data: HallPrint, table: HallTable, width: float,
                height: float, live: str | None = None) -> None:
    unit = height / 100  # the card is laid out in hundredths of the page's height
    side = 18 * unit if live else 0.0  # the QR code's column beside the table's number
    centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    _text(painter, QRectF(0, 0, width, 4 * unit), data.tournament, 22, centre)
    _text(painter, QRectF(0, 4 * unit, width, 4 * unit), data.stage, 24, centre, bold=True)
    _text(painter, QRectF(0, 10 * unit, width, 5 * unit), "TABLE", 40, centre)
    _text(painter, QRectF(side, 14 * unit, width - 2 * side, 33 * unit), str(table.number), 250,
          centre, bold=True)
    if live:
        paint_qr(painter, QRectF(width - 17 * unit, 15 * unit, 16 * unit, 16 * unit), live)
        _text(painter, QRectF(width - 26 * unit, 31.5 * unit, 26 * unit, 3 * unit),
              "Follow the hall live:", 10, Qt.AlignmentFlag.AlignRight)
        _text(painter, QRectF(width - 26 * unit, 34 * unit, 26 * unit, 3 * unit), live, 10,
              Qt.AlignmentFlag.AlignRight)
    top, row = 49 * unit, min(8.0, 40 / max(len(table.seats), 1)) * unit
    for seat in table.seats:
        _text(painter, QRectF(0, top, width * 0.22, row), f"Seat {seat.number}", 28, left)
        _text(painter, QRectF(width * 0.22, top, width * 0.78, row), seat.name, 40, left,
              bold=True)
        top += row
    painter.setPen(Qt.GlobalColor.black)
    painter.drawLine(0, int(top + unit), int(width), int(top + unit))
    for words, name in (("Banker", table.banker), ("Judge", table.judge)):
        top += 6 * unit
        signer = isolated(name) if name else LINE
        _text(painter, QRectF(0, top - 4 * unit, width, 5 * unit), f"{words}: {signer}", 26, left)
    foot = f"{data.rules} · draw seed {data.seed}"
    _text(painter, QRectF(0, 96 * unit, width, 4 * unit), foot, 11, centre,
          colour=Qt.GlobalColor.darkGray)


def _text(painter: QPainter, box: QRectF, text: str, points: float,
          align: Qt.AlignmentFlag, *, bold: bool = False,
          colour: Qt.GlobalColor = Qt.GlobalColor.black) -> None:
    """Draw `text` in `box` at `points`, smaller when it would not fit the box's width."""
    printing.watch(text)
    font = app_font()
    font.setBold(bold)
    font.setPointSizeF(points)
    device = painter.device()
    while points > 8 and QFontMetricsF(font, device).horizontalAdvance(text) > box.width():
        points *= 0.92
        font.setPointSizeF(points)
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, int(align), text)


# The draw's wall sheet -------------------------------------------------------------------------

FIND = "Find your seat"
DRAW_STYLE = (f"body {{ font-family: {css_families()}; font-size: 20pt; }} .title {{ font-size: 30pt; "
              "font-weight: bold; } .number { font-size: 34pt; font-weight: bold; } "
              "th { background: #e8e8e8; } .sub { font-size: 12pt; color: #444; }")


def draw_sheet_html(data: HallPrint, per_page: int | None = None) -> str:
    """The wall sheet: every table with its seats in order, then every player by name with
    their table and seat (Qt's rich-text subset), `per_page` names a page (None: all on one),
    each page of them under its heading, "(continued)" after the first."""
    e = escaped
    most = max((len(t.seats) for t in data.tables), default=0)
    head = "<th align='left'>Table</th>" + "".join(
        f"<th align='left'>Seat {n}</th>" for n in range(1, most + 1))
    rows = "".join(
        f"<tr><td><span class='number'>{t.number}</span></td>" + "".join(
            f"<td>{e(s.name)}</td>" for s in t.seats) + "<td></td>" * (most - len(t.seats))
        + "</tr>" for t in data.tables)
    options = "".join(f"<br/>{e(o)}" for o in data.options)
    return (f"<html><head><style>{DRAW_STYLE}</style></head><body>"
            f"<p class='title'>{e(data.tournament)}<br/>{e(data.stage)}: the draw</p>"
            f"<p class='sub'>{e(data.rules)} · drawn {e(data.drawn_at)}{options}</p>"
            "<table border='1' cellspacing='0' cellpadding='6' width='100%'>"
            f"<thead><tr>{head}</tr></thead>{rows}</table>"
            f"{_find_pages(_find_rows(data), per_page)}</body></html>")


def _find_rows(data: HallPrint) -> list[str]:
    e = escaped
    return [f"<tr><td>{e(name)}</td><td>{e(pid)}</td><td>table {table}</td>"
            f"<td>seat {seat}</td></tr>" for name, pid, table, seat in data.index()]


def _find_pages(rows: list[str], per_page: int | None) -> str:
    """The names a page at a time, each page under its heading; the pages share the names
    evenly, so the last is never a lone line (7 names at 6 a page: 4 and 3, not 6 and 1)."""
    size = max(per_page or len(rows), 1)
    count = max(-(-len(rows) // size), 1)
    even = -(-len(rows) // count) if rows else 0
    return "".join(
        f"<p class='title' style='page-break-before: always'>"
        f"{FIND}{' (continued)' if page else ''}</p>"
        "<table border='0' cellspacing='0' cellpadding='4' width='100%'>"
        f"{''.join(rows[page * even:(page + 1) * even])}</table>" for page in range(count))


def _names_a_page(data: HallPrint, fits: Callable[[str], bool]) -> int:
    """How many of the names fit one page under the heading (`fits`: the page's HTML lays out
    on one page), found by halving; at least 1."""
    rows = _find_rows(data)
    low, high = 1, max(len(rows), 1)
    while low < high:
        middle = (low + high + 1) // 2
        page = (f"<html><head><style>{DRAW_STYLE}</style></head><body><p class='title'>{FIND} "
                "(continued)</p><table border='0' cellspacing='0' cellpadding='4' "
                f"width='100%'>{''.join(rows[:middle])}</table></body></html>")
        if fits(page):
            low = middle
        else:
            high = middle - 1
    return low


def draw_sheet_pdf(data: HallPrint, path: Path, paper: str = "a4") -> int:
    """Write the draw's wall sheet (landscape), all or nothing; returns the number of pages."""
    title = f"{data.tournament}: {data.stage} draw"

    def render(part: Path) -> int:
        writer = printing.pdf_writer(part, title, paper, landscape=True)
        pages = printing.paint_pages(writer, _draw_sheet_laid_out(data, writer),
                                     f"{data.tournament} · {data.stage} · draw seed {data.seed}")
        del writer  # the file is finished and closed when the writer goes
        return pages

    return printing.write_pdf(path, render)


def _draw_sheet_laid_out(data: HallPrint,
                         device: QPagedPaintDevice) -> Callable[[QSizeF], QTextDocument]:
    """The wall sheet for a page's body: as many names a page as fit under the heading."""
    def laid_out(body: QSizeF) -> QTextDocument:
        per_page = _names_a_page(
            data, lambda page: _document(device, page, body).pageCount() == 1)
        return _document(device, draw_sheet_html(data, per_page), body)
    return laid_out


def _document(device: QPagedPaintDevice, text: str, body: QSizeF) -> QTextDocument:
    doc = left_to_right(QTextDocument())
    doc.setHtml(text)
    doc.documentLayout().setPaintDevice(device)
    doc.setPageSize(body)
    return doc


def _paint_html(device: QPagedPaintDevice, text: str, foot: str) -> int:
    return printing.paint_pages(device, lambda body: _document(device, text, body), foot)


# The pre-filled scoresheets: two seats a page --------------------------------------------------

SEATS_A_PAGE = 2  # each seat's block holds a line for every deed of the board, in two halves
DEED_HEADS = ("<th width='3%'>#</th><th width='23%'>Deed</th><th width='7%'>Bldgs</th>"
              "<th width='8%'>Mortg.</th><th width='8%' align='right'>Value</th>")
SHEET_STYLE = ("td.blank { height: 13pt; } td.no { color: #777; font-size: 7pt; } "
               "th.gap, td.gap { width: 14pt; border-bottom: 0; background: #fff; }")


def scoresheets_html(data: HallPrint) -> str:
    """Every table's blank scoresheet, beginning on a page of its own: the sheet's header
    filled in (tournament, round, table, rules, length), each seat's name with a numbered line
    for every deed of the board (a player can hold all 28 of the classic board), cash and
    total, two seats a page, and the signature lines (the look of ui/scoresheet's sheet)."""
    parts = [f"<html><head><style>{style(1.0)} {SHEET_STYLE}</style></head><body>"]
    for number, table in enumerate(data.tables):
        parts.append(_sheet(data, table, first=number == 0))
    parts.append("</body></html>")
    return "".join(parts)


def _sheet(data: HallPrint, table: HallTable, *, first: bool) -> str:
    e = escaped
    minutes = f"{data.minutes} minutes" if data.minutes else "untimed"
    rows = [("Round", data.stage), ("Table", str(table.number)), ("Date", ""),
            ("Rules", f"{data.profile} ({data.board})"), ("Game length", minutes),
            ("Ended", ""), ("Banker", table.banker or ""), ("Judge", table.judge or "")]
    breaker = "" if first else " style='page-break-before: always'"
    parts = [f"<h1{breaker}>{e(data.tournament)} — Scoresheet</h1><table class='head' "
             "width='100%'>"]
    for index in range(0, len(rows), 2):
        parts.append("<tr>" + "".join(f"<td><b>{e(k)}:</b> {e(v) or LINE}</td>"
                                      for k, v in rows[index:index + 2]) + "</tr>")
    parts.append("</table>")
    for index, seat in enumerate(table.seats):
        if index and index % SEATS_A_PAGE == 0:
            parts.append(f"<p class='sub' style='page-break-before: always'>{e(data.tournament)}"
                         f" — Scoresheet · {e(data.stage)} · table {table.number} (continued)"
                         "</p>")
        parts.append(
            f"<div class='player'><span class='pos'>Seat {seat.number}</span> &nbsp; "
            f"<span class='name'>{e(seat.name)}</span> ({e(seat.player)}) — place: ______"
            f"{_deed_lines(data.deeds)}Signature: {SIGNATURE}</div>")
    ties = ", ".join(TIE_NAMES.get(t, t) for t in data.tie_breakers)
    parts.append(f"<table width='100%' class='sign'><tr><td>Banker: {SIGNATURE}</td>"
                 f"<td>Judge: {SIGNATURE}</td></tr></table><p class='foot'>Net worth per "
                 f"{e(data.profile)}{'; ties broken by ' + e(ties) if ties else ''}. Blank "
                 "sheet printed from the draw; the app's own sheet, from the ledger, is the one "
                 "signed where the game is recorded.</p>")
    return "".join(parts)


def _deed_lines(deeds: int) -> str:
    """A numbered line for each of `deeds`, in two halves side by side (1 to half on the left,
    the rest on the right), then the property, cash and total lines."""
    half = -(-deeds // 2)
    cells = "<td class='blank'></td><td></td><td></td><td></td>"

    def line(number: int) -> str:
        return (f"<td class='no'>{number}</td>{cells}" if number <= deeds
                else "<td></td>" * 5)

    rows = "".join(f"<tr>{line(n)}<td class='gap'></td>{line(n + half)}</tr>"
                   for n in range(1, half + 1))
    return ("<table class='deeds' width='100%' cellspacing='0'>"
            f"<tr>{DEED_HEADS}<th class='gap' width='2%'></th>{DEED_HEADS}</tr>{rows}"
            + "".join(f"<tr><td colspan='4'>{what}</td><td></td><td class='gap'></td>"
                      "<td colspan='5'></td></tr>" for what in ("Property", "Cash"))
            + "<tr class='total'><td colspan='4'>Total</td><td></td><td class='gap'></td>"
            "<td colspan='5'></td></tr></table>")


def scoresheets_pdf(data: HallPrint, path: Path, paper: str = "a4") -> int:
    """Write every table's pre-filled blank scoresheet, all or nothing; returns the pages."""
    title = f"{data.tournament}: {data.stage} scoresheets"
    return printing.write_pdf(path, lambda part: printing.render_pdf(
        part, title, paper, lambda writer: _paint_html(
            writer, scoresheets_html(data), f"{data.tournament} · {data.stage} · scoresheets")))


# From the window: the three side by side in one folder ----------------------------------------

def print_hall(data: HallPrint, folder: Path, stem: str, paper: str = "a4") -> list[Path]:
    """Write the cards, the draw sheet and the scoresheets into `folder` as `stem`-table-cards,
    -draw and -scoresheets .pdf (each whole or not at all); OSError says why not."""
    if not folder.is_dir():
        raise OSError(f"folder {folder} does not exist; nothing was written")
    written = []
    for suffix, write in (("table-cards", cards_pdf), ("draw", draw_sheet_pdf),
                          ("scoresheets", scoresheets_pdf)):
        path = folder / f"{stem}-{suffix}.pdf"
        write(data, path, paper)
        written.append(path)
    return written
