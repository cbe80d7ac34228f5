"""Differences: what changed between two entries (cash, deeds, buildings, debts), in words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from app.table import actions
from models.errors import BankerError
from ui.judge.session import JudgeSession


class DiffPanel(QWidget):
    """Two entries (typed, or the two selected in the list) and the changes between them;
    entry 0 is before the first entry."""

    def __init__(self, session: JudgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.first = QSpinBox()
        self.first.setObjectName("diffFrom")
        self.second = QSpinBox()
        self.second.setObjectName("diffTo")
        for box in (self.first, self.second):
            box.setGroupSeparatorShown(True)
            box.setMinimum(0)
        self.compare_button = QPushButton("Compare")
        self.compare_button.setToolTip("What changed from the first entry to the second "
                                       "(select two entries in the list: Ctrl+D compares them)")
        self.heading = QLabel("Select two entries in the list and press Ctrl+D, or type them.")
        self.heading.setWordWrap(True)
        self.lines = QListWidget()
        self.lines.setObjectName("diffLines")
        self.lines.setAccessibleName("What changed between the two entries")
        self.lines.setTabKeyNavigation(False)
        self.lines.setWordWrap(True)
        self.lines.setAlternatingRowColors(True)
        pair = QHBoxLayout()
        form = QFormLayout()
        form.addRow("after entry", self.first)
        form.addRow("to after entry", self.second)
        pair.addLayout(form)
        pair.addWidget(self.compare_button, alignment=Qt.AlignmentFlag.AlignBottom)
        pair.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(pair)
        layout.addWidget(self.heading)
        layout.addWidget(self.lines, stretch=1)
        self.compare_button.clicked.connect(self.compare)
        for box in (self.first, self.second):
            box.editingFinished.connect(self.compare)
        session.changed.connect(self._limits)
        self._limits()

    def _limits(self) -> None:
        for box in (self.first, self.second):
            box.setMaximum(self.session.head_seq)

    def compare_pair(self, first: int, second: int) -> list[str]:
        """Compare the position after `first` with the one after `second` (in that order)."""
        self.first.setValue(first)
        self.second.setValue(second)
        return self.compare()

    def compare(self) -> list[str]:
        """Show what changed between the two entries; returns the lines shown."""
        first, second = self.first.value(), self.second.value()
        self.lines.clear()
        try:
            found = review.diff(self.session.game, first, second)
        except BankerError as e:
            self.heading.setText(f"Not compared: {actions.refusal_text(e)}")
            return []
        lines = found.lines()
        back = f" (backwards: entry {second:,} is the earlier)" if second < first else ""
        self.heading.setText(f"From right after entry {first:,} to right after entry "
                             f"{second:,}{back}: "
                             + (f"{len(lines)} change{'s' * (len(lines) != 1)}"
                                if lines else "nothing changed"))
        self.lines.addItems(lines)
        return lines
