"""The new-game form from the tournament draw: the banker picks a drawn table, the form fills
itself from the table's card and locks it; the banker types only the roll-off and starts, and the
game is the tournament's table game (as `banker tournament start-table` makes it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import Qt

from app.games import folder as games
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.clocks import Clock
from tests.ui.test_new_game_from_hub_draw import shown_form
from ui.entry import main
from ui.start.new_game import NewGameForm

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """An SG tournament of 8 in the data folder, its qualifying round drawn (two tables of 4)."""
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    t = tournaments.create("Hall Open 2026", "sg-championship", minutes=90,
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"H{n}", name=f"Player {n}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    return t.id


@pytest.fixture
def form(qtbot, drawn: str) -> NewGameForm:
    return shown_form(qtbot)


def tables_text(tid: str) -> str:
    result = CliRunner().invoke(main, ["tournament", "tables", tid, "Qualifying"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_table_2_from_the_draw_fills_locks_and_starts_as_the_tournaments_game(
        qtbot, form: NewGameForm, drawn: str, tmp_path: Path) -> None:
    card = tournaments.table_card(tournaments.load(drawn), "Qualifying", 2)
    seated = card["players"]
    assert form.draw.isVisible()
    form.draw.choose(drawn, 2)
    # The form shows table 2's card: its labels, its players in seat order, locked.
    assert [s.text() for s in form.seats[:4]] == seated
    assert all(s.isReadOnly() for s in form.seats)
    assert (form.tournament.text(), form.round.text(), form.table.text()) == (
        "Hall Open 2026", "Qualifying", "2")
    assert form.tournament.isReadOnly() and not form.profile.isEnabled()
    assert form.profile.currentData() == "sg-championship"
    assert form.length.currentData() == 90 and not form.length.isEnabled()
    assert not form.board.isEnabled() and form.board.currentData() is None  # the profile's
    # A locked seat takes no typing.
    qtbot.keyClicks(form.seats[0], "x")
    assert form.seats[0].text() == seated[0]
    # The roll-off as thrown, in seat order: 6+5 = 11 is the highest, seat 1 starts.
    for name, thrown in zip(seated, ("65", "43", "22", "51"), strict=True):
        qtbot.keyClicks(form.findChild(type(form.banker), f"dice-1-{name}"), thrown)
    assert "decided" in form.roll_off.note.text()
    qtbot.keyClicks(form.banker, "Mei")
    # The tournament's 90 minutes are not SG's own 60: the judge sets the length (name and
    # PIN); without a judge the rules refuse, and nothing is recorded or attached.
    qtbot.keyClick(form, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert form.path is None and form.messages.level == "refused"
    assert "judge" in form.messages.text()
    assert tournaments.load(drawn).games == ()
    assert not list((tmp_path / "data" / "games").glob("*.db"))
    qtbot.keyClicks(form.judge, "Lee")
    qtbot.keyClicks(form.pin, "246802")
    qtbot.keyClick(form, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert form.path is not None, form.messages.text()
    # The game is attached to the tournament as table 2's, and `tables` says it is started.
    refs = {g.table: g.source for g in tournaments.load(drawn).games}
    assert refs == {2: str(form.path)}
    listed = tables_text(drawn).splitlines()
    assert listed[0] == "Qualifying draw: random from seed 7"
    assert listed[2] == (f"Hall Open 2026 · Qualifying · table 2: {', '.join(seated)} "
                         f"(sg-championship, 90 minutes) — game {form.path}")
    assert listed[1].endswith("— to start")
    game = games.open_game(form.path)
    try:
        opening = game.ledger.commands(game.game_id)[0]
        assert opening.payload["players"] == seated and opening.actor_name == "Mei"
        assert opening.payload["roll_off"] == [dict(zip(seated, ([6, 5], [4, 3], [2, 2],
                                                                 [5, 1]), strict=True))]
    finally:
        game.close()


def test_a_started_table_cannot_be_picked_and_by_hand_frees_the_fields(
        qtbot, form: NewGameForm, drawn: str) -> None:
    card = tournaments.table_card(tournaments.load(drawn), "Qualifying", 1)
    tournaments.start_table(drawn, "Qualifying", 1, tournaments.roll_off_from_throws(
        card["players"], "6+5 4+3 2+2 5+1"), "Siti", ("Lee", "246802"), now=Clock())
    again = NewGameForm(form.create, from_draw=form.from_draw)
    qtbot.addWidget(again)
    again.draw.choose(drawn, 2)
    started = again.draw.table.model().item(1)
    assert "(started)" in started.text() and not started.isEnabled()
    assert again.seats[0].isReadOnly()
    again.draw.tournament.setCurrentIndex(0)  # No: typed by hand
    assert again.drawn is None
    assert not again.seats[0].isReadOnly() and again.profile.isEnabled()


def test_a_tournament_with_a_board_shows_its_board_on_every_tables_form(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    t = tournaments.create("Board Open", "sg-championship", board="classic-uk")
    tournaments.add_players(t.id, [Player(id=f"B{n}", name=f"Player {n}") for n in range(1, 5)])
    tournaments.draw(t.id, "Qualifying", seed=3)
    dialog = NewGameForm(lambda *_: tmp_path, from_draw=lambda *_: tmp_path)
    qtbot.addWidget(dialog)
    dialog.draw.choose(t.id, 1)
    assert dialog.board.currentData() == "classic-uk" and not dialog.board.isEnabled()
