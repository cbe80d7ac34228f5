"""A name no font on this laptop can draw is said where it is typed (the new-game form, the sign-up
sheet's import, the player and judge forms) and when it is printed, naming the character; the
hall's four scripts and the right-to-left names are drawn by the shipped fonts, never warned of."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLineEdit

from app.datafolder.paths import DATA_DIR_ENV
from app.table.command_text import parse_command
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from app.tournament import service as tournaments
from models.tournament.records import Player
from ui.fonts import FSI, LRM, PDI, isolated, undrawable, undrawable_message
from ui.messages import MessageArea
from ui.scoresheet.dialog import ScoresheetDialog
from ui.start.new_game import NewGameForm
from ui.tournament.judge_fields import RegisterJudgeDialog
from ui.tournament.player_dialogs import AddPlayerDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

HALL = ["陈伟明", "林美玲", "முருகன் செல்வம்", "கவிதா", "Nur Aisyah binti Rahman", "Siti Aminah",
        "José Müller-Øberg", "Zoë Ñúñez", "أحمد", "דוד"]
HIEROGLYPH = "\U00013000"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def type_in(qtbot, edit: QLineEdit, text: str) -> None:
    """What a keyboard's input method gives a field (QTest's key clicks are ASCII only)."""
    edit.setFocus()
    edit.selectAll()
    edit.insert(text)


def test_the_halls_four_scripts_and_right_to_left_names_can_all_be_drawn(qapp) -> None:
    assert [name for name in HALL if undrawable(name)] == []
    assert undrawable_message(HALL) == ""


def test_a_private_use_character_or_a_hieroglyph_is_named_with_its_name(qapp) -> None:
    assert undrawable(f"Ann\ue000{HIEROGLYPH}\ue000") == ["\ue000", HIEROGLYPH]
    assert undrawable_message([f"Kh{HIEROGLYPH}", "Ann"]) == (
        f"U+13000 '{HIEROGLYPH}' in 'Kh{HIEROGLYPH}' cannot be drawn by any font on this "
        "laptop: it would show and print as a box.")


def test_only_a_name_with_a_right_to_left_letter_is_isolated() -> None:
    assert isolated("أحمد") == f"{LRM}{FSI}أحمد{PDI}"
    assert isolated("דוד כהן") == f"{LRM}{FSI}דוד כהן{PDI}"
    for name in HALL[:8]:
        assert isolated(name) == name  # the lines of these names keep their bytes
    assert isolated(isolated("أحمد")) == isolated("أحمد")
    line = f"{isolated('أحمد')} pays דוד 20"  # a line isolated in part, then whole
    assert isolated(line) == f"{LRM}{FSI}أحمد{PDI} pays {LRM}{FSI}דוד{PDI} 20"


def test_a_letter_starts_a_right_to_left_run_exactly_when_unicode_says_it_is_one() -> None:
    # The runs' class is written as ranges: every letter of the blocks, a few beyond each end
    # and the first ASCII ones, held to the Unicode database's bidirectional class one by one.
    blocks = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF),
              (0x1E800, 0x1EFFF))
    for code in [*range(0x180), *(c for low, high in blocks for c in range(low - 3, high + 4))]:
        letter = chr(code)
        right_to_left = any(low <= code <= high for low, high in blocks) and \
            unicodedata.bidirectional(letter) in {"R", "AL", "AN", "NSM"}
        assert (isolated(f"a {letter} b") != f"a {letter} b") == right_to_left, hex(code)


def test_a_right_to_left_name_in_a_line_keeps_its_neighbours_in_place(qtbot) -> None:
    # Unisolated, "Bob pays أحمد 200" is drawn "Bob pays 200 أحمد" (the number joins the
    # Arabic run), and a line opening with the name is set right to left, the period moving.
    assert isolated("Bob pays أحمد 200 and דוד 50") == (
        f"Bob pays {LRM}{FSI}أحمد{PDI} 200 and {LRM}{FSI}דוד{PDI} 50")
    messages = MessageArea()
    qtbot.addWidget(messages)
    messages.say("أحمد pays M200 rent to José Müller-Øberg")
    assert messages.text() == f"{LRM}{FSI}أحمد{PDI} pays M200 rent to José Müller-Øberg"
    messages.say("陈伟明 pays M200 rent to முருகன் செல்வம்")
    assert messages.text() == "陈伟明 pays M200 rent to முருகன் செல்வம்"


def test_the_new_game_form_warns_as_the_name_is_typed_and_stops_when_it_is_put_right(
        qtbot, form: NewGameForm) -> None:
    form.profile.setCurrentIndex(form.profile.findData("sg-championship"))
    for seat, name in zip(form.seats, ["陈伟明", "முருகன்", "Zoë"], strict=False):
        type_in(qtbot, seat, name)
    assert form.messages.level == "info"
    type_in(qtbot, form.seats[1], f"முருகன் {HIEROGLYPH}")
    assert form.messages.level == "warning"
    assert (f"U+13000 '{HIEROGLYPH}' in 'முருகன் {HIEROGLYPH}' cannot be drawn by any font"
            in form.messages.text())
    type_in(qtbot, form.seats[1], "முருகன்")
    assert form.messages.level == "info"
    assert form.messages.text() == "Every name can be drawn."
    type_in(qtbot, form.banker, "Lee\ue000")
    assert "U+E000" in form.messages.text() and "in 'Lee\ue000'" in form.messages.text()


def test_the_player_and_judge_forms_warn_as_the_name_is_typed(qtbot) -> None:
    t = tournaments.create("Form Open", "sg-championship")
    player = AddPlayerDialog(t.id)
    qtbot.addWidget(player)
    type_in(qtbot, player.name, "林美玲")
    assert player.messages.level == "info"
    type_in(qtbot, player.name, f"林{HIEROGLYPH}")
    assert player.messages.level == "warning" and "U+13000" in player.messages.text()
    player.pid.setText("P1")
    player.submit()
    assert f"in '林{HIEROGLYPH}' cannot be drawn" in player.done_text
    judge = RegisterJudgeDialog(t.id, lambda: datetime(2026, 11, 21, tzinfo=UTC))
    qtbot.addWidget(judge)
    type_in(qtbot, judge.name, f"Tan{HIEROGLYPH}")
    assert judge.messages.level == "warning" and "in 'Tan" in judge.messages.text()


def test_the_sign_up_sheets_import_names_the_character_after_the_count(
        qtbot, tmp_path: Path) -> None:
    window = TournamentWindow(now=lambda: datetime(2026, 11, 21, 9, tzinfo=UTC))
    qtbot.addWidget(window)
    t = tournaments.create("Import Open", "sg-championship")
    window.list_tournaments(t.id)
    sheet = tmp_path / "signup.csv"
    rows = [*HALL[:4], f"Kh{HIEROGLYPH}u"]
    sheet.write_text("id,name\n" + "".join(f"P{n},{name}\n" for n, name in enumerate(rows, 1)),
                     encoding="utf-8")
    window.choose_file = lambda caption, kinds: sheet
    window.import_players()
    said = window.messages.text()
    assert said.startswith("5 players entered from signup.csv")
    assert window.messages.level == "warning"
    assert f"U+13000 '{HIEROGLYPH}' in 'Kh{HIEROGLYPH}u' cannot be drawn" in said
    assert "陈伟明" not in said  # only the name with the box is named


def test_saving_the_scoresheet_says_which_name_printed_as_a_box(qtbot, tmp_path: Path) -> None:
    players = ["陈伟明", f"Kh{HIEROGLYPH}u", "أحمد"]
    game = TableGame.open(str(tmp_path / "table.db"))
    try:
        game.submit(parse_command({
            "type": "new_game", "profile": "classic", "players": players,
            "roll_off": [{name: [n + 1, 1] for n, name in enumerate(players)}]}))
        sheet = scoresheet(game)
    finally:
        game.close()
    dialog = ScoresheetDialog(sheet)
    qtbot.addWidget(dialog)
    assert dialog.save_pdf(tmp_path / "sheet.pdf")
    said = dialog.messages.text()
    assert said.startswith(f"Saved {tmp_path / 'sheet.pdf'}")
    assert dialog.messages.level == "warning"
    assert f"U+13000 '{HIEROGLYPH}' in 'Kh{HIEROGLYPH}u' cannot be drawn" in said
    assert "陈伟明" not in said and "أحمد" not in said


def test_printing_for_the_hall_names_the_character_after_the_files(qtbot, tmp_path: Path) -> None:
    window = TournamentWindow(now=lambda: datetime(2026, 11, 21, 9, tzinfo=UTC))
    qtbot.addWidget(window)
    t = tournaments.create("Print Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name) for n, name in
                                   enumerate([*HALL[:7], f"Kh{HIEROGLYPH}u"], start=1)])
    window.list_tournaments(t.id)
    assert window.draw(5)
    out = tmp_path / "hall"
    out.mkdir()
    window.choose_folder = lambda caption: out
    assert len(window.print_hall()) == 3
    said = window.messages.text()
    assert said.startswith("Printed for the hall: ")
    assert window.messages.level == "warning"
    assert f"U+13000 '{HIEROGLYPH}' in 'Kh{HIEROGLYPH}u' cannot be drawn" in said
    assert said.count("cannot be drawn") == 1  # once, though each of the three PDFs holds it


def test_the_new_game_form_says_a_direction_override_as_it_is_typed(qtbot, tmp_path) -> None:
    """Issue 30 item 8: a right-to-left override typed in a seat is named at once (the game
    would be refused when started), shown by its code point, never acting on the line."""
    from ui.start.new_game import NewGameForm  # noqa: PLC0415

    form = NewGameForm(lambda *a: tmp_path / "x.sqlite")
    qtbot.addWidget(form)
    form.seats[0].setText("林美玲")
    form.seats[1].setText("Siti\u202eAminah")
    said = form.messages.text()
    assert "“Siti<U+202E>Aminah”: a name may not hold U+202E RIGHT-TO-LEFT OVERRIDE" in said
    assert "\u202e" not in said
    form.seats[1].setText("Siti Aminah")
    assert form.messages.text() == "Every name can be drawn."
