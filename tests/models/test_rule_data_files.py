"""A broken board, profile or deck file is refused in plain words, never with a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.board import Board
from models.errors import DataFileError
from models.loading import load_board, load_profile, parse

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
CLASSIC_US = (RESOURCES / "boards" / "classic-us.toml").read_text(encoding="utf-8")


def refusal(path: Path) -> list[str]:
    with pytest.raises(DataFileError) as refused:
        load_board(path)
    assert refused.value.file == path.name
    return refused.value.problems


def test_a_missing_file_is_said_not_to_exist(tmp_path: Path) -> None:
    assert refusal(tmp_path / "nowhere.toml") == ["does not exist"]


def test_a_folder_is_said_to_be_a_folder(tmp_path: Path) -> None:
    (tmp_path / "boards.toml").mkdir()
    assert refusal(tmp_path / "boards.toml") == ["is a folder, not a file"]


def test_a_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path: Path) -> None:
    # Latin-1 'é' is the byte 0xe9; 'id = "x"\n' is 9 bytes and 'name = "Caf' 11 more, so it is
    # byte 20 (counting from 0).
    path = tmp_path / "latin1.toml"
    path.write_bytes('id = "x"\nname = "Café"\n'.encode("latin-1"))
    assert refusal(path) == ["is not UTF-8 text (byte 20 is 0xe9)"]


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + CLASSIC_US.encode("utf-8"))
    assert load_board(path).id == "classic-us"


def test_a_toml_syntax_error_says_where(tmp_path: Path) -> None:
    path = tmp_path / "syntax.toml"
    path.write_text('id = "x" [\n', encoding="utf-8")
    (problem,) = refusal(path)
    assert problem.startswith("not valid TOML: ") and "line 1" in problem


def test_toml_nested_beyond_reason_is_refused_not_a_recursion_error() -> None:
    deep = "a = " + "[" * 100_000 + "]" * 100_000
    with pytest.raises(DataFileError) as refused:
        parse(Board, deep, "deep.toml")
    assert refused.value.problems == ["not valid TOML: nested too deeply"]


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * 2_000_000)
    assert refusal(path) == ["is larger than 1,000,000 bytes"]


def test_an_id_that_is_a_path_is_refused_in_the_file(tmp_path: Path) -> None:
    # A profile names its board and decks by id; a path there is as bad as in a command.
    text = (RESOURCES / "profiles" / "classic.toml").read_text(encoding="utf-8")
    path = tmp_path / "classic.toml"
    path.write_text(text.replace('board = "classic-us"', 'board = "../../tmp/evil"', 1),
                    encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_profile(path)
    (problem,) = refused.value.problems
    assert problem.startswith("board: '../../tmp/evil' is not an id")

