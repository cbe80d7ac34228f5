"""Names in Singapore's four scripts, up to 40 letters, are shown whole at 1366×768 at the
default and the largest text size with 2 and 6 players: the banker's player list, the log, the
palette, the table display; and the markers on the board tell the players apart without colour."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QListView

from app.table.actions import Action
from app.table.service import TableGame
from tests.ui.judge_shown import judge_at_1366
from tests.ui.layout_check import problems
from ui import scale
from ui.display.window import DisplayWindow
from ui.table import palette
from ui.table.palette_dialog import PaletteDialog
from ui.table.session import TableSession
from ui.table.window import TableWindow
from ui.tools.table_moments import FOUR_SCRIPTS, Clock, four_scripts

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SIZES = [scale.BASE_PT, scale.MAX_PT]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The four-script games of 2 and 6 players, recorded once for the module."""
    folder = tmp_path_factory.mktemp("four-scripts")
    for players in (2, 6):
        four_scripts(folder / f"{players}.db", players, Clock()).close()
    return {players: folder / f"{players}.db" for players in (2, 6)}


@pytest.fixture
def window(qtbot, tmp_path: Path, recorded: dict[int, Path]) -> Iterator[object]:
    """The table window at 1366×768 on the game of `players`, at `points` text."""
    opened: list[TableWindow] = []

    def show(players: int, points: int) -> TableWindow:
        settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
        settings.setValue(scale.FONT_KEY, points)
        game = TableGame.open(str(recorded[players]))
        shown = TableWindow(TableSession(game, tick_ms=None), settings)
        qtbot.addWidget(shown)
        shown.resize(1366, 768)
        shown.show()
        qtbot.waitExposed(shown)
        shown.settle()
        for _ in range(3):
            QApplication.sendPostedEvents()
            QApplication.processEvents()
        opened.append(shown)
        return shown

    yield show
    for shown in opened:
        shown.session.close()


def whole_in(label: QLabel) -> bool:
    """The label's words all shown: wrapped into its height, or on one line within its width."""
    if label.wordWrap():
        return label.heightForWidth(label.width()) <= label.height() + 1
    return label.fontMetrics().horizontalAdvance(label.text()) <= label.width()


def longest_word_fits(label: QLabel, name: str) -> bool:
    """No word of the name is wider than the label (a wrapped label does not break a word)."""
    metrics = label.fontMetrics()
    return all(metrics.horizontalAdvance(word) <= label.width() for word in name.split())


@pytest.mark.parametrize("points", SIZES)
@pytest.mark.parametrize("players", [2, 6])
def test_each_players_whole_name_is_in_the_banker_player_list(window, players: int,
                                                                points: int) -> None:
    shown = window(players, points)
    names = list(FOUR_SCRIPTS[:players])
    assert sorted(p.name for p in shown.players.panels) == sorted(names)
    for panel in shown.players.panels:
        heading = panel.heading
        assert escape(panel.name) in heading.text()
        assert "…" not in heading.text()
        assert whole_in(heading), (panel.name, points)
        assert longest_word_fits(heading, panel.name), (panel.name, points)
        # What stands out ("in Jail (turn 2)") has its own line: it never cuts the name.
        assert panel.status.text() not in heading.text() or not panel.status.text()
        for label in (panel.status, panel.where):
            assert whole_in(label), (label.text(), points)
        assert panel.cash.width() >= panel.cash.sizeHint().width()
    # Nothing in the window cut or squeezed, no word wider than its label (at the largest text
    # the tabs' own scroll arrows may hide a tab's words: never a name).
    assert [p for p in problems(shown) if not p.startswith("QTabBar")] == []


@pytest.mark.parametrize("points", SIZES)
@pytest.mark.parametrize("players", [2, 6])
def test_every_log_row_is_wrapped_whole_whatever_its_script(window, players: int,
                                                           points: int) -> None:
    shown = window(players, points)
    feed: QListView = shown.feed
    width = feed.viewport().width()
    model = feed.model()
    assert model.rowCount() > 5
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        text = index.data()
        font = index.data(Qt.ItemDataRole.FontRole)
        # Measured independently of the view, with fallback fonts as drawn, wrapped anywhere.
        needed = QFontMetrics(font).boundingRect(
            QRect(0, 0, width - 2 * feed.rows.margin(), 100_000),
            int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere), text).height()
        assert feed.visualRect(index).height() >= needed, (text, points)
        assert feed.visualRect(index).width() <= width


@pytest.mark.parametrize("points", SIZES)
def test_the_palettes_build_lines_wrap_with_their_total_in_sight(window, qtbot,
                                                                 points: int) -> None:
    shown = window(6, points)
    streets = "; ".join(f"{street}: 4th house M200, hotel M200" for street in (
        "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"))
    offered = [Action(id=f"build-{seat}", label=f"{name} builds up to a hotel on each street "
                      f"of the set — {streets} (total M{1200 + seat:,})",
                      command={"type": "build"}, group="build")
               for seat, name in enumerate(FOUR_SCRIPTS)]
    dialog = PaletteDialog(offered, "", shown)  # the window's text size
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    listed = dialog.list
    assert listed.count() == 6
    assert listed.horizontalScrollBar().maximum() == 0  # nothing runs off the right edge
    room = listed.viewport().width() - 2 * listed.itemDelegate().margin()
    for row in range(listed.count()):
        item = listed.item(row)
        rect = listed.visualItemRect(item)
        needed = QFontMetrics(listed.font()).boundingRect(
            QRect(0, 0, room, 100_000),
            int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere), item.text()).height()
        assert needed > 2 * QFontMetrics(listed.font()).height()  # it wraps: three lines or more
        assert rect.height() >= needed and rect.right() <= listed.viewport().width()
    dialog.close()


def test_six_players_three_of_them_s_have_markers_told_apart_without_colour(window) -> None:
    shown = window(6, scale.BASE_PT)
    assert shown.view is not None
    seats = {p.name: p.seat for p in shown.view.players}
    assert [n for n in FOUR_SCRIPTS if n.startswith("S")] == [
        "Siti Nurhaliza binti Abdul Rahman Yusof", "Siti Aminah", "Sofía Ñúñez-Øberg"]
    tokens = shown.board.tokens
    assert {name: token.letter.text() for name, token in tokens.items()} == {
        name: str(seats[name]) for name in tokens}
    marks = {palette.marker(seats[n], n) for n in FOUR_SCRIPTS}
    assert len(marks) == 6
    assert palette.marker(seats["Siti Aminah"], "Siti Aminah").endswith(" SA")
    # The owner's strips along a row carry the same mark; the player list shows it by the name.
    strips = [item.childItems()[0].text() for item in shown.board.items_of("owner")]
    assert strips and all(text.split()[0].isdigit() for text in strips)
    assert set(strips) <= marks | {str(seat) for seat in seats.values()}
    for panel in shown.players.panels:
        mark = palette.marker(seats[panel.name], panel.name)
        assert escape(mark).replace(" ", "&nbsp;") in panel.heading.text()


@pytest.mark.parametrize("players", [2, 6])
def test_the_table_display_writes_every_name_and_the_line_under_it_whole(
        window, qtbot, players: int) -> None:
    shown = window(players, scale.BASE_PT)
    display = DisplayWindow(shown.session)
    qtbot.addWidget(display)
    display.resize(1366, 768)
    display.show()
    qtbot.waitExposed(display)
    QApplication.processEvents()
    for row in display.standings.rows:
        for label in (row.heading, row.status):
            assert label.text() == label.full
            assert label.fontMetrics().horizontalAdvance(label.full) <= label.width() \
                or (label.wordWrap() and whole_in(label)), label.full
        assert row.mark.text().isdigit()
    assert {row.heading.full for row in display.standings.rows} == set(FOUR_SCRIPTS[:players])
    for line in display.lines:
        assert line.text() == line.full
        assert line.fontMetrics().horizontalAdvance(line.full) <= line.width() or whole_in(line)
    display.close()


HALL_NAMES = ("陈伟明", "Siti Nurhaliza binti Abdul Rahman Yusof", "முருகன் செல்வம்",
              "José Müller-Øberg", "林美玲", "Nur Aisyah binti Abdul Rahman",
              "கவிதா சுப்பிரமணியம்", "Zoë Ñúñez", "欧阳晓明",
              "Tan Sri Dato Muhammad Aiman bin Zulkifli", "Priya Menon", "Siti Aminah",
              "Benjamin Teo", "Farah Iskandar", "Kelvin Chua", "Mei Ling Koh")


def test_the_hall_display_writes_every_name_whole_at_1366_by_768(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    # its qualifying round, with these names
    from ui.hall.window import NAME, HallWindow  # noqa: PLC0415
    from ui.tools import hall_screenshot as screenshot  # noqa: PLC0415

    monkeypatch.setattr(screenshot, "NAMES", HALL_NAMES)
    window = HallWindow(screenshot.Shown(screenshot.board()), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.refresh()
    seen = set()
    for _ in window.pages:
        QApplication.processEvents()
        for line in window.lines:
            cell = line.cells[NAME]
            if not cell.full or not line.isVisible():
                continue
            seen.add(cell.full)
            assert cell.text() == cell.full
            assert cell.fontMetrics().horizontalAdvance(cell.full) <= cell.width(), cell.full
        window.next_page()
    assert "Tan Sri Dato Muhammad Aiman bin Zulkifli" in seen
    window.close()


def test_the_head_judges_standings_show_every_name_whole_at_1366_by_768(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415 (the head judge's own)
    from app.hub import Hub  # noqa: PLC0415
    from app.tournament import service as tournaments  # noqa: PLC0415
    from models.tournament.records import Player, Stage  # noqa: PLC0415
    from ui.head_judge.reader import HallReader  # noqa: PLC0415
    from ui.head_judge.standings_model import COLUMNS  # noqa: PLC0415
    from ui.head_judge.window import HeadJudgeWindow  # noqa: PLC0415

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Cup", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score")])
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name)
                                   for n, name in enumerate(HALL_NAMES[:8], start=1)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    Hub.open(str(tmp_path / "hub.db"), create=True).close()
    window = HeadJudgeWindow(HallReader(str(tmp_path / "hub.db"), t.id), threaded=False,
                             poll_ms=None)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.refresh()
    QApplication.processEvents()
    view, model = window.standings.view, window.standings.model
    column = COLUMNS.index("Player")
    shown = {model.index(r, column).data() for r in range(model.rowCount())}
    assert shown == set(HALL_NAMES[:8])
    for row in range(model.rowCount()):
        name = model.index(row, column).data()
        assert view.fontMetrics().horizontalAdvance(name) <= view.columnWidth(column), name
    window.close()


def test_the_hall_printouts_carry_every_long_name_whole(
        qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The table cards write a long name smaller, the draw sheet and the scoresheets wrap it in
    # its cell: the PDFs' text gives each name back whole (Latin-script ones: the others
    # depend on the fonts the machine has).
    import unicodedata  # noqa: PLC0415

    from pypdf import PdfReader  # noqa: PLC0415

    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.tournament import service as tournaments  # noqa: PLC0415
    from app.tournament.hall import hall_print  # noqa: PLC0415
    from models.tournament.records import Player  # noqa: PLC0415
    from ui.tournament.hall_pdf import cards_pdf, draw_sheet_pdf, scoresheets_pdf  # noqa: PLC0415

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Open 2026", "sg-championship", board="classic-uk")
    tournaments.add_players(t.id, [Player(id=f"SG{n:02}", name=name)
                                   for n, name in enumerate(HALL_NAMES[:12], start=1)])
    hall = hall_print(tournaments.draw(t.id, "Qualifying", seed=42), "Qualifying")
    latin = [n for n in HALL_NAMES[:12] if n.isascii() or "ñ" in n.lower() or "é" in n]
    for write in (cards_pdf, draw_sheet_pdf, scoresheets_pdf):
        path = tmp_path / f"{write.__name__}.pdf"
        write(hall, path)
        text = " ".join(unicodedata.normalize("NFKC", page.extract_text())
                        for page in PdfReader(path).pages)
        words = " ".join(text.replace("-\n", "-").split())
        for name in latin:
            assert unicodedata.normalize("NFKC", name) in words, (write.__name__, name)


def test_the_deal_form_shows_both_long_names_and_their_cash_whole(window, qtbot) -> None:
    shown = window(6, scale.BASE_PT)
    shown.open_deal()
    dialog = shown.dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    first = dialog.first_box.heading.text()
    assert first.startswith("Siti Nurhaliza binti Abdul Rahman Yusof gives (has M")
    assert dialog.second_box.heading.text().startswith(dialog.second.currentText() + " gives")
    assert dialog.width() <= 1366
    assert problems(dialog) == []
    dialog.close()


def test_a_markers_initials_are_two_whole_letters_in_every_script() -> None:
    assert palette.initials("Siti Aminah binti Ismail") == "SA"
    assert palette.initials("陈伟明") == "陈伟"
    assert palette.initials("கவிதா") == "கவி"  # the consonant keeps its vowel sign
    assert palette.initials("முருகன் செல்வம்") == "முசெ"
    assert palette.initials("E\u0301lodie Tan") == "E\u0301T"  # a combining accent kept
    assert palette.marker(3, "Siti Aminah") == "3 SA"
    assert palette.marker(3, "Siti Aminah", short=True) == "3"


def test_the_judges_entries_wrap_whole_in_their_column(qtbot, recorded: dict[int, Path]) -> None:
    from ui.judge.entries_model import ENTRY_COLUMN  # noqa: PLC0415

    window = judge_at_1366(qtbot, recorded[6])
    table = window.entries.table
    model = table.model()
    width = window.entries.cells.text_width(ENTRY_COLUMN)
    assert table.textElideMode() == Qt.TextElideMode.ElideNone
    # The rows in sight are sized (all of a long game's at once took seconds): the last
    # entry, the current one, stays in sight as they grow.
    top, bottom = table.rowAt(0), table.rowAt(table.viewport().height() - 1)
    assert top >= 0
    assert table.viewport().rect().intersects(table.visualRect(table.currentIndex()))
    wrapped = 0
    for row in range(top, model.rowCount() if bottom < 0 else bottom + 1):
        index = model.index(row, ENTRY_COLUMN)
        text = index.data()
        needed = QFontMetrics(table.font()).boundingRect(
            QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), text).height()
        assert table.rowHeight(row) >= needed, text
        wrapped += needed > QFontMetrics(table.font()).height() * 1.5
    assert wrapped > 0  # long names made some entries two lines or more
    window.close()


@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_the_judges_window_fits_a_1366_screen_with_six_names_in_four_scripts(
        qtbot, recorded: dict[int, Path], styled: QApplication) -> None:
    window = judge_at_1366(qtbot, recorded[6])
    # The player filter is as wide as its column gives it, not as its longest name (40
    # letters: the window was 1,408 pixels wide, cut on a 1366x768 laptop)...
    assert window.minimumSizeHint().width() <= 1366
    assert window.width() == 1366
    combo = window.entries.player
    names = [combo.itemText(i) for i in range(1, combo.count())]
    assert "Siti Nurhaliza binti Abdul Rahman Yusof" in names
    # ...and the list it drops down shows each name whole.
    combo.showPopup()
    QApplication.processEvents()
    view = combo.view()
    assert all(view.fontMetrics().horizontalAdvance(name) < view.viewport().width()
               for name in names)
    combo.hidePopup()
    window.close()
