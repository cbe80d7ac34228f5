"""The hall display: the round's time left, huge, its pause and announcements (ui/hall/
round_view.py), beside the stage's standings and the tables of its draw, in large type for a
projector, paging by itself; no contact is ever shown (the board holds none), nor any technical
word (a hub that does not answer leaves "Standings as at 14:50").

Read-only: it reads the hall on a thread of its own every few seconds and takes no input but
F11 (full screen, or back to a window) and Esc (out of full screen). It fills a screen other
than the desk's, or its only screen (a hall PC with one projector)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QKeyEvent,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.live.qr import live_url
from ui.display.elided import ElidedLabel, FittedLabel
from ui.display.fit import px
from ui.display.standings import BACKGROUND, MUTED, TEXT
from ui.display.window import DESIGN, WINDOWED
from ui.hall.board import HallBoard, HallSource
from ui.hall.pages import Page, pages
from ui.hall.round_view import RoundView
from ui.polling import Polling
from ui.qr_code import QrCode
from ui.second_screen import SecondScreenWindow, other_screen
from ui.sounds import Sounds
from ui.table import palette

ROWS = 10  # lines a page: at 1920x1080 each is readable from the back of a hall
PAGE_MS = 12_000  # how long a page stays up before the next
POLL_MS = 5_000  # how often the hall is read again
TICK_MS = 1_000  # the clock counts down between readings
QR_PX = 170  # the live page's QR code at 1920x1080: a phone reads it from a few metres
# Position, score and status are as wide as their widest text (a status is never cut: "tie:
# the head judge rules (provisional)" is the longest the ranking gives); the name takes the rest.
FITTED = (0, 2, 3)
NAME = 1
NAME_SHARE = 0.25  # the least of the width left to the name when a window is very narrow
SIDE_PX, GAP_PX, SLACK_PX = 40, 28, 4  # margins, between columns, beyond a text's advance
# At 48 px the longest status and a long name ("Nur Aisyah binte Rahman") share a 1920 line.
TITLE_PX, SUB_PX, HEAD_PX, ROW_PX, FOOT_PX = 60, 40, 32, 48, 28
# The time left: a face 540x220 at 1920x1080, its digits about 150 px high (a seventh of the
# screen's height: read from the back of a hall), the pause's line 36 px, the banner's 110.
FACE_PX, FACE_HIGH_PX, ROUND_PX, BANNER_PX = 540, 220, 36, 110
ADVANCES = palette.LANDED  # the colour of a player who advances


class HallRow(QWidget):
    """Four cells: those of FITTED at the widths the window sets, the name's the rest."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The name is written smaller rather than cut (a Malay name of 40 letters, a wide
        # Chinese one); position, score and status may end in "…" on a very narrow window.
        self.cells: list[ElidedLabel | FittedLabel] = [
            FittedLabel(self) if n == NAME else ElidedLabel(self) for n in range(4)]
        self.line = QHBoxLayout(self)
        self.line.setContentsMargins(0, 0, 0, 0)
        self.line.setSpacing(GAP_PX)
        for n, cell in enumerate(self.cells):
            cell.setObjectName(name)
            if n != NAME:  # the width `fit` sets (an ignored policy would lay it out at 0)
                cell.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
            self.line.addWidget(cell, 1 if n == NAME else 0)
        self.cells[2].setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def fit(self, widths: dict[int, int], gap: int) -> None:
        """The fitted columns' widths and the gap between columns, in pixels."""
        self.line.setSpacing(gap)
        for n, width in widths.items():
            self.cells[n].setFixedWidth(width)

    def show_cells(self, cells: tuple[str, str, str, str], marked: bool = False) -> None:
        for cell, text in zip(self.cells, cells, strict=True):
            cell.set_full(text)
            if cell.property("marked") != marked:
                cell.setProperty("marked", marked)
                cell.style().unpolish(cell)
                cell.style().polish(cell)


class HallWindow(SecondScreenWindow):
    """The hall's window over one source (the hub or the tournament's file). `paged(int)` is
    emitted on each turn of the page, with the page now shown (0 = the first)."""

    WHAT = "Hall display"
    ALONE = "drag it to the projector"
    paged = Signal(int)
    refreshed = Signal()

    def __init__(self, source: HallSource, *, threaded: bool = True,
                 poll_ms: int | None = POLL_MS, page_ms: int = PAGE_MS, rows: int = ROWS,
                 tick_ms: int | None = TICK_MS, sounds: Sounds | None = None,
                 elapsed: Callable[[], int] | None = None,
                 live: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        # The live page's address (`live`, else BANKER_LIVE_URL): its QR code beside the clock.
        address = live_url(live)
        self.qr = QrCode(address) if address else None
        self.qr_words = QLabel("Live on your phone") if address else None
        self.source, self.size_ = source, rows
        self.pages: tuple[Page, ...] = ()
        self.page = 0
        self.board: HallBoard | None = None
        self.read_note = ""
        self.read_at: datetime | None = None  # the last reading that came through
        self.problem: str | None = None  # why the last reading failed (never shown)
        self._busy = False
        self.setObjectName("hallDisplay")
        self.setWindowTitle("Championship Banker — hall display")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.heading, self.sub, self.foot = QLabel(), ElidedLabel(), ElidedLabel()
        self.heading.setObjectName("hallHeading")
        self.sub.setObjectName("hallSub")
        self.foot.setObjectName("hallFoot")
        self.heading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.heading.setWordWrap(True)  # beside the clock a long name takes two lines
        self.heads = HallRow("hallHead")
        self.lines = [HallRow("hallLine") for _ in range(rows)]
        self.round = RoundView(self, sounds or Sounds(self), elapsed)
        self._compose()
        self.polling = Polling(source, self, threaded=threaded)
        self.polling.poller.found.connect(self.show_board)
        self.polling.poller.failed.connect(self._show_failure)
        self.pager = QTimer(self)
        self.pager.setInterval(page_ms)
        self.pager.timeout.connect(self.next_page)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self.round.tick)
        if tick_ms:
            self.ticker.start(tick_ms)
        if poll_ms:
            self.timer.start(poll_ms)
            QTimer.singleShot(0, self.refresh)
        self.unit = 1.0
        self.resize(*(round(side * WINDOWED) for side in DESIGN))

    def _compose(self) -> None:
        self.column = column = QVBoxLayout(self)
        column.setContentsMargins(SIDE_PX, 20, SIDE_PX, 16)
        column.setSpacing(6)
        top = QHBoxLayout()
        titles = QVBoxLayout()
        titles.addWidget(self.heading)
        titles.addWidget(self.sub)
        titles.addStretch(1)
        top.addLayout(titles, 1)
        if self.qr is not None and self.qr_words is not None:
            self.qr_words.setObjectName("hallQrWords")
            self.qr_words.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            code = QVBoxLayout()
            code.setSpacing(2)
            code.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
            code.addWidget(self.qr_words)
            top.addLayout(code)
            top.addSpacing(12)
        top.addWidget(self.round.face, 0, Qt.AlignmentFlag.AlignTop)
        column.addLayout(top)
        column.addWidget(self.round.line)
        column.addSpacing(12)
        column.addWidget(self.heads)
        for line in self.lines:
            column.addWidget(line, 1)
        column.addWidget(self.foot)
        for widget in self.findChildren(QWidget):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Esc reaches the window

    # Opening -----------------------------------------------------------------------------

    # Reading the hall --------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the hall (unless a reading is still under way)."""
        if self._busy:
            return
        self._busy = True
        self.polling.ask()

    def show_board(self, board: HallBoard) -> None:
        """Show a reading, staying on the page shown (the first when it no longer exists)."""
        self._busy = False
        self.board = board
        self.pages = pages(board, self.size_)
        if self.page >= len(self.pages):
            self.page = 0
        self.heading.setText(board.heading)
        self.read_at, self.problem = datetime.now().astimezone(), None
        self.read_note = f"Standings as at {self.read_at:%H:%M}"
        self._show_page()
        self.round.show(board)
        self._place_banner()
        if len(self.pages) > 1 and not self.pager.isActive():
            self.pager.start()
        elif len(self.pages) <= 1:
            self.pager.stop()
        self.refreshed.emit()

    def _show_failure(self, reason: str) -> None:
        """The hall sees the standings as last read and when, never why (the reason names the
        hub); the clock counts on from the last reading."""
        self._busy = False
        self.problem = reason
        self.read_note = ("Standings to follow" if self.read_at is None
                          else f"Standings as at {self.read_at:%H:%M}")
        self.foot.set_full(self.read_note)

    # Paging ------------------------------------------------------------------------------

    def next_page(self) -> None:
        """The next page, and the first after the last."""
        if not self.pages:
            return
        self.page = (self.page + 1) % len(self.pages)
        self._show_page()
        self.paged.emit(self.page)

    def _show_page(self) -> None:
        page = self.pages[self.page]
        note = f"   ·   {self.board.note}" if self.board is not None and self.board.note else ""
        self.sub.set_full(f"{page.title}{note}")
        self._fit_columns()
        self.heads.show_cells(page.heads)
        for n, line in enumerate(self.lines):
            if n < len(page.rows):
                line.show_cells(page.rows[n].cells, page.rows[n].marked)
            else:
                line.show_cells(("", "", "", ""))
        count = len(self.pages)
        where = f"Page {self.page + 1} of {count}   ·   " if count > 1 else ""
        self.foot.set_full(where + self.read_note)

    def texts(self) -> list[str]:
        """Every text the window shows now (for the tests' look for a contact)."""
        return [self.windowTitle()] + [
            label.text() for label in self.findChildren(QLabel)] + [
            label.toolTip() for label in self.findChildren(QLabel)]

    # Sizes -------------------------------------------------------------------------------

    def _font(self, size: int, bold: bool = False) -> QFont:
        """The font of a cell `size` pixels high on a 1920x1080 screen, as the style sets it."""
        font = QFont(self.font())
        font.setPixelSize(px(self.unit, size))
        font.setBold(bold)
        return font

    def _fit_columns(self) -> None:
        """Position, score and status as wide as the widest of theirs on every page like the
        one shown (so the columns stay put while the pages turn), the name the rest. Only a
        window too narrow for any name (under NAME_SHARE of the line left) narrows them."""
        if not self.pages:
            return
        heads = self.pages[self.page].heads
        rows = {(r.cells, r.marked) for p in self.pages if p.heads == heads for r in p.rows}
        measures = {False: QFontMetrics(self._font(ROW_PX)),
                    True: QFontMetrics(self._font(ROW_PX, bold=True))}
        head = QFontMetrics(self._font(HEAD_PX))
        widths = {n: SLACK_PX + max([head.horizontalAdvance(heads[n])] + [
            measures[marked].horizontalAdvance(cells[n]) for cells, marked in rows])
            for n in FITTED}
        gap, side = px(self.unit, GAP_PX), px(self.unit, SIDE_PX)
        room = self.width() - 2 * side - 3 * gap
        most = round(room * (1 - NAME_SHARE))
        if sum(widths.values()) > most > 0:
            widths = {n: width * most // sum(widths.values()) for n, width in widths.items()}
        margins = self.column.contentsMargins()
        self.column.setContentsMargins(side, margins.top(), side, margins.bottom())
        self.round.face.setFixedSize(px(self.unit, FACE_PX), px(self.unit, FACE_HIGH_PX))
        if self.qr is not None:
            self.qr.setFixedSize(px(self.unit, QR_PX), px(self.unit, QR_PX))
        for row in (self.heads, *self.lines):
            row.fit(widths, gap)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.unit = min(self.width() / DESIGN[0], self.height() / DESIGN[1])
        unit = self.unit
        self.setStyleSheet(
            f"QWidget#hallDisplay {{ background: {BACKGROUND}; }}"
            f"QLabel#hallHeading {{ color: {TEXT}; font-size: {px(unit, TITLE_PX)}px;"
            " font-weight: bold; }"
            f"QLabel#hallSub {{ color: {MUTED}; font-size: {px(unit, SUB_PX)}px; }}"
            f"QLabel#hallHead {{ color: {MUTED}; font-size: {px(unit, HEAD_PX)}px; }}"
            f"QLabel#hallLine {{ color: {TEXT}; font-size: {px(unit, ROW_PX)}px; }}"
            f"QLabel#hallLine[marked=\"true\"] {{ color: {ADVANCES}; font-weight: bold; }}"
            f"QLabel#hallFoot {{ color: {MUTED}; font-size: {px(unit, FOOT_PX)}px; }}"
            f"QLabel#hallQrWords {{ color: {MUTED}; font-size: {px(unit, FOOT_PX)}px; }}"
            f"QLabel#hallRound {{ background: #0072B2; color: #FFFFFF; font-weight: bold;"
            f" font-size: {px(unit, ROUND_PX)}px; padding: {px(unit, 8)}px; }}"
            "QLabel#hallRound[level=\"paused\"] { background: #B00020; }")
        for row, size in ((self.heads, HEAD_PX), *((line, ROW_PX) for line in self.lines)):
            name = row.cells[NAME]
            if isinstance(name, FittedLabel):
                name.set_most(px(unit, size))
        self._fit_columns()
        self._place_banner()

    def _place_banner(self) -> None:
        """The banner over the standings: the clock and the pause's line stay in sight."""
        self.column.activate()
        top = self.heads.geometry().top()
        self.round.banner.place(QRect(0, top, self.width(), self.height() - top),
                                min(px(self.unit, BANNER_PX), round((self.height() - top) * 0.5)))

    # Full screen -------------------------------------------------------------------------

    def present(self, operator: QScreen | None) -> str:
        """Full screen on a screen other than the desk's, else on the only one (a hall PC
        with one projector); F11 leaves and returns, Esc leaves."""
        if other_screen(QGuiApplication.screens(), operator) is not None:
            return super().present(operator)
        screen = operator or QGuiApplication.primaryScreen()
        if screen is not None:
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.activateWindow()  # its keys are its own: F11 and Esc reach it
        return (f"{self.WHAT} full screen on this screen (one screen connected): F11 or Esc "
                "in it leaves full screen, F11 returns to it.")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if event.key() == Qt.Key.Key_F11:
            if self.isFullScreen():
                self.showNormal()
            else:
                self.showFullScreen()
        elif event.key() == Qt.Key.Key_Escape:
            if self.isFullScreen():  # a display is closed from the desk, never by Esc
                self.showNormal()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.timer.stop()
        self.pager.stop()
        self.ticker.stop()
        self.polling.release()
        super().closeEvent(event)


class Presented:
    """The hall display as `banker hall-display` opens it: full screen on a screen other than
    the primary (the desk's), else full screen on the only one."""

    def __init__(self, source: HallSource) -> None:
        self.window = HallWindow(source)

    def show(self) -> None:
        self.window.present(QGuiApplication.primaryScreen())


def toggle_hall(shown: HallWindow | None, tid: str | None, hub: str | None,
                desk: QWidget) -> tuple[HallWindow | None, str]:
    """F11 in the tournament's and the head judge's windows: open the hall display of
    tournament `tid` (full screen on a screen other than `desk`'s), or close the one shown.
    Returns the display now open (None when closed) and what to say on the message line."""
    if shown is not None and shown.isVisible():
        shown.close()
        return None, "Hall display closed."
    if tid is None:
        return None, "The hall display needs a tournament: choose one first."
    opened = HallWindow(HallSource(tid, None, hub))
    return opened, opened.present(desk.screen())
