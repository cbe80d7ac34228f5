"""The organiser's own board across laptops: the desk shares it on the hub with the tournament,
and a table's laptop that lacks the file takes the hub's copy before listing or starting its
table; a laptop whose file of that id differs is told, and a changed file never replaces the
hub's. On a SQLite hub (one file) and on PostgreSQL with the hub's roles."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV, editions_dir
from app.editions.board_editor import open_board, save_edition
from app.hub import HUB_URL_ENV, Hub
from app.hub.editions import EditionDiffers, shared
from app.hub.errors import HubError
from app.hub.roles import DESK_LOGIN, init_roles, table_login
from app.ledger import open_ledger
from app.tournament import service as tournaments
from app.tournament.editions import share_editions
from models.tournament.records import Player, Tournament, TournamentError
from tests.app.hub_tables import as_role, fresh_hub

BOARD = "sg-hall-2026"
TITLE = "Singapore Hall Set 2026"
ROLL_OFF = "6+5 4+3 2+2 5+1"


def at(monkeypatch: pytest.MonkeyPatch, folder: Path, hub: str) -> None:
    """This process as one laptop: its own data folder, the hub's URL (with its login)."""
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.setenv(HUB_URL_ENV, hub)


def desk_with_board(monkeypatch: pytest.MonkeyPatch, folder: Path, hub: str) -> Tournament:
    """The desk saves its own board (the shipped Singapore board checked against the hall's
    set), creates the tournament on it with the hub set, enters 8 players and draws."""
    at(monkeypatch, folder, hub)
    save_edition(open_board("singapore"), BOARD, TITLE)
    t = tournaments.create("Hall Open", "sg-championship", board=BOARD)
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Entrant {n}") for n in range(1, 9)])
    return tournaments.draw(t.id, "Qualifying", seed=7)


def started(t: Tournament, table: int, folder: Path) -> tuple[str, str]:
    card = tournaments.table_card(t, "Qualifying", table)
    roll_off = tournaments.roll_off_from_throws(card["players"], ROLL_OFF)
    path = tournaments.start_table(t.id, "Qualifying", table, roll_off, "Siti", folder=folder)
    with open_ledger(str(path), create=False, readonly=True) as ledger:
        game_id = ledger.latest_game_id()
        assert game_id is not None
        info = ledger.game(game_id)
        return info.board_id, info.board_json


def test_a_table_laptop_without_the_board_takes_it_from_the_hub_and_plays_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = fresh_hub("sqlite", tmp_path)
    t = desk_with_board(monkeypatch, tmp_path / "desk", hub)
    desk_file = tmp_path / "desk" / "editions" / "boards" / f"{BOARD}.toml"
    with Hub.open(hub) as opened:
        assert shared(opened, "board", BOARD) == desk_file.read_text(encoding="utf-8")
        assert shared(opened, "profile", "sg-championship") is None  # shipped: never shared
    at(monkeypatch, tmp_path / "table-1", hub)
    kept = editions_dir() / "boards" / f"{BOARD}.toml"
    assert not kept.exists()
    cards = tournaments.table_cards(t.id, "Qualifying")
    assert [c["card"]["board"] for c in cards] == [BOARD, BOARD]
    assert kept.read_text(encoding="utf-8") == desk_file.read_text(encoding="utf-8")
    board_id, board_json = started(t, 1, tmp_path / "table-1" / "games")
    assert board_id == BOARD and f'"name":"{TITLE}"' in board_json.replace(": ", ":")


def test_a_laptops_own_file_that_differs_from_the_hubs_is_refused_naming_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = fresh_hub("sqlite", tmp_path)
    t = desk_with_board(monkeypatch, tmp_path / "desk", hub)
    at(monkeypatch, tmp_path / "table-2", hub)
    save_edition(open_board("singapore"), BOARD, "Another set under the same id")
    with pytest.raises(TournamentError, match=rf"this laptop's board '{BOARD}' differs from "
                                              r"the hub's \(SHA-256 \w{12} here, \w{12} on"):
        tournaments.table_cards(t.id, "Qualifying")
    games = tmp_path / "table-2" / "games"
    with pytest.raises(TournamentError, match="differs from the hub's"):
        started(t, 2, games)
    assert not games.exists() or list(games.iterdir()) == []  # no game file was made


def test_a_changed_board_never_replaces_the_one_the_tables_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = fresh_hub("sqlite", tmp_path)
    t = desk_with_board(monkeypatch, tmp_path / "desk", hub)
    with Hub.open(hub) as opened:
        before = shared(opened, "board", BOARD)
    save_edition(open_board("singapore"), BOARD, "Renamed after the draw", replace=True)
    with Hub.open(hub) as opened:
        with pytest.raises(EditionDiffers, match="save the changed one under a new id"):
            share_editions(opened, t)
        assert shared(opened, "board", BOARD) == before


def test_a_board_neither_here_nor_on_the_hub_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A tournament made in a file with its own board, pushed by a desk from before sharing:
    # the hub holds the tournament, not the board (put there directly here).
    hub = fresh_hub("sqlite", tmp_path)
    at(monkeypatch, tmp_path / "desk", "")
    monkeypatch.delenv(HUB_URL_ENV)
    save_edition(open_board("singapore"), BOARD, TITLE)
    t = tournaments.create("Hall Open", "sg-championship", board=BOARD)
    from app.tournament.store import on_hub  # noqa: PLC0415

    with on_hub(hub, create=True) as held:
        assert held is not None
        held.put(t, "pushed without its board")
    at(monkeypatch, tmp_path / "table-1", hub)
    with pytest.raises(TournamentError, match=rf"board '{BOARD}', which is neither on this "
                                              r"laptop nor on the hub.*tournament push"):
        tournaments.editions_here(t)


def test_with_the_hubs_roles_the_desk_shares_and_a_tables_login_only_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub("postgresql", tmp_path)
    init_roles(admin, ["1"], password=lambda: "not-used-here")
    t = desk_with_board(monkeypatch, tmp_path / "desk", as_role(admin, DESK_LOGIN))
    table = as_role(admin, table_login("1"))
    at(monkeypatch, tmp_path / "table-1", table)
    assert tournaments.editions_here(t) == [f"the board '{BOARD}' taken from the hub"]
    assert started(t, 1, tmp_path / "table-1" / "games")[0] == BOARD
    from app.hub.editions import share  # noqa: PLC0415

    with Hub.open(table) as opened, pytest.raises(
            HubError, match=r"was not put on the hub.*only the desk's login may share editions"):
        share(opened, "board", "sg-forged", "id = 'sg-forged'\n")
