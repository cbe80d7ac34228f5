"""The standings and advancement of the stage in play, with the ties the head judge must rule."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from app.tournament.publishing import DECIDED
from ui.head_judge.reader import Standings
from ui.head_judge.standings_model import COLUMNS, StandingsModel

NO_TOURNAMENT = ("No tournament followed: open the window with --tournament ID to see the "
                 "standings and who advances.")


class StandingsPanel(QWidget):
    """A heading (tournament, stage, what is still awaited), the table, then the ties to rule
    and the close calls at the line with their reasons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = QLabel(NO_TOURNAMENT)
        self.heading.setWordWrap(True)
        self.model = StandingsModel()
        self.view = QTableView()
        self.view.setAccessibleName("Standings")
        self.view.setTabKeyNavigation(False)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("Status"), QHeaderView.ResizeMode.Stretch)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.view, stretch=1)
        layout.addWidget(self.notes)

    def show_standings(self, standings: Standings | None, problem: str | None) -> None:
        """Show the service's standings, or why there are none."""
        if standings is None:
            self.model.show_lines([])
            self.heading.setText(html.escape(problem) if problem else NO_TOURNAMENT)
            self.notes.clear()
            return
        if standings.awaiting:
            where = ", ".join(map(str, standings.awaiting))
            state = f"provisional: table{'s' * (len(standings.awaiting) > 1)} {where} to report"
        elif standings.ties:
            state = "provisional: a tie waits for your ruling"
        else:
            state = DECIDED if standings.decided else "provisional"
        self.heading.setText(f"<b>{html.escape(standings.tournament)} · "
                             f"{html.escape(standings.stage)}</b> — {html.escape(state)}")
        self.model.show_lines(standings.lines)
        notes = [f"<b>Tie to rule:</b> {html.escape(t)}" for t in standings.ties]
        notes += [f"Close call — {html.escape(c)}" for c in standings.close_calls]
        self.notes.setText("<br>".join(notes))
        self.notes.setVisible(bool(notes))
