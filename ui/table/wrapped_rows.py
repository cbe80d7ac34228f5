"""A list's rows wrapped whole to the list's width, whatever the script: a line with no space
(a Chinese name) breaks between letters, and a row is as tall as its lines are drawn."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QSize
from PySide6.QtGui import QFont, QPainter, QPalette, QTextLayout, QTextOption
from PySide6.QtWidgets import QListView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

Index = QModelIndex | QPersistentModelIndex


class WrappedRows(QStyledItemDelegate):
    """Each row's words wrapped to the view's width, at a space or, in a line with none (a
    Chinese name), between any two letters, and measured as drawn: a line set in a fallback
    font (Chinese, Tamil) is taller than the view's own font says, and Qt's own row, sized by
    the view's font, cut such a row's last line to "…" while Latin rows wrapped whole."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view

    def layout(self, text: str, font: QFont, width: int) -> tuple[QTextLayout, float]:
        """`text` laid out in lines of `width` pixels, and the lines' height."""
        lines = QTextLayout(text, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        lines.setTextOption(option)
        lines.beginLayout()
        height = 0.0
        while True:
            line = lines.createLine()
            if not line.isValid():
                break
            line.setLeadingIncluded(True)  # the lines' spacing as QLabel and Qt's rows have it
            line.setLineWidth(width)
            line.setPosition(QPointF(0, height))
            height += line.height()
        lines.endLayout()
        return lines, height

    def text_width(self) -> int:
        """The width a row's words have: the view's less the item's margins."""
        return max(20, self.view.viewport().width() - 2 * self.margin())

    def margin(self) -> int:
        """The room left and right of a row's words."""
        return self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 2

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        _, height = self.layout(item.text, item.font, self.text_width())
        return QSize(self.view.viewport().width(), int(height + 0.999) + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        text, item.text = item.text, ""
        style = self.view.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, self.view)
        lines, _ = self.layout(text, item.font, self.text_width())
        painter.save()
        painter.setPen(item.palette.color(QPalette.ColorRole.Text))
        lines.draw(painter, QPointF(item.rect.left() + self.margin(), item.rect.top() + 2))
        painter.restore()
