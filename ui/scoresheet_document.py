"""The printed scoresheet: the sheet's figures laid out as a document, to PDF or to a printer."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

PAPER = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
TIE_NAMES = {"cash": "Cash", "unmortgaged": "Unmortgaged property", "hotels": "Hotels",
             "houses": "Houses", "utilities": "Utilities", "mortgaged": "Mortgaged property",
             "cards": "Get Out of Jail Free cards"}

STYLE = """
body { font-family: 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #111; }
h1 { font-size: 15pt; margin: 0; }
.sub { color: #444; font-size: 8pt; }
table.head td { padding: 1px 8px 1px 0; }
table.deeds { border-collapse: collapse; width: 100%; }
table.deeds th { background: #e8e8e8; text-align: left; padding: 2px 4px; font-size: 7.5pt; }
table.deeds td { border-bottom: 1px solid #ccc; padding: 2px 4px; }
td.num, th.num { text-align: right; }
.player { margin-top: 10px; }
.pos { font-size: 13pt; font-weight: bold; }
.name { font-size: 12pt; font-weight: bold; }
.total td { font-weight: bold; border-top: 2px solid #111; }
.sign { margin-top: 6px; }
.foot { color: #444; font-size: 7.5pt; margin-top: 12px; }
"""


def _ordinal(n: int | None) -> str:
    n = n or 0
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _money(value: int) -> str:
    return f"M{value:,}"


def sheet_html(sheet: dict[str, Any]) -> str:
    """The sheet as HTML for QTextDocument (its supported subset)."""
    head = sheet["header"]
    title = escape(head.get("tournament") or "Monopoly championship")
    rows = [
        ("Round", head.get("round")), ("Table", head.get("table")), ("Date", head.get("date")),
        ("Rules", f"{head['profile']} ({head['board']})"),
        ("Game length", f"{head['game_minutes']} minutes" if head.get("game_minutes") else "untimed"),
        ("Ended", head.get("ended")), ("Banker", head.get("banker")),
        ("Judge", ", ".join(head.get("judges") or []) or ""),
    ]
    parts = [f"<html><head><style>{STYLE}</style></head><body>",
             f"<h1>{title} — Scoresheet</h1>",
             "<table class='head' width='100%'>"]
    for index in range(0, len(rows), 2):
        cells = "".join(f"<td><b>{escape(k)}:</b> {escape(str(v or '—'))}</td>"
                        for k, v in rows[index:index + 2])
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</table>")
    for player in sheet["players"]:
        parts.append(_player_html(player, head))
    parts.append("<table width='100%' class='sign'><tr>"
                 "<td>Banker: ______________________________</td>"
                 "<td>Judge: ______________________________</td></tr></table>")
    foot = sheet["footer"]
    ties = ", ".join(TIE_NAMES[t] for t in head["tie_breakers"])
    # The hash in a monospace face: no "ff" or "fi" ligatures, so it reads (and copies) exactly.
    parts.append(f"<p class='foot'>Ledger: {foot['events']} entries, last hash "
                 f"<span style=\"font-family: 'DejaVu Sans Mono', monospace\">"
                 f"{escape(str(foot['last_hash']))}</span>. Net worth per {escape(head['profile'])}"
                 f"{'; ties broken by ' + ties if ties else ''}.</p>")
    parts.append("</body></html>")
    return "".join(parts)


def _player_html(p: dict[str, Any], head: dict[str, Any]) -> str:
    name = escape(p["name"])
    if p["bankrupt"]:
        return (f"<div class='player'><span class='pos'>{escape(p['position_label'])}</span> "
                f"&nbsp; <span class='name'>{name}</span> — out of the game "
                f"({_ordinal(p['bankrupt_rank'])} to go bankrupt): total M0"
                "<br/>Signature: ______________________________</div>")
    rows = ["<table class='deeds' width='100%' cellspacing='0'>"
            "<tr><th>Deed</th>"
            "<th>Buildings</th><th>Mortgaged</th><th align='right'>Deed value</th>"
            "<th align='right'>Buildings value</th></tr>"]
    for deed in p["deeds"]:
        built = _money(deed["building_value"]) if deed["building_value"] else ""
        rows.append(f"<tr><td>{escape(deed['name'])}</td><td>{escape(deed['buildings'])}</td>"
                    f"<td>{'yes' if deed['mortgaged'] else ''}</td>"
                    f"<td align='right'>{_money(deed['deed_value'])}</td>"
                    f"<td align='right'>{built}</td></tr>")
    if p["cards"]:
        counted = head["scoring"] == "px_net_worth"
        rows.append(f"<tr><td colspan='3'>Get Out of Jail Free × {len(p['cards'])}"
                    f"{'' if counted else ' (tie-break only)'}</td>"
                    f"<td align='right'>{_money(p['card_value']) if counted else ''}</td><td></td></tr>")
    rows.append(f"<tr><td colspan='3'>Property</td><td align='right' colspan='2'>"
                f"{_money(p['property_value'])}</td></tr>")
    rows.append(f"<tr><td colspan='3'>Cash</td><td align='right' colspan='2'>"
                f"{_money(p['cash'])}</td></tr>")
    rows.append(f"<tr class='total'><td colspan='3'>Total</td><td align='right' colspan='2'>"
                f"{_money(p['total'])}</td></tr></table>")
    breaks = ", ".join(f"{TIE_NAMES[k]} {_money(v)}" for k, v in p["tie_breaks"].items())
    if p.get("decided_by"):
        breaks = f"Equal total; placed by {TIE_NAMES[p['decided_by']].lower()}. " + breaks
    elif p.get("tied"):
        breaks = "Tied after every tie-breaker. " + breaks
    return (f"<div class='player'><span class='pos'>{escape(p['position_label'])}</span> &nbsp; "
            f"<span class='name'>{name}</span> — total {_money(p['total'])}" + "".join(rows)
            + f"<p class='sub'>Tie-break figures: {escape(breaks)}</p>"
            "<p>Signature: ______________________________</p></div>")


def document(sheet: dict[str, Any]) -> QTextDocument:
    """The sheet as a Qt text document."""
    doc = QTextDocument()
    doc.setHtml(sheet_html(sheet))
    return doc


def write_pdf(sheet: dict[str, Any], path: Path, paper: str = "a4") -> None:
    """Write the sheet as a PDF (A4 or Letter); needs a QGuiApplication (offscreen works)."""
    if QGuiApplication.instance() is None:
        raise RuntimeError("a QGuiApplication must exist to write a PDF")
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(PAPER[paper]))
    writer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle("Scoresheet")
    writer.setCreator("Championship Banker")
    doc = document(sheet)
    # Lay the document out on the writer's own page (QTextDocument would add 2 cm margins).
    doc.documentLayout().setPaintDevice(writer)
    rect = writer.pageLayout().paintRectPixels(writer.resolution())
    doc.setPageSize(QSizeF(rect.width(), rect.height()))
    doc.print_(writer)
