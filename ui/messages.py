"""The one place the window tells the banker something: refusals, notices, a stopped ledger."""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from ui.announce import announce
from ui.fonts import isolated

Level = Literal["info", "refused", "warning", "error", "time"]

STYLES: dict[str, str] = {
    "info": "background:#E8F1FB; color:#0B2E4F; border:1px solid #7FA7D1;",
    "refused": "background:#FFF3D6; color:#4A3000; border:2px solid #C98A00;",
    "warning": "background:#FFF3D6; color:#4A3000; border:2px solid #C98A00;",  # not a refusal
    "error": "background:#B00020; color:white; border:2px solid #600010; font-weight:bold;",
    "time": "background:#1B1B1B; color:#FFD54F; border:2px solid #FFD54F; font-weight:bold;",
}


class MessageArea(QLabel):
    """One line (wrapping) of plain words; the latest message replaces the one before."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messages")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.level: Level = "info"
        # Its name is what it says now (read as the line's text); the description says what
        # the line is, and each message is announced (ui/announce.py).
        self.setAccessibleDescription("The message line: what was recorded or refused, and "
                                      "the time called")
        self.say("Ready. Type two digits for a roll; Ctrl+K lists everything you may do; F1 help.")

    def say(self, text: str, level: Level = "info") -> None:
        """Show `text`; refusals and errors stand out, notices are quiet."""
        prefix = {"info": "", "refused": "Not recorded: ", "warning": "", "error": "STOPPED: ",
                  "time": ""}[level]
        self.setText(prefix + isolated(text))  # an Arabic or Hebrew name keeps the line in order
        announce(self, prefix + text, urgent=level in ("refused", "error", "time"))
        if level != self.level or not self.styleSheet():  # restyling costs a repaint's worth
            self.setStyleSheet(f"QLabel#messages {{ {STYLES[level]} padding:6px; }}")
        self.level = level


def untrusted(problems: list[str]) -> str:
    """The warning for a game whose file does not verify: what is shown is the chain's fold."""
    more = f" (and {len(problems) - 1} more; the judge's Verify tab lists them)" if len(problems) > 1 else ""
    return (f"WARNING: this ledger does not verify: {problems[0]}{more}. What is shown is "
            "folded from the chain's own entries; call a judge.")
