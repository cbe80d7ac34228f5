"""`banker tournament draw` with its options (issue 22): --method, --avoid-rematches, --apart;
the options are recorded with the draw and printed by `draw` and `tables`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.changes import attach_game, record_result
from ui.entry import main


def invoke(*args: str | Path) -> Result:
    return CliRunner().invoke(main, ["tournament", *map(str, args)])


@pytest.fixture
def entered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """16 players SG01-SG16, a Qualifying of 4 tables (the top 8 by score), a Semi-final."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    assert invoke("create", "Club Open", "--profile", "sg-championship", "--stage",
                  "Qualifying:4:8:score", "--stage", "Semi-final:4:1:table").exit_code == 0
    players = [f"--player=SG{n:02}=Player {n:02}" for n in range(1, 17)]
    assert invoke("add-players", "club-open", *players).exit_code == 0
    return "club-open"


def test_a_draw_keeping_a_club_apart_seats_it_at_four_tables_and_prints_the_options(
        entered: str) -> None:
    done = invoke("draw", entered, "Qualifying", "--seed", "3", "--apart", "SG01,SG02,SG03,SG04",
                  "--apart", "SG05, SG06")
    assert done.exit_code == 0, done.output
    made = tournaments.load(entered).draw("Qualifying")
    assert made is not None
    for club in ({"SG01", "SG02", "SG03", "SG04"}, {"SG05", "SG06"}):
        assert all(len(club & set(x.players)) <= 1 for x in made.tables)
    assert "  draw: random from seed 3; kept apart: SG01, SG02, SG03, SG04; SG05, SG06\n" in (
        done.output)
    listed = invoke("tables", entered, "Qualifying")
    assert listed.output.startswith("Qualifying draw: random from seed 3; kept apart: SG01")


def test_a_snake_of_the_first_stage_is_refused_and_a_group_of_one_is_a_usage_error(
        entered: str) -> None:
    refused = invoke("draw", entered, "Qualifying", "--method", "snake")
    assert refused.exit_code == 3
    assert "no ranking to seed a snake draw" in refused.output
    alone = invoke("draw", entered, "Qualifying", "--apart", "SG01")
    assert alone.exit_code == 2 and "2 or more different players" in alone.output
    assert tournaments.load(entered).draws == ()


def test_the_semi_final_by_snake_avoiding_rematches_follows_the_qualifying_ranking(
        entered: str) -> None:
    assert invoke("draw", entered, "Qualifying", "--seed", "9").exit_code == 0
    t = tournaments.load(entered)
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:  # SGnn scores 10000 - 100 * nn: the ranking is SG01, SG02, ...
        totals = sorted(((10000 - 100 * int(p[2:]), p) for p in table.players), reverse=True)
        t = attach_game(t, "Qualifying", table.number, f"games/q{table.number}.db")
        t = record_result(t, "Qualifying", table.number, {
            "footer": {"collected": True, "head": "4:0"}, "players": [
                {"name": t.seat_name(p), "total": total, "position": n, "tied": False,
                 "bankrupt": False} for n, (total, p) in enumerate(totals, 1)]})
    tournaments.save(t)
    done = invoke("draw", entered, "Semi-final", "--seed", "2", "--method", "snake",
                  "--avoid-rematches")
    assert done.exit_code == 0, done.output
    semi = tournaments.load(entered).draw("Semi-final")
    assert semi is not None
    # 8 at 2 tables: rows SG01 | SG02, back SG04 | SG03, SG05 | SG06, back SG08 | SG07; a
    # swap stays within a row, so each table keeps one of SG01-02, SG03-04, SG05-06, SG07-08.
    for row in ({"SG01", "SG02"}, {"SG03", "SG04"}, {"SG05", "SG06"}, {"SG07", "SG08"}):
        assert all(len(row & set(x.players)) == 1 for x in semi.tables)
    met = {frozenset((a, b)) for x in made.tables for a in x.players for b in x.players
           if a < b}
    again = {frozenset(p) for p in semi.rematches}
    assert again == {frozenset((a, b)) for x in semi.tables for a in x.players
                     for b in x.players if a < b} & met
    assert f"  draw: {semi.words}\n" in done.output
    assert semi.words.startswith("seeded snake by the Qualifying ranking (seed 2); rematches")
