"""Verify: the hash chain and the replay in words, and whether a signed sheet's head names this file."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from ui.judge.session import JudgeSession

SOUND_STYLE = "background:#E3F4E1; color:#123D12; border:2px solid #3C8D37; padding:6px;"
UNSOUND_STYLE = "background:#FBE3E4; color:#5C0010; border:2px solid #B00020; padding:6px;"
QUIET_STYLE = "padding:6px;"


def _styled(label: QLabel, good: bool | None) -> None:
    style = QUIET_STYLE if good is None else SOUND_STYLE if good else UNSOUND_STYLE
    label.setStyleSheet(f"QLabel {{ {style} }}")


class VerifyPanel(QWidget):
    """Verify checks the chain and replays the game; the head field takes COUNT:HEX16 as printed
    on a signed scoresheet and says whether this file holds that game."""

    def __init__(self, session: JudgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.verify_button = QPushButton("Verify the chain and the replay")
        self.verify_button.setObjectName("verify")
        self.result = QLabel("Not verified yet in this window.")
        self.result.setObjectName("verdict")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.head = QLineEdit()
        self.head.setObjectName("typedHead")
        self.head.setAccessibleName("Head on the signed sheet")
        self.head.setPlaceholderText("COUNT:HEX16 from the signed sheet, e.g. 1204:9f3c2a71be04d5e8")
        self.check_button = QPushButton("Check the head")
        self.head_result = QLabel("Type the head printed on the signed scoresheet.")
        self.head_result.setObjectName("headCheck")
        self.head_result.setWordWrap(True)
        self.head_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(QLabel("Head on the signed sheet:"))
        row.addWidget(self.head, stretch=1)
        row.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.verify_button, alignment=Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.result)
        layout.addWidget(self.problems)
        layout.addSpacing(12)
        layout.addLayout(row)
        layout.addWidget(self.head_result)
        layout.addStretch()
        _styled(self.result, None)
        _styled(self.head_result, None)
        self.verify_button.clicked.connect(self.verify)
        self.check_button.clicked.connect(self.check_head)
        self.head.returnPressed.connect(self.check_head)
        session.changed.connect(self._stale)

    def verify(self) -> review.Verdict:
        """Check the chain and replay the game; show the verdict in words."""
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            verdict = review.verdict(self.session.game)
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.result.setText(f"{verdict.text}\nHead of this file (as the scoresheet prints it): "
                            f"{verdict.head}")
        self.problems.setText("\n".join(verdict.problems[:20]))
        self.problems.setVisible(bool(verdict.problems))
        _styled(self.result, verdict.sound)
        return verdict

    def check_head(self) -> tuple[bool, str]:
        """Whether this file holds the game the typed head names, in words."""
        same, words = review.head_check(self.session.game, self.head.text().strip())
        self.head_result.setText(words)
        _styled(self.head_result, same)
        return same, words

    def _stale(self) -> None:
        if self.result.text() and not self.result.text().startswith("Not verified"):
            self.result.setText(self.result.text().split("\n")[0] + "\n(new entries since: "
                                "verify again)")
            _styled(self.result, None)
