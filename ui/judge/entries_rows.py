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
import time

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
AHEAD_CHECK = 16  # rows measured ahead between looks at the clock (some 0.5 ms)


class EntryRows:
    """The widths of the list's first four columns and the height of each of its rows (by
    the row of `proxy`, the filter the view shows), kept until the font, the style or the
    entries' column width changes."""

    def __init__(self, table: QTableView, model: EntriesModel, proxy: EntriesFilter,
                 cells: EntryCells) -> None:
        self.table, self.model, self.proxy, self.cells = table, model, proxy, cells
        # The rows' heights (by source row) at the entries' column width, and at the width
        # before (a scroll bar come and gone gives the column back its width).
        self._heights: dict[int, int] = {}
        self._width = -1  # the entries' column width _heights were measured at
        self._before: tuple[int, dict[int, int]] = (-1, {})
        self._ahead = 0  # the source rows before it measured ahead (or in sight) at _width
        self._header: int | None = None  # the (hidden) row header's height for a row
        self._shapes: list[set[str]] = [set() for _ in range(ENTRY_COLUMN)]
        self._seen = 0  # the entries whose shapes are in _shapes

    def forget(self) -> None:
        """A new font or style: every measure again."""
        self._forget_heights()
        self._header = None
        self.cells.forget()

    def entries_replaced(self) -> None:
        """The list was replaced (a void rewrites earlier rows' words): every row again."""
        self._forget_heights()
        self._shapes = [set() for _ in range(ENTRY_COLUMN)]
        self._seen = 0
        self.cells.forget()

    def rows_changed(self, rows: list[int]) -> None:
        """The model's `rows` changed in place (a void marked them voided): their heights
        and words measured again."""
        changed = set(rows)
        for heights in (self._heights, self._before[1]):
            for source in changed & heights.keys():
                del heights[source]
        if changed:
            self._ahead = min(self._ahead, *changed)
        self.cells.forget_rows(changed)

    def _forget_heights(self) -> None:
        self._heights = {}
        self._before = (-1, {})
        self._ahead = 0

    def _at_width(self, width: int) -> dict[int, int]:
        """The heights kept at the entries' column `width` (a new width: those kept at the
        width before it if it is that one again, else none; and measured ahead again)."""
        if width != self._width:
            was, self._before = self._before, (self._width, self._heights)
            self._heights = was[1] if was[0] == width else {}
            self._width = width
            self._ahead = 0
        return self._heights

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
        proxy = self.proxy
        source = row if proxy.in_order else proxy.mapToSource(proxy.index(row, 0)).row()
        heights = self._at_width(self.table.columnWidth(ENTRY_COLUMN))
        found = heights.get(source)
        if found is None:
            found = heights[source] = self._measured(row, source, self._columns_in_sight())
        return found

    def measure_ahead(self, seconds: float) -> bool:
        """Measure the rows not measured yet at the entries' column width, in the game's
        order, for about `seconds`; True while some remain. For a list with time to spare
        (the judge's, when idle): a jump to a part of the game not yet shown then lays out
        only the rows' words it paints, not their heights first. The layouts are not kept
        (those of the rows in sight stay)."""
        heights = self._at_width(self.table.columnWidth(ENTRY_COLUMN))
        count = len(self.model.entries)
        if self._ahead >= count:
            return False
        columns = self._columns_in_sight()
        until = time.perf_counter() + seconds
        source = self._ahead
        while source < count:
            if source not in heights:
                heights[source] = self._measured(source, source, columns, keep=False)
            source += 1
            if not source % AHEAD_CHECK and time.perf_counter() >= until:
                break
        self._ahead = source
        return source < count

    def _columns_in_sight(self) -> list[int]:
        """The columns in sight, as Qt asks them of a row (its hidden ones left out)."""
        table, header = self.table, self.table.horizontalHeader()
        left = max(0, header.visualIndexAt(0))
        right = header.visualIndexAt(table.viewport().width())
        right = len(COLUMNS) - 1 if right < 0 else right
        columns = (header.logicalIndex(visual) for visual in range(left, right + 1))
        return [column for column in columns if not header.isSectionHidden(column)]

    def _measured(self, row: int, source: int, columns: list[int], *, keep: bool = True
                  ) -> int:
        table = self.table
        entries = self.model.entries
        words = self.model.row_words(source) if 0 <= source < len(entries) else ()
        hint = 0
        cells, lines = self.cells, self.cells.lines
        for column in columns if words else ():
            if column == ENTRY_COLUMN:
                hint = max(hint, cells.cell_height(source, column, keep=keep))
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
        header = self._header
        if header is None:  # a row of the view's (the rows measured ahead are the model's)
            header = table.verticalHeader().sectionSizeHint(
                max(0, min(row, table.model().rowCount() - 1)))
            if header >= 0:  # -1: the view shows no row to ask of
                self._header = header
        return max(hint, header)
