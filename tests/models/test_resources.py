"""The shipped board, profile and deck files load, validate and carry the reference figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.board import Board, Railway, Street, Utility
from models.errors import DataFileError
from models.loading import load_board, load_decks, load_profile, parse
from models.profile import CLAUSE_KEYS, Profile

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
BOARDS = sorted((RESOURCES / "boards").glob("*.toml"))
PROFILES = sorted((RESOURCES / "profiles").glob("*.toml"))
DECKS = sorted((RESOURCES / "decks").glob("*.toml"))


def _text(folder: str, name: str) -> str:
    return (RESOURCES / folder / name).read_text(encoding="utf-8")


def _edit_space(text: str, index: int, old: str, new: str) -> str:
    """Replace `old` with `new` inside the [[spaces]] table of one space only."""
    head, *blocks = text.split("[[spaces]]\n")
    for n, block in enumerate(blocks):
        if block.startswith(f"index = {index}\n"):
            assert old in block, f"{old!r} not in space {index}"
            blocks[n] = block.replace(old, new, 1)
            return "[[spaces]]\n".join([head, *blocks])
    raise AssertionError(f"no space {index}")


def _drop_space(text: str, index: int) -> str:
    head, *blocks = text.split("[[spaces]]\n")
    kept = [b for b in blocks if not b.startswith(f"index = {index}\n")]
    assert len(kept) == len(blocks) - 1
    return "[[spaces]]\n".join([head, *kept])


# Every shipped file validates ---------------------------------------------------------------


def test_every_kind_of_data_file_is_shipped() -> None:
    assert {p.stem for p in BOARDS} == {"classic-us", "classic-uk", "singapore", "propnex"}
    assert {p.stem for p in PROFILES} == {"classic", "sg-championship", "propnex-championship"}
    assert {p.stem for p in DECKS} == {"classic"}


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_every_shipped_board_loads_with_its_file_name_as_id(path: Path) -> None:
    board = load_board(path)
    assert board.id == path.stem
    assert len(board.deeds()) == 28


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_every_shipped_profile_loads_with_its_file_name_as_id(path: Path) -> None:
    assert load_profile(path).id == path.stem


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_every_shipped_deck_loads_with_sixteen_cards_in_each_pile(path: Path) -> None:
    decks = load_decks(path)
    assert decks.id == path.stem
    assert (len(decks.chance), len(decks.chest)) == (16, 16)


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_every_profile_names_a_board_and_a_deck_that_are_shipped(path: Path) -> None:
    profile = load_profile(path)
    assert load_board(RESOURCES / "boards" / f"{profile.board}.toml").id == profile.board
    assert load_decks(RESOURCES / "decks" / f"{profile.deck}.toml").id == profile.deck


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_every_profile_cites_a_clause_of_its_own_rule_book_for_every_rule(path: Path) -> None:
    profile = load_profile(path)
    assert set(profile.clauses) == set(CLAUSE_KEYS)
    assert all(clause.startswith(f"{profile.code} ") for clause in profile.clauses.values())


def test_a_profile_written_before_the_jail_double_and_as_is_clauses_cites_jail_and_debt(
        tmp_path: Path) -> None:
    # A user's own profile file from before issue 29 has no `jail_double` nor `as_is`: it stays
    # valid and cites the clauses those keys were split from.
    text = (RESOURCES / "profiles" / "sg-championship.toml").read_text(encoding="utf-8")
    older = "".join(line for line in text.splitlines(keepends=True)
                    if not line.startswith(("jail_double = ", "as_is = ")))
    path = tmp_path / "sg-championship.toml"
    path.write_text(older, encoding="utf-8")
    profile = load_profile(path)
    assert profile.clause("jail_double") == "SG Jail"
    assert profile.clause("as_is") == "SG Running Out Of Money"


# The figures are the reference data's -------------------------------------------------------


def test_the_classic_us_board_carries_the_reference_figures() -> None:
    # Checked by hand against reference-data/classic_us.json (and its README's known errors):
    # Boardwalk (39) costs 400, rents 50/200/600/1400/1700/2000, houses 200, mortgage 200;
    # Marvin Gardens (29) base rent is 24, not 22; St. James Place is space 16 and Tennessee
    # Avenue 18; Income Tax (4) is 200 and Luxury Tax (38) is 100.
    board = load_board(RESOURCES / "boards" / "classic-us.toml")
    boardwalk = board.deed(39)
    assert isinstance(boardwalk, Street)
    assert boardwalk.name == "Boardwalk"
    assert (boardwalk.price, boardwalk.house_cost, boardwalk.mortgage) == (400, 200, 200)
    assert boardwalk.rents == (50, 200, 600, 1400, 1700, 2000)
    marvin = board.deed(29)
    assert isinstance(marvin, Street)
    assert (marvin.name, marvin.rents[0]) == ("Marvin Gardens", 24)
    assert board.space(16).name == "St. James Place"
    assert board.space(18).name == "Tennessee Avenue"
    assert [board.space(i).model_dump()["amount"] for i in (4, 38)] == [200, 100]
    assert board.salary == 200


def test_every_classic_figure_board_shares_the_classic_us_figures() -> None:
    # The UK board prints the same numbers; Singapore and PropNex ship them for want of their own.
    def figures(board: Board) -> list[dict[str, object]]:
        return [s.model_dump(exclude={"name", "name_confirmed"}) for s in board.spaces]

    classic = figures(load_board(RESOURCES / "boards" / "classic-us.toml"))
    for name in ("classic-uk", "singapore", "propnex"):
        assert figures(load_board(RESOURCES / "boards" / f"{name}.toml")) == classic, name


def test_every_classic_hotel_costs_the_same_as_a_house() -> None:
    board = load_board(RESOURCES / "boards" / "classic-us.toml")
    streets = [d for d in board.deeds() if isinstance(d, Street)]
    assert all(s.hotel_cost == s.house_cost for s in streets)


def test_propnex_zones_follow_the_house_cost_of_each_colour_set() -> None:
    board = load_board(RESOURCES / "boards" / "propnex.toml")
    zones = [(g.zone, board.streets_of(g.id)[0].house_cost) for g in board.groups]
    assert zones == [
        ("Industrial B1", 50),
        ("Industrial B2", 50),
        ("OCR", 100),
        ("OCR", 100),
        ("RCR", 150),
        ("RCR", 150),
        ("CCR", 200),
        ("CCR", 200),
    ]


def test_propnex_streets_named_in_its_rule_book_sit_in_the_sets_it_gives() -> None:
    # PX 6.2.3: River Valley, Outram and Holland/Bukit Timah make the green set; PX 6.3.3:
    # Bidadari, Balestier/Toa Payoh and Ang Mo Kio/Bishan red, MBFC and Orchard blue.
    board = load_board(RESOURCES / "boards" / "propnex.toml")
    sets = {g: [s.name for s in board.streets_of(g)] for g in ("green", "red", "dark_blue")}
    assert sets == {
        "green": ["River Valley", "Outram", "Holland/Bukit Timah"],
        "red": ["Bidadari", "Balestier/Toa Payoh", "Ang Mo Kio/Bishan"],
        "dark_blue": ["Marina Bay Financial Centre", "Orchard"],
    }
    railways = [d.name for d in board.deeds() if isinstance(d, Railway)]
    assert all(name.startswith("PropNex Group of Services") for name in railways)


def test_the_singapore_board_has_mrt_stations_and_no_zones() -> None:
    board = load_board(RESOURCES / "boards" / "singapore.toml")
    railways = [d.name for d in board.deeds() if isinstance(d, Railway)]
    assert railways == [f"MRT Station {n}" for n in range(1, 5)]
    assert all(g.zone is None for g in board.groups)


@pytest.mark.parametrize("name", ["singapore", "propnex"])
def test_every_deed_name_on_the_singapore_boards_is_marked_unconfirmed(name: str) -> None:
    board = load_board(RESOURCES / "boards" / f"{name}.toml")
    assert [d.name for d in board.deeds() if d.name_confirmed] == []
    assert board.notes, "the board must say plainly that it is provisional"


@pytest.mark.parametrize("name", ["classic-us", "classic-uk"])
def test_every_name_on_a_classic_board_is_confirmed(name: str) -> None:
    board = load_board(RESOURCES / "boards" / f"{name}.toml")
    assert all(space.name_confirmed for space in board.spaces)


def test_the_classic_deck_moves_to_the_spaces_the_reference_cards_give() -> None:
    decks = load_decks(RESOURCES / "decks" / "classic.toml")
    moves = {c.id: c.effect.model_dump() for c in decks.chance if c.effect.kind == "advance_to"}
    assert moves == {
        "ch_advance_top": {"kind": "advance_to", "space": 39},
        "ch_advance_go": {"kind": "advance_to", "space": 0},
        "ch_advance_red3": {"kind": "advance_to", "space": 24},
        "ch_advance_pink1": {"kind": "advance_to", "space": 11},
        "ch_trip_rr1": {"kind": "advance_to", "space": 5},
    }
    _, utility_card = decks.card("ch_nearest_util")
    assert utility_card.effect.model_dump() == {
        "kind": "advance_to_nearest",
        "target": "utility",
        "rent_multiplier": 1,
        "dice_multiplier": 10,
    }


def test_the_profiles_carry_the_switches_of_their_rule_books() -> None:
    cl, sg, px = (
        load_profile(RESOURCES / "profiles" / f"{n}.toml")
        for n in ("classic", "sg-championship", "propnex-championship")
    )
    assert [(p.players_min, p.players_max) for p in (cl, sg, px)] == [(2, 6), (2, 4), (4, 5)]
    assert [p.rent_claim_window_turns for p in (cl, sg, px)] == [1, 2, 1]
    assert [p.jail_collects_rent for p in (cl, sg, px)] == [True, True, False]
    assert [p.jail_double_rolls_again for p in (cl, sg, px)] == [False, False, True]
    assert [p.full_set_doubles_with_mortgaged for p in (cl, sg, px)] == [False, True, True]
    assert [p.auction_opening for p in (cl, sg, px)] == ["fixed", "fixed", "board_price"]
    assert [p.game_minutes for p in (cl, sg, px)] == [None, 60, 90]
    assert px.auction_min_raise == 10


# Broken files are refused, naming the file and the problem ----------------------------------


def test_a_street_whose_rents_decrease_is_refused_naming_the_space() -> None:
    text = _edit_space(
        _text("boards", "classic-us.toml"),
        11,
        "rents = [10, 50, 150, 450, 625, 750]",
        "rents = [10, 50, 450, 150, 625, 750]",
    )
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "classic-us.toml")
    assert str(refused.value) == (
        "classic-us.toml: space 11 'St. Charles Place': rents must not decrease (150 after 450)"
    )
    assert refused.value.file == "classic-us.toml"


def test_a_board_of_39_spaces_is_refused() -> None:
    text = _drop_space(_text("boards", "classic-us.toml"), 38)
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "classic-us.toml")
    assert "a board has 40 spaces, this one has 39" in refused.value.problems[0]
    assert "space 39 'Boardwalk' stands at position 38" in str(refused.value)


def test_a_street_whose_mortgage_is_not_half_its_price_is_refused() -> None:
    text = _edit_space(_text("boards", "classic-us.toml"), 39, "mortgage = 200", "mortgage = 150")
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "classic-us.toml")
    assert str(refused.value) == (
        "classic-us.toml: space 39 'Boardwalk': mortgage value must be half the price (150 for 400)"
    )


def test_a_colour_group_of_four_streets_is_refused() -> None:
    text = _edit_space(_text("boards", "classic-us.toml"), 16, 'group = "orange"', 'group = "pink"')
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "classic-us.toml")
    assert "colour group 'pink' has 4 streets (2 or 3 needed)" in str(refused.value)


def test_a_deed_named_twice_is_refused() -> None:
    text = _edit_space(
        _text("boards", "propnex.toml"),
        37,
        'name = "Marina Bay Financial Centre"',
        'name = "Orchard"',
    )
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "propnex.toml")
    assert "deed 'Orchard' appears 2 times" in str(refused.value)


def test_a_profile_missing_a_clause_is_refused_naming_the_rule() -> None:
    text = _text("profiles", "sg-championship.toml").replace(
        'game_over = "SG Game Objective"\n', ""
    )
    with pytest.raises(DataFileError) as refused:
        parse(Profile, text, "sg-championship.toml")
    assert str(refused.value) == "sg-championship.toml: clauses missing for: game_over"


def test_a_profile_whose_notes_do_not_add_up_to_the_starting_cash_is_refused() -> None:
    text = _text("profiles", "classic.toml").replace("\n1 = 5\n", "\n1 = 4\n")
    with pytest.raises(DataFileError) as refused:
        parse(Profile, text, "classic.toml")
    assert str(refused.value) == (
        "classic.toml: starting_notes add up to 1499, not the starting cash 1500"
    )


def test_a_file_that_is_not_toml_is_refused_as_such(tmp_path: Path) -> None:
    path = tmp_path / "my-board.toml"
    path.write_text("GO, Old Kent Road, Community Chest\n", encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_board(path)
    assert refused.value.file == "my-board.toml"
    assert str(refused.value).startswith("my-board.toml: not valid TOML: ")


def test_a_utility_whose_kind_is_misspelt_is_refused() -> None:
    text = _edit_space(_text("boards", "classic-us.toml"), 12, 'kind = "utility"', 'kind = "util"')
    with pytest.raises(DataFileError) as refused:
        parse(Board, text, "classic-us.toml")
    assert refused.value.problems[0].startswith("spaces.12: ")
    assert isinstance(load_board(RESOURCES / "boards" / "classic-us.toml").deed(12), Utility)
