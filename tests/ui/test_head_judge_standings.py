"""The head judge's standings come from the tournament service; `banker head-judge` says plainly
what it lacks (a hub URL, a tournament) before opening anything."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli.main import main as banker
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from ui.head_judge.command import head_judge_command
from ui.head_judge.reader import HallReader
from ui.head_judge.standings_panel import NO_TOURNAMENT, StandingsPanel
from ui.head_judge.window import HeadJudgeWindow

assert banker.get_command(None, "head-judge") is head_judge_command  # type: ignore[arg-type]

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Eight players drawn at two tables of four; no table has reported."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Cup", "sg-championship", stages=[
        Stage(name="Qualifying", advance=4, advance_by="score"),
        Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    return t.id


def test_the_last_drawn_stage_shows_every_player_awaiting_their_table(
        qtbot, qtmodeltester, drawn: str, tmp_path: Path) -> None:
    Hub.open(str(tmp_path / "hub.db"), create=True).close()  # a hub no table has reached yet
    window = HeadJudgeWindow(HallReader(str(tmp_path / "hub.db"), drawn), threaded=False,
                             poll_ms=None)
    qtbot.addWidget(window)
    window.refresh()
    panel = window.standings
    assert "Hall Cup · Qualifying" in panel.heading.text()
    assert "provisional: tables 1, 2 to report" in panel.heading.text()
    model = panel.model
    assert model.rowCount() == 8
    statuses = sorted(model.index(r, 6).data() for r in range(8))
    assert statuses == ["awaiting table 1"] * 4 + ["awaiting table 2"] * 4
    assert all(model.index(r, 0).data() == "" for r in range(8))  # no position without a result
    qtmodeltester.check(model)
    assert window.model.rowCount() == 0  # an empty hub: no table has sent anything yet
    assert "0 tables" in window.summary.text()


def test_without_a_tournament_the_panel_says_how_to_follow_one(qtbot) -> None:
    panel = StandingsPanel()
    qtbot.addWidget(panel)
    panel.show_standings(None, None)
    assert panel.heading.text() == NO_TOURNAMENT and panel.model.rowCount() == 0


def test_an_unreachable_hub_is_said_in_red_and_tried_again(qtbot) -> None:
    window = HeadJudgeWindow(HallReader("postgresql+psycopg://banker@127.0.0.1:9/nothing"),
                             threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    with qtbot.wait_signal(window.unreachable) as failed:
        window.refresh()
    assert "cannot be opened" in failed.args[0]
    assert "did not answer" in window.summary.text() and "Trying again" in window.summary.text()
    assert not window._busy  # the next poll reads again


def test_a_mistyped_hub_path_is_said_and_no_hub_file_is_made(qtbot, tmp_path: Path) -> None:
    typo = tmp_path / "hbu.db"
    window = HeadJudgeWindow(HallReader(str(typo)), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    with qtbot.wait_signal(window.unreachable) as failed:
        window.refresh()
    assert f"no hub at {typo} (nothing was created)" in failed.args[0]
    assert not typo.exists()  # reading never makes a hub: a typo stays a typo


def test_the_command_needs_a_hub_and_a_known_tournament(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    runner = CliRunner()
    result = runner.invoke(banker, ["head-judge"])
    assert result.exit_code == 4 and "no hub is set" in result.output
    result = runner.invoke(banker, ["head-judge", "--hub", str(tmp_path / "hub.db"),
                                    "--tournament", "no-such-cup"])
    assert result.exit_code == 3 and "no tournament 'no-such-cup'" in result.output
