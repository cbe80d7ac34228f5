"""The judge's entries list, measured once per row (ui/judge/entries_rows.py): each row as tall
as Qt's own resizeRowToContents makes it and each of the first four columns wide enough for
every entry's words, in every script, voided rows and a larger font included; a jump sizes the
rows it brings into sight before they are painted, so nothing is painted twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from app.table.command_text import parse_command
from tests.app.recorded_games import record
from tests.ui.judge_shown import judge_at_1366
from ui.judge.entries_model import ENTRY_COLUMN
from ui.judge.window import JudgeWindow
from ui.tools.table_moments import Clock, four_scripts

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Six players named in Chinese, Tamil, Malay and accented Latin; and the classic sample
    with its last command undone (two entries voided: grey and struck out)."""
    folder = tmp_path_factory.mktemp("entries-rows")
    four_scripts(folder / "scripts.db", 6, Clock()).close()
    sample = record(folder / "sample.db", "classic-sample.jsonl")
    sample.submit(parse_command({"type": "undo"}))
    sample.close()
    return {"scripts": folder / "scripts.db", "voided": folder / "sample.db"}


def check_every_row(window: JudgeWindow) -> int:
    """Each row's kept height against Qt's resizeRowToContents, and each cell's width against
    its column; the number of rows whose words wrap."""
    panel = window.entries
    table, model = panel.table, panel.table.model()
    grid = 1 if table.showGrid() else 0
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    heights = []
    for row in range(model.rowCount()):
        ours = panel.rows.height(row)
        table.resizeRowToContents(row)  # Qt's own measure, every cell's delegate asked
        assert ours == table.rowHeight(row), (row, model.index(row, ENTRY_COLUMN).data())
        heights.append(ours)
        for column in range(ENTRY_COLUMN):
            if table.isColumnHidden(column):
                continue
            index = model.index(row, column)
            needed = table.itemDelegateForIndex(index).sizeHint(option, index).width() + grid
            assert needed <= table.columnWidth(column), (row, column, index.data())
    return sum(1 for height in heights if height > min(heights))


@pytest.mark.parametrize("game", ["scripts", "voided"])
def test_each_row_is_as_tall_as_qt_makes_it_and_each_column_fits_every_entry(
        qtbot, games: dict[str, Path], game: str) -> None:
    window = judge_at_1366(qtbot, games[game])
    taller = check_every_row(window)
    if game == "scripts":
        assert taller > 0  # some entries' words took two lines or more
    # A larger font: every measure again (the kept heights were the smaller font's).
    font = QFont(window.entries.table.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    window.entries.table.setFont(font)
    QApplication.processEvents()
    check_every_row(window)
    window.close()


def test_a_jump_sizes_the_rows_it_shows_before_painting_them(
        qtbot, games: dict[str, Path], styled: QApplication) -> None:
    # With the app's style sheet, as the judge sees it: the chosen entry's words below the
    # list take several lines at its 12 points, so the list is shorter after the jump than
    # before it (the entry was centred in the list as it was, 2.5 rows too high).
    window = judge_at_1366(qtbot, games["scripts"])
    panel, table = window.entries, window.entries.table
    # Every row back at the default height, as a long game's rows not yet seen are.
    for row in range(table.model().rowCount()):
        table.setRowHeight(row, table.verticalHeader().defaultSectionSize())
    target = table.model().rowCount() // 2
    seq = int(table.model().index(target, 0).data())
    window.travel.slider.setValue(seq)  # the jump: time travel, then the list's cursor
    assert panel.current_seq() == seq
    top = table.rowAt(0)
    bottom = table.rowAt(table.viewport().height() - 1)
    bottom = table.model().rowCount() - 1 if bottom < 0 else bottom
    assert top <= target <= bottom  # the entry shown is in sight
    # No timer needed: the rows in sight already stand at their measured heights.
    assert not panel.rows_fit.timer.isActive() or all(
        table.rowHeight(row) == panel.rows.height(row) for row in range(top, bottom + 1))
    for row in range(top, bottom + 1):
        assert table.rowHeight(row) == panel.rows.height(row)
    # The entry jumped to stands in the middle of the list (docs/decisions.md), give or take
    # half a row: the rows above and below it are whole rows.
    shown = table.visualRect(table.model().index(target, 0))
    middle = table.viewport().height() / 2
    assert abs(shown.center().y() - middle) <= max(table.rowHeight(target - 1),
                                                   table.rowHeight(target + 1))
    # A step to the next entry moves the cursor and leaves the list where it is.
    scrolled = table.verticalScrollBar().value()
    window.travel.step(1)
    assert panel.current_seq() == seq + 1
    assert table.verticalScrollBar().value() == scrolled
    window.close()


def test_the_rows_measured_ahead_are_as_qt_makes_them_and_a_jump_measures_none(
        qtbot, games: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    # While the judge's window is idle, the rows not yet in sight are measured ahead
    # (EntriesPanel.measuring, EntryRows.measure_ahead): every row then has its height, the
    # one Qt's resizeRowToContents gives it, and a jump to rows never shown measures none of
    # them. A new width or font measures them all ahead again.
    window = judge_at_1366(qtbot, games["scripts"])
    panel, table = window.entries, window.entries.table
    rows = panel.rows
    qtbot.waitUntil(lambda: not panel.measuring.isActive())
    measured: list[int] = []
    measure = rows._measured
    monkeypatch.setattr(rows, "_measured", lambda row, source, columns, **keep: (
        measured.append(source), measure(row, source, columns, **keep))[1])
    count = table.model().rowCount()
    assert count > 40
    # The layouts measured ahead were not kept: only those of the rows drawn so far (a
    # screen's rows, each with its entry's words and one layout per distinct one-line cell).
    assert len(panel.cells._kept) < 4 * table.viewport().height() // table.rowHeight(0)
    for target in (count - 1, count // 2, 0):  # jumps to rows not painted yet
        window.travel.slider.setValue(int(table.model().index(target, 0).data()))
        QApplication.processEvents()
    assert measured == []
    taller = check_every_row(window)
    assert measured == [] and taller > 0  # every height measured ahead, and Qt's
    # Narrower: the words wrap at a new width, every row measured ahead at it.
    wide = table.columnWidth(ENTRY_COLUMN)
    window.resize(1000, 768)
    qtbot.waitUntil(lambda: table.columnWidth(ENTRY_COLUMN) < wide
                    and not panel.measuring.isActive())
    assert len(measured) == count
    measured.clear()
    assert check_every_row(window) > taller  # more rows wrap in the narrower column
    assert measured == []
    # A larger font: again.
    font = QFont(table.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    table.setFont(font)
    qtbot.waitUntil(lambda: not panel.measuring.isActive())
    assert len(measured) >= count
    measured.clear()
    check_every_row(window)
    assert measured == []
    # A filter that shows no row, then a new font: the rows are measured ahead all the same,
    # and the row header's least height is not taken from a row the view does not have.
    panel.search.setText("no entry has these words")
    assert table.model().rowCount() == 0
    table.setFont(QFont(font.family(), 11))
    qtbot.waitUntil(lambda: not panel.measuring.isActive())
    assert rows._header is None or rows._header > 0
    panel.search.setText("")
    measured.clear()
    check_every_row(window)
    assert measured == []
    window.close()
