"""A small form dialog that sends one command to the tournament service: a refusal is said in
words inside the dialog, which stays open with what was typed; success closes it."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QVBoxLayout, QWidget

from app.table.actions import refusal_text
from models.errors import BankerError
from ui.fonts import undrawable_message
from ui.messages import MessageArea


class FormDialog(QDialog):
    """Fields in a form, OK and Cancel (Enter, Escape); `send()` is the subclass's command,
    raising BankerError (or ValueError for a field that is not a value) to refuse."""

    def __init__(self, title: str, hint: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.messages = MessageArea()
        self.messages.say(hint)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.messages)
        layout.addWidget(self.buttons)
        self.done_text = ""  # what the window says once the command is recorded

    def watch_names(self, *fields: QLineEdit) -> None:
        """Say, as a name is typed in `fields`, which of its characters no font here can draw
        (it would show and print as a box); the hint comes back once the name is put right."""
        hint = self.messages.text()

        def checked() -> None:
            boxes = undrawable_message([f.text().strip() for f in fields if f.text().strip()])
            if boxes:
                self.messages.say(boxes, "warning")
            elif self.messages.level == "warning":
                self.messages.say(hint)

        for field in fields:
            field.textChanged.connect(checked)

    def send(self) -> str:
        """Send the command; return what to tell the organiser."""
        raise NotImplementedError

    def refusal(self, error: BankerError) -> str:
        """The refusal in words (a subclass may add where to go next)."""
        return refusal_text(error)

    def submit(self) -> None:
        try:
            self.done_text = self.send()
        except BankerError as e:
            self.messages.say(self.refusal(e), "refused")
            return
        except ValueError as e:  # a field that is not a value (pydantic says which)
            self.messages.say(_first_line(e), "refused")
            return
        self.accept()


def _first_line(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if errors is None:
        return str(error)
    first = errors()[0]
    where = ".".join(map(str, first["loc"]))
    return f"{where + ': ' if where else ''}{first['msg']}"

