"""Asks for the values an action needs typed (a price, a reason, a choice) before it is sent."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QWidget

from app.table.actions import Action
from ui.forms import KeyboardForm


class ParamsDialog(KeyboardForm):
    """One field per value (a list to pick from for a choice); Enter records from any field,
    Esc cancels."""

    def __init__(self, action: Action, values: dict[str, Any],
                 parent: QWidget | None = None) -> None:
        super().__init__(action.label, parent, what=f"“{action.label}”")
        form = QFormLayout(self)
        title = QLabel(action.label)
        title.setWordWrap(True)
        form.addRow(title)
        self.fields: dict[str, QLineEdit | QComboBox] = {}
        for param in action.params:
            default = str(values.get(param.path, param.default))
            field: QLineEdit | QComboBox
            if param.choices:
                field = QComboBox()
                field.setEditable(True)  # type the start of a name; the list completes it
                field.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
                field.addItems([words for words, _ in param.choices])
                field.setCurrentText(default)
            else:
                field = QLineEdit(default)
                if param.kind == "pin":
                    field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setObjectName(param.path)
            form.addRow(param.prompt, field)
            self.fields[param.path] = field
        self.add_buttons(form)

    def values(self) -> dict[str, str]:
        """What was typed or picked, by the command's path; PIN fields are emptied."""
        found = {}
        for path, field in self.fields.items():
            if isinstance(field, QComboBox):
                found[path] = field.currentText()
            else:
                found[path] = field.text()
                if field.echoMode() == QLineEdit.EchoMode.Password:
                    field.clear()
        return found
