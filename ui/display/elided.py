"""One-line labels that never widen their column: one ends in "…" (for words that may be cut),
the other is written smaller until its whole text fits (for names, never cut)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ui.display.fit import fit_px
from ui.fonts import isolated


class ElidedLabel(QLabel):
    """Shows `full` whole when it fits its width, else as much as fits followed by "…"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full(self, text: str) -> None:
        """The whole text (its tooltip too); the same text again changes nothing (a new width
        or font elides it again by itself)."""
        if text == self.full and self.toolTip() == text:
            return
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


class FittedLabel(QLabel):
    """Shows `full` whole: at `most` pixels when it fits its width, else smaller (measured as
    drawn: a Chinese letter is wide); only a text too wide even at the smallest size wraps."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.most = 0  # the size the window wants (0: the style's, never fitted)
        self.px = 0
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full(self, text: str) -> None:
        """The whole text, shown whole (its tooltip too)."""
        self.full = text
        self.setToolTip(text)
        if text != self.text():
            self.setText(text)
        self._fit()

    def set_most(self, px: int) -> None:
        """The largest size to write it at, in pixels (the window's size for these words)."""
        self.most = px
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if not self.most:
            return
        font = QFont(self.font())
        size = fit_px(font, self.full or "M", max(1, self.width()), 10 ** 6, most=self.most)
        font.setPixelSize(size)
        self.setWordWrap(QFontMetrics(font).horizontalAdvance(self.full) > self.width())
        if size != self.px:
            self.px = size
            self.setStyleSheet(f"font-size: {size}px;")
