"""The table's next step, across the top of the window: start the clock, start play, the claims
still open in the last minute (the words and the step come from app/table/phases.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from app.table.phases import Prompt
from ui.table.window_keys import reachable

STEP = "background:#0B2E4F; color:#FFFFFF; border:2px solid #FFB000;"
URGENT = "background:#B00020; color:#FFFFFF; border:2px solid #600010;"


class PromptBanner(QFrame):
    """Shows a Prompt (hidden when there is none); its button asks for the step's action by id
    (`asked(str)`), which the window runs as any other."""

    asked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptBanner")
        self.words = QLabel()
        self.words.setObjectName("promptWords")
        self.words.setWordWrap(True)
        self.button = QPushButton()
        reachable(self.button, own=(Qt.Key.Key_Space,))  # the game's keys stay the window's
        self.button.clicked.connect(lambda: self.asked.emit(self.prompt.action or "")
                                    if self.prompt is not None else None)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.words, stretch=1)
        layout.addWidget(self.button)
        # Never squeezed below its words: the board gives up the height instead.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.prompt: Prompt | None = None
        self.hide()

    def show_prompt(self, prompt: Prompt | None, action_label: str | None = None,
                    key: str | None = None) -> None:
        """Show `prompt` with the step's `key` after its words, and a button named
        `action_label` (none without a label) that runs the step."""
        if prompt == self.prompt and (action_label or "") == self.button.text():
            return
        self.prompt = prompt
        self.setVisible(prompt is not None)
        if prompt is None:
            return
        self.words.setText(prompt.text + (f" [{key}]" if key else ""))
        self.button.setText(action_label or "")
        self.button.setVisible(bool(action_label))
        style = URGENT if prompt.urgent else STEP
        self.setStyleSheet(f"QFrame#promptBanner {{ {style} border-radius:6px; }}"
                           "QLabel#promptWords { color:#FFFFFF; background:transparent; "
                           "border:none; font-weight:bold; }")
