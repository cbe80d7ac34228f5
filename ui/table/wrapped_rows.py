"""A list's rows (or a table's column) wrapped whole to its width, whatever the script: a line
with no space (a Chinese name) breaks between letters, and a row is as tall as its lines are
drawn."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
)

Index = QModelIndex | QPersistentModelIndex
WRAPPED = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)


def laid_out(text: str, font: QFont, width: int, *, wrap: bool = True,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> tuple[QTextLayout, float]:
    """`text` in `font` laid out in lines of `width` pixels (wrapped between words as Qt
    draws a row's words, a line with no space between its letters; or on one line), aligned
    within them; and the lines' height, each line as tall as the fonts it is drawn in."""
    lines = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap if wrap else QTextOption.WrapMode.ManualWrap)
    option.setAlignment(align)
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


@dataclass
class Resized:
    """Whether any row was given a new height inside `quietly_resized` (the body says so)."""

    changed: bool = False


@contextmanager
def quietly_resized(table: QTableView) -> Iterator[Resized]:
    """Rows given their heights inside without the view told row by row (told, QTableView
    repaints from each resized row down at the next turn of the event loop, after the paint
    these heights were set for); if any changed, its scroll bar and rows are brought up to
    date once, at the end."""
    header = table.verticalHeader()
    was = header.blockSignals(True)
    resized = Resized()
    try:
        yield resized
    finally:
        header.blockSignals(was)
        if resized.changed:
            table.updateGeometries()  # the scroll bar's range from the new heights
            table.viewport().update()


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
        return laid_out(text, font, width)

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
        width = self.text_width()
        _, height = self.layout(item.text, item.font, width)
        # Qt's own measure of the wrapped words (each line as tall as its fallback font draws
        # it) may be a few pixels taller at large sizes: the row takes the taller, never cuts.
        measured = QFontMetrics(item.font).boundingRect(
            QRect(0, 0, width, 1_000_000), WRAPPED, item.text).height()
        height = max(height, float(measured))
        wide = self.view.viewport().width() if self.column is None else 40  # a column: its own
        return QSize(wide, int(height + 0.999) + 4)


class VisibleRowsFit(QObject):
    """The rows of `table` in sight made as tall as their wrapped words, as they come into
    sight (a scroll, a filter, a new entry, a wider or narrower column): sizing a thousand
    rows at once, as the header's ResizeToContents does, took seconds to open a game."""

    def __init__(self, table: QTableView,
                 measure: Callable[[int], int] | None = None) -> None:
        """`measure`: a row's height as resizeRowToContents would give it, worked out (and
        kept) by the view's owner; None: Qt's resizeRowToContents."""
        super().__init__(table)
        self.table = table
        self.measure = measure
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.fit)
        table.verticalScrollBar().valueChanged.connect(self.later)
        table.horizontalHeader().sectionResized.connect(self.later)
        model = table.model()
        for changed in (model.layoutChanged, model.modelReset, model.rowsInserted,
                        model.rowsRemoved, model.dataChanged):
            changed.connect(self.later)
        table.viewport().installEventFilter(self)

    def later(self, *_: object) -> None:
        """Fit the rows in sight once the events now queued are handled."""
        self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self.later()
        return False

    def fit(self) -> None:
        """Size the rows in sight now (again while their new heights bring others in); the
        current row, if it was in sight, stays in sight."""
        self.timer.stop()  # fitted now: the fit a scroll asked for has nothing left to do
        table = self.table
        current = table.currentIndex()
        keep = current.isValid() and table.viewport().rect().intersects(
            table.visualRect(current))
        if self._fit_in_sight() and keep:
            table.doItemsLayout()  # the scroll bar's range from the new heights, now
            table.scrollTo(current)

    def _fit_in_sight(self) -> bool:
        """Whether any row's height changed (the view told once, at the end)."""
        with quietly_resized(self.table) as resized:
            resized.changed = self._heights_in_sight()
        return resized.changed

    def _heights_in_sight(self) -> bool:
        table = self.table
        count = table.model().rowCount()
        changed_any = False
        for _ in range(4):
            top = table.rowAt(0)
            if top < 0:
                break
            bottom = table.rowAt(table.viewport().height() - 1)
            bottom = count - 1 if bottom < 0 else bottom
            changed = False
            for row in range(top, min(count, bottom + 2)):
                before = table.rowHeight(row)
                if self.measure is None:
                    table.resizeRowToContents(row)
                    after = table.rowHeight(row)
                else:
                    after = self.measure(row)
                    if after != before:
                        table.setRowHeight(row, after)
                changed |= after != before
            changed_any |= changed
            if not changed:
                break
        return changed_any
