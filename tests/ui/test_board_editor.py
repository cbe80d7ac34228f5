"""The board editor: cells refused in place with the reason at the cell, a live preview, and a saved
edition that `banker check-board` accepts and a new game plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from app.editions import rulebook
from app.editions.board_editor import open_board
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from ui import entry
from ui.app import MainWindow
from ui.board_editor.models import REFUSED_BACKGROUND, GroupsModel, SpacesModel
from ui.board_editor.save_dialog import SaveEditionDialog
from ui.board_editor.window import BoardEditorWindow
from ui.sounds import Sounds

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
Role = Qt.ItemDataRole


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


class Organiser:
    """Answers the editor's "give up your changes?" question, and remembers being asked."""

    def __init__(self, answer: bool) -> None:
        self.answer, self.asked = answer, []

    def __call__(self, question: str) -> bool:
        self.asked.append(question)
        return self.answer


@pytest.fixture
def editor(qtbot) -> BoardEditorWindow:
    window = BoardEditorWindow(open_board("singapore"), give_up=Organiser(True))
    qtbot.addWidget(window)
    window.show()
    return window


def test_the_spaces_and_colour_sets_pass_qts_model_checks(qtmodeltester) -> None:
    draft = open_board("propnex")
    spaces = SpacesModel(draft)
    qtmodeltester.check(spaces)
    qtmodeltester.check(GroupsModel(draft))
    assert (spaces.rowCount(), spaces.columnCount()) == (40, 11)
    name = spaces.index(21, spaces.column("name"))
    assert spaces.setData(name, "Marina Bay Sands")
    qtmodeltester.check(spaces)


def test_a_negative_price_typed_into_the_table_is_refused_at_the_cell(editor, qtbot) -> None:
    model, table = editor.spaces, editor.table
    price = model.index(1, model.column("price"))
    table.setCurrentIndex(price)
    table.edit(price)
    typed = QApplication.focusWidget()
    assert isinstance(typed, QLineEdit)
    typed.selectAll()
    qtbot.keyClicks(typed, "-50")
    with qtbot.wait_signal(model.refused):  # Qt commits an edit once back in the event loop
        qtbot.keyClick(typed, Qt.Key.Key_Return)
    reason = "the price must be more than 0"
    assert model.refusal(1, model.column("price")) == reason
    assert model.data(price, Role.BackgroundRole).color().name().upper() == REFUSED_BACKGROUND
    assert model.data(price, Role.ToolTipRole) == f"Refused: {reason}. The value shown is kept."
    assert model.data(price, Role.DisplayRole) == "60"
    assert editor.messages.text() == ("Refused '-50' for space 1 'Street 1 (brown)' (price): the "
                                      "price must be more than 0; it stays 60.")
    assert not editor.draft.changed and editor.draft.board.spaces[1].price == 60


def test_text_in_a_number_cell_is_refused_and_set_data_says_false(editor) -> None:
    model = editor.spaces
    house = model.index(6, model.column("house_cost"))
    assert not model.setData(house, "fifty")
    assert model.refusal(6, model.column("house_cost")) == \
        "the house cost must be a whole number, not 'fifty'"
    assert not model.setData(model.index(2, model.column("price")), "100")  # Community Chest
    assert not model.setData(model.index(1, model.column("index")), "7")
    # The next accepted edit clears the mark: red means "the last thing typed was refused".
    assert model.setData(house, "60")
    assert model.refusal(6, model.column("house_cost")) is None
    assert model.data(house, Role.DisplayRole) == "60"


def test_a_falling_rent_ladder_is_refused_with_its_reason(editor) -> None:
    model = editor.spaces
    rents = model.index(39, model.column("rents"))
    assert model.data(rents, Role.EditRole) == "50, 200, 600, 1400, 1700, 2000"
    assert not model.setData(rents, "50, 200, 600, 1400, 1300, 2000")
    assert model.refusal(39, model.column("rents")) == "rents must not decrease (1300 after 1400)"


def test_ticking_a_name_confirms_it_and_the_preview_redraws(editor) -> None:
    model = editor.spaces
    name = model.index(1, model.column("name"))
    confirmed = model.index(1, model.column("name_confirmed"))
    assert model.data(confirmed, Role.CheckStateRole) == Qt.CheckState.Unchecked
    assert "30 space names NOT confirmed" in editor.status.text()
    assert model.setData(name, "Tiong Bahru Road")
    assert model.setData(confirmed, Qt.CheckState.Checked.value, Role.CheckStateRole)
    assert model.data(confirmed, Role.CheckStateRole) == Qt.CheckState.Checked
    assert editor.status.text() == ("Monopoly Singapore Edition (provisional): 29 space names NOT "
                                    "confirmed; changed, not saved.")
    drawn = editor.board.items_of("name", 1)[0]
    # Unconfirmed names carry " *" on the board; this one is confirmed now.
    assert "Tiong Bahru Road" in drawn.toPlainText() and "*" not in drawn.toPlainText()


def test_a_colour_sets_new_name_shows_in_the_spaces_table(editor) -> None:
    groups, spaces = editor.groups, editor.spaces
    assert groups.setData(groups.index(0, groups.fields.index("name")), "Heritage")
    assert spaces.data(spaces.index(1, spaces.column("group")), Role.DisplayRole) == "Heritage"
    assert not groups.setData(groups.index(0, groups.fields.index("colour")), "brownish")
    assert groups.refusal(0, groups.fields.index("colour")) == \
        "a colour is # and six hexadecimal digits, like #955436"


def test_the_save_dialog_refuses_a_shipped_id_before_saving(editor) -> None:
    dialog = SaveEditionDialog(editor.draft, editor)
    assert dialog.edition_id.text() == "singapore-checked"
    assert dialog.save.isEnabled()
    dialog.edition_id.setText("singapore")
    assert not dialog.save.isEnabled()
    assert dialog.note.text().startswith("Cannot save: 'singapore' is the id of a board this app "
                                         "ships")
    dialog.edition_id.setText("SG club")
    assert not dialog.save.isEnabled() and "is not an id" in dialog.note.text()


def test_the_saved_board_passes_check_board_and_a_new_game_plays_it(editor, tmp_path) -> None:
    model = editor.spaces
    assert not model.setData(model.index(3, model.column("price")), "-80")
    assert model.setData(model.index(3, model.column("name")), "Tiong Bahru Road")
    assert model.setData(model.index(3, model.column("price")), "80")
    path = editor.save("sg-club", "Our club's Singapore set")
    assert path is not None and path.name == "sg-club.toml"
    assert "Saved as your own board 'sg-club'" in editor.messages.text()
    assert editor.draft.source == "sg-club" and not editor.draft.changed
    checked = CliRunner().invoke(entry.commands(), ["check-board", str(path)])
    assert checked.exit_code == 0
    assert checked.stdout == ("sg-club.toml: a valid board (Our club's Singapore set, 28 deeds; 30 "
                              "names unconfirmed)\n")
    assert "sg-club" in [e.id for e in rulebook.editions("board")]
    game = TableGame.open(str(tmp_path / "club.db"))
    game.submit(parse_command(json.dumps({
        "type": "new_game", "profile": "sg-championship", "board": "sg-club",
        "players": ["Ann", "Bob"], "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]})))
    for line in ({"type": "start_clock"}, {"type": "roll", "player": "Ann", "dice": [1, 2]},
                 {"type": "buy", "player": "Ann"}):
        game.submit(parse_command(json.dumps(line)))
    ann = game.state_json()["players"][0]
    # 1 + 2 lands on space 3, bought at the saved price 80 (the refused -80 never was the
    # price): SG's 1,500 starting cash less 80 = 1,420.
    assert (ann["space_name"], ann["cash"]) == ("Tiong Bahru Road", 1420)


def test_a_taken_id_is_replaced_only_after_saying_so(editor) -> None:
    assert editor.save("sg-club", "First") is not None
    assert editor.save("sg-club", "Second") is None
    assert editor.messages.text().startswith("Not saved: you already have a board called 'sg-club'")
    assert rulebook.board("sg-club").name == "First"
    dialog = SaveEditionDialog(editor.draft, editor)
    assert dialog.edition_id.text() == "sg-club" and dialog.replaces
    assert dialog.save.text() == "Replace"


def test_unsaved_edits_are_kept_unless_the_organiser_gives_them_up(qtbot) -> None:
    keep = Organiser(False)
    window = BoardEditorWindow(open_board("singapore"), give_up=keep)
    qtbot.addWidget(window)
    assert window.spaces.setData(window.spaces.index(1, window.spaces.column("name")), "Tanjong")
    assert not window.open_reference("classic-us")
    assert window.draft.board.spaces[1].name == "Tanjong"
    assert window.chooser.currentData() == "singapore"
    assert keep.asked == ["Your changes to Monopoly Singapore Edition (provisional) are not "
                          "saved. Give them up?"]
    keep.answer = True
    assert window.open_reference("classic-us")
    assert window.draft.board.id == "classic-us" and not window.draft.changed


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                           "This plugin does not support raise")
def test_the_start_page_opens_the_board_editor(qtbot, tmp_path) -> None:
    window = MainWindow(Clock(), sounds=Sounds(audio=False), tick_ms=None,
                        settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.start.board_button, Qt.MouseButton.LeftButton)
    opened = window.board_editor
    assert isinstance(opened, BoardEditorWindow) and opened.isVisible()
    qtbot.addWidget(opened)
    assert window.edit_board() is opened  # one editor at a time: it comes forward


def test_edit_board_on_an_unknown_board_exits_2_with_the_known_ones() -> None:
    result = CliRunner().invoke(entry.commands(), ["edit-board", "singapur"])
    assert result.exit_code == 2
    assert result.stderr == ("cannot edit singapur: no board called 'singapur'; did you mean "
                             "'singapore'? known: classic-uk, classic-us, propnex, singapore\n")
