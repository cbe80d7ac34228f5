"""The tournament with the hub's roles (`banker hub init`): each table starts its table with its
own role, which may read the tournament but not change it; its game reaches the hub, and the
desk takes the tables' games in from the hub and reads their results. PostgreSQL only."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.roles import DESK_LOGIN, init_roles, table_login
from app.ledger import open_ledger
from app.tournament import service as tournaments
from app.tournament.store import HUB_SOURCE
from models.tournament.records import Player, Stage, Tournament, TournamentError
from tests.app.hub_tables import as_role, fresh_hub
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play


def drawn_at_desk(name: str, admin: str, tables: list[str], folder: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Tournament:
    """The hub's roles made (the desk's, the reader's, one per table in `tables`); then, as the
    desk's laptop (its own data folder), 12 entrants in a tournament called `name`, its
    qualifying round drawn from seed 42 (3 tables of 4)."""
    init_roles(admin, tables, password=lambda: "not-used-here")
    at(monkeypatch, folder / "desk", as_role(admin, DESK_LOGIN))
    t = tournaments.create(name, "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                   for n in range(1, 13)])
    return tournaments.draw(t.id, "Qualifying", seed=42)


def at(monkeypatch: pytest.MonkeyPatch, folder: Path, hub: str) -> None:
    """This process as one laptop: its own data folder and the hub's URL with its login."""
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.setenv(HUB_URL_ENV, hub)


def test_tables_with_their_own_roles_start_and_the_desk_takes_their_games_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Roles Open", admin, [str(n) for n in QUALIFYING], tmp_path, monkeypatch)
    desk = as_role(admin, DESK_LOGIN)
    version = len(tournaments.load(t.id).games)
    for number, totals in QUALIFYING.items():
        table = as_role(admin, table_login(str(number)))
        at(monkeypatch, tmp_path / f"table-{number}", table)
        path = start_and_play(t.id, "Qualifying", number, totals,
                              START + timedelta(hours=number), tmp_path / f"table-{number}")
        assert path.is_file()
        with Hub.open(table) as hub:
            push_file(hub, path)
    at(monkeypatch, tmp_path / "desk", desk)
    assert len(tournaments.load(t.id).games) == version == 0  # the tables changed nothing
    out = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert out.exit_code == 0, out.output
    refs = {g.table: g for g in tournaments.load(t.id).games}
    assert sorted(refs) == [1, 2, 3]
    assert out.output.splitlines() == [f"table {n}: game {refs[n].game_id} taken in from the hub"
                                       for n in (1, 2, 3)]
    assert all(g.source == HUB_SOURCE + str(g.game_id) for g in refs.values())
    # Without --hub, the games taken in from the hub are read from the hub set for the desk.
    done, notes = tournaments.collect_results(t.id, "Qualifying")
    assert notes == [] and sorted(r.table for r in done.results) == [1, 2, 3]
    done, notes = tournaments.collect_results(t.id, "Qualifying", hub=desk)
    assert notes == [] and sorted(r.table for r in done.results) == [1, 2, 3]
    monkeypatch.delenv(HUB_URL_ENV)
    refs = [g for g in done.games if g.stage == "Qualifying"]
    said: list[str] = []
    assert tournaments.read_sheets(refs, None, said) == {}
    assert said == [f"table {g.table}: its game is on the hub (hub:{g.game_id}): give --hub or "
                    "set BANKER_HUB_URL to read it" for g in refs]
    monkeypatch.setenv(HUB_URL_ENV, desk)
    again = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert again.output.splitlines() == ["no table's game to take in"]


def test_a_tables_login_cannot_hand_in_another_tables_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Table 1's laptop (or a player's, holding table 1's URL) plays a game of its own as table
    # 2 and sends it first: its opening is table 2's card, but table 1's login sent it. The
    # desk takes in table 2's game from table 2's login only; the other is listed, passed over.
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Claims Open", admin, ["1", "2", "3"], tmp_path, monkeypatch)
    desk = as_role(admin, DESK_LOGIN)

    def played(login: str, table: int, totals: list[int], folder: str) -> str:
        url = as_role(admin, table_login(login))
        at(monkeypatch, tmp_path / folder, url)
        path = start_and_play(t.id, "Qualifying", table, totals,
                              START + timedelta(hours=table), tmp_path / folder)
        with Hub.open(url) as hub:
            push_file(hub, path)
        with open_ledger(path, create=False, readonly=True) as ledger:
            return ledger.game_ids()[0]

    forged = played("1", 2, [3000, 1000, 1000, 1000], "forger")
    at(monkeypatch, tmp_path / "desk", desk)
    out = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines() == [
        f"table 2: game {forged} passed over: sent by banker_table_1, not banker_table_2; the "
        "table's own file can be attached (banker tournament attach), or a judge moves the "
        "game to its table (banker tournament move-game)"]
    assert tournaments.load(t.id).games == ()
    own = played("2", 2, QUALIFYING[2], "table-2")
    at(monkeypatch, tmp_path / "desk", desk)
    out = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert f"table 2: game {own} taken in from the hub" in out.output.splitlines()
    assert [(g.table, g.game_id) for g in tournaments.load(t.id).games] == [(2, own)]


def test_a_table_started_but_not_yet_taken_in_is_not_offered_to_start_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Table 1's login may not record its game in the tournament (the desk takes it in later),
    # so until then the tournament says nothing of it: the hub's copy of the game does.
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Twice Open", admin, ["1"], tmp_path, monkeypatch)
    table = as_role(admin, table_login("1"))
    at(monkeypatch, tmp_path / "table-1", table)
    assert [c["game"] for c in tournaments.table_cards(t.id, "Qualifying")] == [None] * 3
    path = start_and_play(t.id, "Qualifying", 1, QUALIFYING[1], START, tmp_path / "table-1")
    with Hub.open(table) as hub:
        push_file(hub, path)
    with open_ledger(path, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
    waiting = f"game {game_id} on the hub (the desk takes it in)"
    cards = tournaments.table_cards(t.id, "Qualifying")
    assert [(c["game"], c.get("waiting")) for c in cards] == [
        (HUB_SOURCE + game_id, True), (None, None), (None, None)]
    listed = CliRunner().invoke(main, ["tournament", "tables", t.id, "Qualifying"])
    assert listed.output.splitlines()[1].endswith(
        f" — game hub:{game_id} (on the hub; the desk takes it in)")
    card = tournaments.table_card(tournaments.load(t.id), "Qualifying", 1)
    roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
    with pytest.raises(TournamentError,
                       match=re.escape(f"Qualifying table 1 is started already: {waiting}")):
        tournaments.start_table(t.id, "Qualifying", 1, roll_off, "Siti", folder=tmp_path / "again")
    assert not (tmp_path / "again").exists()


def test_a_table_started_by_the_command_line_is_copied_to_the_hub_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Table 2's login may not record its game in the tournament: `start-table` copies the new
    # game to the hub, so the desk can take it in and a second start is refused.
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Copied Open", admin, ["2"], tmp_path, monkeypatch)
    at(monkeypatch, tmp_path / "table-2", as_role(admin, table_login("2")))
    start = ["tournament", "start-table", t.id, "Qualifying", "2", "--roll-off",
             "6+5 4+3 2+2 5+1", "--banker", "Mei"]
    out = CliRunner().invoke(main, start)
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[-1] == "copied to the hub"
    again = CliRunner().invoke(main, start)
    assert again.exit_code == 3 and "Qualifying table 2 is started already" in again.output
    at(monkeypatch, tmp_path / "desk", as_role(admin, DESK_LOGIN))
    taken = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert taken.output.splitlines()[0].startswith("table 2: game ")
    assert taken.output.splitlines()[0].endswith(" taken in from the hub")
