"""Save as new edition: the id and title of the user's own board, each checked as typed."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from app.editions.board_editor import BoardDraft, edition_path, id_refusal, suggested_id


class SaveEditionDialog(QDialog):
    """Asks for the new edition's id and title; says why an id cannot be used before Save."""

    def __init__(self, draft: BoardDraft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Save as new edition")
        self.setMinimumWidth(560)
        form = QFormLayout(self)
        intro = QLabel("The board is saved in your data folder's editions; the new-game form "
                       "offers it by its title, and a game names it by its id.")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.edition_id = QLineEdit(suggested_id(draft))
        self.edition_id.setObjectName("edition_id")
        self.edition_id.setMaxLength(64)
        self.title = QLineEdit(draft.board.name.replace(" (provisional)", ""))
        self.title.setObjectName("edition_title")
        self.title.setMaxLength(80)
        form.addRow("Id (a-z, 0-9, hyphens)", self.edition_id)
        form.addRow("Title", self.title)
        self.note = QLabel()
        self.note.setObjectName("save_note")
        self.note.setWordWrap(True)
        form.addRow(self.note)
        unconfirmed = draft.unconfirmed()
        if unconfirmed:
            warning = QLabel(f"{unconfirmed} space names are still not confirmed: the new-game "
                             "form will say so.")
            warning.setStyleSheet("color: #8A1C00;")
            warning.setWordWrap(True)
            form.addRow(warning)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save: QPushButton = buttons.addButton("Save", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.edition_id.textChanged.connect(self._check)
        self.title.textChanged.connect(self._check)
        self._check()

    @property
    def replaces(self) -> bool:
        """Whether saving replaces one of the user's own boards of the same id."""
        chosen = self.edition_id.text().strip()
        return id_refusal(chosen) is None and edition_path(chosen).exists()

    def _check(self) -> None:
        chosen = self.edition_id.text().strip()
        problem = id_refusal(chosen)
        if problem is None and not self.title.text().strip():
            problem = "the title cannot be empty: it is what the new-game form lists"
        if problem is not None:
            self.note.setText(f"Cannot save: {problem}.")
            self.note.setStyleSheet("color: #B00020;")
        elif self.replaces:
            self.note.setText(f"You already have a board called '{chosen}': saving replaces it "
                              "(games already recorded keep their own copy).")
            self.note.setStyleSheet("color: #8A1C00;")
        else:
            self.note.setText(f"Saved as {edition_path(chosen)}")
            self.note.setStyleSheet("")
        self.save.setEnabled(problem is None)
        self.save.setText("Replace" if problem is None and self.replaces else "Save")

    def chosen(self) -> tuple[str, str]:
        """The id and title typed."""
        return self.edition_id.text().strip(), self.title.text().strip()
