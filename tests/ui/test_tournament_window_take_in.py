"""The desk takes the tables' games and results in from the hub in the tournament window
(Ctrl+Shift+T): with the hub's roles the tables may not change the tournament, so their games
reach the hub alone; the window records them and their collected sheets in one change, says
what waits (a DIVERGED game until the head judge's ruling), and a refusal (the hub down, another
desk first) records nothing. PostgreSQL, its real roles."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtGui import QAction

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub, push_file
from app.hub.roles import DESK_LOGIN, init_roles, table_login
from app.tournament import forked, from_hub
from app.tournament import service as tournaments
from app.tournament.store import HUB_SOURCE, on_hub
from models.tournament.records import Player, Stage, Tournament
from tests.app.hub_tables import as_role, fresh_hub
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play
from tests.ui.head_judge_hall import rewrite_after_push
from tests.ui.test_head_judge_outage import outage
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

HEAD, PIN = "Head", "135790"


def played_on_the_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, str]:
    """Roles Open: 12 entrants drawn at the desk (seed 42), tables 1-3 started and played with
    their own roles, each game pushed to the hub; table 2's file then rewritten, so the hub
    shows it DIVERGED. Returns the hub's admin URL, the tournament's id and table 2's reason."""
    admin = fresh_hub("postgresql", tmp_path)
    init_roles(admin, [str(n) for n in QUALIFYING], password=lambda: "not-used-here")
    desk = as_role(admin, DESK_LOGIN)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, desk)
    t = tournaments.create("Roles Open", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}")
                                   for n in range(1, 13)])
    tournaments.draw(t.id, "Qualifying", seed=42)
    paths = {}
    for number, totals in QUALIFYING.items():
        table = as_role(admin, table_login(str(number)))
        monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / f"table-{number}"))
        monkeypatch.setenv(HUB_URL_ENV, table)
        paths[number] = start_and_play(t.id, "Qualifying", number, totals,
                                       START + timedelta(hours=number),
                                       tmp_path / f"table-{number}")
        with Hub.open(table) as hub:
            push_file(hub, paths[number])
    with Hub.open(admin) as hub:
        hub.register_judge(HEAD, PIN)
        reason = rewrite_after_push(hub, paths[2])
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, desk)
    return admin, t.id, reason


def desk_window(qtbot, tid: str) -> TournamentWindow:
    window = TournamentWindow(tid, poll_ms=None)
    qtbot.addWidget(window)
    return window


def take_in_key(window: TournamentWindow) -> QAction:
    return next(a for m in window.menuBar().actions() for a in m.menu().actions()
                if a.shortcut().toString() == "Ctrl+Shift+T")


def by_seat(t: Tournament, table: int) -> dict[str, tuple[int, int]]:
    """Each seat's name at `table`: its recorded score and place."""
    result = next(r for r in t.results if r.table == table)
    return {t.seat_name(p.player): (p.score, p.place) for p in result.players}


@pytest.mark.parametrize("copies", [0, 3], ids=["read here", "forked copies"])
def test_the_desk_takes_the_tables_results_in_and_a_diverged_game_waits_for_the_ruling(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, copies: int) -> None:
    admin, tid, reason = played_on_the_hub(tmp_path, monkeypatch)
    started: list[int] = []
    if copies:  # each game read by a copy of the desk's process (app/tournament/forked.py)
        monkeypatch.setattr(forked, "PER_COPY", 1)
        monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(copies + 1)))
        start = forked._started
        monkeypatch.setattr(forked, "_started", lambda *a: (started.append(1), start(*a))[1])
    window = desk_window(qtbot, tid)
    assert window.t.games == () and window.t.results == ()  # the tables changed nothing
    take_in_key(window).trigger()
    assert window.messages.level == "info", window.messages.text()
    t = tournaments.load(tid)
    games = {g.table: g.game_id for g in t.games}
    assert sorted(games) == [1, 2, 3]
    assert all(g.source == HUB_SOURCE + str(g.game_id) for g in t.games)
    waits = (f"table 2: DIVERGED on the hub: {reason}; its result waits for the head judge's "
             f"ruling (banker hub rule {games[2]} --judge NAME --reason ...)")
    assert window.messages.text() == ("Qualifying from the hub: 3 tables' games taken in "
                                      f"(tables 1, 2, 3); 2 table results in (tables 1, 3); {waits}")
    assert f"• {waits}" in window.results_text.text()
    # Two games to read (table 2 waits): with copies, the second read by a copy.
    assert len(started) == (1 if copies else 0)
    # By hand, from QUALIFYING's totals by seat: table 1 seat 1 1800 1st, seat 2 1700, seat 3
    # 1500, seat 4 1100; table 3 seat 2 2100 1st, seat 1 1800 2nd, seat 3 1500, seat 4 1200.
    seats = {n: tournaments.table_card(t, "Qualifying", n)["players"] for n in (1, 3)}
    assert by_seat(t, 1) == dict(zip(seats[1], [(1800, 1), (1700, 2), (1500, 3), (1100, 4)],
                                     strict=True))
    assert by_seat(t, 3) == dict(zip(seats[3], [(1800, 2), (2100, 1), (1500, 3), (1200, 4)],
                                     strict=True))
    # The window's standings: 2100, then 1800 twice (table 1's seat 1 won its table: 2nd on
    # wins), 1700; table 2 still to report.
    shown = [[window.standings.index(r, c).data() for c in (0, 1, 3, 4, 5, 7)]
             for r in range(4)]
    assert shown == [["1", seats[3][1], "3", "2,100", "1", "1"],
                     ["2", seats[1][0], "1", "1,800", "1", "1"],
                     ["3", seats[3][0], "3", "1,800", "2", "0"],
                     ["4", seats[1][1], "1", "1,700", "2", "0"]]
    assert "table 2" in window.state_text.text()
    window.grab().save(str(tmp_path / "take-in.png"))
    # The head judge rules; the desk's next take-in counts table 2 on the ruling.
    with Hub.open(admin) as hub:
        hub.rule(games[2], HEAD, PIN, "the hub's copy stands")
    take_in_key(window).trigger()
    assert window.messages.text() == (
        f"Qualifying from the hub: no new table's game; 3 table results in (tables 1, 2, 3); "
        f"table 2: "
        f"DIVERGED on the hub ({reason}); taken on {HEAD}'s ruling: the hub's copy stands")
    result = next(r for r in tournaments.load(tid).results if r.table == 2)
    assert [p.score for p in result.players] == sorted(QUALIFYING[2], reverse=True)
    assert [p.place for p in result.players] == [1, 2, 3, 4]


def test_a_take_in_refused_by_a_hub_that_is_down_or_another_desk_first_records_nothing(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, tid, _ = played_on_the_hub(tmp_path, monkeypatch)
    window = desk_window(qtbot, tid)
    with on_hub() as held:
        assert held is not None
        before = held.version(tid)
    with outage("postgresql", ""):
        take_in_key(window).trigger()
        assert window.messages.level == "refused"
        assert window.messages.text().startswith("Not recorded: the hub cannot be opened: "
                                                 "postgresql+psycopg://banker_desk")
        assert "Connection refused" in window.messages.text()
        assert window.t is not None and window.t.id == tid  # what was shown stays
    real = from_hub.record_results

    def another_desk_first(t: Tournament, stage: str, sheets: dict) -> Tournament:
        """Inside this take-in's transaction, another desk's change commits first."""
        tournaments.add_players(tid, [Player(id="T13", name="Entrant 13")])
        return real(t, stage, sheets)

    monkeypatch.setattr(from_hub, "record_results", another_desk_first)
    take_in_key(window).trigger()
    assert window.messages.level == "refused"
    assert "changed meanwhile at another desk" in window.messages.text()
    t = tournaments.load(tid)
    assert t.games == () and t.results == ()  # nothing of the take-in
    with on_hub() as held:
        assert held is not None and held.version(tid) == before + 1  # the other desk's only
    assert window.t.player("T13").name == "Entrant 13"  # the window shows the other desk's change
