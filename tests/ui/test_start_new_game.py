"""The new-game form collects the table from the keyboard; the rules judge it when it is sent."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit

from app.games import folder as games
from tests.clocks import Clock
from ui.app import MainWindow
from ui.sounds import Sounds
from ui.start.new_game import NewGameForm

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")




@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def choose_profile(form: NewGameForm, profile_id: str) -> None:
    form.profile.setCurrentIndex(form.profile.findData(profile_id))


def type_in(qtbot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    qtbot.keyClicks(edit, text)


def dice(form: NewGameForm, round_number: int, name: str) -> QLineEdit:
    return form.roll_off.rounds[round_number - 1][name]


def test_a_tied_roll_off_asks_again_for_the_tied_players_only(qtbot, form: NewGameForm) -> None:
    # Round 1: Ann 5+6 = 11, Bob 6+5 = 11, Cy 2+2 = 4: Ann and Bob tie for the highest and throw
    # again; round 2: Ann 3+3 = 6, Bob 4+5 = 9: Bob starts, play going clockwise Bob, Cy, Ann.
    choose_profile(form, "sg-championship")
    for seat, name in zip(form.seats, ["Ann", "Bob", "Cy"], strict=False):
        type_in(qtbot, seat, name)
    for name, thrown in (("Ann", "56"), ("Bob", "65"), ("Cy", "22")):
        type_in(qtbot, dice(form, 1, name), thrown)
    assert list(form.roll_off.rounds[1]) == ["Ann", "Bob"]
    assert "Ann, Bob throw again" in form.roll_off.note.text()
    type_in(qtbot, dice(form, 2, "Ann"), "33")
    type_in(qtbot, dice(form, 2, "Bob"), "45")
    assert len(form.roll_off.rounds) == 2
    assert "decided" in form.roll_off.note.text()
    for edit, text in ((form.tournament, "SG Open"), (form.round, "Qualifying 2"),
                       (form.table, "7"), (form.banker, "Mei")):
        type_in(qtbot, edit, text)
    qtbot.keyClick(form, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert form.path is not None, form.messages.text()
    game = games.open_game(form.path)
    try:
        opening = game.ledger.commands(game.game_id)[0]
        assert opening.payload["roll_off"] == [
            {"Ann": [5, 6], "Bob": [6, 5], "Cy": [2, 2]}, {"Ann": [3, 3], "Bob": [4, 5]}]
        assert (opening.payload["tournament"], opening.payload["round"], opening.payload["table"],
                opening.actor_name) == ("SG Open", "Qualifying 2", "7", "Mei")
        assert [p.name for p in game.state.players] == ["Bob", "Cy", "Ann"]
    finally:
        game.close()


def test_the_rules_refusal_is_shown_and_nothing_is_recorded(qtbot, form: NewGameForm,
                                                            data_folder: Path) -> None:
    # A PropNex table seats 4 or 5: three players are refused by the engine (PX 3.1).
    choose_profile(form, "propnex-championship")
    for seat, name in zip(form.seats, ["Ann", "Bob", "Cy"], strict=False):
        type_in(qtbot, seat, name)
    for name, thrown in (("Ann", "56"), ("Bob", "34"), ("Cy", "22")):
        type_in(qtbot, dice(form, 1, name), thrown)
    form.submit()
    assert form.path is None and form.isVisible()
    assert form.messages.level == "refused"
    assert "4 to 5 players, not 3" in form.messages.text()
    assert "PX 3.1" in form.messages.text()
    assert not list((data_folder / "games").glob("*.db"))


def test_a_board_with_unconfirmed_names_says_so(form: NewGameForm) -> None:
    choose_profile(form, "sg-championship")
    texts = [form.board.itemText(i) for i in range(form.board.count())]
    assert any("Singapore" in t and "UNCONFIRMED" in t for t in texts), texts


def test_a_px_game_opens_at_its_deal_in_the_table_window(qtbot, tmp_path: Path) -> None:
    # After new_game a PX table deals the deeds (PX 3.4) before anything else: the table
    # window opens with the deal offered and no roll.
    clock = Clock()
    window = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None,
                        settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    path = games.create_game(
        {"type": "new_game", "profile": "propnex-championship",
         "players": ["Ann", "Bob", "Cy", "Dee"],
         "roll_off": [{"Ann": [6, 5], "Bob": [3, 4], "Cy": [2, 3], "Dee": [4, 4]}]},
        "Mei", now=clock)
    table = window.open_game(path)
    assert table is not None
    offered = {a.command.get("type") for a in table.menu if a.enabled}
    assert "deal_deeds" in offered
    assert "roll" not in offered
