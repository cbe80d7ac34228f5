"""The roll call on the tournament window's draw tab: the desk marks the players in the hall
present and the rest absent, the draw seats those present, an absence after the draw sets it
aside, and the service's refusals are said on the message line."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from tests.ui.test_tournament_window import cells, create_and_enter
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TournamentWindow:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    shown = TournamentWindow(now=lambda: START)
    qtbot.addWidget(shown)
    return shown


def select(window: TournamentWindow, first: int, last: int) -> None:
    model = window.roll
    rows = QItemSelection(model.index(first, 0), model.index(last, model.columnCount() - 1))
    window.roll_view.selectionModel().select(
        rows, QItemSelectionModel.SelectionFlag.ClearAndSelect
        | QItemSelectionModel.SelectionFlag.Rows)


def statuses(window: TournamentWindow) -> list[str]:
    return [window.roll.index(r, 2).data() for r in range(window.roll.rowCount())]


def test_the_desk_marks_the_roll_call_and_the_draw_seats_those_present(
        window: TournamentWindow, tmp_path: Path, qtbot, qtmodeltester) -> None:
    tid = create_and_enter(window, tmp_path)
    window.show()
    window._tab(1)
    qtmodeltester.check(window.roll)
    assert statuses(window) == ["unmarked"] * 8
    assert "no one marked yet: the draw seats every entrant not withdrawn" in \
        window.roll_text.text()
    select(window, 0, 3)  # Players 1-4 are in the hall
    with qtbot.wait_signal(window.changed):
        assert window.check_in_selected()
    select(window, 4, 7)
    with qtbot.wait_signal(window.changed):
        assert window.absent_selected()
    qtmodeltester.check(window.roll)
    assert statuses(window) == ["present"] * 4 + ["absent"] * 4
    assert cells(window.roll, 0) == ["P1", "Player 1", "present", "the desk, 2026-11-21 09:00 UTC"]
    assert window.roll_text.text() == (
        "Roll call of the Qualifying: 4 present, 0 standby, 4 absent, 0 unmarked — the draw "
        "seats those present and the standbys called in.")
    window.roll_view.grab().save(str(tmp_path / "roll-call.png"))

    with qtbot.wait_signal(window.changed):
        assert window.draw(3)
    assert window.cards.rowCount() == 1
    assert sorted(cells(window.cards, 0)[1].split(", ")) == [f"Player {n}" for n in range(1, 5)]

    select(window, 0, 0)  # Player 1 leaves the hall before the round starts
    with qtbot.wait_signal(window.changed):
        assert window.absent_selected()
    assert "the draw is set aside: draw again" in window.messages.text()
    assert window.cards.rowCount() == 0 and window.draw_button.isEnabled()
    assert tournaments.load(tid).draw("Qualifying") is None


def test_a_standby_is_refused_in_the_qualifying_and_the_reason_is_said(
        window: TournamentWindow, tmp_path: Path, qtbot) -> None:
    create_and_enter(window, tmp_path)
    window._tab(1)
    select(window, 0, 0)
    with qtbot.wait_signal(window.changed):
        assert window.absent_selected()
    select(window, 0, 0)
    assert not window.call_standby_selected()
    assert "every entered player plays one qualifying game" in window.messages.text()
    window.roll_view.clearSelection()
    assert not window.check_in_selected()
    assert "Select players in the roll call first" in window.messages.text()
