"""A form that gathers one command, showing live what the rules would record or why they refuse."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table import forms
from app.table.service import TableGame
from ui.forms import KeyboardForm


class FormDialog(KeyboardForm):
    """The body goes in `self.body`; `command()` is what the form holds now. Enter records
    from any field (the window sends `chosen`), Esc cancels; the outcome line follows every
    change."""

    def __init__(self, game: TableGame, title: str, parent: QWidget | None = None, *,
                 what: str | None = None) -> None:
        super().__init__(title, parent, what=what)
        self.game = game
        self.chosen: dict[str, Any] | None = None
        self.body = QVBoxLayout()
        self.outcome = QLabel()
        self.outcome.setObjectName("outcome")
        self.outcome.setWordWrap(True)
        layout = QVBoxLayout(self)
        heading = QLabel(title)
        heading.setObjectName("big")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        layout.addLayout(self.body)
        layout.addWidget(self.outcome)
        self.add_buttons(layout)

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

    def submit(self) -> None:
        """Enter or Record: the command as it stands goes to the window (refused there with the
        rule's words if the rules refuse it); an empty form stays open and says what it needs."""
        self.chosen = self.command()
        if self.chosen is not None:
            self.accept()
            return
        self.outcome.setText("Nothing to record yet: fill in the form, or Esc to cancel.")
        self.outcome.setStyleSheet("color: #8A1C00;")
