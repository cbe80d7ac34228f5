"""One line over the tables: how many are in play, finished, stalled, flagged; when read."""

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
    flagged = sum(r.flagged is not None for r in rows)
    stalled = sum(r.stall is not None and r.flagged is None for r in rows)
    disputes = sum(r.facts.disputes_open for r in rows if r.facts is not None)
    parts = [f"{len(rows)} table{'s' * (len(rows) != 1)}",
             f"{len(rows) - finished - flagged} in play", f"{finished} finished"]
    parts += [f"{stalled} stalled"] * bool(stalled) + [f"{flagged} FLAGGED"] * bool(flagged)
    parts += [f"{disputes} dispute{'s' * (disputes != 1)} open"] * bool(disputes)
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
        self.setText(f"<b>{where}{counts_text(hall)}</b> — hub {self.hub}, read at "
                     f"{hall.at.astimezone():%H:%M:%S} ({hall.read_ms:.0f} ms)")

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
