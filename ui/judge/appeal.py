"""The appeal report: the whole ledger in plain words with the disputes, rulings and corrections,
the verification's verdict and the ledger's head on every page (Qt's printing, as the scoresheet)."""

from __future__ import annotations

from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSizeF, Qt
from PySide6.QtGui import QGuiApplication, QPagedPaintDevice, QTextDocument

from app.review import service as review
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui import printing
from ui.fonts import css_families, left_to_right

STYLE = f"""
body {{ font-family: {css_families()}; font-size: 7.5pt; color: #111; }}
"""
STYLE += """h1 { font-size: 15pt; margin: 0; }
h2 { font-size: 11pt; margin-top: 10pt; margin-bottom: 3pt; }
.sub { color: #444; }
.sound { color: #0B4F1C; font-weight: bold; }
.unsound { color: #B00020; font-weight: bold; }
table.grid { border-collapse: collapse; width: 100%; }
table.grid th { background: #e8e8e8; text-align: left; padding: 1px 3px; }
table.grid td { border-bottom: 1px solid #ccc; padding: 1px 3px; vertical-align: top; }
tr.void td { color: #777; }
.mark { font-weight: bold; color: #B00020; }
.ruling { font-weight: bold; }
table.dispute td { padding: 1px 6px 1px 0; vertical-align: top; }
"""

__all__ = ["appeal_html", "footer_line", "paint", "report", "write_appeal_pdf"]


def report(game: TableGame) -> dict[str, Any]:
    """What the report prints, read from the services (the sheet's header and standings, the
    verdict, the disputes and every entry)."""
    sheet = scoresheet(game)
    return {"header": sheet["header"], "players": sheet["players"], "game": game.game_id,
            "verdict": review.verdict(game), "disputes": review.disputes(game),
            "entries": review.entries(game)}


def _clock(ms: int | None) -> str:
    if ms is None:
        return ""
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def _time(at: datetime) -> str:
    return at.strftime("%H:%M:%S")


def appeal_html(data: dict[str, Any]) -> str:
    """The report as HTML for a QTextDocument."""
    h, verdict = data["header"], data["verdict"]
    entries: list[review.Entry] = data["entries"]
    by_seq = {e.seq: e for e in entries}
    title = " · ".join(str(x) for x in (h.get("tournament"), h.get("round"),
                                         h.get("table") and f"table {h['table']}") if x)
    parts = [f"<h1>Appeal report</h1><p class='sub'>{escape(title or 'game ' + str(data['game']))}"
             f"<br>{escape(str(h['profile']))} · {escape(str(h['board']))} · game "
             f"{escape(str(data['game']))} · started {escape(str(h['date']))} · "
             f"{escape(str(h['ended']))} · banker {escape(str(h.get('banker') or '—'))} · "
             f"judges {escape(', '.join(h.get('judges') or []) or '—')}</p>"]
    tone = "sound" if verdict.sound else "unsound"
    parts.append(f"<h2>Verification</h2><p class='{tone}'>{escape(verdict.text)}</p>"
                 f"<p>Ledger head <b style=\"font-family: {css_families(mono=True)}\">"
                 f"{escape(verdict.head)}</b> (as printed on the scoresheet; "
                 "<i>banker verify --head</i> checks a file against it)</p>")
    if verdict.problems:
        parts.append("<ul>" + "".join(f"<li>{escape(p)}</li>" for p in verdict.problems) + "</ul>")
    parts.append(_standings(data["players"]))
    parts.append(_disputes(data["disputes"], by_seq))
    parts.append(_ledger(entries))
    return f"<html><head><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>"


def _standings(players: list[dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><td>{escape(p['position_label'])}</td><td>{escape(p['name'])}"
        f"{' (bankrupt)' if p['bankrupt'] else ''}</td><td align='right'>M{p['cash']:,}</td>"
        f"<td align='right'>M{p['total']:,}</td></tr>" for p in players)
    return ("<h2>Standing at the last entry</h2><table class='grid'><tr><th>Place</th>"
            "<th>Player</th><th align='right'>Cash</th><th align='right'>Net worth</th></tr>"
            f"{rows}</table>")


def _entry_line(seq: int, by_seq: dict[int, review.Entry]) -> str:
    e = by_seq.get(seq)
    if e is None:
        return f"entry {seq}"
    void = f" <span class='mark'>(voided by entry {e.voided_by})</span>" if e.voided else ""
    return f"entry {seq}: {escape(e.text)}{void}"


def _disputes(disputes: list[review.Dispute], by_seq: dict[int, review.Entry]) -> str:
    if not disputes:
        return "<h2>Disputes</h2><p>No dispute was raised in this game.</p>"
    parts = ["<h2>Disputes</h2>"]
    for d in disputes:
        rows = [("Raised", f"at entry {d.seq} by {escape(d.raised_by)}: {escape(d.about)}"),
                ("About", "<br>".join(_entry_line(s, by_seq) for s in d.entries) or "no entry named"),
                ("Ruling", f"<span class='ruling'>{escape(d.ruling)}</span> (entry {d.ruling_seq}, "
                           f"{escape(d.ruled_by or '')})" if d.ruling else
                 "<span class='mark'>not ruled</span>"),
                ("Corrections", "<br>".join(_entry_line(s, by_seq) for s in d.corrections)
                 or "none")]
        body = "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in rows)
        parts.append(f"<p><b>Dispute {d.number}</b></p><table class='dispute'>{body}</table>")
    return "".join(parts)


def _ledger(entries: list[review.Entry]) -> str:
    rows = []
    for e in entries:
        notes = []
        if e.voided:
            notes.append(f"<span class='mark'>VOID</span> by entry {e.voided_by}")
        if e.dispute is not None:
            notes.append(f"dispute {e.dispute}")
        rows.append(f"<tr class='{'void' if e.voided else ''}'><td align='right'>{e.seq}</td>"
                    f"<td>{_time(e.recorded_at)}</td><td align='right'>{_clock(e.clock_ms)}</td>"
                    f"<td>{escape(e.actor)}</td><td>{escape(e.text)}</td>"
                    f"<td>{' · '.join(notes)}</td></tr>")
    return (f"<h2>The ledger: {len(entries):,} entries</h2><p class='sub'>Times are UTC; the "
            "clock column is the game clock's time played (minutes:seconds). Voided entries stay "
            "in the ledger, in grey, with the entry that voided them.</p>"
            "<table class='grid'><thead><tr><th align='right'>No.</th><th>Time</th>"
            "<th align='right'>Clock</th><th>By</th><th>What happened</th><th>Note</th></tr>"
            f"</thead>{''.join(rows)}</table>")


def footer_line(verdict: review.Verdict) -> str:
    """The verdict and the head, as every page's foot says them."""
    return f"Ledger head {verdict.head} · {verdict.text}"


def paint(data: dict[str, Any], device: QPagedPaintDevice) -> int:
    """Paint the report page by page, the verdict and head at each page's foot; returns the
    number of pages."""
    def laid_out(body: QSizeF) -> QTextDocument:
        doc = left_to_right(QTextDocument())
        doc.documentLayout().setPaintDevice(device)
        doc.setHtml(appeal_html(data))
        doc.setPageSize(body)
        return doc

    colour = Qt.GlobalColor.darkGray if data["verdict"].sound else Qt.GlobalColor.darkRed
    return printing.paint_pages(device, laid_out, footer_line(data["verdict"]), colour=colour,
                                elide=True)


def write_appeal_pdf(game: TableGame, path: Path, paper: str = "a4") -> int:
    """Write the appeal report as a PDF, all or nothing; needs a QGuiApplication; returns the
    number of pages. Raises OSError when the file could not be written (it is written beside
    `path`, checked, then moved into place), BadInput when the ledger holds no game."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to write a PDF")
    data = report(game)
    title = f"Appeal report, game {game.game_id}"
    return printing.write_pdf(Path(path), lambda part: printing.render_pdf(
        part, title, paper, lambda writer: paint(data, writer)))
