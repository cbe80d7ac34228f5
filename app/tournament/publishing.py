"""Publishing the standings: CSV, a static HTML page that reads on a phone, and the printed
sheet's data. Only what may be announced goes in: never a player's contact detail."""

from __future__ import annotations

import csv
import hashlib
import html
import io
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from app.hub.errors import HubUnreachable
from app.ledger import LedgerError
from app.tournament import service
from app.tournament.hub_store import TournamentWriteRefused
from models.errors import BankerError
from models.plural import counted
from models.tournament.categories import category_standings
from models.tournament.publications import record_publication
from models.tournament.records import Publication, PublishedFormat, Tournament
from models.tournament.rulings import superseded
from models.tournament.standings import Row, StageStandings, ordinal, standings

# Not "final": the last stage is called the Final, and a reader took "Final" for the stage.
DECIDED = "decided: every result is in, no tie to rule"
COLUMNS = ("position", "name", "id", "table", "score", "place_at_table", "bankrupt", "wins",
           "status")


def published(t: Tournament, stage: str, at: datetime) -> dict[str, Any]:
    """The announcement of a stage: the tournament's name, each player's line (position,
    name, id, table, score, place at the table, bankrupt, wins, status), the ties waiting for
    a ruling and the close calls with their reasons. Built field by field from the standings,
    which carry no contact detail; the contacts are never read here."""
    found = standings(t, stage)
    return {
        "tournament": t.name,
        "stage": found.stage,
        "published_at": at.isoformat(timespec="minutes"),
        "state": _state(found),
        "awaiting": list(found.awaiting),
        "rows": [_line(r) for r in found.rows],
        "ties": [f"{', '.join(t.seat_name(p) for p in tie.players)} (positions "
                 f"{tie.positions[0]}–{tie.positions[1]}: {counted(tie.seats, 'seat')} to "
                 "settle)" for tie in found.ties],
        "close_calls": [f"{c.name}: {c.reason}" for c in found.close_calls],
        "rulings": ruling_lines(t, found.stage),
    } | _categories(t, found)


def _categories(t: Tournament, found: StageStandings) -> dict[str, Any]:
    """Each category's standings and prize lines (none: no key, the announcement as before)."""
    held = category_standings(t, found)
    return {"categories": [{"category": c.category, "prizes": list(c.prizes),
                            "rows": [line.model_dump() for line in c.lines]} for c in held]
            } if held else {}


def ruling_lines(t: Tournament, stage: str) -> list[str]:
    """The stage's rulings as published: the one that stands on each tie, who made it and when,
    and that it superseded another; a superseded one kept, marked so."""
    replaced = {id(r) for r in superseded(t)}
    return [f"{r.judge}, {r.at:%Y-%m-%d %H:%M} UTC: {', '.join(t.seat_name(p) for p in r.order)}"
            f", {r.reason}" + (f" (supersedes the ruling of {r.supersedes:%H:%M})"
                               if r.supersedes is not None else "")
            + (" — superseded by a later ruling" if id(r) in replaced else "")
            for r in t.rulings if r.stage == stage]


class NotRecorded(BankerError):
    """The files were written but their publication could not be recorded (the hub out of
    reach, another desk's change first): the files stay; publishing again records it.
    `unreachable`: the hub or the tournament's file could not be written (not a refusal)."""

    def __init__(self, message: str, *, unreachable: bool) -> None:
        super().__init__(message)
        self.unreachable = unreachable


def digest(data: dict[str, Any]) -> str:
    """The SHA-256 (hex) of the standings' CSV text as `standings_csv` makes it (UTF-8): the
    same for every format of one publishing, so a printed or posted sheet can be matched to
    its record (`sha256sum` of the CSV file gives it too)."""
    return hashlib.sha256(standings_csv(data).encode("utf-8")).hexdigest()


def record(tid: str, data: dict[str, Any], formats: Sequence[PublishedFormat],
           by: str | None = None) -> Tournament:
    """Record that `data` (what `published` made) was published in `formats`: one change of
    the tournament by the service's usual path (one transaction on the hub, else its file),
    made after the files are written. Raises NotRecorded, saying the files stay, when it
    cannot be recorded."""
    state = str(data["state"])
    publication = Publication(
        stage=data["stage"], at=datetime.fromisoformat(data["published_at"]), state=state,
        provisional=state != DECIDED, awaiting=tuple(data.get("awaiting", ())),
        formats=tuple(formats), digest=digest(data), by=by)
    try:
        return service.change(tid, lambda t: record_publication(t, publication),
                              f"{publication.stage}: published ({', '.join(formats)})")
    except (BankerError, OSError) as e:
        again = ("publish from the desk's login to record it"
                 if isinstance(e, TournamentWriteRefused) else "publish again to record it")
        raise NotRecorded(f"the files are written, but their publishing is not recorded: {e}; "
                          f"{again}",
                          unreachable=isinstance(e, HubUnreachable | LedgerError | OSError)
                          ) from e


def _state(found: StageStandings) -> str:
    if not found.drawn:
        return "not drawn yet"
    if found.awaiting:
        return (f"provisional: table{'s' * (len(found.awaiting) > 1)} "
                f"{', '.join(map(str, found.awaiting))} still to report")
    if found.ties:
        return "provisional: a tie waits for the head judge's ruling"
    return DECIDED


def _line(r: Row) -> dict[str, Any]:
    return {"position": "" if r.position is None else f"{'=' if r.tied else ''}{r.position}",
            "name": r.name, "id": r.player, "table": r.table,
            "score": "" if r.score is None else r.score,
            "place_at_table": "" if r.place is None else ordinal(r.place),
            "bankrupt": "yes" if r.bankrupt else "", "wins": r.wins, "status": r.status}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is read as a formula by spreadsheets (CSV injection)."""


BOM = "\ufeff"
"""UTF-8's byte-order mark, first in the CSV: a spreadsheet opened by double-click on Windows
then reads the names as UTF-8 instead of the system's code page (issue 30)."""


def standings_csv(data: dict[str, Any]) -> str:
    """The standings as CSV (a byte-order mark, a header row, then one row a player). A text
    cell a spreadsheet would run as a formula (a name typed as `=HYPERLINK(...)`, and a shared
    position `=3`) starts with an apostrophe, as OWASP advises and spreadsheets show it: as
    text."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in data["rows"]:
        writer.writerow({k: _cell(row[k]) for k in COLUMNS})
    return out.getvalue()


def _cell(value: Any) -> Any:
    """Numbers as they are; text that a spreadsheet would read as a formula, defused."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:12px;
color:#1b1b1b;background:#fff;line-height:1.35}
h1{font-size:1.25rem;margin:0 0 2px}h2{font-size:1.05rem;margin:0 0 8px;color:#444}
p.state{margin:0;font-size:.95rem;font-weight:600;color:#8a1c00}p.state.decided{color:#1d6b2f}
p.when{margin:2px 0 12px;font-size:.8rem;color:#666}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{padding:6px 4px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{font-size:.75rem;text-transform:uppercase;color:#666}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.in td{background:#eef7ee}tr.tie td{background:#fff4d6}
tr.cut td{border-bottom:3px solid #1d6b2f}
small{color:#666;display:block}
ul{padding-left:18px;font-size:.9rem}
@media (max-width:480px){th.opt,td.opt{display:none}}
"""


def standings_html(data: dict[str, Any]) -> str:
    """A static page of the standings: one file, inline CSS, no script, no external asset;
    narrow screens drop the table and score-detail columns under each name instead."""
    e = html.escape
    rows = []
    kinds = [_kind(r["status"]) for r in data["rows"]]
    for n, r in enumerate(data["rows"]):
        # A thick rule under the last who advance: the line is seen at a glance on a phone.
        kind = kinds[n] + (" cut" if kinds[n] == "in" and kinds[n + 1:n + 2] not in ([], ["in"])
                           else "")
        score = f"{r['score']:,}" if isinstance(r["score"], int) else str(r["score"])
        detail = f"Table {r['table']}" + (f" · {r['place_at_table']} at table"
                                           if r["place_at_table"] else "")
        rows.append(
            f'<tr class="{kind}"><td class="n">{e(str(r["position"]))}</td>'
            f'<td>{e(r["name"])}<small>{e(detail)}{" · bankrupt" if r["bankrupt"] else ""}'
            f'</small></td><td class="n">{e(score)}</td>'
            f'<td class="opt n">{r["wins"]}</td><td>{e(r["status"])}</td></tr>')
    notes = "".join(
        f"<h2>{title}</h2><ul>{''.join(f'<li>{e(x)}</li>' for x in items)}</ul>"
        for title, items in (("Ties for the head judge", data["ties"]),
                             ("Close calls", data["close_calls"]),
                             ("Rulings", data["rulings"])) if items)
    notes += "".join(category_html(c) for c in data.get("categories", ()))
    decided = " decided" if data["state"] == DECIDED else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{e(data["tournament"])}: {e(data["stage"])}</title>'
        f"<style>{STYLE}</style></head><body>"
        f'<h1>{e(data["tournament"])}</h1><h2>{e(data["stage"])} standings</h2>'
        f'<p class="state{decided}">{e(data["state"].capitalize())}</p>'
        f'<p class="when">Published {e(_when(data["published_at"]))}</p>'
        '<table><thead><tr><th>#</th><th>Player</th><th>Score</th><th class="opt">Wins</th>'
        f'<th>Status</th></tr></thead><tbody>{"".join(rows)}</tbody></table>{notes}'
        "</body></html>\n")


def category_html(c: dict[str, Any]) -> str:
    """A category's section of the page: its prize lines, then its players in the overall
    order with their rank in the category and overall."""
    e = html.escape
    prizes = "".join(f"<li>{e(x)}</li>" for x in c["prizes"])
    rows = "".join(f'<tr><td class="n">{e(r["rank"])}</td><td>{e(r["name"])}</td>'
                   f'<td class="n">{e(r["overall"])}</td><td class="n">'
                   f'{_score(r["score"])}</td></tr>' for r in c["rows"])
    return (f'<section aria-label="{e(c["category"])}"><h2>{e(c["category"].capitalize())}'
            f"</h2>{f'<ul>{prizes}</ul>' if prizes else ''}<table><thead><tr><th>#</th>"
            "<th>Player</th><th>Overall</th><th>Score</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></section>")


def _score(score: int | None) -> str:
    return "" if score is None else f"{score:,}"


def _kind(status: str) -> str:
    if status == "advances" or status.endswith(" place"):
        return "in"
    return "tie" if status.startswith("tie") else ""


def _when(stamp: str) -> str:
    """"2026-11-30T12:00+00:00" as a reader says it: "30 Nov 2026, 12:00 UTC"."""
    at = datetime.fromisoformat(stamp)
    offset = at.utcoffset()
    zone = "UTC" if not offset else f"UTC{at:%z}"
    return f"{at.day} {at:%b %Y, %H:%M} {zone}"
