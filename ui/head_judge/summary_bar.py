"""Over the tables: how many are in play, finished, stalled, flagged; when read; the hall's
round (not started, running, PAUSED, the last announcement)."""

from __future__ import annotations

import html
from datetime import datetime

from PySide6.QtWidgets import QLabel, QWidget

from ui.head_judge.reader import Hall

CALM = "background:#E8F1FB; color:#0B2E4F; border:1px solid #7FA7D1;"
ALARM = "background:#B00020; color:white; border:2px solid #600010; font-weight:bold;"


def counts_text(hall: Hall) -> str:
    rows = hall.rows
    finished = sum(r.finished for r in rows)
    in_rows = sum(r.flagged is not None for r in rows)
    flagged = hall.flagged
    stalled = sum(r.stall is not None and r.flagged is None for r in rows)
    disputes = sum(r.facts.disputes_open for r in rows if r.facts is not None)
    parts = [f"{len(rows)} table{'s' * (len(rows) != 1)}",
             f"{len(rows) - finished - in_rows} in play", f"{finished} finished"]
    parts += [f"{stalled} stalled"] * bool(stalled) + [f"{flagged} FLAGGED"] * bool(flagged)
    parts += [f"{disputes} dispute{'s' * (disputes != 1)} open"] * bool(disputes)
    odd = sum(r.other_version is not None for r in rows)
    parts += [f"{odd} on ANOTHER VERSION"] * bool(odd)
    passed = len(hall.not_followed)
    parts += [f"{passed} decision{'s' * (passed != 1)} NOT FOLLOWED"] * bool(passed)
    return " · ".join(parts)


def _text(words: str) -> str:
    return html.escape(words, quote=False)


def clock_text(ms: int) -> str:
    """A running time as m:ss (minutes beyond 60 stay minutes: a round is counted so)."""
    minutes, seconds = divmod(ms // 1000, 60)
    return f"{minutes}:{seconds:02d}"


def round_text(hall: Hall) -> str:
    """The followed stage's round, as rich text: not started, running m:ss, PAUSED (why), the
    tables whose clock has not started, the last announcement; "" when no round is followed."""
    if hall.round is None:
        return f"Round: {_text(hall.round_problem)}" if hall.round_problem else ""
    found = hall.round.hall
    name = _text(hall.round_stage or found.round)
    start, paused = found.started, found.paused
    if start is None:
        parts = [f"<b>Round {name}: not started</b> (Ctrl+Shift+S starts it for every table)"]
    elif paused is not None:
        parts = [f"<b>Round {name}: <span style='color:#B00020'>PAUSED ("
                 f"{_text(paused.text)})</span></b> at {clock_text(found.running_ms())}, "
                 f"since {paused.at.astimezone():%H:%M:%S} by {_text(paused.by)}"]
    else:
        parts = [f"<b>Round {name}: running {clock_text(found.running_ms())}</b> (started "
                 f"{start.at.astimezone():%H:%M:%S} by {_text(start.by)})"]
    late = len(hall.round.flagged)
    if late:
        parts.append(f"<b><span style='color:#B00020'>{late} table{'s' * (late != 1)} with "
                     "the clock NOT STARTED</span></b>")
    said = found.announcement
    if said is not None:
        parts.append(f"last announcement {said.at.astimezone():%H:%M} by "
                     f"{_text(said.by)}: “{_text(said.text)}”")
    return " · ".join(parts)


class SummaryBar(QLabel):
    """Calm while the hub answers; red when it does not (the last reading stays shown)."""

    def __init__(self, hub: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summary")
        self.setWordWrap(True)
        self.hub = hub
        self.last: Hall | None = None
        self._style(CALM)
        self.setText(f"Reading the hub at {hub}…")

    def show_hall(self, hall: Hall, shared: str = "") -> None:
        """A reading: the counts, and (once) the part of the labels every table shares."""
        self.last = hall
        self._style(CALM)
        where = f"{html.escape(shared)}: " if shared else ""
        line = round_text(hall)
        self.setText(f"<b>{where}{counts_text(hall)}</b> — hub {self.hub}, read at "
                     f"{hall.at.astimezone():%H:%M:%S} ({hall.read_ms:.0f} ms)"
                     + (f"<br>{line}" if line else ""))

    def show_failure(self, reason: str, at: datetime) -> None:
        """The hub's outage, said as the hub's: the tables are not at fault, their rows stay
        as last read."""
        self._style(ALARM)
        since = (f"; the tables shown are as read at {self.last.at.astimezone():%H:%M:%S}"
                 if self.last is not None else "")
        self.setText(f"HUB OUTAGE — the hub did not answer at {at.astimezone():%H:%M:%S}: "
                     f"{reason}{since}. The tables are not at fault. Trying again.")

    def _style(self, style: str) -> None:
        self.setStyleSheet(f"QLabel#summary {{ {style} padding:6px; }}")
