"""`banker scoresheet` in words: the sheet's header, one line a player, debts, ties, the head."""

from __future__ import annotations

from typing import Any

from app.cli.columns import left, right, width
from app.version import printed_by

TIE_WORDS = {"cash": "cash", "unmortgaged": "unmortgaged property", "hotels": "hotels",
             "houses": "houses", "utilities": "utilities", "mortgaged": "mortgaged property",
             "cards": "Get Out of Jail Free cards"}


def money(value: int) -> str:
    return f"M{value:,}"


def sheet_text(sheet: dict[str, Any]) -> str:
    """The scoresheet as the terminal shows it: what the PDF says, as a table of players."""
    head, foot = sheet["header"], sheet.get("footer") or {}
    title = head.get("tournament") or "Monopoly championship"
    ended = head.get("ended") or "in progress"
    lines = [f"{title} — scoresheet" + (" (PROVISIONAL: the game is not over)"
                                        if ended == "in progress" else f" ({ended})")]
    where = [f"round {head['round']}" if head.get("round") else "",
             f"table {head['table']}" if head.get("table") else "", head.get("date") or ""]
    length = f"{head['game_minutes']} minutes" if head.get("game_minutes") else "untimed"
    lines.append(", ".join(w for w in where if w) + f"; {head['profile']} on {head['board']}, "
                 f"{length}")
    judge = head.get("judge") or ", ".join(head.get("judges") or []) or "—"
    lines.append(f"banker {head.get('banker') or '—'}; judge {judge}")
    players = sheet["players"]
    name_width = max([6, *(width(p["name"]) for p in players)])
    lines += ["", f"{'place':<6} {left('player', name_width)} {'cash':>10} {'property':>10} "
              f"{'total':>10}"]
    for p in players:
        lines.append(_player_line(p, name_width))
    for p in players:
        lines += [f"  {p['name']}: {_debt_words(d)}" for d in p.get("debts") or []]
    for p in players:
        if p.get("decided_by"):
            lines.append(f"  {p['name']} ({p['position_label']}): equal total, placed by "
                         f"{TIE_WORDS[p['decided_by']]}")
        elif p.get("tied") and not p["bankrupt"]:
            lines.append(f"  {p['name']} ({p['position_label']}): tied after every tie-breaker")
    if foot.get("head"):
        lines += ["", f"ledger head {foot['head']} ({foot.get('events', 0)} entries): "
                  "banker verify --head checks a file against it"]
    lines.append("collected" if foot.get("collected") else "not collected yet")
    if foot.get("printed_by"):
        lines.append(printed_by(foot))
    return "\n".join(lines)



def _player_line(p: dict[str, Any], name_width: int) -> str:
    start = f"{p['position_label']:<6} {left(p['name'], name_width)}"
    if p["bankrupt"]:
        return (f"{start} {'bankrupt':>10} {'':>10} {right(money(0), 10)}  "
                f"({_ordinal(p.get('bankrupt_rank'))} to go bankrupt)")
    return (f"{start} {right(money(p['cash']), 10)} {right(money(p['property_value']), 10)} "
            f"{right(money(p['total']), 10)}")


def _debt_words(debt: dict[str, Any]) -> str:
    other = "the Bank" if debt["other"] == "bank" else debt["other"]
    if debt["side"] == "owes":
        return (f"owes {other} {money(debt['amount'])} ({debt['reason']}) at time: "
                f"{money(debt['counted'])} taken off the total")
    return (f"owed {money(debt['amount'])} by {other} ({debt['reason']}) at time: "
            f"{money(debt['counted'])} added to the total")


def _ordinal(n: int | None) -> str:
    n = n or 0
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"
