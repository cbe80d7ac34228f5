"""A board per tournament: set at create, checked against the known boards, and every table's
game made from the draw is recorded on it; a tournament without one keeps the profile's."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.ledger import open_ledger
from app.tournament import service as tournaments
from models.errors import BadInput
from models.tournament.records import Player, Tournament

ROLL_OFF = "6+5 4+3 2+2 5+1"


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path


def drawn(board: str | None) -> Tournament:
    t = tournaments.create("Board Open", "sg-championship", board=board)
    tournaments.add_players(t.id, [Player(id=f"B{n}", name=f"Entrant {n}") for n in range(1, 9)])
    return tournaments.draw(t.id, "Qualifying", seed=7)


def started_board(t: Tournament, folder: Path) -> str:
    card = tournaments.table_card(t, "Qualifying", 1)
    roll_off = tournaments.roll_off_from_throws(card["players"], ROLL_OFF)
    path = tournaments.start_table(t.id, "Qualifying", 1, roll_off, "Siti", folder=folder)
    with open_ledger(str(path), create=False, readonly=True) as ledger:
        game_id = ledger.latest_game_id()
        assert game_id is not None
        return ledger.game(game_id).board_id


def test_a_table_started_from_a_tournament_with_a_board_records_its_game_on_that_board(
        data: Path) -> None:
    t = drawn("classic-uk")  # not the SG profile's own board (singapore)
    assert tournaments.load(t.id).board == "classic-uk"
    assert tournaments.table_card(t, "Qualifying", 2)["board"] == "classic-uk"
    assert started_board(t, data / "games") == "classic-uk"


def test_a_tournament_without_a_board_plays_the_profiles_board(data: Path) -> None:
    t = drawn(None)
    assert "board" not in tournaments.table_card(t, "Qualifying", 1)
    assert started_board(t, data / "games") == "singapore"


def test_an_old_file_without_a_board_still_loads_and_keeps_the_profiles_board() -> None:
    t = drawn(None)
    path = tournaments.tournament_path(t.id)
    text = path.read_text(encoding="utf-8")
    assert '"board": null' in text
    path.write_text(text.replace(' "board": null,\n', ""), encoding="utf-8")
    assert tournaments.load(t.id).board is None


def test_an_unknown_board_is_refused_and_nothing_is_written() -> None:
    with pytest.raises(BadInput, match=r"no board called .*known: .*singapore"):
        tournaments.create("Board Open", "sg-championship", board="atlantis")
    with pytest.raises(BadInput, match="not an id"):
        tournaments.create("Board Open", "sg-championship", board="../boards/x")
    assert tournaments.list_tournaments() == []
    assert not tournaments.tournament_path("board-open").exists()


def test_a_game_handed_in_on_another_board_is_not_the_tables_game(data: Path) -> None:
    t = drawn("classic-uk")
    card = tournaments.table_card(t, "Qualifying", 1)
    roll_off = tournaments.roll_off_from_throws(card["players"], ROLL_OFF)
    elsewhere = games.create_game({**card, "board": "singapore", "roll_off": roll_off}, "Siti",
                                  folder=data / "apart")
    with pytest.raises(BadInput, match="its board differ"):
        tournaments.attach(t.id, "Qualifying", 1, elsewhere)
