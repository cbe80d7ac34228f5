"""The judge's window: the ledger on the left; the position, differences, disputes, chart, verify."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from models.errors import BankerError
from ui import screen_fit
from ui.judge.appeal import write_appeal_pdf
from ui.judge.chart import NetWorthChart
from ui.judge.diff_panel import DiffPanel
from ui.judge.disputes import DisputesPanel
from ui.judge.entries_panel import EntriesPanel
from ui.judge.session import JudgeSession
from ui.judge.time_travel import TimeTravel
from ui.judge.verify_panel import VerifyPanel
from ui.messages import MessageArea, untrusted
from ui.printing import boxes_drawn

TITLE = "Judge's window"
READ_ONLY = ("READ-ONLY: the judge's window records nothing until a judge gives name and PIN "
             "for an action (each time).")
HINT = ("Up/Down: entries · Left/Right: one entry back/on · End: now · Ctrl+F find · "
        "Ctrl+D compare two selected · Ctrl+R dispute on selected · Ctrl+Shift+R ruling · "
        "Ctrl+Shift+C correction · Ctrl+1…5 tabs")


class JudgeWindow(QMainWindow):
    """One game for the judge. Picking an entry (list, slider, chart, dispute) shows the table as
    it stood right after it; new entries from the banker's window arrive every two seconds."""

    def __init__(self, session: JudgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        session.dialog_parent = self
        self.entries = EntriesPanel(session)
        self.travel = TimeTravel(session)
        self.diff = DiffPanel(session)
        self.disputes = DisputesPanel(session)
        self.chart = NetWorthChart()
        self.verify = VerifyPanel(session)
        self.tabs = QTabWidget()
        self.messages = MessageArea()
        self.messages.say(untrusted(session.game.problems) if session.game.problems else HINT,
                          "warning" if session.game.problems else "info")
        self.mode = QLabel(READ_ONLY)
        self.mode.setObjectName("mode")
        self.mode.setWordWrap(True)
        self._chart_due = True
        self._compose()
        self._menus()
        self._wire()
        self._titled()
        screen_fit.fit_to_screen(self, QSize(1366, 768))
        self.entries.select(self.travel.seq, emit=False)
        self.entries.table.setFocus()

    def _compose(self) -> None:
        for widget, name in ((self.travel, "Position  Ctrl+1"), (self.diff, "Differences  Ctrl+2"),
                             (self.disputes, "Disputes  Ctrl+3"), (self.chart, "Net worth  Ctrl+4"),
                             (self.verify, "Verify  Ctrl+5")):
            self.tabs.addTab(widget, name)
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.mode)
        column.addWidget(self.entries, stretch=1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.tabs)
        # Half the width for the entries: an entry's words ("Dee mortgages PropNex Group of
        # Services 3 for M100") whole at 1366 pixels, the five tabs' names whole beside them.
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([680, 680])
        split.setChildrenCollapsible(False)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(split, stretch=1)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)
        self.mode.setStyleSheet("QLabel#mode { background:#E8F1FB; color:#0B2E4F; "
                                "border:1px solid #7FA7D1; padding:4px; }")

    def _menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._action(game, "&Print appeal report…", "Ctrl+P", self.print_appeal)
        self._action(game, "&Read the file again", "F5", self.reread)
        self._action(game, "&Close the judge's window", "Ctrl+W", self.close)
        go = self.menuBar().addMenu("&Entries")
        self._action(go, "&Find…", "Ctrl+F", self._find)
        self._action(go, "The &list", "Ctrl+L", self.entries.table.setFocus)
        self._action(go, "&Previous entry", "Alt+Left", lambda: self.travel.step(-1))
        self._action(go, "&Next entry", "Alt+Right", lambda: self.travel.step(1))
        self._action(go, "Back to &now", "Alt+End", self.travel.go_now)
        self._action(go, "&Compare the two selected", "Ctrl+D", self.compare_selected)
        self._action(go, "&Raise a dispute on the selected…", "Ctrl+R", self.raise_on_selected)
        self._action(go, "&Undo to here (rewind)…", "Ctrl+U",
                     lambda: self.disputes.rewind_to(self.travel.seq))
        disputes = self.menuBar().addMenu("&Disputes")
        self._action(disputes, "The &disputes list", "Ctrl+Shift+D", self.disputes_list)
        self._action(disputes, "Record the &ruling…", "Ctrl+Shift+R", self.rule)
        self._action(disputes, "Record a &correction…", "Ctrl+Shift+C", self.correct)
        self._action(disputes, "&Unlock the collected scoresheet…", "Ctrl+Shift+U",
                     self.disputes.unlock)
        view = self.menuBar().addMenu("&View")
        for place in range(self.tabs.count()):
            name = self.tabs.tabText(place).split("  ")[0]
            self._action(view, name, f"Ctrl+{place + 1}", partial(self.tabs.setCurrentIndex, place))

    def _action(self, menu: QMenu, text: str, keys: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _=False, s=slot: s())
        menu.addAction(action)
        return action

    def _wire(self) -> None:
        session = self.session
        self.entries.picked.connect(self.travel.show_entry)
        self.entries.step.connect(self.travel.step)
        self.entries.now.connect(self.travel.go_now)
        self.entries.table.doubleClicked.connect(lambda _: self.tabs.setCurrentIndex(0))
        self.travel.moved.connect(self._moved)
        self.travel.laid_out.connect(self.entries.lay_out_words)
        self.travel.failed.connect(lambda text: self.messages.say(text, "error"))
        self.chart.entry_picked.connect(self.go_to)
        self.disputes.entry_picked.connect(self.go_to)
        self.disputes.said.connect(self.messages.say)
        self.tabs.currentChanged.connect(lambda _: self._chart_if_shown())
        session.changed.connect(self._ledger_changed)
        session.refused.connect(lambda text: self.messages.say(text, "refused"))
        session.recorded.connect(self.messages.say)

    # Moving in time ----------------------------------------------------------------------

    def go_to(self, seq: int) -> None:
        """Show the position right after entry `seq` (from the chart or a dispute)."""
        self.tabs.setCurrentWidget(self.travel)
        self.travel.show_entry(seq)

    def _moved(self, seq: int) -> None:
        if not self.entries.select(seq, emit=False):
            self.entries.table.clearSelection()
        self.disputes.set_entry(seq)
        if not self._chart_due:  # else the chart marks the entry when it is drawn
            self.chart.show_entry(None if self.travel.at_now else seq)

    # The tools ---------------------------------------------------------------------------

    def compare_selected(self) -> None:
        """Ctrl+D: the differences between the first and the last selected entries (one
        selected: from just before it to just after it)."""
        chosen = self.entries.selected_seqs() or [self.travel.seq]
        first, last = (chosen[0] - 1, chosen[0]) if len(chosen) == 1 else (chosen[0], chosen[-1])
        self.tabs.setCurrentWidget(self.diff)
        self.diff.compare_pair(first, last)

    def raise_on_selected(self) -> None:
        """Ctrl+R: raise a dispute on the selected entries."""
        self.tabs.setCurrentWidget(self.disputes)
        self.disputes.raise_on(self.entries.selected_seqs() or [self.travel.seq])

    def disputes_list(self) -> None:
        """Ctrl+Shift+D: the disputes tab, its list taking the keys (Up/Down choose the dispute
        the ruling and the correction are for)."""
        self.tabs.setCurrentWidget(self.disputes)
        self.disputes.table.setFocus()
        if self.disputes.selected() is None and self.disputes.model.disputes:
            self.disputes.table.selectRow(0)

    def rule(self) -> None:
        """Ctrl+Shift+R: the ruling on the selected dispute (its number chosen in the form)."""
        self.tabs.setCurrentWidget(self.disputes)
        self.disputes.rule()

    def correct(self) -> None:
        """Ctrl+Shift+C: a correction, linked to the selected dispute (chosen in the form)."""
        self.tabs.setCurrentWidget(self.disputes)
        self.disputes.correct()

    def print_appeal(self) -> None:
        """The appeal report as a PDF: the whole ledger with the disputes and rulings."""
        name, _ = QFileDialog.getSaveFileName(self, "Print the appeal report",
                                              str(Path.home() / "appeal-report.pdf"),
                                              "PDF files (*.pdf)")
        if name:
            self.write_appeal(Path(name))

    def write_appeal(self, path: Path) -> bool:
        """Write the appeal report to `path`; say where, or why not."""
        boxes_drawn()  # only what this report holds is said
        try:
            write_appeal_pdf(self.session.game, path)
        except (BankerError, OSError) as e:
            self.messages.say(f"The appeal report was not written: {e}", "refused")
            return False
        boxes = boxes_drawn()  # a name no font could draw: it printed as a box
        self.messages.say(f"Appeal report written to {path}" + (f"\n{boxes}" if boxes else ""),
                          "warning" if boxes else "info")
        return True

    def reread(self) -> None:
        """F5: look for new entries now rather than at the next poll."""
        if not self.session.poll():
            self.messages.say(f"No new entries: the ledger ends at entry "
                              f"{self.session.head_seq:,}")

    def _find(self) -> None:
        self.entries.search.setFocus()
        self.entries.search.selectAll()

    def _ledger_changed(self) -> None:
        self._titled()
        self._chart_due = True
        self._chart_if_shown()

    def _chart_if_shown(self) -> None:
        # The series folds the whole game: worked out when the chart is looked at.
        if not self._chart_due or self.tabs.currentWidget() is not self.chart:
            return
        self._chart_due = False
        points, markers = review.worth_series(self.session.game)
        state = self.session.game.state
        self.chart.show_series(points, markers,
                               [p.name for p in state.players] if state is not None else None)
        self.chart.show_entry(None if self.travel.at_now else self.travel.seq)

    def _titled(self) -> None:
        mode = "judge's entries may be recorded" if self.session.writable else "read-only"
        self.setWindowTitle(f"{TITLE} — {self.session.label} — {self.session.head_seq:,} "
                            f"entries — {mode}")
        if self.session.writable:
            self.mode.setText("Judge's actions are recorded in this file (name and PIN asked "
                              "each time); the banker's entries appear as they are made.")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.travel.ticker.stop()
        self.session.close()
        super().closeEvent(event)
