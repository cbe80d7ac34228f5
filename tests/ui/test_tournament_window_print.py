"""The tournament window's "Print for the hall…": the stage's three PDFs into a chosen folder,
refused (nothing written) before the draw; and the new-tournament form's board."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialogButtonBox

from app.tournament import service as tournaments
from tests.ui.test_tournament_window import create_and_enter, window
from ui.tournament.new_tournament import NewTournamentDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["window"]  # the fixture, used by name


def test_print_for_the_hall_writes_the_cards_the_draw_sheet_and_the_scoresheets(
        window: TournamentWindow, tmp_path: Path) -> None:
    tid = create_and_enter(window, tmp_path)
    out = tmp_path / "hall"
    out.mkdir()
    window.choose_folder = lambda caption: out
    assert not window.print_button.isEnabled()  # nothing drawn yet
    assert window.print_hall() == [] and window.messages.level == "refused"
    assert list(out.iterdir()) == []
    assert window.draw(5) and window.print_button.isEnabled()
    written = window.print_hall()
    assert [p.name for p in written] == [f"{tid}-qualifying-{x}.pdf"
                                         for x in ("table-cards", "draw", "scoresheets")]
    assert "Printed for the hall" in window.messages.text()
    made = tournaments.load(tid).draw("Qualifying")
    assert made is not None
    cards = PdfReader(written[0]).pages
    assert len(cards) == len(made.tables) == 2
    second = " ".join(cards[1].extract_text().split())
    assert second.startswith("Window Cup 2026 Qualifying TABLE 2 Seat 1 Player ")


def test_the_new_tournament_form_sets_the_board_every_table_plays_on(
        window: TournamentWindow) -> None:
    window.new_tournament()
    dialog = window.dialog
    assert isinstance(dialog, NewTournamentDialog)
    assert dialog.board.currentData() is None  # the profile's, unless chosen
    dialog.name.setText("Board Cup 2026")
    dialog.board.setCurrentIndex(dialog.board.findData("classic-uk"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert tournaments.load("board-cup-2026").board == "classic-uk"
