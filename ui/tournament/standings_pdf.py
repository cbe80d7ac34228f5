"""The printed standings: the published data laid out on A4 or Letter pages by Qt's printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QPdfWriter, QTextDocument

from ui import printing
from ui.fonts import escaped, left_to_right

COLUMNS = (("#", "position"), ("Player", "name"), ("Id", "id"), ("Table", "table"),
           ("Score", "score"), ("At table", "place_at_table"), ("Status", "status"))


def standings_html(data: dict[str, Any]) -> str:
    """The printed sheet's HTML (Qt's rich-text subset: no CSS layout beyond a table)."""
    e = escaped
    head = "".join(f"<th align='left'>{title}</th>" for title, _ in COLUMNS)
    rows = "".join("<tr>" + "".join(f"<td>{e(_cell(r, key))}</td>" for _, key in COLUMNS)
                   + "</tr>" for r in data["rows"])
    notes = "".join(f"<h3>{title}</h3>" + "".join(f"<p>{e(x)}</p>" for x in items)
                    for title, items in (("Ties for the head judge", data["ties"]),
                                         ("Close calls", data["close_calls"]),
                                         ("Rulings", data["rulings"])) if items)
    for c in data.get("categories", ()):  # each category's prize lines and players
        notes += (f"<h3>{e(c['category'].capitalize())}</h3>"
                  + "".join(f"<p>{e(x)}</p>" for x in c["prizes"])
                  + "<table border='1' cellspacing='0' cellpadding='3' width='100%'><thead><tr>"
                  + "".join(f"<th align='left'>{x}</th>" for x in ("#", "Player", "Overall",
                                                                  "Score"))
                  + "</tr></thead>"
                  + "".join(f"<tr><td>{e(r['rank'])}</td><td>{e(r['name'])}</td>"
                            f"<td>{e(r['overall'])}</td>"
                            f"<td>{'' if r['score'] is None else r['score']}</td></tr>"
                            for r in c["rows"]) + "</table>")
    return (f"<h1>{e(data['tournament'])}</h1><h2>{e(data['stage'])} standings</h2>"
            f"<p>{e(data['state'].capitalize())} · published {e(data['published_at'])}</p>"
            "<table border='1' cellspacing='0' cellpadding='3' width='100%'>"
            f"<thead><tr>{head}</tr></thead>{rows}</table>{notes}")


def _cell(row: dict[str, Any], key: str) -> str:
    return f"{row[key]} (bankrupt)" if key == "score" and row["bankrupt"] else str(row[key])


def write_pdf(data: dict[str, Any], path: Path, paper: str = "a4") -> int:
    """Write the standings as a PDF, all or nothing; returns the number of pages. Needs a
    QGuiApplication; raises OSError when the file could not be written."""
    title = f"{data['tournament']}: {data['stage']} standings"
    return printing.write_pdf(path, lambda part: printing.render_pdf(
        part, title, paper, lambda writer: _paint(data, writer)))


def _paint(data: dict[str, Any], writer: QPdfWriter) -> int:
    def laid_out(body: QSizeF) -> QTextDocument:
        doc = left_to_right(QTextDocument())
        doc.setHtml(standings_html(data))
        doc.documentLayout().setPaintDevice(writer)
        doc.setPageSize(body)
        return doc

    return printing.paint_pages(writer, laid_out,
                                f"{data['tournament']} · {data['stage']} · {data['state']}")
