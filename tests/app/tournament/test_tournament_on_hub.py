"""The tournament on the hub: laptops with their own data folders and one hub URL see one
tournament; two desks changing it at once, one wins and the other is told, nothing half-written.
On a SQLite hub always; on PostgreSQL when its server can start (else skipped, saying so)."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from app.cli.main import main
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.schema import hub_tournaments
from app.tournament import draws
from app.tournament import service as tournaments
from app.tournament.hub_store import TournamentChangedMeanwhile
from models.tournament.records import Player, Stage, Tournament
from tests.app.hub_tables import HUBS, PIN, fresh_hub
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play


class Laptop:
    """One machine of the hall: its own data folder, the hall's hub URL."""

    def __init__(self, folder: Path, hub: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder, self.hub, self.monkeypatch = folder, hub, monkeypatch
        folder.mkdir(parents=True, exist_ok=True)

    def __enter__(self) -> Laptop:
        self.monkeypatch.setenv(DATA_DIR_ENV, str(self.folder / "data"))
        self.monkeypatch.setenv(HUB_URL_ENV, self.hub)
        return self

    def __exit__(self, *_: object) -> None:
        return None


def versions(url: str, tid: str) -> list[tuple[int, str]]:
    with Hub.open(url) as hub, hub.database.read() as connection:
        return [(r.version, r.change) for r in connection.execute(
            select(hub_tournaments.c.version, hub_tournaments.c.change)
            .where(hub_tournaments.c.tournament_id == tid).order_by(hub_tournaments.c.version))]


def twelve_on(desk: Laptop) -> str:
    with desk:
        t = tournaments.create("Hall Open 2026", "sg-championship",
                               stages=[Stage(name="Qualifying", advance=5, advance_by="score"),
                                       Stage(name="Final", advance=3, advance_by="table")])
        tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                       for n in range(1, 13)])
    return t.id


@pytest.mark.parametrize("kind", HUBS)
def test_a_draw_made_at_the_desk_is_listed_at_a_table_with_its_own_data_folder(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    table = Laptop(tmp_path / "table-2", url, monkeypatch)
    tid = twelve_on(desk)
    assert not (tmp_path / "desk" / "data" / "tournaments" / f"{tid}.json").exists()
    with desk:
        tournaments.draw(tid, "Qualifying", seed=42)
    with table:
        listed = tournaments.list_tournaments()
        assert [(t.id, tournaments.current_stage(t)) for t in listed] == [(tid, "Qualifying")]
        cards = tournaments.table_cards(tid, "Qualifying")
    with desk:
        drawn = tournaments.load(tid).draw("Qualifying")
    assert drawn is not None and [c["card"]["players"] for c in cards] == [
        [f"Entrant {p[1:]}" for p in n.players] for n in drawn.tables]
    assert [what for _, what in versions(url, tid)] == [
        "created", "players entered: " + ", ".join(f"T{n:02}" for n in range(1, 13)),
        "Qualifying drawn"]


@pytest.mark.parametrize("kind", HUBS)
def test_a_table_started_at_its_laptop_counts_at_the_desk_and_a_ruling_shows_at_once(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    tid = twelve_on(desk)
    with desk:
        tournaments.draw(tid, "Qualifying", seed=42)
    for number, totals in QUALIFYING.items():
        with Laptop(tmp_path / f"table-{number}", url, monkeypatch) as table:
            path = start_and_play(tid, "Qualifying", number, totals,
                                  START + timedelta(hours=number), table.folder)
            with Hub.open(url) as hub:
                push_file(hub, path)
    with desk:
        t, notes = tournaments.collect_results(tid, "Qualifying", hub=url)
        assert notes == [] and sorted(r.table for r in t.results) == [1, 2, 3]
        found = tournaments.standings(tid, "Qualifying")
    tie = next(iter(found.ties))
    with Laptop(tmp_path / "head-judge", url, monkeypatch):
        with Hub.open(url) as hub:
            hub.register_judge("Head", PIN)
        tournaments.rule_tie(tid, "Qualifying", list(tie.players), ("Head", PIN),
                             "by the sheets", now=lambda: START)
    with desk:
        assert [r.judge for r in tournaments.load(tid).rulings] == ["Head"]


def test_two_desks_drawing_one_stage_at_once_one_wins_the_other_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two real connections to PostgreSQL (each call opens its own), held at a barrier after
    each has read the same version, so both write the next: the key lets one in. (A SQLite
    hub takes writers one at a time, so there the second waits and changes the new version.)"""
    url = fresh_hub("postgresql", tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    tid = twelve_on(desk)
    before = versions(url, tid)
    barrier = threading.Barrier(2, timeout=30)

    def both_have_read() -> datetime:
        barrier.wait()  # each desk's transaction has read the latest version by now
        return START

    outcome: dict[int, object] = {}

    def desk_draws(seed: int) -> None:
        try:
            outcome[seed] = tournaments.draw(tid, "Qualifying", seed=seed, now=both_have_read)
        except Exception as e:  # the test looks at whatever each desk got
            outcome[seed] = e

    with desk:
        threads = [threading.Thread(target=desk_draws, args=(seed,)) for seed in (1, 2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    won = [seed for seed, got in outcome.items() if isinstance(got, Tournament)]
    told = [got for got in outcome.values() if isinstance(got, TournamentChangedMeanwhile)]
    assert len(won) == 1 and len(told) == 1, outcome
    assert "changed meanwhile at another desk" in str(told[0])
    assert "nothing of this change was recorded" in str(told[0])
    assert versions(url, tid) == [*before, (len(before) + 1, "Qualifying drawn")]
    with desk:
        kept = tournaments.load(tid).draw("Qualifying")
    assert kept is not None and kept.seed == won[0]


@pytest.mark.parametrize("kind", HUBS)
def test_a_files_tournament_is_pushed_to_the_hub_and_exported_back_the_same(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("Solo Cup", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}") for n in range(8)])
    url = fresh_hub(kind, tmp_path)
    runner = CliRunner()
    pushed = runner.invoke(main, ["tournament", "push", t.id, "--hub", url])
    assert pushed.exit_code == 0, pushed.output
    assert pushed.output.splitlines() == [f"{t.id}: on the hub as version 1"]
    monkeypatch.setenv(HUB_URL_ENV, url)
    tournaments.draw(t.id, "Qualifying", seed=7)  # changes the hub's copy, not the file
    assert tournaments.load_file(t.id).draw("Qualifying") is None
    out = tmp_path / "export.json"
    exported = runner.invoke(main, ["tournament", "export", t.id, str(out)])
    assert exported.exit_code == 0, exported.output
    assert Tournament.model_validate_json(out.read_bytes()) == tournaments.load(t.id)
    assert json.loads(out.read_text())["id"] == t.id
    assert versions(url, t.id)[-1] == (2, "Qualifying drawn")


def test_a_tournament_on_the_hub_is_append_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    tid = twelve_on(Laptop(tmp_path / "desk", url, monkeypatch))
    with Hub.open(url) as hub, pytest.raises(tournaments.BankerError, match="append-only"), \
            hub.database.write() as connection:
        connection.execute(hub_tournaments.delete())
    with Hub.open(url) as hub, hub.database.read() as connection:
        assert connection.execute(select(func.count()).select_from(hub_tournaments)).scalar() == 2
    assert versions(url, tid)[0] == (1, "created")


def test_the_command_line_says_the_other_desk_changed_it_first_and_exits_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real collision on PostgreSQL, in order: this desk has read version N inside its
    transaction when the other desk's draw commits N+1 on a connection of its own; this desk's
    N+1 then meets the key."""
    url = fresh_hub("postgresql", tmp_path)
    desk = Laptop(tmp_path / "desk", url, monkeypatch)
    tid = twelve_on(desk)
    real_draw = draws._draw  # the pure change the service applies, wrapped below

    def other_desk_meanwhile(t: Tournament, *args: object, **kwargs: object) -> Tournament:
        monkeypatch.setattr(draws, "_draw", real_draw)
        tournaments.draw(tid, "Qualifying", seed=99)  # the other desk, its own connection
        return real_draw(t, *args, **kwargs)  # type: ignore[arg-type]

    with desk:
        before = versions(url, tid)
        monkeypatch.setattr(draws, "_draw", other_desk_meanwhile)
        out = CliRunner().invoke(main, ["tournament", "draw", tid, "Qualifying", "--seed", "5"])
        assert out.exit_code == 3, out.output
        assert out.output.startswith(f"refused: tournament {tid!r} changed meanwhile at another "
                                     "desk")
        assert "nothing of this change was recorded; look again" in out.output
        assert versions(url, tid) == [*before, (len(before) + 1, "Qualifying drawn")]
        kept = tournaments.load(tid).draw("Qualifying")
    assert kept is not None and kept.seed == 99


@pytest.mark.parametrize("command", [["tables", "hall-open", "Qualifying"],
                                     ["standings", "hall-open", "Qualifying"],
                                     ["take-in", "hall-open", "Qualifying"],
                                     ["round-status", "hall-open", "Qualifying"]])
def test_a_hub_that_cannot_be_reached_is_exit_4_as_a_ledger_that_cannot_be_opened(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/commands.md, exit codes: 4 when the hub cannot be reached (nothing listens on port
    # 9 of this machine), not 3, which says the rules refused something.
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(HUB_URL_ENV, "postgresql+psycopg://banker@127.0.0.1:9/hub")
    out = CliRunner().invoke(main, ["tournament", *command])
    assert out.exit_code == 4, out.output
    assert "the hub cannot be opened" in out.output and "Traceback" not in out.output
