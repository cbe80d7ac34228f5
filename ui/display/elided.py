"""A one-line label that ends in "…" rather than be cut off or widen its column."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ui.fonts import isolated


class ElidedLabel(QLabel):
    """Shows `full` whole when it fits its width, else as much as fits followed by "…"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full(self, text: str) -> None:
        """The whole text (its tooltip too)."""
        self.full = text
        self.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a style sheet's new size
            self._elide()

    def _elide(self) -> None:
        # An Arabic or Hebrew name keeps the line in order, cut or whole (ui/fonts.isolated).
        shown = isolated(self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight,
                                                       max(0, self.width())))
        if shown != self.text():
            self.setText(shown)
