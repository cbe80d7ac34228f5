"""The games of the data folder: listed with their state, created all or nothing, resumed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.games import folder as games
from app.table.command_text import parse_command
from app.table.judges import JudgeAuthError
from models.errors import RuleViolation
from tests.clocks import Clock

SG = {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy"],
      "roll_off": [{"Ann": [3, 4], "Bob": [5, 6], "Cy": [2, 2]}], "tournament": "SG Open",
      "round": "Qualifying 2", "table": "7", "label": "SG Open · Qualifying 2 · table 7"}




@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_a_new_game_is_a_new_file_in_the_games_folder_listed_in_progress(data_folder: Path
                                                                          ) -> None:
    path = games.create_game(SG, "Mei", now=Clock())
    assert path.parent == data_folder / "games"
    [listed] = games.recent_games()
    assert listed.path == path
    assert listed.label == "SG Open · Qualifying 2 · table 7"
    assert listed.profile == "Monopoly Singapore Championship"
    assert listed.players == ("Ann", "Bob", "Cy")  # seating order as recorded
    assert listed.state == "in progress"
    assert listed.entries == 1  # game_started
    assert games.in_progress([listed]) == listed
    game = games.open_game(path)
    try:
        first = game.ledger.commands(game.game_id)[0]
        assert (first.actor_role, first.actor_name) == ("banker", "Mei")
        assert first.payload["round"] == "Qualifying 2"
    finally:
        game.close()


def test_a_refused_new_game_makes_no_file(data_folder: Path) -> None:
    # Seven players: an SG table seats 2 to 4; the engine's refusal comes back as it is.
    too_many = SG | {"players": ["A", "B", "C", "D", "E", "F", "G"]}
    with pytest.raises(RuleViolation, match="seats 2 to 4 players"):
        games.create_game(too_many, "Mei")
    assert list((data_folder / "games").glob("*")) == []


def test_a_length_other_than_the_profiles_is_set_by_the_first_judge(data_folder: Path) -> None:
    # SG plays 60 minutes; a 90-minute game is the judge's set_game_length, recorded as hers.
    path = games.create_game(SG, "Mei", judge=("Lee", "246813"), minutes=90, now=Clock())
    game = games.open_game(path)
    try:
        assert game.state is not None and game.state.clock is not None
        assert game.state.clock.minutes == 90
        last = game.ledger.commands(game.game_id)[-1]
        assert (last.payload["type"], last.actor_role, last.actor_name) == (
            "set_game_length", "judge", "Lee")
        assert game.judge is None  # nobody stays signed in at the table
    finally:
        game.close()


def test_a_length_change_without_a_judge_is_refused_and_leaves_no_file(data_folder: Path
                                                                       ) -> None:
    with pytest.raises(JudgeAuthError, match="judge must sign in"):
        games.create_game(SG, "Mei", minutes=90)
    assert list((data_folder / "games").glob("*")) == []


def test_games_are_listed_latest_entry_first_with_over_and_collected_states(
        data_folder: Path) -> None:
    # SG plays 60 minutes: a clock started and read 61 minutes later has called time, which
    # ends an SG game ("over"); collecting its scoresheet locks it ("collected").
    clock = Clock()
    first = games.create_game(SG | {"label": "first"}, "Mei", now=clock)
    paths = []
    for label, collect in (("second", False), ("third", True)):
        path = games.create_game(SG | {"label": label}, "Mei", now=clock)
        game = games.open_game(path, clock)
        game.submit(parse_command({"type": "start_clock"}))
        clock.at += timedelta(minutes=61)
        game.tick()
        if collect:
            game.submit(parse_command({"type": "collect_scoresheet"}))
        game.close()
        paths.append(path)
    listed = games.recent_games()
    assert [g.path for g in listed] == [paths[1], paths[0], first]
    assert [g.state for g in listed] == ["collected", "over", "in progress"]
    resume = games.in_progress(listed)
    assert resume is not None and resume.path == first


def test_the_sample_game_is_recorded_afresh_each_time(data_folder: Path) -> None:
    path = games.open_sample()
    game = games.open_game(path)
    entries = game.head_seq
    game.close()
    assert games.open_sample() == path
    [listed] = games.recent_games()
    assert listed.entries == entries  # replaced, not appended to


def test_a_damaged_file_is_listed_with_why_it_cannot_be_opened(data_folder: Path) -> None:
    folder = games.games_dir()
    (folder / "broken.db").write_bytes(b"not a ledger at all" * 100)
    [listed] = games.recent_games()
    assert listed.state == "unreadable" and listed.problem


def test_the_roll_off_asks_again_only_for_those_tied_for_the_highest() -> None:
    # Round 1: Ann 7, Bob 11, Cy 11, Dee 4: Bob and Cy throw again; round 2 Bob 6, Cy 9: Cy wins.
    players = ["Ann", "Bob", "Cy", "Dee"]
    first = {"Ann": [3, 4], "Bob": [5, 6], "Cy": [6, 5], "Dee": [2, 2]}
    assert games.roll_off_contenders(players, []) == players
    assert games.roll_off_contenders(players, [first]) == ["Bob", "Cy"]
    assert games.roll_off_contenders(players, [first, {"Bob": [3, 3], "Cy": [4, 5]}]) == []


def test_a_new_files_name_never_replaces_another() -> None:
    at = datetime(2026, 3, 1, 10, tzinfo=UTC)
    one = games.new_game_path("Table 7!", at)
    one.write_bytes(b"")
    two = games.new_game_path("Table 7!", at)
    assert one.name == "20260301-100000-table-7.db"
    assert two.name == "20260301-100000-table-7-2.db"


def test_a_long_labels_file_name_keeps_the_stage_and_the_table(tmp_path: Path) -> None:
    # "Singapore National Monopoly Championship 2026 · Qualifying · table 12" makes a
    # 65-character slug; cut at 40 it was "singapore-national-monopoly-cha-table-12" for every
    # stage. The tournament part is shortened first, at a word: 65 - 40 = 25 too many, so 20 of
    # its 45 characters are left, "singapore-national-m", cut back to the word
    # "singapore-national" (18); + "-qualifying-table-12" (20) = 38.
    at = datetime(2026, 11, 21, 9, tzinfo=UTC)
    tournament = "Singapore National Monopoly Championship 2026"
    names = {stage: games.new_game_path(games.default_label(tournament, stage, "12"), at,
                                        tmp_path).name
             for stage in ("Qualifying", "Semi-final", "Final")}
    assert names == {
        "Qualifying": "20261121-090000-singapore-national-qualifying-table-12.db",
        "Semi-final": "20261121-090000-singapore-national-semi-final-table-12.db",
        "Final": "20261121-090000-singapore-national-final-table-12.db"}
    # A stage name too long to fit is cut too, at a word; the table part stays whole.
    long_stage = games.default_label("Cup", "Repechage round for the players out early", "3")
    assert games.new_game_path(long_stage, at, tmp_path).name == (
        "20261121-090000-repechage-round-for-the-players-table-3.db")
    # A label of one part keeps its table part and cuts what comes before it.
    assert games.new_game_path(f"{tournament} table 12", at, tmp_path).name == (
        "20261121-090000-singapore-national-monopoly-cha-table-12.db")
    assert games.new_game_path("Short cup · Final · table 1", at, tmp_path).name == (
        "20261121-090000-short-cup-final-table-1.db")
