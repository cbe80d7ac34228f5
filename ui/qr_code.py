"""The QR code of the live page's address (app/live/qr.py makes its modules), painted: a widget
for the hall display, and `paint_qr` for a painter (the table cards' PDF)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from app.live.qr import modules


def paint_qr(painter: QPainter, box: QRectF, url: str) -> None:
    """The code of `url` as large as fits square in `box`, dark on white whatever is behind."""
    rows = modules(url)
    side = min(box.width(), box.height())
    cell = side / len(rows)
    left = box.left() + (box.width() - side) / 2
    top = box.top() + (box.height() - side) / 2
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillRect(QRectF(left, top, side, side), QColor("#FFFFFF"))
    painter.setBrush(QColor("#000000"))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                painter.drawRect(QRectF(left + x * cell, top + y * cell, cell, cell))
    painter.restore()


class QrCode(QWidget):
    """The code of one address, square in the widget; its accessible name says what it is."""

    def __init__(self, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.rows = modules(url)
        self.setObjectName("qrCode")
        self.setAccessibleName(f"QR code of the live page: {url}")

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            paint_qr(painter, QRectF(self.rect()), self.url)
        finally:
            painter.end()
