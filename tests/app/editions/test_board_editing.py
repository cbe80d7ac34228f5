"""The board editor's service: each edit checked with the board's own rules, refused in plain words
and changing nothing; a saved edition that `banker check-board` accepts and a new game plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV, editions_dir
from app.editions import rulebook
from app.editions.board_editor import (
    BoardDraft,
    edition_path,
    id_refusal,
    open_board,
    save_edition,
    suggested_id,
)
from app.editions.board_toml import board_toml
from app.table.command_text import parse_command
from app.table.service import TableGame
from app.table.view_build import board_preview
from models.board import Board
from models.errors import BadInput, DataFileError
from models.loading import parse
from tests.app.conftest import Banker

SG_GAME = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob"],
           "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own, with no editions in it yet."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def refused(draft: BoardDraft, row: int, field: str, typed: object) -> str:
    """Type `typed` into a cell, expecting a refusal that leaves the board exactly as it was."""
    before = draft.board
    with pytest.raises(BadInput) as refusal:
        draft.edit(row, field, typed)
    assert draft.board is before and not draft.changed
    return str(refusal.value)


# Each cell is checked by the board's rules -----------------------------------------------------

def test_a_price_that_is_text_negative_zero_or_odd_is_refused_in_plain_words() -> None:
    draft = open_board("singapore")
    assert refused(draft, 1, "price", "sixty") == "the price must be a whole number, not 'sixty'"
    assert refused(draft, 1, "price", "60.5") == "the price must be a whole number, not '60.5'"
    assert refused(draft, 1, "price", "-50") == "the price must be more than 0"
    assert refused(draft, 1, "price", "0") == "the price must be more than 0"
    assert refused(draft, 1, "price", "75") == ("the price must be an even number: the mortgage "
                                                "value is half of it (75 is odd)")


def test_a_new_price_takes_the_mortgage_value_with_it() -> None:
    draft = open_board("singapore")
    said = draft.edit(3, "price", "1,200")
    street = draft.board.spaces[3]
    # The mortgage value is half the price (the Board model's rule): 1,200 / 2 = 600.
    assert (street.price, street.mortgage) == (1200, 600)  # type: ignore[union-attr]
    assert said == "space 3 'Street 2 (brown)': price is now 1,200 (mortgage value 600)"
    assert draft.changed


def test_a_mortgage_value_other_than_half_the_price_is_refused() -> None:
    draft = open_board("classic-us")
    assert refused(draft, 1, "mortgage", "40") == "mortgage value must be half the price (40 for 60)"


def test_rents_must_be_six_numbers_that_never_fall() -> None:
    draft = open_board("singapore")
    assert refused(draft, 1, "rents", "2, 10, 5, 90, 160, 250") == \
        "rents must not decrease (5 after 10)"
    assert refused(draft, 1, "rents", "2 10 30") == ("the rents are 6 numbers (the site alone, 1, "
                                                     "2, 3 and 4 houses, a hotel), not 3")
    assert refused(draft, 1, "rents", "2, 10, 30, 90, 160, lots") == \
        "each rent must be a whole number, not 'lots'"
    draft.edit(1, "rents", "4 20 60 180 320 450")
    assert draft.board.spaces[1].rents == (4, 20, 60, 180, 320, 450)  # type: ignore[union-attr]


def test_names_must_be_present_one_line_and_unique_among_the_deeds() -> None:
    draft = open_board("singapore")
    assert refused(draft, 1, "name", "   ") == "the name cannot be empty"
    assert refused(draft, 1, "name", "Tiong\nBahru") == "the name must be one line of text"
    assert refused(draft, 1, "name", "MRT Station 1") == "deed 'MRT Station 1' appears 2 times"
    draft.edit(1, "name", "  Tiong Bahru Road ")
    assert draft.board.spaces[1].name == "Tiong Bahru Road"


def test_a_move_to_another_colour_set_that_breaks_a_set_is_refused() -> None:
    draft = open_board("singapore")
    assert refused(draft, 1, "group", "Pink") == (
        "colour group 'brown' has 1 streets (2 or 3 needed); colour group 'pink' has 4 streets "
        "(2 or 3 needed)")
    assert refused(draft, 1, "group", "mauve").startswith("no colour set called 'mauve'; the colour "
                                                         "sets are Brown, Light Blue, Pink")


def test_a_figure_a_space_does_not_have_cannot_be_typed() -> None:
    draft = open_board("singapore")
    assert refused(draft, 2, "price", "100") == "space 2 'Community Chest' has no price to edit"
    assert refused(draft, 5, "rents", "1 2 3 4 5 6") == "space 5 'MRT Station 1' has no rents to edit"
    assert refused(draft, 1, "kind", "tax") == "space 1 'Street 1 (brown)' has no kind to edit"


def test_names_are_marked_confirmed_one_by_one() -> None:
    draft = open_board("singapore")
    assert draft.unconfirmed() == 30  # the shipped file confirms none of its placeholders
    assert draft.edit(1, "name_confirmed", True) == "space 1 'Street 1 (brown)': name confirmed"
    assert draft.unconfirmed() == 29
    assert board_preview(draft.board).spaces[1].name_confirmed


def test_a_colour_sets_colour_is_a_hex_colour_and_its_name_not_empty() -> None:
    draft = open_board("propnex")
    with pytest.raises(BadInput, match=r"^a colour is # and six hexadecimal digits, like #955436$"):
        draft.edit_group(0, "colour", "brown")
    with pytest.raises(BadInput, match="a colour set's name cannot be empty"):
        draft.edit_group(0, "name", " ")
    assert not draft.changed
    draft.edit_group(0, "zone", "")
    assert draft.board.groups[0].zone is None


# Files: the shipped layout, read back by the same rules ---------------------------------------

@pytest.mark.parametrize("board_id", ["classic-us", "classic-uk", "singapore", "propnex"])
def test_every_shipped_board_written_as_toml_reads_back_the_same(board_id: str) -> None:
    board = rulebook.board(board_id)
    assert parse(Board, board_toml(board), f"{board_id}.toml") == board


def test_a_board_opens_from_a_file_and_a_broken_file_is_named(tmp_path: Path) -> None:
    good = tmp_path / "club.toml"
    good.write_text((rulebook.RESOURCES / "boards" / "propnex.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert open_board(str(good)).board == rulebook.board("propnex")
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "broken"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"^broken.toml: "):
        open_board(str(broken))
    with pytest.raises(BadInput, match="no board called 'singapur'; did you mean 'singapore'"):
        open_board("singapur")


# Saving a new edition -------------------------------------------------------------------------

def test_a_saved_board_passes_check_board_and_the_new_game_form_lists_it(
        data: Path, banker: Banker) -> None:
    draft = open_board("singapore")
    draft.edit(1, "name", "Tiong Bahru Road")
    draft.edit(1, "name_confirmed", True)
    draft.edit(3, "price", "80")
    assert suggested_id(draft) == "singapore-checked"
    path = save_edition(draft, "sg-club", "Our club's Singapore set")
    assert path == data / "editions" / "boards" / "sg-club.toml"
    checked = banker("check-board", path)
    assert checked.exit_code == 0, checked.output
    assert checked.stdout == ("sg-club.toml: a valid board (Our club's Singapore set, 28 deeds; "
                              "29 names unconfirmed)\n")
    listed = {e.id: e for e in rulebook.editions("board")}["sg-club"]
    assert (listed.name, listed.shipped, listed.unconfirmed_names, listed.problem) == (
        "Our club's Singapore set", False, 29, None)
    assert rulebook.board("sg-club").notes[0] == ("Saved with the board editor from the board "
                                                  "'singapore'; 29 space names unconfirmed when saved.")


def test_a_new_game_plays_the_saved_board_with_its_edited_figures(data: Path,
                                                                   tmp_path: Path) -> None:
    draft = open_board("singapore")
    draft.edit(3, "name", "Tiong Bahru Road")
    draft.edit(3, "price", "80")
    save_edition(draft, "sg-club", "Our club's Singapore set")
    game = TableGame.open(str(tmp_path / "club.db"))
    game.submit(parse_command(json.dumps(SG_GAME | {"board": "sg-club"})))
    for line in ({"type": "start_clock"}, {"type": "roll", "player": "Ann", "dice": [1, 2]},
                 {"type": "buy", "player": "Ann"}):
        game.submit(parse_command(json.dumps(line)))
    state = game.state_json()
    ann = state["players"][0]
    # SG starts with 1,500 (profile starting_cash); 1 + 2 lands on space 3, bought at the
    # edited price 80 (shipped: 60): 1,500 - 80 = 1,420.
    assert (ann["space_name"], ann["cash"]) == ("Tiong Bahru Road", 1420)
    assert state["edition"]["board"] == {"id": "sg-club", "name": "Our club's Singapore set",
                                         "shipped": False, "own": True, "names_confirmed": False,
                                         "unconfirmed_names": 30}


def test_a_shipped_or_malformed_id_or_an_empty_title_is_refused_and_nothing_written(
        data: Path) -> None:
    draft = open_board("singapore")
    with pytest.raises(BadInput, match="'singapore' is the id of a board this app ships"):
        save_edition(draft, "singapore", "Mine")
    with pytest.raises(BadInput, match="is not an id"):
        save_edition(draft, "../evil", "Mine")
    with pytest.raises(BadInput, match="the title cannot be empty"):
        save_edition(draft, "mine", "  ")
    assert not editions_dir().exists()
    assert id_refusal("Club SG") is not None and id_refusal("club-sg") is None


def test_an_edition_of_the_same_id_is_replaced_only_when_asked(data: Path) -> None:
    draft = open_board("singapore")
    path = save_edition(draft, "sg-club", "First")
    first = path.read_bytes()
    draft.edit(1, "name", "Tiong Bahru Road")
    with pytest.raises(BadInput, match="you already have a board called 'sg-club'"):
        save_edition(draft, "sg-club", "Second")
    assert path.read_bytes() == first
    save_edition(draft, "sg-club", "Second", replace=True)
    assert rulebook.board("sg-club").name == "Second"
    assert suggested_id(open_board("sg-club")) == "sg-club"  # one's own edition: saved again
    assert [p.name for p in edition_path("sg-club").parent.iterdir()] == ["sg-club.toml"]


def test_a_save_that_cannot_be_written_says_so_and_leaves_no_file(data: Path) -> None:
    data.mkdir(parents=True)
    (data / "editions").write_text("a file where the folder should be", encoding="utf-8")
    # The message names the folder: the organiser must know where the data folder is.
    with pytest.raises(DataFileError, match=rf"^sg-club.toml: cannot be written in "
                                            rf"{data / 'editions' / 'boards'}: "):
        save_edition(open_board("singapore"), "sg-club", "Mine")


def test_a_saved_edition_is_readable_by_every_account_as_the_shipped_files_are(
        data: Path) -> None:
    # Written through mkstemp, it was private to the saving account (0600), which another
    # account at the event (the banker's, the kiosk's) could not open.
    path = save_edition(open_board("singapore"), "sg-club", "Mine")
    assert path.stat().st_mode & 0o777 == 0o644


def test_an_id_typed_with_capitals_or_a_space_is_an_unknown_id_with_the_nearest_known(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Such a word is not an id, so it was read as a file's path: "Singapore: does not exist".
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadInput, match="no board called 'Singapore'; did you mean 'singapore'"):
        open_board("Singapore")
    with pytest.raises(BadInput, match="no board called 'classic us'; did you mean 'classic-us'"):
        open_board("classic us")
    with pytest.raises(BadInput, match="no board called ''; known: classic-uk, classic-us"):
        open_board("")
    (tmp_path / "Club board").write_text((rulebook.RESOURCES / "boards" / "propnex.toml")
                                         .read_text(encoding="utf-8"), encoding="utf-8")
    assert open_board("Club board").board == rulebook.board("propnex")  # a file there still opens
