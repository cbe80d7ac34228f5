"""The judge's entries list measured without asking Qt cell by cell at every jump.

Qt sized the list's first four columns to their contents (ResizeToContents: every delegate of the
rows it samples, at every layout) and each row in sight after a jump (resizeRowToContents: every
cell's delegate and the row header, a call into Python each), then painted the rows a second
time at their new heights. Here the columns are as wide as the widest entry any row of the game
holds, worked out from the entries (a handful of distinct shapes: digits, times, who recorded),
and a row's height is worked out as Qt's resizeRowToContents does (QTableView::sizeHintForRow:
each cell in sight asked of its delegate with the view's options, one more pixel for the grid,
no less than the row header asks) but asked only once per row and column width: the entry's
words are the only cell whose height differs from row to row; the numbers' cells are as tall as
their font, the "By" cell as its words (a judge's name in Chinese or Tamil is taller).

The cells are laid out and drawn by EntryCells (ui/judge/entries_cells.py): a row's height is
the tallest of its cells' layouts, the same layouts the rows are drawn from.
"""

from __future__ import annotations

import math
import re

from PySide6.QtWidgets import QTableView

from ui.fonts import isolated
from ui.judge.entries_cells import WHO_COLUMN, EntryCells
from ui.judge.entries_model import (
    COLUMNS,
    ENTRY_COLUMN,
    EntriesFilter,
    EntriesModel,
    clock_text,
    who,
)
from ui.table.wrapped_rows import Resized, quietly_resized

_DIGITS = re.compile(r"[0-9]")


class EntryRows:
    """The widths of the list's first four columns and the height of each of its rows (by
    the row of `proxy`, the filter the view shows), kept until the font, the style or the
    entries' column width changes."""

    def __init__(self, table: QTableView, model: EntriesModel, proxy: EntriesFilter,
                 cells: EntryCells) -> None:
        self.table, self.model, self.proxy, self.cells = table, model, proxy, cells
        self._heights: dict[tuple[int, int], int] = {}  # (source row, words' width) -> height
        self._header: int | None = None  # the (hidden) row header's height for a row
        self._shapes: list[set[str]] = [set() for _ in range(ENTRY_COLUMN)]
        self._seen = 0  # the entries whose shapes are in _shapes

    def forget(self) -> None:
        """A new font or style: every measure again."""
        self._heights.clear()
        self._header = None
        self.cells.forget()

    def entries_replaced(self) -> None:
        """The list was replaced (a void rewrites earlier rows' words): every row again."""
        self._heights.clear()
        self._shapes = [set() for _ in range(ENTRY_COLUMN)]
        self._seen = 0
        self.cells.forget()

    def rows_changed(self, rows: list[int]) -> None:
        """The model's `rows` changed in place (a void marked them voided): their heights
        and words measured again."""
        changed = set(rows)
        for key in [key for key in self._heights if key[0] in changed]:
            del self._heights[key]
        self.cells.forget_rows(changed)

    # Widths ------------------------------------------------------------------------------

    def fit_columns(self) -> None:
        """Make the first four columns as wide as the widest entry's words in them (or as
        their heading, if wider): as wide as ResizeToContents would make them for the rows in
        sight, but for every row, so a jump moves no column."""
        self._learn_shapes()
        table, header, cells = self.table, self.table.horizontalHeader(), self.cells
        metrics = table.fontMetrics()
        widest_digit = max("0123456789", key=metrics.horizontalAdvance)
        grid = 1 if table.showGrid() else 0
        for column in range(ENTRY_COLUMN):
            if header.isSectionHidden(column):
                continue
            # Any digit stands for the widest one: the column fits every number of a shape.
            widest = max((cells.words_width(_DIGITS.sub(widest_digit, shape))
                          for shape in self._shapes[column]), default=0)
            width = max(header.sectionSizeHint(column), widest + grid)
            if table.columnWidth(column) != width:
                table.setColumnWidth(column, width)

    def _learn_shapes(self) -> None:
        entries = self.model.entries
        if self._seen > len(entries):
            self.entries_replaced()
        seqs, times, clocks, whos = self._shapes
        for entry in entries[self._seen:]:
            seqs.add(str(entry.seq))
            clocks.add(clock_text(entry.clock_ms))
            whos.add(isolated(who(entry.actor)))
        if entries[self._seen:]:
            times.add("00:00:00")  # the time of day, always HH:MM:SS
        # Numbers of one length share a shape: keep one of each length.
        for shapes in (seqs, clocks):
            by_length = {len(s): _DIGITS.sub("0", s) for s in shapes}
            shapes.clear()
            shapes.update(by_length.values())
        self._seen = len(entries)

    # Heights -----------------------------------------------------------------------------

    def fit_around(self, row: int) -> int:
        """Give the view's row `row` and the rows that a view centred on it shows their
        heights (half the list's height above it, half below), before it is scrolled there;
        return the row to put at the list's top so that `row` stands nearest its middle (the
        list scrolls a whole row at a time: Qt's own centring, on rows of one to four lines,
        put the entry up to three rows above the middle)."""
        table = self.table
        count = table.model().rowCount()
        if not 0 <= row < count:
            return max(0, row)
        middle = table.viewport().height() / 2
        with quietly_resized(table) as resized:  # the list laid out once, after
            own = self._fit(row, resized)
            for step in (1, -1):
                shown, near = own / 2, row + step
                while 0 <= near < count and shown < middle:
                    shown += self._fit(near, resized)
                    near += step
        # The top row: the one above which the entry's middle is nearest the list's.
        top, off, above = row, abs(own / 2 - middle), own / 2
        for near in range(row - 1, -1, -1):
            above += table.rowHeight(near)
            if abs(above - middle) < off:
                top, off = near, abs(above - middle)
            if above > middle:
                break
        return top

    def _fit(self, row: int, resized: Resized) -> int:
        height = self.height(row)
        if self.table.rowHeight(row) != height:
            self.table.setRowHeight(row, height)
            resized.changed = True
        return height

    def height(self, row: int) -> int:
        """The height QTableView.resizeRowToContents gives the view's row `row`."""
        table = self.table
        proxy = self.proxy
        source = row if proxy.in_order else proxy.mapToSource(proxy.index(row, 0)).row()
        key = (source, table.columnWidth(ENTRY_COLUMN))
        found = self._heights.get(key)
        if found is None:
            found = self._heights[key] = self._measured(row, source)
        return found

    def _measured(self, row: int, source: int) -> int:
        table, header = self.table, self.table.horizontalHeader()
        left = max(0, header.visualIndexAt(0))
        right = header.visualIndexAt(table.viewport().width())
        right = len(COLUMNS) - 1 if right < 0 else right
        entries = self.model.entries
        words = self.model.row_words(source) if 0 <= source < len(entries) else ()
        hint = 0
        cells, lines = self.cells, self.cells.lines
        for visual in range(left, right + 1):  # the columns in sight, as Qt asks them
            column = header.logicalIndex(visual)
            if header.isSectionHidden(column) or not words:
                continue
            if column == ENTRY_COLUMN:
                hint = max(hint, cells.cell_height(source, column))
                continue
            # A one-line cell's height as EntryCells keeps it (line_height), looked up here:
            # a row's four such cells, at each new row of a jump.
            found = lines.get((words[column] if column == WHO_COLUMN else "", column,
                               entries[source].voided))
            if found is None:
                found = cells.line_height(source, column)
            hint = max(hint, math.ceil(found))
        if table.showGrid():
            hint += 1
        if self._header is None:
            self._header = table.verticalHeader().sectionSizeHint(row)
        return max(hint, self._header)
