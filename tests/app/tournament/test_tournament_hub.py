"""The standings read from the hub: each table's game copied to the hub, then its collected
scoresheet read from the hub's copy by game id, with the table files gone from the head judge's
machine. On a SQLite hub always; on PostgreSQL when its server can start (else skipped, saying so)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.hub import Hub, push_file
from app.tournament import service as tournaments
from tests.app.hub_tables import HUBS, fresh_hub
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play, twelve
from tests.ui.head_judge_hall import rewrite_after_push
from ui.entry import main

__all__ = ["twelve"]  # the fixture, used by name


@pytest.mark.parametrize("kind", HUBS)
def test_results_collect_from_the_hubs_copies_without_the_table_files(
        kind: str, twelve: str, tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    folder = tmp_path / "tables"
    folder.mkdir()
    paths = {table: start_and_play(twelve, "Qualifying", table, totals,
                                   START + timedelta(hours=table), folder)
             for table, totals in QUALIFYING.items()}
    with Hub.open(url) as hub:
        for table in (1, 2):  # table 3's game has not reached the hub yet
            push_file(hub, paths[table])
    for path in folder.iterdir():
        path.unlink()  # the head judge reads the hub, not the tables' files
    refs = {g.table: g.game_id for g in tournaments.load(twelve).games}
    assert all(refs.values())  # start_table kept each game's id
    t, notes = tournaments.collect_results(twelve, "Qualifying", hub=url)
    assert notes == [f"table 3: cannot be opened: the hub holds no copy of game {refs[3]} yet"]
    assert sorted(r.table for r in t.results) == [1, 2]
    # Table 2's totals by seat are 2400, 2000, 1800, 500 (QUALIFYING): read from the hub's copy.
    result = next(r for r in t.results if r.table == 2)
    assert [p.score for p in result.players] == [2400, 2000, 1800, 500]
    assert [p.place for p in result.players] == [1, 2, 3, 4]
    # The same from the command line.
    out = CliRunner().invoke(main, ["tournament", "results", twelve, "Qualifying", "--hub", url],
                             catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert out.output.splitlines() == ["Qualifying: 2 table results in", f"  {notes[0]}"]


def test_results_from_a_hub_that_is_not_there_are_refused_and_nothing_is_recorded(
        twelve: str, tmp_path: Path) -> None:
    start_and_play(twelve, "Qualifying", 1, QUALIFYING[1], START, tmp_path)
    before = tournaments.tournament_path(twelve).read_bytes()
    with pytest.raises(tournaments.BankerError, match=r"no-hub\.db"):
        tournaments.collect_results(twelve, "Qualifying", hub=str(tmp_path / "no-hub.db"))
    out = CliRunner().invoke(main, ["tournament", "results", twelve, "Qualifying", "--hub",
                                    str(tmp_path / "no-hub.db")])
    assert out.exit_code == 4 and "no-hub.db" in out.output
    assert tournaments.tournament_path(twelve).read_bytes() == before


@pytest.mark.parametrize("kind", HUBS)
def test_a_diverged_games_result_waits_for_the_head_judges_ruling(
        kind: str, twelve: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    folder = tmp_path / "tables"
    folder.mkdir()
    paths = {table: start_and_play(twelve, "Qualifying", table, totals,
                                   START + timedelta(hours=table), folder)
             for table, totals in QUALIFYING.items()}
    with Hub.open(url) as hub:
        hub.register_judge("Head", "135790")
        for path in paths.values():
            push_file(hub, path)
    refs = {g.table: g.game_id for g in tournaments.load(twelve).games}
    reason = rewrite_after_push_of(url, paths[2])
    t, notes = tournaments.collect_results(twelve, "Qualifying", hub=url)
    assert sorted(r.table for r in t.results) == [1, 3]
    assert notes == [f"table 2: DIVERGED on the hub: {reason}; its result waits for the head "
                     f"judge's ruling (banker hub rule {refs[2]} --judge NAME --reason ...)"]
    # From the tables' files too, with the hub set for the hall: the flag is the hub's.
    monkeypatch.setenv("BANKER_HUB_URL", url)
    assert tournaments.collect_results(twelve, "Qualifying")[1] == notes
    monkeypatch.setenv("BANKER_JUDGE_PIN", "135790")
    ruled = CliRunner().invoke(main, ["hub", "rule", "Test Open 2026 · Qualifying · table 2",
                                      "--judge", "Head", "--reason", "the hub's copy stands"])
    assert ruled.exit_code == 0, ruled.output
    out = CliRunner().invoke(main, ["tournament", "results", twelve, "Qualifying", "--hub", url],
                             catch_exceptions=False)
    assert out.output.splitlines() == [
        "Qualifying: 3 table results in",
        f"  table 2: DIVERGED on the hub ({reason}); taken on Head's ruling: the hub's copy "
        "stands"]
    result = next(r for r in tournaments.load(twelve).results if r.table == 2)
    assert [p.score for p in result.players] == sorted(QUALIFYING[2], reverse=True)  # sheet order


def rewrite_after_push_of(url: str, path: Path) -> str:
    """The hall's forger: a table's file rewritten and pushed again; the hub's reason."""
    with Hub.open(url) as hub:
        return rewrite_after_push(hub, path)
