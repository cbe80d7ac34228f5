"""A list's rows (or a table's column) wrapped whole to its width, whatever the script: a line
with no space (a Chinese name) breaks between letters, and a row is as tall as its lines are
drawn."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QSize
from PySide6.QtGui import QFont, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
)

Index = QModelIndex | QPersistentModelIndex


class WrappedRows(QStyledItemDelegate):
    """Each row's words wrapped to the view's width (a Chinese name breaks between its letters)
    and the row as tall as its lines are drawn: a line set in a fallback font (Chinese, Tamil)
    is taller than the view's own font says, and Qt's own row, sized by the view's font, cut
    such a row's last line to "…" while Latin rows wrapped whole. Qt draws the row."""

    def __init__(self, view: QAbstractItemView, column: int | None = None) -> None:
        """`column`: the table's column whose cells wrap (None: a list's rows)."""
        super().__init__(view)
        self.view = view
        self.column = column

    def layout(self, text: str, font: QFont, width: int) -> tuple[QTextLayout, float]:
        """`text` laid out in lines of `width` pixels, and the lines' height."""
        lines = QTextLayout(text, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)  # as Qt draws a row's words
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
        """The width a row's words have: the view's (or the column's) less the margins."""
        view = self.view
        width = (view.columnWidth(self.column)
                 if isinstance(view, QTableView) and self.column is not None
                 else view.viewport().width())
        return max(20, width - 2 * self.margin())

    def margin(self) -> int:
        """The room left and right of a row's words."""
        return self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 2

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        _, height = self.layout(item.text, item.font, self.text_width())
        wide = self.view.viewport().width() if self.column is None else 40  # a column: its own
        return QSize(wide, int(height + 0.999) + 4)
