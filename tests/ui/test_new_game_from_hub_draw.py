"""The new-game form on a table's laptop lists its table from the hub's draw: the tournament was
made and drawn at the desk, on another data folder; the game started at the table is the
tournament's table game at the desk. On a SQLite hub always; on PostgreSQL when it can start."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.hub_tables import HUBS, fresh_hub
from tests.clocks import Clock
from ui.start.new_game import NewGameForm

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def shown_form(qtbot) -> NewGameForm:
    """The new-game form as the table's laptop opens it, on a clock of its own."""
    clock = Clock()
    form = NewGameForm(
        lambda command, banker, judge, minutes: games.create_game(command, banker, judge,
                                                                  minutes, now=clock),
        from_draw=lambda tid, stage, table, roll_off, banker, judge: tournaments.start_table(
            tid, stage, table, roll_off, banker, judge, now=clock))
    qtbot.addWidget(form)
    form.show()
    return form


@pytest.mark.parametrize("kind", HUBS)
def test_the_tables_laptop_starts_its_table_from_the_hubs_draw_and_the_desk_sees_it(
        qtbot, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    monkeypatch.setenv(HUB_URL_ENV, url)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    t = tournaments.create("Hall Open 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    seated = tournaments.table_card(tournaments.load(t.id), "Qualifying", 2)["players"]
    # The table's laptop: a data folder of its own, empty; the hall's hub.
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "table-2"))
    form = shown_form(qtbot)
    assert form.draw.isVisible() and form.draw.offered()
    form.draw.choose(t.id, 2)
    assert [s.text() for s in form.seats[:4]] == seated
    for name, thrown in zip(seated, ("65", "43", "22", "51"), strict=True):
        qtbot.keyClicks(form.findChild(type(form.banker), f"dice-1-{name}"), thrown)
    qtbot.keyClicks(form.banker, "Mei")
    form.submit()  # the banker starts (Ctrl+Return, as tests/ui/test_new_game_from_draw.py)
    assert form.path is not None, form.messages.text()
    assert form.path.is_relative_to(tmp_path / "table-2")
    # The desk reads the hub: table 2's game is recorded, with its id for the hub's copy.
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    refs = {g.table: (g.source, g.game_id) for g in tournaments.load(t.id).games}
    assert list(refs) == [2] and refs[2][0] == str(form.path) and refs[2][1]
    assert not (tmp_path / "desk" / "tournaments" / f"{t.id}.json").exists()


def test_the_tables_laptop_lists_and_plays_the_tournaments_own_board_taken_from_the_hub(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The desk saved the hall's set as its own board and made the tournament on it; the table's
    # laptop has no such file: choosing its table fetches the hub's copy, and the form shows
    # and locks that board (not the profile's), and the game is started on it.
    from app.editions.board_editor import open_board, save_edition  # noqa: PLC0415
    from app.ledger import open_ledger  # noqa: PLC0415

    url = fresh_hub("sqlite", tmp_path)
    monkeypatch.setenv(HUB_URL_ENV, url)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    save_edition(open_board("singapore"), "sg-hall-2026", "Singapore Hall Set 2026")
    t = tournaments.create("Hall Open 2026", "sg-championship", board="sg-hall-2026")
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "table-1"))
    form = shown_form(qtbot)
    assert form.board_listed("sg-hall-2026") is None  # not on this laptop when the form opened
    form.draw.choose(t.id, 1)
    assert form.board.currentData() == "sg-hall-2026"
    assert form.board.currentText().startswith("Singapore Hall Set 2026")
    assert not form.board.isEnabled()
    seated = [s.text() for s in form.seats[:4]]
    for name, thrown in zip(seated, ("65", "43", "22", "51"), strict=True):
        qtbot.keyClicks(form.findChild(type(form.banker), f"dice-1-{name}"), thrown)
    qtbot.keyClicks(form.banker, "Mei")
    form.submit()
    assert form.path is not None, form.messages.text()
    with open_ledger(str(form.path), create=False, readonly=True) as ledger:
        game_id = ledger.latest_game_id()
        assert game_id is not None and ledger.game(game_id).board_id == "sg-hall-2026"
