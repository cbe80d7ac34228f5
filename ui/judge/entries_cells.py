"""The judge's entries list's cells, each laid out once and drawn from that layout.

Qt's own item delegate shaped a cell's words three times a paint (its size, its place, its
drawing: HarfBuzz each time) and asked Python for the cell's style first, at every jump of the
judge's time travel to a part of the game not yet shown. Here an entry's words are laid out once
per column width and font (a QTextLayout, the last KEPT_CELLS cells kept): the row's height is
that layout's height, and the cell is drawn from it, its background and focus by the style (the
style sheet's colours for a selected row, the alternate rows' colour).

The one-line cells (the entry's number, its time, the game clock, who recorded it) are drawn
by QPainter.drawText in one call: their words differ from row to row (every number is new), so
a layout kept for them was laid out for one paint and thrown away, three times a row, at
every jump to a part of the game not yet shown. Their height is their fonts' (the same for
every number; kept by the words for who recorded, whose name may be in another script)."""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QTextLayout
from PySide6.QtWidgets import (
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
)

from ui.judge.entries_model import (
    COLUMNS,
    ENTRY_COLUMN,
    VOIDED_GREY,
    EntriesFilter,
    EntriesModel,
)
from ui.table.wrapped_rows import laid_out

Index = QModelIndex | QPersistentModelIndex
KEPT_CELLS = 1200  # laid-out cells kept: some twenty screens of rows, a few megabytes at most
RIGHT_ALIGNED = (0, 2)  # the entry's number and the game clock, as figures line up
WRAP_ROOM = 4  # the wrapped words' cell: two pixels above and below its lines
Laid = tuple[QTextLayout, float, bool]  # the layout, its lines' height, voided
WHO_COLUMN = COLUMNS.index("By")


class EntryCells(QStyledItemDelegate):
    """Every cell of the entries list (`table` showing `proxy` over `model`): the entry's words
    wrap in their column; the other cells hold one line, the two numbers' right-aligned; a
    voided entry's cells grey and struck out."""

    def __init__(self, model: EntriesModel, proxy: EntriesFilter, table: QTableView) -> None:
        super().__init__(table)
        self.model, self.proxy, self.table = model, proxy, table
        self._kept: OrderedDict[tuple[object, ...], Laid] = OrderedDict()
        self._looks: Looks | None = None
        # A one-line cell's lines' height, by its words ("" for a number), column and voided.
        self.lines: dict[tuple[str, int, bool], float] = {}

    def forget(self) -> None:
        """A new font, style or palette, or rows whose words changed: every cell laid out
        again."""
        self._kept.clear()
        self.lines.clear()
        self._looks = None

    def forget_rows(self, rows: set[int]) -> None:
        """The entries' words of the model's `rows` laid out again (they changed)."""
        for key in [key for key in self._kept if key[1] == ENTRY_COLUMN and key[0] in rows]:
            del self._kept[key]

    def looks(self) -> Looks:
        """The list's style, margin, fonts and ink as they are now (asked once, not per cell)."""
        if self._looks is None:
            table = self.table
            style = table.style()
            plain = QFont(table.font())
            struck = QFont(plain)
            struck.setStrikeOut(True)
            self._looks = Looks(
                style, style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                         table) + 2,
                (plain, struck), (table.palette().color(QPalette.ColorRole.Text),
                                  QColor(VOIDED_GREY)))
        return self._looks

    def margin(self) -> int:
        """The room left and right of a cell's words."""
        return self.looks().margin

    def text_width(self, column: int) -> int:
        """The width a cell's words have in `column`."""
        return max(20, self.table.columnWidth(column) - 2 * self.looks().margin)

    def laid(self, source: int, column: int, *, keep: bool = True) -> Laid:
        """The words of the model's row `source` in `column`, laid out at its width: the
        entry's words kept by row, a one-line cell's by its words (many entries share their
        second, their game clock and who recorded them). Not `keep`: a layout not kept yet
        is made for this once and not kept (the rows measured ahead, EntryRows.measure_ahead,
        pass every row through here and would push out the ones in sight)."""
        width = self.text_width(column)
        voided = self.model.entries[source].voided
        words = self.model.row_words(source)[column]
        key = (source, column, width) if column == ENTRY_COLUMN else (words, column, width,
                                                                       voided)
        kept = self._kept
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
            return found
        found = (*lay_out(words, self.looks().fonts[voided], width, column), voided)
        if not keep:
            return found
        kept[key] = found
        if len(kept) > KEPT_CELLS:
            kept.popitem(last=False)
        return found

    def cell_height(self, source: int, column: int, *, keep: bool = True) -> int:
        """The height the cell of row `source` in `column` asks for (`keep`: as `laid`)."""
        if column == ENTRY_COLUMN:
            _, height, _ = self.laid(source, column, keep=keep)
            return math.ceil(height) + WRAP_ROOM
        return math.ceil(self.line_height(source, column))

    def line_height(self, source: int, column: int) -> float:
        """The lines' height of the one-line cell of row `source` in `column`: its font's for
        a number (every number alike), kept by the words for who recorded the entry."""
        voided = self.model.entries[source].voided
        words = self.model.row_words(source)[column] if column == WHO_COLUMN else ""
        key = (words, column, voided)
        found = self.lines.get(key)
        if found is None:
            _, found, _ = self.laid(source, column)
            if len(self.lines) >= KEPT_CELLS:
                self.lines.clear()
            self.lines[key] = found
        return found

    def words_width(self, text: str) -> int:
        """The width a one-line cell holding `text` asks for (its words and margins)."""
        layout, _ = lay_out(text, self.looks().fonts[False], 1_000_000, -1)
        return math.ceil(layout.lineAt(0).naturalTextWidth()) + 2 * self.margin()

    def _source(self, index: Index) -> int:
        return self.proxy.mapToSource(index).row() if index.model() is self.proxy else index.row()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        source, column = self._source(index), index.column()
        if not 0 <= source < len(self.model.entries):
            return QSize()
        layout, _, _ = self.laid(source, column)
        wide = max((layout.lineAt(n).naturalTextWidth() for n in range(layout.lineCount())),
                   default=0.0)
        return QSize(math.ceil(wide) + 2 * self.margin(), self.cell_height(source, column))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        # With no filter the list shows every entry in order: a row is its entry's row.
        source = index.row() if self.proxy.in_order else self.proxy.mapToSource(index).row()
        if not 0 <= source < len(self.model.entries):
            return
        looks, table = self.looks(), self.table
        # The selected row's colours and the cursor's frame as the style (and its sheet) draws
        # them: the option holds no words. A plain cell's ground is the view's (its base, or
        # the alternate row's, drawn before the cell), where the style would draw nothing.
        if option.state.value & _MARKED or option.backgroundBrush.style() is not _NO_BRUSH:
            looks.style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter,
                                    table)
        rect, column = option.rect, index.column()
        if column != ENTRY_COLUMN:  # one line, laid out and drawn by Qt in one call
            voided = self.model.entries[source].voided
            words = self.model.row_words(source)[column]
            height = self.lines.get((words if column == WHO_COLUMN else "", column, voided))
            if height is None:
                height = self.line_height(source, column)
            painter.setFont(looks.fonts[voided])
            painter.setPen(looks.inks[voided])
            painter.drawText(QRectF(rect.x() + looks.margin,
                                    rect.y() + math.floor((rect.height() - height) / 2),
                                    self.text_width(column), height),
                             _ONE_LINE[column in RIGHT_ALIGNED], words)
            return
        layout, height, voided = self.laid(source, column)
        painter.setPen(looks.inks[voided])
        layout.draw(painter, QPointF(rect.x() + looks.margin,
                                     rect.y() + math.floor((rect.height() - height) / 2)))


# As plain numbers and a member: a flag's `&` in Python makes a new flag for each cell.
_MARKED = (QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_HasFocus).value
_NO_BRUSH = Qt.BrushStyle.NoBrush
# A one-line cell's words at the top of their lines' height, left or right, never clipped (as
# a layout draws them).
_ONE_LINE = tuple(int(Qt.AlignmentFlag.AlignTop | side | Qt.TextFlag.TextDontClip)
                  for side in (Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignRight))


class Looks(NamedTuple):
    """What every cell is drawn with, asked of the list once."""

    style: QStyle
    margin: int  # the room left and right of a cell's words
    fonts: tuple[QFont, QFont]  # plain, and struck out for a voided entry
    inks: tuple[QColor, QColor]  # the words' colour, and a voided entry's grey


def lay_out(text: str, font: QFont, width: int, column: int) -> tuple[QTextLayout, float]:
    """`text` laid out in `font` for `column`: the entry's words wrapped at `width` pixels
    (a Chinese name breaks between its letters), the other cells on one line, the numbers
    aligned right; and the lines' height (each line as tall as the font it is drawn in)."""
    return laid_out(text, font, width, wrap=column == ENTRY_COLUMN,
                    align=Qt.AlignmentFlag.AlignRight if column in RIGHT_ALIGNED
                    else Qt.AlignmentFlag.AlignLeft)
