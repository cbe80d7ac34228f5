"""The judge signs in: name and PIN, checked by the table service and never kept by the window."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QWidget

from ui.forms import KeyboardForm


class JudgeDialog(KeyboardForm):
    """Asks for the judge's name and PIN for one judge's action."""

    def __init__(self, what: str, parent: QWidget | None = None) -> None:
        super().__init__("Judge's action", parent, what=f"The judge's sign-in for “{what}”")
        form = QFormLayout(self)
        form.addRow(QLabel(f"“{what}” is a judge's action.\nThe judge signs in here."))
        self.name = QLineEdit()
        self.name.setObjectName("judge_name")
        self.pin = QLineEdit()
        self.pin.setObjectName("judge_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Judge's name", self.name)
        form.addRow("PIN", self.pin)
        self.add_buttons(form, "Sign in and record  [Enter]")

    def take(self) -> tuple[str, str]:
        """The name and PIN typed, and the PIN field emptied (the window keeps no PIN)."""
        name, pin = self.name.text().strip(), self.pin.text()
        self.pin.clear()
        return name, pin
