"""The desk's tools of issue 29 (item 7): a game sent under another table's login moved to its
table by a judge's signed decision that take-in follows; a desk change undone as a new version
with its reason, on the hub and in a file."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import Hub, push_file
from app.hub.roles import DESK_LOGIN, table_login
from app.ledger import open_ledger
from app.tournament import service as tournaments
from app.tournament.keeping import previous_path
from models.tournament.records import Player, TournamentError
from tests.app.hub_tables import JUDGE, PIN, as_role, fresh_hub
from tests.app.tournament.test_tournament_games import START, start_and_play
from tests.app.tournament.test_tournament_roles import at, drawn_at_desk


def test_a_game_sent_under_another_tables_login_is_taken_in_once_a_judge_moves_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tables 1 and 2 swapped laptops: table 2's game went to the hub under table 1's login.
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Moves Open", admin, ["1", "2"], tmp_path, monkeypatch)
    desk = as_role(admin, DESK_LOGIN)
    url = as_role(admin, table_login("1"))
    at(monkeypatch, tmp_path / "laptop-1", url)
    path = start_and_play(t.id, "Qualifying", 2, [3000, 1000, 1000, 1000], START,
                          tmp_path / "laptop-1")
    with Hub.open(url) as hub:
        push_file(hub, path)
    with open_ledger(path, create=False, readonly=True) as ledger:
        game = ledger.game_ids()[0]
    at(monkeypatch, tmp_path / "desk", desk)
    tournaments.add_judge(t.id, JUDGE, PIN)
    passed = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert "passed over: sent by banker_table_1, not banker_table_2" in passed.output
    with pytest.raises(TournamentError, match="is a judge's decision"):
        tournaments.move_game(t.id, "Qualifying", game, 2, "laptops swapped", None)
    with pytest.raises(TournamentError, match="has no table 9"):
        tournaments.move_game(t.id, "Qualifying", game, 9, "laptops swapped", (JUDGE, PIN))
    monkeypatch.setenv("BANKER_JUDGE_PIN", PIN)
    moved = CliRunner().invoke(main, ["tournament", "move-game", t.id, "Qualifying", game, "2",
                                      "--reason", "laptops of tables 1 and 2 swapped",
                                      "--judge", JUDGE])
    assert moved.exit_code == 0, moved.output
    assert moved.output == (f"game {game} is the Qualifying table 2's, signed by {JUDGE}; "
                            f"`tournament take-in {t.id} Qualifying` records it\n")
    checked = tournaments.load_checked(t.id)
    assert checked.words == [] and checked.tournament.moves[-1].seal is not None
    # The move, the last change, is a judge's decision: not the desk's to undo.
    judged = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "oops"])
    assert judged.exit_code == 3 and "recorded a judge's decision" in judged.output
    taken = CliRunner().invoke(main, ["tournament", "take-in", t.id, "Qualifying"])
    assert taken.output.splitlines() == [f"table 2: game {game} taken in from the hub"]
    assert [(g.table, g.game_id) for g in tournaments.load(t.id).games] == [(2, game)]
    # The take-in was the last change, a desk change: undone, then the undo undone.
    undone = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "oops"])
    assert undone.exit_code == 0
    assert tournaments.load(t.id).games == ()
    again = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "oops"])
    assert again.exit_code == 0  # undoing the undo brings the take-in back
    assert [(g.table, g.game_id) for g in tournaments.load(t.id).games] == [(2, game)]


def test_undo_on_the_hub_restores_the_version_before_the_last_change_as_a_new_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub("postgresql", tmp_path)
    t = drawn_at_desk("Undo Open", admin, ["1"], tmp_path, monkeypatch)
    with Hub.open(admin) as hub:
        from app.tournament.hub_store import HubTournaments  # noqa: PLC0415

        before = HubTournaments(hub).version(t.id)  # created, players entered, drawn: 3
    assert before == 3
    out = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "drawn too early"])
    assert out.exit_code == 0, out.output
    assert out.output == (f"{t.id}: undone version 3 (Qualifying drawn): drawn too early\n")
    now = tournaments.load(t.id)
    assert now.draw("Qualifying") is None and len(now.players) == 12
    assert [(u.change, u.reason) for u in now.undone] == [
        ("version 3 (Qualifying drawn)", "drawn too early")]
    with Hub.open(admin) as hub:
        from app.tournament.hub_store import HubTournaments  # noqa: PLC0415

        assert HubTournaments(hub).version(t.id) == 4  # a new version; 3 stays in the history
        assert HubTournaments(hub).at(t.id, 3).draw("Qualifying") is not None


def test_undo_in_a_file_restores_the_file_kept_before_its_last_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv("BANKER_HUB_URL", raising=False)
    t = tournaments.create("File Open", "sg-championship")
    nothing = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "x"])
    assert nothing.exit_code == 3 and "nothing to undo" in nothing.output
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=1, now=lambda: START + timedelta(minutes=1))
    assert previous_path(t.id).is_file()
    # The kept file is no tournament of its own: not listed, not named among the known ones.
    assert [x.id for x in tournaments.list_tournaments()] == [t.id]
    with pytest.raises(TournamentError, match=r"\(tournaments: file-open\)"):
        tournaments.load("nope")
    out = CliRunner().invoke(main, ["tournament", "undo", t.id, "--reason", "wrong seed"])
    assert out.exit_code == 0, out.output
    assert out.output == f"{t.id}: undone the file's last change: wrong seed\n"
    now = tournaments.load(t.id)
    assert now.draw("Qualifying") is None and len(now.players) == 8
    assert now.undone[-1].reason == "wrong seed"
