"""The table window on a 13-inch screen (1366×768): in every panel state nothing lies off the
window or outside its parent and no words are cut; the clock stays put; windows fit their
screen; the table display keeps every name whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from app.datafolder.paths import DATA_DIR_ENV
from app.table.service import TableGame
from models.choices import random_command
from models.engine import decide
from models.errors import BankerError
from tests.ui.layout_check import problems
from ui import screen_fit
from ui.display.window import DisplayWindow
from ui.table.session import TableSession
from ui.table.window import TableWindow
from ui.tools.table_moments import MOMENTS, SG4_START, Clock, moment, record

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LAPTOP = QSize(1366, 768)


@pytest.fixture
def shown(qtbot, tmp_path: Path) -> Iterator[object]:
    """Open the table window at 1366×768 on a game; closed after the test."""
    windows: list[TableWindow] = []

    def show(game: TableGame, size: QSize = LAPTOP) -> TableWindow:
        window = TableWindow(TableSession(game, tick_ms=None),
                             QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        window.resize(size)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield show
    for window in windows:
        if window.sheet is not None:
            window.sheet.close()
        window.session.close()


def laid_out(window: TableWindow) -> None:
    """The action area and feed brought up to date, and every layout settled."""
    window.settle()
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


@pytest.mark.parametrize("name", MOMENTS)
def test_no_widget_lies_off_a_1366_by_768_window_and_no_words_are_cut(
        shown, tmp_path: Path, name: str) -> None:
    game, then = moment(name, tmp_path, Clock())
    window = shown(game)
    if then is not None:
        then(window)
    laid_out(window)
    assert window.size() == LAPTOP
    assert problems(window) == []
    names = {p.name for p in window.view.players} if window.view else set()
    for panel in window.players.panels:  # every player's name and cash whole
        assert panel.heading.width() >= panel.heading.sizeHint().width()
        assert panel.cash.width() >= panel.cash.sizeHint().width()
    assert {p.name for p in window.players.panels} == names


def test_at_time_up_the_scoresheet_fits_the_screen_with_its_buttons_in_sight(
        shown, tmp_path: Path) -> None:
    game, then = moment("time-up", tmp_path, Clock())
    window = shown(game)
    assert then is not None
    then(window)
    laid_out(window)
    sheet = window.sheet
    assert sheet is not None and sheet.isVisible()
    screen = sheet.screen().availableGeometry()
    assert screen.contains(sheet.frameGeometry())
    for button in (sheet.print_button, sheet.pdf_button, sheet.collect_button):
        at = QRect(button.mapTo(sheet, button.rect().topLeft()), button.size())
        assert sheet.rect().contains(at), button.text()
    assert problems(sheet) == []


def test_save_pdf_offers_the_data_folder_and_the_games_name(
        shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    game = record(tmp_path / "final-table.db", [SG4_START], Clock())
    window = shown(game)
    window.open_scoresheet()
    assert window.sheet is not None
    assert window.sheet.pdf_path == tmp_path / "data" / "final-table-scoresheet.pdf"


def test_the_clock_never_moves_sideways_as_the_game_goes_on(shown, tmp_path: Path) -> None:
    game = record(tmp_path / "sg.db", [SG4_START, {"type": "start_clock"}], Clock())
    window = shown(game)
    laid_out(window)
    where = window.clock.mapTo(window, window.clock.rect().topLeft())
    width = window.clock.width()
    rng = Random(3)
    assert game.table is not None
    for _ in range(120):  # deeds bought, chips added, debts, auctions
        assert game.state is not None
        for command in random_command(game.table, game.state, rng):
            try:
                decide(game.table, game.state, command)
            except BankerError:
                continue
            if command.type != "declare_bankruptcy":
                window.session.send(command.model_dump(mode="json"))
            break
        laid_out(window)
        assert window.clock.mapTo(window, window.clock.rect().topLeft()) == where
        assert window.clock.width() == width


def test_the_display_keeps_every_players_whole_name_beside_deeds_and_cash(
        shown, qtbot, tmp_path: Path) -> None:
    game, _ = moment("classic-6-players", tmp_path, Clock())
    window = shown(game)
    display = DisplayWindow(window.session)
    qtbot.addWidget(display)
    for size in (QSize(1152, 648), QSize(1366, 768), QSize(1920, 1080)):
        display.resize(size)
        display.show()
        qtbot.waitExposed(display)
        QApplication.processEvents()
        rows = display.standings.rows
        assert any("mortgaged" in r.deeds.text() for r in rows)
        assert [r.heading.text() for r in rows] == [r.heading.full for r in rows], size
    display.close()


def test_a_window_fits_the_free_area_of_its_screen() -> None:
    laptop = QRect(0, 0, 1366, 728)  # 1366×768 less a 40-pixel taskbar
    assert screen_fit.fitted(QSize(1366, 768), laptop) == QSize(1350, 688)
    assert screen_fit.fitted(QSize(760, 900), laptop) == QSize(760, 688)
    assert screen_fit.fitted(QSize(760, 900), QRect(0, 0, 1920, 1040)) == QSize(760, 900)


def test_a_remembered_place_is_used_only_where_it_fits_the_screen(qtbot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    screen = QApplication.primaryScreen().availableGeometry()
    window = QLabel("a window")
    qtbot.addWidget(window)
    settings.setValue("place", f"0,0,{screen.width() + 125},{screen.height()}")  # too wide now
    assert not screen_fit.restore(window, settings, "place", QSize(1366, 768))
    assert window.width() <= screen.width() and window.height() <= screen.height()
    settings.setValue("place", "10,20,400,300")
    assert screen_fit.restore(window, settings, "place", QSize(1366, 768))
    assert window.pos().x() == 10 and window.width() <= 400
    settings.setValue("place", "not a place")
    assert not screen_fit.restore(window, settings, "place", QSize(1366, 768))


def test_a_long_game_name_never_makes_the_start_page_wider_than_a_laptop(qtbot) -> None:
    from ui.start.page import StartPage  # noqa: PLC0415

    page = StartPage()
    qtbot.addWidget(page)
    page.resume_button.set_full("Resume " + "Singapore Championship 2026 · Final · table 1 " * 8)
    assert page.minimumSizeHint().width() < 1366
    page.resize(1366, 700)
    page.show()
    qtbot.waitExposed(page)
    assert isinstance(page.resume_button, QPushButton)
    # Issue 30: the words wrap inside the button, whole, rather than end in "…".
    assert page.resume_button.text().endswith("table 1 ") and "…" not in page.resume_button.text()
    assert page.resume_button.width() <= 1366
    assert page.resume_button.height() >= 2 * page.resume_button.fontMetrics().height()
    assert page.resume_button.toolTip().startswith("Resume Singapore")


def test_the_check_finds_a_panel_run_off_the_window_and_a_name_cut(qtbot) -> None:
    from PySide6.QtWidgets import QGroupBox, QWidget  # noqa: PLC0415

    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    box = QGroupBox("Community Chest card drawn by", window)
    box.setGeometry(200, 10, 150, 80)  # past the window's right edge
    name = QLabel("Christopher", window)
    name.setGeometry(10, 10, 30, 20)  # narrower than the name
    window.show()
    qtbot.waitExposed(window)
    found = problems(window)
    assert any("QGroupBox" in line and "outside" in line for line in found)
    assert any("'Christopher'" in line and "needs" in line for line in found)


@pytest.mark.parametrize("name", ["classic-6-players", "px-5-players"])
def test_the_halls_banner_at_its_fullest_leaves_every_panel_whole(
        shown, tmp_path: Path, name: str) -> None:
    # The hall paused, this table flagged, a long announcement and the hub's outage at once:
    # the banner's four lines push the panels down, and still nothing is cut or off the window.
    from datetime import UTC, datetime  # noqa: PLC0415

    from models.tournament.hall_clock import HallEntry, HallRound  # noqa: PLC0415
    from ui.table.hall_follow import HallNotice  # noqa: PLC0415

    game, then = moment(name, tmp_path, Clock())
    window = shown(game)
    if then is not None:
        then(window)
    at = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    words = "The final's draw is posted at 11:00 by the stage; bankers keep their tables " * 2
    hall = HallRound(round="hall-open-2026/Qualifying", now=at, entries=(
        HallEntry(number=1, kind="start", at=at, by="Head Judge Tan"),
        HallEntry(number=2, kind="announce", at=at, text=words.strip(), by="Head Judge Tan"),
        HallEntry(number=3, kind="pause", at=at, text="evacuation: leave by the east doors",
                  by="Head Judge Tan")))
    window.hall_banner.show_notice(HallNotice(
        hall, flag="the round started at 10:00:00; this game has no clock. Call a judge.",
        hub_problem="the hub at hall-server cannot be used just now", at=at))
    laid_out(window)
    assert window.hall_banner.isVisible()
    assert window.size() == LAPTOP
    assert problems(window) == []


def test_the_start_page_shows_every_player_of_a_game_whole_in_four_scripts(qtbot, tmp_path) -> None:
    """Issue 30: the games list wraps a game's players in their column (each row as tall as
    they need) and the resume button wraps them too; neither ends a name in "…"."""
    from datetime import UTC, datetime  # noqa: PLC0415

    from PySide6.QtCore import QRect, Qt  # noqa: PLC0415

    from app.games.folder import GameSummary  # noqa: PLC0415
    from ui.start.page import StartPage  # noqa: PLC0415

    players = ("陈伟明", "முருகன் செல்வம்", "Nur Aisyah binti Abdul Rahman", "José Müller-Øberg",
               "Siti Aminah binti Yusof", "கவிதா சுப்பிரமணியம்")
    games = [GameSummary(tmp_path / f"g{n}.sqlite", f"Qualifying table {n}", "classic", players,
                         "in progress", datetime(2026, 11, 27, 9, n, tzinfo=UTC), 40 + n)
             for n in range(1, 4)]
    page = StartPage()
    qtbot.addWidget(page)
    page.resize(1366, 700)
    page.show()
    qtbot.waitExposed(page)
    page.show_games(games, tmp_path / "games")
    text = ", ".join(players)
    assert page.resume_button.text().count(text) == 1
    cell = page.table.visualRect(page.model.index(0, 2))
    needed = page.table.fontMetrics().boundingRect(
        QRect(0, 0, cell.width() - 8, 10_000), int(Qt.TextFlag.TextWordWrap), text)
    assert needed.height() <= cell.height(), (needed, cell)
    assert page.table.viewport().width() <= 1366
