"""The scoresheet as HTML: header, each player's lines and total, signatures, notes."""

from __future__ import annotations

from html import escape
from typing import Any

from app.version import printed_by
from ui.fonts import css_families, escaped

TIE_NAMES = {"cash": "Cash", "unmortgaged": "Unmortgaged property", "hotels": "Hotels",
             "houses": "Houses", "utilities": "Utilities", "mortgaged": "Mortgaged property",
             "cards": "Get Out of Jail Free cards"}

MORTGAGE_NOTES = {
    "sg_scoresheet": "Mortgaged deeds count at half their price (the mortgage value); for the "
                     "tie-breaker 'mortgaged property' at their full price.",
    "px_net_worth": "Mortgaged deeds count at half their price (the mortgage value), "
                    "buildings at their cost, Get Out of Jail Free cards at their value.",
}
SIGNATURE = "______________________________"


def style(scale: float = 1.0) -> str:
    """The sheet's style sheet, every size times `scale` (to fit a page)."""
    def pt(size: float) -> str:
        return f"{size * scale:.2f}pt"

    return f"""
body {{ font-family: {css_families()}; font-size: {pt(8.5)}; color: #111; }}
h1 {{ font-size: {pt(15)}; margin: 0; }}
.provisional {{ font-size: {pt(30)}; font-weight: bold; color: #B00020; }}
.sub {{ color: #444; font-size: {pt(8)}; margin: 0; }}
table.head td {{ padding: 1px 8px 1px 0; }}
table.deeds {{ border-collapse: collapse; width: 100%; }}
table.deeds th {{ background: #e8e8e8; text-align: left; padding: 1px 4px; font-size: {pt(7.5)}; }}
table.deeds td {{ border-bottom: 1px solid #ccc; padding: 1px 4px; }}
.player {{ margin-top: {pt(7)}; }}
.pos {{ font-size: {pt(13)}; font-weight: bold; }}
.name {{ font-size: {pt(12)}; font-weight: bold; }}
.total td {{ font-weight: bold; border-top: 2px solid #111; }}
.sign {{ margin-top: {pt(10)}; }}
.foot {{ color: #444; font-size: {pt(7.5)}; margin-top: {pt(8)}; }}
"""


def _ordinal(n: int | None) -> str:
    n = n or 0
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _money(value: int) -> str:
    return f"M{value:,}"


def provisional(sheet: dict[str, Any]) -> bool:
    """A sheet of a game still in progress: not for signing."""
    return bool(sheet["header"].get("ended") in (None, "in progress"))


def head_line(sheet: dict[str, Any]) -> str:
    """The ledger's head as `banker verify` prints it, for the foot of every page."""
    foot = sheet.get("footer") or {}
    return (f"Ledger head {foot.get('head') or '—'} ({foot.get('events', 0)} entries and the "
            "first digits of the last hash): banker verify --head checks a file against it.")


def sheet_html(sheet: dict[str, Any], scale: float = 1.0, *, printed: bool = False,
               break_before_last: bool = False) -> str:
    """The sheet as HTML for QTextDocument (its supported subset). `printed` leaves the ledger
    head to the page footers; `break_before_last` starts the last player on a new page, so the
    signature lines never stand alone on one."""
    head = sheet["header"]
    unfinished = provisional(sheet)
    title = escape(head.get("tournament") or "Monopoly championship")
    judge = head.get("judge") or ", ".join(head.get("judges") or [])
    rows = [
        ("Round", head.get("round")), ("Table", head.get("table")), ("Date", head.get("date")),
        ("Rules", f"{head['profile']} ({head['board']})"),
        ("Game length", f"{head['game_minutes']} minutes" if head.get("game_minutes") else "untimed"),
        ("Ended", head.get("ended")), ("Banker", head.get("banker")), ("Judge", judge),
    ]
    parts = [f"<html><head><style>{style(scale)}</style></head><body>",
             f"<h1>{title} — Scoresheet</h1>"]
    if unfinished:
        parts.append("<p class='provisional'>PROVISIONAL</p><p class='sub'>The game is not "
                     "over: these figures are not final and the sheet is not signed.</p>")
    parts.append("<table class='head' width='100%'>")
    for index in range(0, len(rows), 2):
        cells = "".join(f"<td><b>{escape(k)}:</b> {escaped(v or '—')}</td>"
                        for k, v in rows[index:index + 2])
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</table>")
    players = sheet["players"]
    for number, player in enumerate(players, start=1):
        html = _player_html(player, head, signed=not unfinished)
        if break_before_last and number == len(players) > 1:
            html = html.replace("<div class='player'>",
                                "<div class='player' style='page-break-before: always'>", 1)
        parts.append(html)
    if not unfinished:
        parts.append(f"<table width='100%' class='sign'><tr><td>Banker: {SIGNATURE}</td>"
                     f"<td>Judge: {SIGNATURE}</td></tr></table>")
    ties = ", ".join(TIE_NAMES[t] for t in head["tie_breakers"])
    note = MORTGAGE_NOTES.get(head.get("scoring", ""), "")
    parts.append(f"<p class='foot'>Net worth per {escape(head['profile'])}"
                 f"{'; ties broken by ' + ties if ties else ''}. {escape(note)}</p>")
    if not printed:
        # The hash in a monospace face: no ligatures, so it reads (and copies) exactly.
        parts.append(f"<p class='foot' style=\"font-family: {css_families(mono=True)}\">"
                     f"{escape(head_line(sheet))}</p>")
        if (sheet.get("footer") or {}).get("printed_by"):
            parts.append(f"<p class='foot'>{escaped(printed_by(sheet['footer']))}</p>")
    parts.append("</body></html>")
    return "".join(parts)


def _player_html(p: dict[str, Any], head: dict[str, Any], signed: bool = True) -> str:
    name = escaped(p["name"])
    if p["bankrupt"]:
        return (f"<div class='player'><span class='pos'>{escape(p['position_label'])}</span> "
                f"&nbsp; <span class='name'>{name}</span> — out of the game "
                f"({_ordinal(p['bankrupt_rank'])} to go bankrupt): total M0"
                + (f"<br/>Signature: {SIGNATURE}" if signed else "") + "</div>")
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
    rows += _debt_rows(p)
    rows.append(f"<tr class='total'><td colspan='3'>Total</td><td align='right' colspan='2'>"
                f"{_money(p['total'])}</td></tr></table>")
    breaks = ", ".join(f"{TIE_NAMES[k]} {_money(v)}" for k, v in p["tie_breaks"].items())
    if p.get("decided_by"):
        breaks = f"Equal total; placed by {TIE_NAMES[p['decided_by']].lower()}. " + breaks
    elif p.get("tied"):
        breaks = "Tied after every tie-breaker. " + breaks
    return (f"<div class='player'><span class='pos'>{escape(p['position_label'])}</span> &nbsp; "
            f"<span class='name'>{name}</span> — total {_money(p['total'])}" + "".join(rows)
            + (f"<p class='sub'>Tie-break figures: {escape(breaks)}</p>"
               if head.get("tie_breakers") else "")
            + (f"<p>Signature: {SIGNATURE}</p>" if signed else "") + "</div>")


def _debt_rows(p: dict[str, Any]) -> list[str]:
    """A debt open when time was called, as its own line on both players' rows (RULES.md Score):
    the net worth, then what the debt took off or added, as scoring worked it out."""
    debts = p.get("debts") or []
    if not debts:
        return []
    rows = [f"<tr><td colspan='3'>Net worth</td><td align='right' colspan='2'>"
            f"{_money(p['net_worth'])}</td></tr>"]
    for debt in debts:
        other = "the Bank" if debt["other"] == "bank" else debt["other"]
        if debt["side"] == "owes":
            words, sign = f"Debt to {other}", "−"
        else:
            words, sign = f"Debt owed by {other}", "+"
        rows.append(f"<tr><td colspan='3'>{escape(words)} ({escape(debt['reason'])}): "
                    f"{_money(debt['amount'])} owed</td><td align='right' colspan='2'>"
                    f"{sign}{_money(debt['counted'])}</td></tr>")
    return rows
