"""Each player in turn order, big enough to read across the room: cash, deeds, who is to act."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.table.views import PlayerView, TableView
from ui.display.elided import FittedLabel
from ui.display.fit import MIN_PX
from ui.table import palette
from ui.table.player_panel import money, status_words

BACKGROUND = "#111111"
TEXT = "#FFFFFF"
MUTED = "#B8B8B8"  # 9:1 on the background: still readable from the back row
ACTING = palette.LANDED  # the banker's window marks the player to act in the same amber
ROWS_AT_LEAST = 4  # fewer players keep the size four would have (the digits stay in proportion)


def deed_words(player: PlayerView) -> str:
    """How many deeds the player holds, and how many of them are mortgaged."""
    count = sum(len(h.deeds) for h in player.holdings)
    mortgaged = sum(1 for h in player.holdings for d in h.deeds if d.mortgaged)
    words = f"{count} deed{'s' * (count != 1)}"
    return words + (f" · {mortgaged} mortgaged" if mortgaged else "")


class PlayerRow(QFrame):
    """One player's line: their mark and name, what stands out, deeds, cash."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName("displayPlayer")
        self.mark = QLabel()
        self.mark.setObjectName("displayMark")
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The name and the line under it are written smaller rather than cut ("on …").
        self.heading = FittedLabel()
        self.heading.setObjectName("displayName")
        self.heading.set_full(name)
        self.status = FittedLabel()
        self.status.setObjectName("displayStatus")
        self.deeds = QLabel()
        self.deeds.setObjectName("displayDeeds")
        self.cash = QLabel()
        self.cash.setObjectName("displayCash")
        for label in (self.deeds, self.cash):
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # The name has the whole width between the mark and the cash; the deeds share the small
        # second line with the status, so "7 deeds · 2 mortgaged" never squeezes the name.
        second = QHBoxLayout()
        second.setSpacing(14)
        second.addWidget(self.status, stretch=1)
        second.addWidget(self.deeds)
        words = QVBoxLayout()
        words.setSpacing(0)
        words.addWidget(self.heading)
        words.addLayout(second)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 2, 14, 2)
        layout.setSpacing(14)
        layout.addWidget(self.mark)
        layout.addLayout(words, stretch=1)
        layout.addWidget(self.cash)

    def show_player(self, player: PlayerView, currency: str) -> None:
        """Show the player as the view has them."""
        colour = palette.player_colour(player.seat)
        self.mark.setText(palette.marker(player.seat, player.name, short=True))  # the token's
        self.mark.setStyleSheet(f"background: {colour}; color: {palette.text_on(colour)};"
                                " border: 2px solid #FFFFFF; border-radius: 6px;")
        self.heading.set_full(player.name)  # a long name is written smaller, never cut
        self.status.set_full(" · ".join(status_words(player)) or f"on {player.space_name}")
        self.deeds.setText(deed_words(player))
        self.cash.setText(money(currency, player.cash))
        state = "acting" if player.to_act else "out" if player.bankrupt else "plain"
        if self.property("state") != state:
            self.setProperty("state", state)
            for widget in [self, *self.findChildren(QLabel)]:
                widget.style().unpolish(widget)
                widget.style().polish(widget)


class Standings(QWidget):
    """The players' rows, sized from the space they have (`resizeEvent`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[PlayerRow] = []
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(8)
        self.column.addStretch(1)
        self.cash_px = MIN_PX
        self.currency = ""

    def show_view(self, view: TableView) -> None:
        """Show every player of `view` (rows made anew when the players change)."""
        names = [p.name for p in view.players]
        if names != [row.name for row in self.rows]:
            for row in self.rows:
                self.column.removeWidget(row)
                row.deleteLater()
            self.rows = [PlayerRow(name, self) for name in names]
            for place, row in enumerate(self.rows):
                self.column.insertWidget(place, row)
            self._size()
        self.currency = view.currency
        for row in self.rows:
            row.show_player(view.player(row.name), view.currency)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._size()

    def _size(self) -> None:
        rows = max(ROWS_AT_LEAST, len(self.rows))
        row_height = (self.height() - self.column.spacing() * (rows - 1)) / rows
        for row in self.rows:
            row.setFixedHeight(max(1, int(row_height)))
        # The cash is the line's largest text; name, status and deeds take theirs from it, and
        # the whole line fits the width: mark, name, deeds ("18 deeds · 2 mortgaged"), cash.
        cash = max(MIN_PX, min(round(row_height * 0.5), round(self.width() / 13)))
        self.cash_px = cash
        name, small = round(cash * 0.8), max(MIN_PX, round(cash * 0.42))
        self.setStyleSheet(
            f"QFrame#displayPlayer {{ background: #222222; border: 2px solid #555555;"
            " border-radius: 10px; }"
            f"QFrame#displayPlayer[state=\"acting\"] {{ border: 6px solid {ACTING};"
            " background: #3A2E00; }"
            "QFrame#displayPlayer[state=\"out\"] { background: #1A1A1A; }"
            f"QLabel {{ color: {TEXT}; background: transparent; border: none; }}"
            f"QFrame#displayPlayer[state=\"out\"] QLabel {{ color: {MUTED}; }}"
            "QLabel#displayName { font-weight: bold; }"
            f"QLabel#displayStatus {{ color: {MUTED}; }}"
            f"QFrame#displayPlayer[state=\"acting\"] QLabel#displayStatus {{ color: {ACTING};"
            " font-weight: bold; }"
            f"QLabel#displayDeeds {{ font-size: {small}px; }}"
            f"QLabel#displayCash {{ font-size: {cash}px; font-weight: bold; }}"
            f"QLabel#displayMark {{ font-size: {name}px; font-weight: bold; }}")
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPixelSize(cash)
        cash_width = QFontMetrics(bold).horizontalAdvance(f"{self.currency or 'M'}88,888")
        bold.setPixelSize(name)
        mark = QFontMetrics(bold).height() + 8
        for row in self.rows:
            row.heading.set_most(name)
            row.status.set_most(small)
            row.cash.setMinimumWidth(cash_width)
            row.mark.setFixedSize(mark, mark)
