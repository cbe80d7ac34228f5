"""The scoresheet window: the sheet as it will print, with Print, Save PDF and Collect."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from models.errors import BankerError
from ui import printing, screen_fit
from ui.fonts import left_to_right
from ui.messages import MessageArea
from ui.scoresheet.document import document, paint, sheet_html, write_pdf


def not_saved(error: OSError, path: Path) -> str:
    """Why a PDF was not saved, in plain words."""
    if isinstance(error, FileNotFoundError):
        why = f"the folder {path.parent} does not exist"
    elif isinstance(error, PermissionError):
        why = f"this account may not write {path}"
    elif isinstance(error, IsADirectoryError):
        why = f"{path} is a folder"
    elif error.errno == errno.ENOSPC:
        why = "the disk is full"
    elif error.errno == errno.EROFS:
        why = "the disk is read-only"
    else:
        why = error.strerror or str(error)
    return f"The PDF was not saved: {why}. Choose another place and save again."


class ScoresheetDialog(QDialog):
    """Shows the sheet; prints it through the system print dialog; saves it as PDF; and, once
    every player has signed, records its collection (`collect` locks the game in the ledger)."""

    def __init__(self, sheet: dict[str, Any], collect: Callable[[], dict[str, Any]] | None = None,
                 parent: QWidget | None = None, pdf_path: Path | None = None) -> None:
        """`pdf_path` is offered first by Save PDF (the data folder and the game's name)."""
        super().__init__(parent)
        self.setWindowTitle("Scoresheet")
        # 760×900 where the screen has it; on a laptop as tall as its screen allows, the sheet
        # scrolling inside so that Print, Save PDF and Collect stay in sight.
        screen_fit.fit_to_screen(self, QSize(760, 900))
        self.pdf_path = pdf_path or Path("scoresheet.pdf")
        self._sheet = sheet
        self._collect = collect
        self.view = QTextBrowser()
        self.view.setAccessibleName("The scoresheet")
        left_to_right(self.view.document())  # an Arabic name keeps the sheet read left to right
        self.paper = QComboBox()
        self.paper.addItems(["A4", "Letter"])
        self.print_button = QPushButton("Print…")
        self.pdf_button = QPushButton("Save PDF…")
        self.collect_button = QPushButton("Collect scoresheet")
        over = sheet["header"]["ended"] != "in progress"
        self.collect_button.setEnabled(collect is not None and over
                                       and not sheet["footer"]["collected"])
        self.status = QLabel()
        self.messages = MessageArea()
        self.messages.say("Print, save a PDF, or collect once every signature is on the paper.")
        buttons = QHBoxLayout()
        paper = QLabel("Paper:")
        paper.setBuddy(self.paper)  # the label a screen reader gives the list
        buttons.addWidget(paper)
        buttons.addWidget(self.paper)
        buttons.addStretch()
        for button in (self.print_button, self.pdf_button, self.collect_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(self.status)
        layout.addWidget(self.messages)
        layout.addLayout(buttons)
        self.print_button.clicked.connect(self.print_sheet)
        self.pdf_button.clicked.connect(self.ask_pdf)
        self.collect_button.clicked.connect(self.collect)
        self.show_sheet(sheet)

    def show_sheet(self, sheet: dict[str, Any]) -> None:
        """Show (again) the sheet's figures."""
        self._sheet = sheet
        self.view.setHtml(sheet_html(sheet))
        foot = sheet["footer"]
        state = "collected: the game is locked" if foot["collected"] else "not yet collected"
        self.status.setText(f"{foot['events']} ledger entries, last hash {foot['last_hash']} — {state}")

    def paper_name(self) -> str:
        return self.paper.currentText().lower()

    def print_sheet(self) -> None:
        """The system print dialog, then the printer."""
        boxes = printing.boxes_in(document(self._sheet).toPlainText())
        if boxes:  # said before the printer is chosen: the paper would carry a box
            self.messages.say(boxes, "warning")
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            paint(self._sheet, printer)

    def ask_pdf(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Save the scoresheet", str(self.pdf_path),
                                              "PDF (*.pdf)")
        if name:
            self.save_pdf(Path(name))

    def save_pdf(self, path: Path) -> bool:
        """Write the sheet to `path` on the chosen paper; a file that cannot be written is said
        in the message area (True if it was saved)."""
        printing.boxes_drawn()
        try:
            write_pdf(self._sheet, path, self.paper_name())
        except OSError as e:
            self.messages.say(not_saved(e, path), "warning")
            return False
        boxes = printing.boxes_drawn()
        self.messages.say(f"Saved {path}" + (f"\n{boxes}" if boxes else ""),
                          "warning" if boxes else "info")
        return True

    def collect(self) -> None:
        """Record the collection, after the banker confirms every signature is on the paper."""
        if self._collect is None:
            return
        answer = QMessageBox.question(self, "Collect the scoresheet",
                                      "Every player, the banker and the judge have signed? "
                                      "Collecting locks the game: no dispute or correction after.")
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            self.show_sheet(self._collect())
        except BankerError as e:  # the one place this window turns a refusal into a message
            QMessageBox.warning(self, "Not collected", str(e))
            return
        self.collect_button.setEnabled(False)
