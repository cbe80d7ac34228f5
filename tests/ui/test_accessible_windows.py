"""Every window as a screen reader reads it: Qt's accessibility tree holds no control without a
name, and Tab goes round every control and back, out of every list."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QTabWidget, QWidget

from app.datafolder.paths import DATA_DIR_ENV
from app.editions.board_editor import open_board
from app.games import folder as games
from app.hub import HUB_URL_ENV, Hub, push_file
from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.hub_tables import fresh_hub
from tests.clocks import Clock
from tests.ui.a11y import focusable, tab_round, unnamed
from ui.app import MainWindow
from ui.board_editor.models import SpacesModel
from ui.board_editor.window import BoardEditorWindow
from ui.hall.board import HallSource
from ui.hall.window import HallWindow
from ui.head_judge.reader import HallReader
from ui.head_judge.window import HeadJudgeWindow
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow
from ui.scoresheet.dialog import ScoresheetDialog
from ui.sounds import Sounds
from ui.start.new_game import NewGameForm
from ui.table.session import TableSession
from ui.table.window import TableWindow
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "OpenType support missing")

NAMES = ["陈伟明", "முருகன் செல்வம்", "Nur Aisyah binti Rahman", "José Müller-Øberg"]
START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
         "players": NAMES, "roll_off": [dict(zip(NAMES, ([6, 5], [4, 3], [2, 2], [3, 3]),
                                                 strict=True))],
         "judges": judges_field([("Lee", "246813")])}
PLAYED = [{"type": "start_clock"}, {"type": "roll", "player": NAMES[0], "dice": [2, 4]},
          {"type": "buy", "player": NAMES[0]}, {"type": "roll", "player": NAMES[1], "dice": [2, 4]}]
AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    return tmp_path / "data"


def played(path: Path) -> TableGame:
    game = TableGame.open(str(path), now=Clock())
    for command in (START, *PLAYED):
        game.submit(parse_command(command))
    return game


def shown(qtbot, window: QWidget) -> QWidget:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def tournament(count: int = 8) -> str:
    people = [*NAMES, "林美玲", "கவிதா", "Siti Aminah", "Zoë Ñúñez"][:count]
    t = tournaments.create("Singapore Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score")])
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name, contact="")
                                   for n, name in enumerate(people, 1)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    return t.id


@pytest.fixture
def start_page(qtbot, tmp_path: Path) -> MainWindow:
    clock = Clock()
    games.create_game(parse_command(START), "Mei", now=clock)
    games.open_sample(clock)
    return shown(qtbot, MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None, settings=QSettings(
        str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)))


@pytest.fixture
def new_game(qtbot) -> NewGameForm:
    return shown(qtbot, NewGameForm(lambda *args: None))


@pytest.fixture
def judge(qtbot, tmp_path: Path) -> Iterator[JudgeWindow]:
    played(tmp_path / "judged.db").close()
    session = JudgeSession(str(tmp_path / "judged.db"), now=Clock(), poll_ms=None)
    yield shown(qtbot, JudgeWindow(session))
    session.close()


@pytest.fixture
def head_judge(qtbot, tmp_path: Path) -> Iterator[HeadJudgeWindow]:
    url = fresh_hub("sqlite", tmp_path)
    played(tmp_path / "t1.db").close()
    with Hub.open(url) as hub:
        push_file(hub, tmp_path / "t1.db")
    window = HeadJudgeWindow(HallReader(url, now=lambda: AT + timedelta(days=400)),
                             threaded=False, poll_ms=None)
    shown(qtbot, window)
    window.refresh()
    yield window
    window.close()


@pytest.fixture
def tournament_desk(qtbot) -> TournamentWindow:
    tid = tournament()
    window = shown(qtbot, TournamentWindow(now=lambda: AT))
    window.show_tournament(tournaments.load(tid))
    return window


@pytest.fixture
def display(qtbot, tmp_path: Path) -> Iterator[QWidget]:
    session = TableSession(played(tmp_path / "shown.db"), tick_ms=None)
    table = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    shown(qtbot, table)
    table.toggle_display()
    assert table.display is not None
    yield table.display
    session.close()


@pytest.fixture
def hall(qtbot) -> HallWindow:
    window = HallWindow(HallSource(tournament()), threaded=False, poll_ms=None, page_ms=60_000)
    shown(qtbot, window)
    window.refresh()
    return window


@pytest.fixture
def board_editor(qtbot) -> BoardEditorWindow:
    return shown(qtbot, BoardEditorWindow(open_board("singapore"), give_up=lambda _q: True))


@pytest.fixture
def scoresheet_dialog(qtbot, tmp_path: Path) -> ScoresheetDialog:
    return shown(qtbot, ScoresheetDialog(scoresheet(played(tmp_path / "sheet.db"))))


WINDOWS = ["start_page", "new_game", "judge", "head_judge", "tournament_desk", "display", "hall",
           "board_editor", "scoresheet_dialog"]


def every_page(window: QWidget) -> Iterator[str]:
    """Shows each page of each of the window's tabs in turn (the window as it opened first)."""
    yield "as opened"
    for tabs in window.findChildren(QTabWidget):
        for index in range(tabs.count()):
            if tabs.isVisible() and tabs.isTabEnabled(index):
                tabs.setCurrentIndex(index)
                yield tabs.tabText(index)


@pytest.mark.parametrize("name", WINDOWS)
def test_no_control_in_the_window_is_left_without_a_name(request, name: str) -> None:
    window = request.getfixturevalue(name)
    for page in every_page(window):
        found = unnamed(window)
        assert not found, f"unnamed on {page}:\n" + "\n".join(found)


@pytest.mark.parametrize("name", WINDOWS)
def test_tab_goes_round_every_control_of_the_window_and_back(request, qtbot, name: str) -> None:
    window = request.getfixturevalue(name)
    for page in every_page(window):
        visited = tab_round(qtbot, window)
        missed = [w.accessibleName() or w.objectName() or type(w).__name__
                  for w in focusable(window) if w not in visited]
        assert not missed, f"on {page} Tab never reaches {missed}"


def test_on_the_start_page_tab_leaves_the_games_list_for_the_buttons_in_reading_order(
        qtbot, start_page: MainWindow) -> None:
    page = start_page.start
    visited = tab_round(qtbot, start_page)
    assert visited[0] is page.table  # the list has the focus as the page opens
    assert visited[1:] == [page.open_button, page.judge_button, page.about_button,
                           page.new_button, page.sample_button, page.file_button,
                           page.board_button, page.tournament_button, page.resume_button]


def test_the_board_editors_grey_yellow_and_red_cells_say_in_words_what_they_show() -> None:
    spaces = SpacesModel(open_board("singapore"))
    spoken = Qt.ItemDataRole.AccessibleTextRole
    assert spaces.index(0, spaces.column("price")).data(spoken) == "does not apply"  # GO
    name = spaces.index(1, spaces.column("name"))
    assert name.data(spoken) == f"{name.data()} (not confirmed)"
    assert spaces.index(1, spaces.column("name_confirmed")).data(spoken) == "not confirmed"
    price = spaces.index(1, spaces.column("price"))
    assert not spaces.setData(price, "-50")
    assert price.data(spoken) == "60; refused: the price must be more than 0"


def test_the_judges_step_back_in_time_is_said_in_words_not_only_as_the_sliders_number(
        judge: JudgeWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    real = QAccessible.updateAccessibility

    def record(event: Any) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            said.append(event.message())
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    QAccessible.setActive(True)
    try:
        judge.travel.step(-1)
    finally:
        QAccessible.setActive(False)
    head = judge.session.head_seq
    assert said and said[-1].startswith(f"THE PAST — as it stood right after entry #{head - 1}: ")
    assert judge.travel.slider.accessibleDescription().startswith(said[-1])
