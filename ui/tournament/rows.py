"""The tournament service's data as the window's rows and lines of words (nothing decided here:
statuses, advancement, ties and close calls are the service's)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from app.tournament.publishing import DECIDED
from models.plural import counted
from models.tournament.publications import last_publication, publication_words
from models.tournament.wording import stage_words
from ui.tournament.rows_model import Line

PLAYER_COLUMNS = ("Id", "Name", "Contact (private)", "Entry")
CARD_COLUMNS = ("Table", "Players in seat order", "Started", "Game file")
STANDING_COLUMNS = ("Pos", "Player", "Id", "Table", "Score", "Place", "Bankrupt", "Wins",
                    "Status")
STANDING_NUMBERS = ("Pos", "Table", "Score", "Place", "Wins")
PRIVATE = ("Private: shown only in this window, never published (CSV, HTML page and printed "
           "sheet leave it out)")


def summary(t: Any) -> str:
    """The tournament in one paragraph: name, id, profile, length, stages."""
    length = f"{t.minutes} minutes a game" if t.minutes else "the profile's game length"
    return (f"{t.name} (id {t.id}) · profile {t.profile} · {length} · "
            f"{len(t.players)} player{'s' * (len(t.players) != 1)}\n"
            + "\n".join(f"{n}. {w}" for n, w in enumerate(stage_words(t), start=1)))


def player_lines(t: Any) -> list[Line]:
    """Every entrant; a withdrawal says before which stage and why."""
    out = {w.player: w for w in t.withdrawals}
    lines = []
    for p in t.players:
        gone = out.get(p.id)
        entry = f"withdrawn before the {gone.stage}: {gone.reason}" if gone else "entered"
        lines.append(Line(p.id, (p.id, p.name, p.contact or "", entry),
                          "out" if gone else None))
    return lines


def draw_words(t: Any, stage: str) -> str:
    """The stage's draw: its seed (to repeat it), when, how many at how many tables."""
    made = t.draw(stage)
    name = t.stage(stage).name
    if made is None:
        earlier = [d for d in t.draws if d.stage == name]
        why = f" (the last draw was set aside: {earlier[-1].superseded})" if earlier else ""
        return f"The {name} is not drawn yet{why}."
    return (f"The {name} was drawn with seed {made.seed} at {made.at:%Y-%m-%d %H:%M} UTC: "
            f"{counted(len(made.entrants), 'player')} at {counted(len(made.tables), 'table')}. "
            f"Draw: {made.words}. "
            "The same seed and options draw the same tables again.")


def card_lines(cards: list[dict[str, Any]]) -> list[Line]:
    """Each table's card from the draw, started or not, with its game file (the file's name;
    the whole path, the label and the game's length in the row's tooltip)."""
    lines = []
    for entry in cards:
        card, game = entry["card"], entry["game"]
        length = f", {entry['minutes']} minutes" if entry["minutes"] else ""
        tip = f"{card['label']} ({card['profile']}{length})" + (f"\n{game}" if game else "")
        lines.append(Line(int(card["table"]), (
            f"Table {card['table']}", ", ".join(card["players"]),
            "started" if game else "to start", Path(game).name if game else ""),
            "in" if game else None, tip))
    return lines


def standing_lines(found: Any) -> list[Line]:
    """The stage's standings rows; a row's tooltip is its close call's reason."""
    calls = {c.player: c.reason for c in found.close_calls}
    lines = []
    for r in found.rows:
        position = "" if r.position is None else f"{'=' if r.tied else ''}{r.position}"
        kind = "tie" if r.status.startswith("tie") else "in" if r.advances else None
        lines.append(Line(r.player, (
            position, r.name, r.player, str(r.table),
            "" if r.score is None else f"{r.score:,}", "" if r.place is None else str(r.place),
            "yes" if r.bankrupt else "", str(r.wins), r.status), kind, calls.get(r.player, "")))
    return lines


def standing_state(found: Any) -> str:
    """Decided, or provisional and why (the tables still out, a tie to rule)."""
    if not found.drawn:
        return "not drawn yet"
    if found.awaiting:
        where = ", ".join(map(str, found.awaiting))
        return f"provisional: table{'s' * (len(found.awaiting) > 1)} {where} still to report"
    if found.ties:
        return "provisional: a tie waits for the head judge's ruling"
    return DECIDED


def state_html(t: Any, found: Any, not_followed: Any = ()) -> str:
    """The state line over the standings: decided or provisional, the colours, the last
    publishing, and how many judges' decisions are not followed (listed in the notes)."""
    line = "" if found is None else (
        f"<b>{found.stage} standings — {standing_state(found)}</b> (green: advancing or "
        "placed; amber: a tie to rule; a row's tooltip: its close call)<br>"
        + published_html(t, found.stage))
    if not_followed:
        count = counted(len(not_followed), "judge's decision", "judges' decisions")
        line += (("<br>" if line else "") + f"<b style='color:#B00020'>{count} NOT FOLLOWED"
                 "</b> (no judge's signature, or one that does not verify): listed below; "
                 "the standings leave them out")
    return line


def published_html(t: Any, stage: str) -> str:
    """The stage's last publishing in words, as the window's state line shows it (escaped):
    when, by whom, decided or provisional, the formats and the CSV's SHA-256."""
    words = publication_words(last_publication(t, stage))
    return html.escape(words[:1].upper() + words[1:])


def one_tie_words(tie: Any, names: dict[str, str]) -> str:
    return (f"{', '.join(names.get(p, p) for p in tie.players)} level on {tie.score:,} "
            f"(positions {tie.positions[0]}–{tie.positions[1]}"
            f"{'' if tie.table is None else f', table {tie.table}'}; "
            f"{counted(tie.seats, 'seat')} to settle)")


def tie_words(found: Any, names: dict[str, str]) -> list[str]:
    return [one_tie_words(tie, names) for tie in found.ties]


def ruled_words(ruling: Any, names: dict[str, str]) -> str:
    """The ruling that stands on a tie: who, when, the order decided, why."""
    return (f"ruled by {ruling.judge} at {ruling.at:%H:%M} UTC: "
            f"{', '.join(names.get(p, p) for p in ruling.order)} first; {ruling.reason}")


def not_followed_html(words: Any) -> str:
    """The judges' decisions not followed (a signature that fails, no judge's signature), for
    the notes: the standings and every reader leave them out."""
    return "<br>".join(f"<b style='color:#B00020'>Not followed:</b> "
                       f"{html.escape(w.removesuffix('; not followed'))}" for w in words)


def notes_html(found: Any) -> str:
    """The ties to rule and the close calls with their reasons, for a label."""
    names = {r.player: r.name for r in found.rows}
    notes = [f"<b>Tie to rule:</b> {html.escape(x)}" for x in tie_words(found, names)]
    notes += [f"Close call — {html.escape(c.name)}: {html.escape(c.reason)}"
              for c in found.close_calls]
    return "<br>".join(notes)
