"""Time travel: the board, the players and the clock as they stood right after a chosen entry."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.table import actions
from app.table.view_build import view_at
from app.table.views import TableView
from models.errors import BankerError
from ui.announce import announce
from ui.judge.session import JudgeSession
from ui.table.board_view import BoardView
from ui.table.clock_widget import ClockWidget
from ui.table.columns import ColumnScroll, Fence
from ui.table.players_panel import PlayersPanel

SLIDER_KEYS = "Left and Right one entry, PgUp and PgDn ten, End the game as it stands now"

PAST_STYLE = "background:#FFE9A8; color:#3A2A00; border:2px solid #C98A00; padding:4px;"
NOW_STYLE = "background:#E3F4E1; color:#123D12; border:1px solid #6FAF6A; padding:4px;"
CLOCK_MS = 1000
SIDE_MIN = 330  # the players beside the board: a name of 40 letters in two or three lines


class TimeTravel(Fence):
    """A slider over the entries (Left/Right step, End or "Now" returns to the latest), and the
    table as it stood right after the chosen entry. `moved(int)` says which entry is shown;
    `failed(str)` a position that cannot be folded; `laid_out()` that the jump's layouts are
    done and its paint is to come. A fence (ui/table/columns.py): a jump's new
    words are laid out inside, not up to the judge's window."""

    moved = Signal(int)
    failed = Signal(str)
    laid_out = Signal()  # a jump's layouts done, its paint still to come

    def __init__(self, session: JudgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.seq = session.head_seq
        self.at_now = True
        self.view: TableView | None = None
        self.board = BoardView()
        self.players = PlayersPanel(hold_heights=True)
        self.clock = ClockWidget()
        self.where = QLabel()
        self.where.setObjectName("where")
        self.where.setWordWrap(True)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("entrySlider")
        self.slider.setPageStep(10)
        self.slider.setToolTip("Drag, or Left/Right one entry, PgUp/PgDn ten, End: now")
        self.slider.setAccessibleName("Entry shown (time travel)")
        self.slider.setAccessibleDescription(SLIDER_KEYS)
        self.back = QPushButton("◀ Previous")
        self.forward = QPushButton("Next ▶")
        self.now_button = QPushButton("Now  [End]")
        self.now_button.setObjectName("now")
        self._compose()
        self.slider.valueChanged.connect(self._slid)
        self.back.clicked.connect(lambda: self.step(-1))
        self.forward.clicked.connect(lambda: self.step(1))
        self.now_button.clicked.connect(self.go_now)
        session.changed.connect(self._ledger_changed)
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self._clock_only)
        self.ticker.start(CLOCK_MS)
        self._ledger_changed()

    def _compose(self) -> None:
        for button in (self.back, self.forward, self.now_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the slider/list
        controls = QHBoxLayout()
        controls.addWidget(self.back)
        controls.addWidget(self.slider, stretch=1)
        controls.addWidget(self.forward)
        controls.addWidget(self.now_button)
        for widget in (self.board, self.players, self.clock):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.clock)
        # Six players' panels scroll in their column rather than squeeze (a name wraps whole).
        self.players_scroll = ColumnScroll(self.players)
        column.addWidget(self.players_scroll, stretch=1)
        side.setMinimumWidth(SIDE_MIN)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.board)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.board.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self.inner)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.where)
        layout.addLayout(controls)
        layout.addWidget(split, stretch=1)

    # Moving ------------------------------------------------------------------------------

    def show_entry(self, seq: int) -> bool:
        """Show the table right after entry `seq` (the latest entry: as it stands now)."""
        game = self.session.game
        seq = max(1, min(seq, game.head_seq))
        try:
            state = game.state_at(seq)
        except BankerError as e:
            self.failed.emit(f"the position after entry {seq} cannot be shown: "
                             f"{actions.refusal_text(e)}")
            return False
        if state is None or game.table is None:
            return False
        self.at_now = seq == game.head_seq
        # Now: the clock as it runs; the past: the clock as it read when the entry was made.
        at = game.now() if self.at_now else self.session.entries[seq - 1].recorded_at
        self.view = view_at(game, state, seq, at)
        self.seq = seq
        self.board.show(self.view)
        self.players.show(self.view)
        self.clock.show(self.view)
        self._say_where()
        if self.slider.value() != seq:
            self.slider.blockSignals(True)
            self.slider.setValue(seq)
            self.slider.blockSignals(False)
        self.moved.emit(seq)
        # The layouts the new words asked for, done now, each after those it waits on: posted,
        # a panel's new height reached the column above it only after the window was painted,
        # and the column was laid out and painted a second time.
        for _ in range(3):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
        self.players.lay_out_words()
        self.laid_out.emit()
        return True

    def step(self, by: int) -> None:
        """One entry back (-1) or on (+1)."""
        self.show_entry(self.seq + by)

    def go_now(self) -> None:
        """Back to the game as it stands now."""
        self.show_entry(self.session.head_seq)

    def _slid(self, value: int) -> None:
        if value != self.seq or not self.view:
            self.show_entry(value)

    def _ledger_changed(self) -> None:
        head = self.session.head_seq
        self.slider.blockSignals(True)
        self.slider.setRange(1, max(1, head))
        self.slider.blockSignals(False)
        # Following the game unless the judge is looking back (a void may shorten nothing:
        # the ledger only grows, but a reread file may be another's).
        self.show_entry(head if self.at_now or self.seq > head else self.seq)

    def _say_where(self) -> None:
        entries = self.session.entries
        entry = entries[self.seq - 1] if 0 < self.seq <= len(entries) else None
        what = f"#{self.seq}: {entry.text}" if entry is not None else f"#{self.seq}"
        when = f" · {entry.recorded_at.astimezone():%H:%M:%S}" if entry is not None else ""
        if self.at_now:
            self.where.setText(f"NOW — the game as it stands, after entry {what}{when}")
            style = f"QLabel#where {{ {NOW_STYLE} }}"
        else:
            self.where.setText(f"THE PAST — as it stood right after entry {what}{when} "
                               f"({self.session.head_seq - self.seq:,} entries since; End: now)")
            style = f"QLabel#where {{ {PAST_STYLE} font-weight:bold; }}"
        if self.where.styleSheet() != style:  # a style set again is the label polished again
            self.where.setStyleSheet(style)
        # The slider is read as a number: the entry it stands on is said in words, and read
        # with it when the judge comes back to it.
        self.slider.setAccessibleDescription(f"{self.where.text()}. {SLIDER_KEYS}")
        announce(self.where, self.where.text())

    def _clock_only(self) -> None:
        if not self.at_now or self.view is None or self.view.clock is None:
            return
        left = actions.time_left_ms(self.session.game)
        if left is not None:
            self.clock.show_clock(replace(self.view.clock, remaining_ms=left))
