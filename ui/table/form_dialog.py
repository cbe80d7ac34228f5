"""A form that gathers one command, showing live what the rules would record or why they refuse."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app.table import forms
from app.table.service import TableGame


class FormDialog(QDialog):
    """The body goes in `self.body`; `command()` is what the form holds now. Enter records
    (the window sends `chosen`), Esc cancels; the outcome line follows every change."""

    def __init__(self, game: TableGame, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.setWindowTitle(title)
        self.chosen: dict[str, Any] | None = None
        self.body = QVBoxLayout()
        self.outcome = QLabel()
        self.outcome.setObjectName("outcome")
        self.outcome.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.record = buttons.addButton("Record  [Enter]", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.record.setDefault(True)
        self.record.setAutoDefault(True)
        buttons.accepted.connect(self._record)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        heading = QLabel(title)
        heading.setObjectName("big")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        layout.addLayout(self.body)
        layout.addWidget(self.outcome)
        layout.addWidget(buttons)

    def command(self) -> dict[str, Any] | None:
        """The command as the form holds it (None: nothing filled in yet)."""
        raise NotImplementedError

    def update_outcome(self) -> None:
        """Ask the service what the command would record now, or why it is refused."""
        command = self.command()
        if command is None:
            self.outcome.setText("Fill in the form: what it records shows here.")
            return
        lines, refused = forms.outcome(self.game, command)
        if refused is not None:
            self.outcome.setText(f"The rules refuse this now: {refused}")
            self.outcome.setStyleSheet("color: #8A1C00;")
        else:
            self.outcome.setText("Records: " + "; ".join(lines))
            self.outcome.setStyleSheet("color: #0B4F1C;")

    def _record(self) -> None:
        self.chosen = self.command()
        if self.chosen is not None:
            self.accept()
