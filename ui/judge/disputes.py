"""The judge's disputes: the list (raised by, about, entries, ruling, corrections) and the judge's
actions on them, each sent through the judge session, which asks for the judge's name and PIN."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from app.table import actions
from ui.forms import KeyboardForm
from ui.judge.dispute_forms import (
    CorrectionDialog,
    RaiseDialog,
    ReasonDialog,
    RewindDialog,
    RulingDialog,
)

COLUMNS = ("No.", "Raised by", "About", "Entries", "Ruling", "Corrections")
Index = QModelIndex | QPersistentModelIndex


def _entries(seqs: tuple[int, ...]) -> str:
    return ", ".join(map(str, seqs)) or "—"


class DisputesModel(QAbstractTableModel):
    """The game's disputes, oldest first, one row each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.disputes: list[review.Dispute] = []

    def show(self, disputes: list[review.Dispute]) -> None:
        """Show these disputes instead."""
        self.beginResetModel()
        self.disputes = list(disputes)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 (Qt's API)
        return 0 if parent.isValid() else len(self.disputes)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.disputes):
            return None
        d = self.disputes[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cells(d)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"Dispute {d.number}, raised at entry {d.seq} by {d.raised_by}: {d.about}"
                    + (f"\nRuling (entry {d.ruling_seq}, {d.ruled_by}): {d.ruling}"
                       if d.ruling else "\nNot ruled yet"))
        if role == Qt.ItemDataRole.UserRole:
            return d.number
        return None

    @staticmethod
    def cells(d: review.Dispute) -> tuple[str, ...]:
        """One dispute's row in words."""
        ruling = f"{d.ruling} ({d.ruled_by})" if d.ruling else "not ruled yet"
        return (str(d.number), d.raised_by, d.about, _entries(d.entries), ruling,
                _entries(d.corrections))


class DisputesPanel(QWidget):
    """The disputes and the judge's actions: raise (also on the ledger's selected entries via
    `raise_on`), rule, correct, undo to here (`rewind_to`), unlock a collected scoresheet.

    `entry_picked(int)` asks the window to show an entry (a dispute's first entry, on Enter or a
    double click); `said(str)` a notice for the window's message line (a filled form cancelled).
    `dialog` is the form open now, if any."""

    entry_picked = Signal(int)
    said = Signal(str)

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.dialog: QDialog | None = None
        self.entry = 0  # the entry the window shows: "undo to here" starts there
        self.model = DisputesModel(self)
        self.table = QTableView()
        self.table.setObjectName("disputes")
        self.table.setAccessibleName("Disputes")
        self.table.setTabKeyNavigation(False)  # Tab leaves the list for the buttons
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        # Rows as tall as their wrapped words: an "About" or a ruling is never cut.
        self.table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.activated.connect(self._activated)
        # The selected dispute in full, its entries in words: what the judge rules on.
        self.detail = QLabel()
        self.detail.setObjectName("disputeDetail")
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, words, slot, shortcut in (
                ("raise", "Raise a dispute…", lambda: self.raise_on([]),
                 "Ctrl+R: on the entries selected in the list"),
                ("rule", "Record the ruling…", self.rule, "Ctrl+Shift+R"),
                ("correct", "Correction…", self.correct, "Ctrl+Shift+C"),
                ("rewind", "Undo to here…", lambda: self.rewind_to(self.entry), "Ctrl+U"),
                ("unlock", "Unlock the scoresheet…", self.unlock, "Ctrl+Shift+U")):
            button = QPushButton(words)
            button.setObjectName(key)
            button.setToolTip(f"Shortcut: {shortcut}")
            button.clicked.connect(slot)
            buttons.addWidget(button)
            self.buttons[key] = button
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail, 2)
        layout.addLayout(buttons)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._detailed())
        session.changed.connect(self.refresh)
        self.refresh()

    # Showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's disputes again, keeping the selected one selected."""
        keep = self.selected()
        self.model.show(self.session.disputes)
        if keep is not None:
            self.select(keep)
        has = bool(self.model.disputes)
        self.buttons["rule"].setEnabled(has)
        why = actions.why_refused(self.session.game, {"type": "unlock", "reason": "check"})
        self.buttons["unlock"].setEnabled(why is None)
        self.buttons["unlock"].setToolTip(why or "Reopen the collected game (a judge's action); "
                                          "Shortcut: Ctrl+Shift+U")
        self._detailed()

    def selected(self) -> int | None:
        """The number of the selected dispute, if any."""
        index = self.table.currentIndex()
        return self.model.data(index, Qt.ItemDataRole.UserRole) if index.isValid() else None

    def select(self, number: int) -> None:
        """Select dispute `number`."""
        for row, d in enumerate(self.model.disputes):
            if d.number == number:
                self.table.selectRow(row)

    def _detailed(self) -> None:
        number = self.selected()
        d = next((d for d in self.model.disputes if d.number == number), None)
        if d is None:
            self.detail.setText("Select a dispute to see its entries and ruling in full."
                                if self.model.disputes else "No dispute has been raised.")
            return
        words = {e.seq: e.text for e in self.session.entries}

        def listed(seqs: tuple[int, ...]) -> str:
            return "".join(f"\n   #{s}  {words.get(s, '')}" for s in seqs) or " none"

        ruling = (f"Ruling (entry #{d.ruling_seq}, {d.ruled_by}): {d.ruling}" if d.ruling
                  else "Not ruled yet.")
        self.detail.setText(f"Dispute {d.number}, raised at entry #{d.seq} by {d.raised_by}: "
                            f"{d.about}\nEntries disputed:{listed(d.entries)}\n{ruling}\n"
                            f"Corrections:{listed(d.corrections)}")

    def set_entry(self, seq: int) -> None:
        """The entry the window shows now: "Undo to here" offers to rewind to it."""
        self.entry = seq

    def _activated(self, index: QModelIndex) -> None:
        d = self.model.disputes[index.row()]
        self.entry_picked.emit(d.entries[0] if d.entries else d.seq)

    # The judge's actions -----------------------------------------------------------------

    def raise_on(self, entries: list[int]) -> None:
        """Open the form to raise a dispute on these ledger entries."""
        self._open(RaiseDialog(self.session.game, entries, self), "Raise a dispute")

    def rule(self) -> None:
        """Open the form to record the ruling: on the selected dispute, else the latest not
        ruled yet (the form's first field chooses another)."""
        disputes = self.model.disputes
        if not disputes:
            self.said.emit("No dispute to rule on: raise one first (Ctrl+R on the selected "
                           "entries)")
            return
        open_ = [d.number for d in disputes if not d.ruling]
        number = self.selected() or (open_[-1] if open_ else disputes[-1].number)
        dialog = RulingDialog(disputes, number, self)
        self._open(dialog, "Record the ruling")

    def correct(self) -> None:
        """Open the correction form, linked to the selected dispute."""
        self._open(CorrectionDialog(self.session.game, self.model.disputes, self.selected(), self),
                   "Record a correction")

    def rewind_to(self, seq: int) -> None:
        """Open "undo to here" at entry `seq`: what it would void, then the reason."""
        self._open(RewindDialog(self.session.game, seq, self.model.disputes, self.selected(), self),
                   f"Undo to here: rewind to entry {seq}")

    def unlock(self) -> None:
        """Open the form to unlock the collected scoresheet (reopens the game)."""
        self._open(ReasonDialog("Unlock the collected scoresheet", {"type": "unlock"}, "reason",
                                "Reason", self), "Unlock the scoresheet")

    def _open(self, dialog: QDialog, what: str) -> None:
        self.dialog = dialog

        def send() -> None:
            command = getattr(dialog, "chosen", None) or dialog.command()  # type: ignore[attr-defined]
            if command is not None:
                self.session.send_as_judge(command, what if command.get("type") != "rule_dispute"
                                           else f"{what} on dispute {command['dispute']}")

        dialog.accepted.connect(send)
        if isinstance(dialog, KeyboardForm):
            dialog.cancelled.connect(self.said)
        dialog.open()


__all__ = ["DisputesModel", "DisputesPanel"]
