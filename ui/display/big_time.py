"""The clock's huge digits drawn from a kept picture of each character, not laid out and filled
again each second.

Qt draws text larger than its glyph cache takes (64 pixels) by filling every glyph's outline,
antialiased, at each paint: the players' display's and the hall's clock, 250 to 400 pixels
tall, cost half a millisecond a second that way (docs/benchmarks.md). Here each character the
clock shows (the digits, the colon, TIME, the dash) is drawn once into a picture at the face's
size and colour, and a second's new time places four or five of those pictures."""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QWidget

PAD = 2  # pixels around a character's ink in its picture (antialiasing reaches past it)


class BigTime(QWidget):
    """One line of text, centred, in `look`'s font and colour, each character drawn from its
    kept picture. `text()` and `setText()` as a label's; the text is its accessible name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._font = QFont(self.font())
        self._colour = QColor(Qt.GlobalColor.black)
        self._metrics = QFontMetricsF(self._font)
        self._pictures: dict[tuple[str, int], tuple[QPixmap, QPoint]] = {}
        self._ratio = 0.0  # the device pixel ratio the pictures were drawn at
        self._ground: QColor | None = None  # filled under the text (opaque), else see-through

    def text(self) -> str:
        """The text shown."""
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 (a label's name)
        """Show `text` (repainted only when it changed)."""
        if text != self._text:
            self._text = text
            self.setAccessibleName(text)
            self.update()

    def set_look(self, font: QFont, colour: QColor) -> None:
        """The font and colour to draw in (the pictures drawn again when either changed)."""
        if font == self._font and colour == self._colour:
            return
        self._font, self._colour = QFont(font), QColor(colour)
        self._metrics = QFontMetricsF(self._font)
        self._pictures.clear()
        self.update()

    def set_ground(self, colour: QColor | None) -> None:
        """Fill the rectangle with `colour` under the text, the widget then opaque (what lies
        under it is not painted again each second); None: see-through."""
        if colour == self._ground:
            return
        self._ground = None if colour is None else QColor(colour)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, colour is not None)
        self.update()

    def look(self) -> tuple[QFont, QColor]:
        """The font and colour drawn in."""
        return QFont(self._font), QColor(self._colour)

    def kept(self) -> int:
        """How many pictures are kept (a character at a fraction of a pixel; for the tests)."""
        return len(self._pictures)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        if self._ground is not None:
            painter.fillRect(event.rect(), self._ground)
        if not self._text:
            painter.end()
            return
        ratio = self.devicePixelRatioF()
        if ratio != self._ratio:
            self._pictures.clear()
            self._ratio = ratio
        metrics, text = self._metrics, self._text
        # Placed as a label places its line (QStyle.alignedRect: whole pixels), each character
        # at its pen's point along the line (the pairs' kerning kept), its picture drawn at
        # that point's fraction of a pixel: the same pixels as the label's.
        whole = QFontMetrics(self._font)
        left = (self.width() - whole.horizontalAdvance(text)) // 2
        baseline = (self.height() - whole.height()) // 2 + whole.ascent()
        for place, character in enumerate(text):
            x = left + metrics.horizontalAdvance(text[:place])
            column = math.floor(x)
            picture, offset = self._picture(character, round((x - column) * 64), ratio)
            painter.drawPixmap(QPoint(column + offset.x(), baseline + offset.y()), picture)
        painter.end()

    def _picture(self, character: str, phase: int, ratio: float) -> tuple[QPixmap, QPoint]:
        """`character`'s picture with its pen's point `phase`/64 of a pixel right of a whole
        pixel, and where its top left stands from that whole pixel on the baseline."""
        key = (character, phase)
        found = self._pictures.get(key)
        if found is None:
            ink = self._metrics.boundingRect(character)  # from the pen's point on the baseline
            left, top = math.floor(ink.left()) - PAD, math.floor(ink.top()) - PAD
            width = math.ceil(ink.right()) + 1 + PAD - left + 1
            height = math.ceil(ink.bottom()) + PAD - top + 1
            picture = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            painter = QPainter(picture)
            painter.setFont(self._font)
            painter.setPen(self._colour)
            painter.drawText(QPointF(phase / 64 - left, -top), character)
            painter.end()
            found = self._pictures[key] = (picture, QPoint(left, top))
        return found
