"""Rule data by id: shipped editions and the user's own, never a path; unknown ids suggest the nearest."""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV, editions_dir
from app.editions import rulebook
from app.table.command_text import parse_command
from app.table.service import TableGame
from models.board import Board
from models.commands import NewGame
from models.engine import Table
from models.errors import BadInput, DataFileError
from tests.app.conftest import Banker

RESOURCES = rulebook.RESOURCES
ROLL_OFF = [{"Ann": [6, 6], "Bob": [1, 2]}]


def new_game_line(profile: str, board: str | None = None) -> str:
    line: dict[str, object] = {"type": "new_game", "profile": profile, "players": ["Ann", "Bob"],
                               "roll_off": ROLL_OFF}
    if board is not None:
        line["board"] = board
    return json.dumps(line)


def doctored_classic(folder: Path, name: str) -> Path:
    """A copy of the classic profile that still calls itself classic but fines M5 to leave Jail."""
    text = (RESOURCES / "profiles" / "classic.toml").read_text(encoding="utf-8")
    assert "\njail_fine = 50\n" in text
    path = folder / f"{name}.toml"
    path.write_text(text.replace("\njail_fine = 50\n", "\njail_fine = 5\n"), encoding="utf-8")
    return path


@pytest.fixture
def own_editions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of the user's own, in tmp_path (BANKER_DATA_DIR points there)."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    for folder in ("boards", "profiles", "decks"):
        (editions_dir() / folder).mkdir(parents=True)
    return editions_dir()


def my_singapore(editions: Path) -> Path:
    """The shipped Singapore board saved as the user's own 'my-sg', renamed, with the first
    placeholder's name confirmed (the shipped file confirms none of its 30 placeholders)."""
    text = (RESOURCES / "boards" / "singapore.toml").read_text(encoding="utf-8")
    text = text.replace('id = "singapore"', 'id = "my-sg"', 1)
    text = text.replace('name = "Monopoly Singapore Edition (provisional)"',
                        'name = "Our club\'s Singapore set"', 1)
    text = re.sub("^name_confirmed = false$", "name_confirmed = true", text, count=1,
                  flags=re.MULTILINE)
    path = editions / "boards" / "my-sg.toml"
    path.write_text(text, encoding="utf-8")
    return path


# A path is never an id ---------------------------------------------------------------------------

def test_a_profile_given_as_a_path_is_refused_when_the_line_is_read(tmp_path: Path) -> None:
    # The doctored file is where "../../..." from resources/profiles leads; before ids it was played.
    evil = doctored_classic(tmp_path, "evil")
    relative = os.path.relpath(evil.with_suffix(""), RESOURCES / "profiles")
    assert (RESOURCES / "profiles" / f"{relative}.toml").resolve() == evil.resolve()
    with pytest.raises(BadInput) as refused:
        parse_command(new_game_line(relative))
    assert str(refused.value).startswith("new_game.profile: '../")
    assert "is not an id" in str(refused.value)


def test_a_path_that_slips_past_the_command_model_is_refused_and_nothing_is_recorded(
        tmp_path: Path) -> None:
    evil = doctored_classic(tmp_path, "evil")
    relative = os.path.relpath(evil.with_suffix(""), RESOURCES / "profiles")
    command = NewGame.model_construct(type="new_game", profile=relative, board=None,
                                      players=["Ann", "Bob"],
                                      roll_off=[{"Ann": (6, 6), "Bob": (1, 2)}])
    session = TableGame.open(str(tmp_path / "table.db"))
    with pytest.raises(BadInput) as refused:
        session.submit(command)
    assert "is not an id" in str(refused.value)
    assert session.game_id is None and session.ledger.games() == []


def test_banker_run_refuses_a_path_as_profile_and_records_no_game(banker: Banker,
                                                                   tmp_path: Path) -> None:
    script = tmp_path / "evil.jsonl"
    script.write_text(new_game_line("../../../tmp/evil") + "\n", encoding="utf-8")
    result = banker("run", script, "--db", tmp_path / "evil.db")
    assert result.exit_code == 3
    assert "evil.jsonl line 1: bad input: new_game.profile: '../../../tmp/evil' is not an id" \
        in result.stderr
    assert "Traceback" not in result.output
    assert TableGame.open(str(tmp_path / "evil.db")).ledger.games() == []


def test_a_300_character_id_is_refused_in_one_short_line() -> None:
    with pytest.raises(BadInput) as refused:
        parse_command(new_game_line("a" * 300))
    message = str(refused.value)
    assert f"{'a' * 40!r}... (300 characters) is not an id" in message
    assert len(message) < 250 and "\n" not in message
    with pytest.raises(BadInput):
        rulebook.profile("a" * 300)


def test_an_id_in_capitals_or_with_a_dot_is_refused_as_an_id() -> None:
    for bad in ("Classic", "classic.toml", "-classic", "classic/../classic", ""):
        with pytest.raises(BadInput, match="is not an id"):
            rulebook.profile(bad)


# Unknown ids suggest the nearest -----------------------------------------------------------------

def test_an_unknown_profile_suggests_the_nearest_and_lists_the_known() -> None:
    with pytest.raises(BadInput) as refused:
        rulebook.profile("sg")
    assert str(refused.value) == ("no profile called 'sg'; did you mean 'sg-championship'? "
                                  "known: classic, propnex-championship, sg-championship")


def test_an_unknown_board_suggests_the_one_spelled_alike() -> None:
    with pytest.raises(BadInput) as refused:
        rulebook.board("singapor")
    assert str(refused.value).startswith("no board called 'singapor'; did you mean 'singapore'?")


def test_simulate_with_an_unknown_profile_is_a_usage_error_with_a_suggestion(banker: Banker) -> None:
    result = banker("simulate", "--profile", "sg", "--games", "1")
    assert result.exit_code == 2
    assert "did you mean 'sg-championship'?" in result.stderr
    assert "known: classic, propnex-championship, sg-championship" in result.stderr
    assert "Traceback" not in result.output


# The user's own editions -------------------------------------------------------------------------

def test_the_users_own_board_is_played_recorded_with_its_data_and_shown_as_not_shipped(
        own_editions: Path, tmp_path: Path) -> None:
    source = my_singapore(own_editions)
    session = TableGame.open(str(tmp_path / "own.db"))
    session.submit(parse_command(new_game_line("sg-championship", board="my-sg")))
    expected = Table(board=rulebook.board("my-sg"), profile=rulebook.profile("sg-championship"),
                     decks=rulebook.decks("classic"))
    source.unlink()  # the ledger holds the data: the game reopens without the file
    reopened = TableGame.open(str(tmp_path / "own.db"))
    assert reopened.game_id is not None
    info = reopened.ledger.game(reopened.game_id)
    assert Board.model_validate_json(info.board_json) == expected.board
    assert reopened.events()[0].payload["rules_digest"] == expected.digest()
    board = reopened.state_json()["edition"]["board"]
    # 30 placeholders in the shipped file, one of them confirmed in the user's copy: 29 left.
    assert board == {"id": "my-sg", "name": "Our club's Singapore set", "shipped": False,
                     "own": True, "names_confirmed": False, "unconfirmed_names": 29}


def test_banker_state_marks_the_users_own_board(own_editions: Path, banker: Banker,
                                                 tmp_path: Path) -> None:
    my_singapore(own_editions)
    script = tmp_path / "own.jsonl"
    script.write_text(new_game_line("sg-championship", board="my-sg") + "\n", encoding="utf-8")
    assert banker("run", script, "--db", tmp_path / "own.db").exit_code == 0
    shown = banker("state", "--db", tmp_path / "own.db").output
    assert "  board: my-sg (your own edition, not shipped; 29 names unconfirmed)" in shown
    assert "profile: sg-championship" not in shown  # the shipped profile needs no mark


def test_a_shipped_game_is_shown_as_shipped(tmp_path: Path) -> None:
    session = TableGame.open(str(tmp_path / "sg.db"))
    session.submit(parse_command(new_game_line("sg-championship")))
    edition = session.state_json()["edition"]
    assert edition["board"] == {"id": "singapore", "name": "Monopoly Singapore Edition (provisional)",
                                "shipped": True, "own": False, "names_confirmed": False,
                                "unconfirmed_names": 30}
    assert edition["profile"]["shipped"] and edition["decks"]["shipped"]


def test_shipped_data_that_differs_from_what_is_shipped_is_not_called_shipped() -> None:
    profile = rulebook.profile("classic").model_copy(update={"jail_fine": 5})
    table = Table(board=rulebook.board("classic-us"), profile=profile,
                  decks=rulebook.decks("classic"))
    assert rulebook.edition_of(table)["profile"] == {
        "id": "classic", "name": profile.name, "shipped": False, "own": False}


def test_a_users_file_with_a_shipped_id_is_ignored_with_a_warning(
        own_editions: Path, caplog: pytest.LogCaptureFixture) -> None:
    doctored_classic(own_editions / "profiles", "classic")
    with caplog.at_level(logging.WARNING, logger="app.editions.rulebook"):
        assert rulebook.profile("classic").jail_fine == 50
    assert "a shipped profile has the id 'classic'" in caplog.text
    listed = [e for e in rulebook.editions("profile") if e.id == "classic"]
    assert [e.shipped for e in listed] == [True, False]
    assert listed[1].problem == "a shipped profile has the id 'classic'; the shipped one is played"


def test_a_users_file_must_carry_the_id_of_its_file_name(own_editions: Path) -> None:
    # A file my-cl.toml that says id = "classic" would pass for the shipped classic.
    doctored_classic(own_editions / "profiles", "my-cl")
    with pytest.raises(DataFileError) as refused:
        rulebook.profile("my-cl")
    assert refused.value.problems == [
        "id: says 'classic', but a file called my-cl.toml must say 'my-cl'"]


def test_editions_lists_shipped_then_own_with_names_and_problems(own_editions: Path) -> None:
    my_singapore(own_editions)
    (own_editions / "boards" / "broken.toml").write_text('id = "broken"\n', encoding="utf-8")
    (own_editions / "boards" / "Not An Id.toml").write_text("", encoding="utf-8")
    listed = {e.id: e for e in rulebook.editions("board")}
    assert list(listed) == ["classic-uk", "classic-us", "propnex", "singapore", "broken", "my-sg"]
    assert listed["singapore"].shipped and listed["singapore"].unconfirmed_names == 30
    mine = listed["my-sg"]
    assert (mine.shipped, mine.name, mine.unconfirmed_names, mine.problem) == (
        False, "Our club's Singapore set", 29, None)
    assert listed["broken"].problem is not None and listed["broken"].problem.startswith(
        "broken.toml: ")


def test_an_unknown_id_lists_the_users_own_editions_too(own_editions: Path) -> None:
    my_singapore(own_editions)
    with pytest.raises(BadInput) as refused:
        rulebook.board("my-s")
    assert str(refused.value) == ("no board called 'my-s'; did you mean 'my-sg'? "
                                  "known: classic-uk, classic-us, my-sg, propnex, singapore")


def test_the_data_folder_follows_banker_data_dir(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    assert editions_dir() == tmp_path / "elsewhere" / "editions"
    assert not (tmp_path / "elsewhere").exists()  # asking where is not creating


# Broken rule files through the CLI ---------------------------------------------------------------

@pytest.mark.parametrize(("content", "says"), [
    (b'id = "x" [\n', "not valid TOML: "),
    (b'id = "x"\nname = "Caf\xe9"\n', "is not UTF-8 text (byte 20 is 0xe9)"),
    (None, "does not exist"),
])
def test_check_board_refuses_a_broken_file_in_plain_words(
        banker: Banker, tmp_path: Path, content: bytes | None, says: str) -> None:
    path = tmp_path / "broken.toml"
    if content is not None:
        path.write_bytes(content)
    result = banker("check-board", path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"broken.toml: {says}")
    assert "Traceback" not in result.output


def test_check_profile_on_a_folder_says_it_is_a_folder(banker: Banker, tmp_path: Path) -> None:
    result = banker("check-profile", tmp_path)
    assert result.exit_code == 1
    assert f"{tmp_path.name}: is a folder, not a file" in result.stderr


def test_a_game_on_the_users_board_that_does_not_validate_is_refused_in_plain_words(
        own_editions: Path, banker: Banker, tmp_path: Path) -> None:
    (own_editions / "boards" / "half.toml").write_text('id = "half"\nname = "Half a board"\n',
                                                       encoding="utf-8")
    script = tmp_path / "half.jsonl"
    script.write_text(new_game_line("classic", board="half") + "\n", encoding="utf-8")
    result = banker("run", script, "--db", tmp_path / "half.db")
    assert result.exit_code == 3
    assert "half.jsonl line 1: the rule data does not validate:\nhalf.toml: " in result.stderr
    assert "Traceback" not in result.output
