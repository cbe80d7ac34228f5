"""The tournament window on the hub: it shows the hub's tournament, and when another desk changed
it meanwhile the window says so and shows the other desk's change (the race itself is tested
with two real PostgreSQL connections in tests/app/tournament/test_tournament_on_hub.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from app.tournament.hub_store import TournamentChangedMeanwhile
from models.tournament.records import Player, Stage, Tournament
from tests.app.hub_tables import fresh_hub
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_draw_refused_because_another_desk_drew_first_shows_the_other_desks_draw(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, fresh_hub("sqlite", tmp_path))
    t = tournaments.create("Hall Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Player {n}") for n in range(1, 9)])
    window = TournamentWindow()
    qtbot.addWidget(window)
    window.reload(t.id)
    assert window.t is not None and window.t.draw("Qualifying") is None
    real_draw = tournaments.draw

    def another_desk_first(tid: str, stage: str, *_: object, **__: object) -> Tournament:
        """The race as this desk meets it: the other desk's draw lands first, then ours collides."""
        real_draw(tid, stage, seed=99)
        raise TournamentChangedMeanwhile(f"tournament {tid!r} changed meanwhile at another desk "
                                         "(hub test): nothing of this change was recorded; "
                                         "look again")

    monkeypatch.setattr(tournaments, "draw", another_desk_first)
    assert window.draw(seed=5) is False
    assert window.messages.level == "refused"
    assert "changed meanwhile at another desk" in window.messages.text()
    shown = window.t.draw("Qualifying") if window.t is not None else None
    assert shown is not None and shown.seed == 99
