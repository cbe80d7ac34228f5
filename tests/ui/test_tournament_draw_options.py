"""The tournament window's "Draw with options…" (issue 22): the options go to the same service
as `banker tournament draw`, are recorded with the draw and shown with it; a refusal is said in
the dialog, which stays open."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.tournament import service as tournaments
from tests.ui.test_tournament_window import create_and_enter, ok, window  # noqa: F401 (fixture)
from ui.tournament.draw_dialog import DrawDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_draw_with_a_family_kept_apart_is_recorded_and_shown_and_repeats_from_the_dialog(
        window: TournamentWindow, tmp_path: Path) -> None:  # noqa: F811 (the fixture)
    tid = create_and_enter(window, tmp_path)  # P1-P8, a Qualifying of 2 tables of 4
    window.draw_with_options()
    dialog = window.dialog
    assert isinstance(dialog, DrawDialog)
    dialog.apart.setPlainText("P1, P2\n\n")
    dialog.seed.setText("17")
    ok(dialog)
    made = tournaments.load(tid).draw("Qualifying")
    assert made is not None and made.seed == 17
    assert made.options.apart == (("P1", "P2"),)
    assert all(len({"P1", "P2"} & set(x.players)) <= 1 for x in made.tables)
    words = "random from seed 17; kept apart: P1, P2"
    assert made.words == words
    assert f"Draw: {words}." in window.draw_text.text()
    assert words in window.messages.text()
    assert window.tabs.currentIndex() == 1
    # Opened again, the dialog holds the current draw's options and seed: OK repeats it.
    window.draw_with_options()
    again = window.dialog
    assert isinstance(again, DrawDialog)
    assert again.seed.text() == "17" and again.apart.toPlainText() == "P1, P2"
    ok(again)
    repeated = tournaments.load(tid).draw("Qualifying")
    assert repeated is not None and repeated.tables == made.tables


def test_a_snake_of_the_first_stage_is_refused_in_the_dialog_which_stays_open(
        window: TournamentWindow, tmp_path: Path) -> None:  # noqa: F811 (the fixture)
    tid = create_and_enter(window, tmp_path)
    window.draw_with_options()
    dialog = window.dialog
    assert isinstance(dialog, DrawDialog)
    dialog.method.setCurrentIndex(dialog.method.findData("snake"))
    dialog.avoid.setChecked(True)
    ok(dialog)
    assert "no ranking to seed a snake draw" in dialog.messages.text()
    assert window.dialog is dialog and dialog.isVisible()
    dialog.apart.setPlainText("P3")
    dialog.method.setCurrentIndex(dialog.method.findData("random"))
    ok(dialog)
    assert "2 or more different players" in dialog.messages.text()
    assert tournaments.load(tid).draws == ()
