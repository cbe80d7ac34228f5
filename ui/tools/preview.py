"""The display widgets of the table window side by side, as the table window lays them out."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from app.table.views import FeedEntry, TableView
from ui.table.board_view import BoardView
from ui.table.clock_widget import ClockWidget
from ui.table.ledger_feed import LedgerFeed
from ui.table.players_panel import PlayersPanel


class Preview(QWidget):
    """Board on the left; clock, players and the ledger feed on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Championship Banker: table preview")
        self.board = BoardView()
        self.clock = ClockWidget()
        self.players = PlayersPanel()
        self.feed = LedgerFeed()
        right = QVBoxLayout()
        right.addWidget(self.clock)
        right.addWidget(self.players)
        right.addWidget(self.feed, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.board, 5)
        layout.addLayout(right, 4)

    def show_view(self, view: TableView, entries: Sequence[FeedEntry]) -> None:
        """Show one moment of the game in every widget."""
        self.board.show(view)
        self.clock.show(view)
        self.players.show(view)
        self.feed.show_entries(entries)
