"""The table display: the clock, the turn, the players' money and the latest entries, for the room.

Read-only: it follows the banker's session (its `changed`, `announcement`, `time_up` and `hall`
signals and the clock's tick) and takes no input but Esc. On a second screen it fills that screen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import (
    QFont,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.table import actions
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from app.table.view_build import feed_entries, recent_events, table_view
from app.table.views import FeedEntry, TableView
from models.errors import BankerError
from ui.display.banner import Banner
from ui.display.clock_face import ClockFace
from ui.display.elided import FittedLabel
from ui.display.fit import fit_px, px
from ui.display.hall_line import HallLine
from ui.display.standings import BACKGROUND, MUTED, TEXT, Standings
from ui.display.words import detail_words, turn_words
from ui.fonts import isolated
from ui.second_screen import SecondScreenWindow
from ui.table.session import TableSession

ENTRIES = 5
DESIGN = (1920, 1080)  # the sizes below are pixels on this screen, scaled to the window's
HEADER_PX, TURN_PX, DETAIL_PX, ENTRY_PX, BANNER_PX, HALL_PX = 34, 72, 46, 30, 170, 40
WINDOWED = 0.6  # a display without a second screen: this share of the banker's screen


def entry_line(entry: FeedEntry) -> str:
    """One entry as the display lists it: the time and the words, "VOID" before a voided one."""
    return f"{entry.time.astimezone():%H:%M}   {'VOID  ' if entry.voided else ''}{entry.text}"


def heading(game: TableGame) -> str:
    """Which table this is: tournament, round, table and profile, as the scoresheet heads it."""
    try:
        header = scoresheet(game)["header"]
    except BankerError:
        return ""
    table = f"Table {header['table']}" if header.get("table") else None
    parts = (header.get("tournament"), header.get("round"), table, header.get("profile"))
    return "  ·  ".join(str(p) for p in parts if p)


class DisplayWindow(SecondScreenWindow):
    """The players' and spectators' window over one table session."""

    WHAT = "Table display"
    ALONE = "drag it where the players see it"

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.view: TableView | None = None
        self.events: list[Any] = []
        self.stale = True  # hidden while the game moved on: read it all on showing
        self.setObjectName("tableDisplay")
        self.setWindowTitle("Championship Banker — table display")
        # The banker's keys stay in the banker's window when the display appears.
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.header = QLabel()
        self.header.setObjectName("displayHeader")
        self.clock = ClockFace()
        self.standings = Standings()
        self.turn = QLabel()
        self.turn.setObjectName("displayTurn")
        self.detail = QLabel()
        self.detail.setObjectName("displayDetail")
        self.entries = QWidget()
        self.lines = [FittedLabel(self.entries) for _ in range(ENTRIES)]  # names never cut
        column = QVBoxLayout(self.entries)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        for line in self.lines:
            line.setObjectName("displayEntry")
            column.addWidget(line)
        for label in (self.header, self.turn, self.detail):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.banner = Banner(self)
        self.hall = HallLine(self.banner)  # the hall's round: its pause, the announcement
        self._compose()
        self.unit = 1.0
        session.changed.connect(self.refresh)
        session.announcement.connect(self.banner.announce)
        session.time_up.connect(self.banner.time_up)
        session.hall.connect(self.hall.show_notice)
        session.timer.timeout.connect(self._clock_only)
        self.resize(*(round(side * WINDOWED) for side in DESIGN))

    def _compose(self) -> None:
        grid = QGridLayout(self)
        grid.setContentsMargins(24, 12, 24, 16)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(8)
        grid.addWidget(self.header, 0, 0, 1, 2)
        grid.addWidget(self.hall, 1, 0, 1, 2)
        grid.addWidget(self.clock, 2, 0)
        grid.addWidget(self.standings, 2, 1)
        grid.addWidget(self.turn, 3, 0, 1, 2)
        grid.addWidget(self.detail, 4, 0, 1, 2)
        grid.addWidget(self.entries, 5, 0, 1, 2)
        grid.setRowStretch(2, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        for widget in [self.clock, self.standings, *self.findChildren(QWidget)]:
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Esc reaches the window

    # Opening -----------------------------------------------------------------------------

    # Following the session ---------------------------------------------------------------

    def refresh(self, stored: list[Any] | None = None) -> None:
        """Show the game as it now stands (just mark it stale while hidden)."""
        game = self.session.game
        if not self.isVisible():
            self.stale = True
            return
        if game.state is None:
            return
        self._events([] if self.stale else stored or [])
        self.stale = False
        view = table_view(game)
        self.view = view
        if not self.header.text():
            self.header.setText(heading(game) or view.board_name)
        self.clock.show_clock(view.clock)
        self.standings.show_view(view)
        self.turn.setText(isolated(turn_words(view)))  # a right-to-left name keeps the line
        self.detail.setText(isolated(detail_words(view)))
        shown = feed_entries(game, last=ENTRIES, events=self.events)
        padded: list[FeedEntry | None] = [None] * (ENTRIES - len(shown))  # newest at the foot
        for line, entry in zip(self.lines, padded + list(shown), strict=True):
            line.set_full(entry_line(entry) if entry is not None else "")
            voided = entry is not None and entry.voided
            if line.property("voided") != voided:
                line.setProperty("voided", voided)
                line.style().unpolish(line)
                line.style().polish(line)
        self._fit_lines()

    def _events(self, stored: list[Any]) -> None:
        # The entries just recorded follow on from those held: add them; after a void, a
        # reload or a gap, read the ledger again (the same rule as the banker's window).
        held, game = self.events, self.session.game
        follows = (held and stored and stored[0].seq == held[-1].seq + 1
                   and stored[-1].seq == game.head_seq
                   and not any(s.type == "commands_voided" for s in stored))
        self.events = (held + stored)[-ENTRIES:] if follows else recent_events(game, ENTRIES)

    def _clock_only(self) -> None:
        if self.view is None or self.view.clock is None or not self.isVisible():
            return
        left = actions.time_left_ms(self.session.game)
        if left is not None:
            self.clock.show_clock(replace(self.view.clock, remaining_ms=left))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.stale:
            self.refresh()

    # Sizes -------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.unit = min(self.width() / DESIGN[0], self.height() / DESIGN[1])
        self._style()
        self._fit_lines()
        self._place_banner()

    def _style(self) -> None:
        unit = self.unit
        self.setStyleSheet(
            f"QWidget#tableDisplay {{ background: {BACKGROUND}; }}"
            f"QLabel#displayHeader {{ color: {MUTED}; font-size: {px(unit, HEADER_PX)}px; }}"
            f"QLabel#displayDetail {{ color: {TEXT}; font-size: {px(unit, DETAIL_PX)}px; }}"
            f"QLabel#displayEntry {{ color: {TEXT}; }}"
            f"QLabel#displayHall {{ background: #0072B2; color: #FFFFFF; font-weight: bold;"
            f" font-size: {px(unit, HALL_PX)}px; padding: {px(unit, 8)}px; }}"
            "QLabel#displayHall[level=\"paused\"] { background: #B00020; }"
            f"QLabel#displayEntry[voided=\"true\"] {{ color: {MUTED};"
            " text-decoration: line-through; }")
        for line in self.lines:
            line.set_most(px(unit, ENTRY_PX))

    def _place_banner(self) -> None:
        # Over the turn and the entries: the clock and the money stay in sight beneath it.
        layout = self.layout()
        if layout is not None:
            layout.activate()
        top = self.turn.geometry().top() - 8
        self.banner.place(QRect(0, top, self.width(), self.height() - top),
                          min(px(self.unit, BANNER_PX), round((self.height() - top) * 0.7)))

    def _fit_lines(self) -> None:
        # The turn is the largest line: as large as the design says, smaller if the words
        # would not fit the width.
        bold = QFont(self.turn.font())
        bold.setBold(True)
        width = self.width() - 48
        size = min(px(self.unit, TURN_PX), fit_px(bold, self.turn.text() or "Turn", width,
                                                   px(self.unit, TURN_PX) * 2))
        self.turn.setStyleSheet(f"color: {TEXT}; font-size: {size}px; font-weight: bold;")
