"""The tournament's window does what `banker tournament` does, through the same service: create,
import the sign-up sheet, draw from a seed, collect two tables' results, show the service's
standings, rule the tie at the line, publish CSV, HTML and PDF without a contact."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.hub import HUB_URL_ENV, Hub
from app.tournament import service as tournaments
from tests.app.tournament.test_tournament_games import start_and_play
from ui import entry
from ui.app import MainWindow
from ui.head_judge.reader import HallReader
from ui.head_judge.window import HeadJudgeWindow
from ui.sounds import Sounds
from ui.start.new_game import NewGameForm
from ui.tournament.new_tournament import NewTournamentDialog
from ui.tournament.player_dialogs import WithdrawDialog
from ui.tournament.rows_model import KINDS
from ui.tournament.rule_tie import RuleTieDialog
from ui.tournament.window import TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
SHEET = "id,name,contact\n" + "".join(
    f"P{n},Player {n},player{n}@example.org\n" for n in range(1, 9))
STAGES = "Qualifying:4:4:score\nFinal:4:3:table"
# Each table's totals by seat (seat 1 buys a deed at M60 and the judge moves cash to reach the
# total; see tests/app/tournament/test_tournament_games.py). SG ranking: score, then wins (1st at the
# table), then the highest single-game score. By hand: t1 seat 1 2000 (won), t2 seat 1 1950
# (won), t1 seat 2 1900: 1st-3rd. t1 seat 3 and t2 seat 2 are level on 1700, wins 0 each, best
# game 1700 each: "=4", across the line of 4 who advance: a tie for the head judge.
TOTALS = {1: [2000, 1900, 1700, 1100], 2: [1950, 1700, 1400, 1000]}
JUDGE, PIN = "Lee", "246802"  # the tournament's judge, registered in its file


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TournamentWindow:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)  # results from the tables' files
    shown = TournamentWindow(now=lambda: START)
    qtbot.addWidget(shown)
    return shown


def ok(dialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def create_and_enter(window: TournamentWindow, tmp_path: Path) -> str:
    window.new_tournament()
    dialog = window.dialog
    assert isinstance(dialog, NewTournamentDialog)
    dialog.name.setText("Window Cup 2026")
    dialog.profile.setCurrentIndex(dialog.profile.findData("sg-championship"))
    dialog.stages.setPlainText(STAGES)
    ok(dialog)
    assert window.t is not None and window.t.id == "window-cup-2026"
    sheet = tmp_path / "signup.csv"
    sheet.write_text(SHEET, encoding="utf-8")
    window.choose_file = lambda caption, kinds: sheet
    window.import_players()
    tournaments.add_judge(window.t.id, JUDGE, PIN)
    window.pin_sleep = lambda _: None  # a wrong PIN answered at once
    return window.t.id


def cells(model, row: int) -> list[str]:
    return [model.index(row, c).data() for c in range(model.columnCount())]


def test_a_tournament_of_eight_is_made_drawn_played_ruled_and_published_through_the_window(
        window: TournamentWindow, tmp_path: Path, qtmodeltester) -> None:
    tid = create_and_enter(window, tmp_path)
    assert "Qualifying: tables of 4, top 4 across all tables advance" in window.summary.text()
    assert "Final: tables of 4, each table's top 3 placed" in window.summary.text()
    assert window.players.rowCount() == 8
    assert cells(window.players, 0) == ["P1", "Player 1", "player1@example.org", "entered"]
    qtmodeltester.check(window.players)

    window.draw_with_seed()
    window.dialog.setTextValue("42")
    window.dialog.accept()
    # The same players drawn by the service with the same seed sit at the same tables.
    twin = tournaments.create("Twin Cup", "sg-championship", stages=[
        tournaments.load(tid).stages[0], tournaments.load(tid).stages[1]])
    tournaments.add_players(twin.id, tournaments.players_from_csv(tmp_path / "signup.csv"))
    expected = tournaments.draw(twin.id, "Qualifying", seed=42).draw("Qualifying")
    made = tournaments.load(tid).draw("Qualifying")
    assert made is not None and expected is not None and made.seed == 42
    assert [t.players for t in made.tables] == [t.players for t in expected.tables]
    assert "drawn with seed 42" in window.draw_text.text()
    assert [cells(window.cards, r)[1] for r in range(2)] == [
        ", ".join(tournaments.load(tid).seat_name(p) for p in t.players) for t in expected.tables]
    assert [cells(window.cards, r)[2] for r in range(2)] == ["to start", "to start"]
    qtmodeltester.check(window.cards)

    for table, totals in TOTALS.items():
        start_and_play(tid, "Qualifying", table, totals, START + timedelta(hours=table), tmp_path)
    assert window.collect()
    assert "2 table results in" in window.results_text.text()
    found = tournaments.standings(tid, "Qualifying")
    assert [cells(window.standings, r)[:3] + cells(window.standings, r)[4:5]
            + cells(window.standings, r)[8:] for r in range(8)] == [
        ["" if x.position is None else f"{'=' if x.tied else ''}{x.position}", x.name, x.player,
         f"{x.score:,}", x.status] for x in found.rows]
    seat = {(t.number, i + 1): p for t in made.tables for i, p in enumerate(t.players)}
    tied = (seat[1, 3], seat[2, 2])
    assert [r.player for r in found.rows[:3]] == [seat[1, 1], seat[2, 1], seat[1, 2]]
    assert set(found.ties[0].players) == set(tied) and found.ties[0].positions == (4, 5)
    background = Qt.ItemDataRole.BackgroundRole
    assert window.standings.index(0, 0).data(background) == KINDS["in"]
    assert window.standings.index(3, 0).data(background) == KINDS["tie"]
    assert window.standings.index(5, 0).data(background) is None
    assert "Tie to rule" in window.notes.text() and "provisional" in window.state_text.text()
    qtmodeltester.check(window.standings)

    # The head judge rules: the second of the two (t2 seat 2) first.
    row = next(r for r in range(8) if window.standings.key(r) == seat[2, 2])
    window.standings_view.selectRow(row)
    window.rule_tie()
    dialog = window.dialog
    assert isinstance(dialog, RuleTieDialog)
    ok(dialog)  # no name nor reason: refused, nothing recorded, the dialog stays
    assert "judge's name" in dialog.messages.text() and tournaments.load(tid).rulings == ()
    dialog.order.setCurrentRow(dialog.ordered().index(seat[2, 2]))
    dialog.shift(-1)
    dialog.judge.name.setText(JUDGE)
    dialog.judge.pin.setText(PIN)
    dialog.reason.setText("roll-off before witnesses")
    ok(dialog)
    ruling = tournaments.load(tid).rulings[-1]
    # The tie at 4-5 has one seat (the 4th): the ruling names the player taking it, and no more.
    assert "4-5: the first listed takes the seat." in dialog.seats.text()
    assert ruling.order == (seat[2, 2],) and set(ruling.tied) == {seat[2, 2], seat[1, 3]}
    assert ruling.judge == JUDGE and ruling.seal is not None and ruling.seal.judge == JUDGE
    assert "decided: every result is in" in window.state_text.text()
    assert "final" not in window.state_text.text()
    assert window.rule_button.isEnabled()  # the tie ruled may be ruled again (superseded)
    assert cells(window.standings, 3)[2] == seat[2, 2]
    assert cells(window.standings, 3)[8] == "advances"

    out = tmp_path / "out"
    out.mkdir()
    window.choose_folder = lambda caption: out
    written = window.publish()
    assert sorted(p.name for p in written) == [
        "window-cup-2026-qualifying.csv", "window-cup-2026-qualifying.html",
        "window-cup-2026-qualifying.pdf"]
    page = (out / "window-cup-2026-qualifying.html").read_text(encoding="utf-8")
    csv = (out / "window-cup-2026-qualifying.csv").read_text(encoding="utf-8")
    assert "Player 1" in page and "@example.org" not in page + csv
    assert (out / "window-cup-2026-qualifying.pdf").read_bytes().startswith(b"%PDF-")
    assert "Published" in window.messages.text()


def test_a_bad_stage_line_is_refused_in_the_dialog_and_nothing_is_made(
        window: TournamentWindow) -> None:
    window.new_tournament()
    dialog = window.dialog
    dialog.name.setText("Bad Cup")
    dialog.stages.setPlainText("Qualifying:4:sixteen:score")
    ok(dialog)
    assert "stage line 1" in dialog.messages.text() and dialog.isVisible()
    assert tournaments.list_tournaments() == [] and window.t is None


def test_a_withdrawal_needs_a_reason_and_the_services_refusal_is_said(
        window: TournamentWindow, tmp_path: Path) -> None:
    tid = create_and_enter(window, tmp_path)
    window.withdraw_selected()
    assert "Select the player" in window.messages.text()
    window.players_view.selectRow(1)
    window.withdraw_selected()
    dialog = window.dialog
    assert isinstance(dialog, WithdrawDialog)
    ok(dialog)
    assert "say why" in dialog.messages.text()
    dialog.reason.setText("no-show")
    ok(dialog)
    assert "judge's decision" in dialog.messages.text() and dialog.isVisible()
    dialog.judge.name.setText(JUDGE)
    dialog.judge.pin.setText(PIN)
    ok(dialog)
    assert cells(window.players, 1)[3] == "withdrawn before the Qualifying: no-show"
    assert "Player 2 withdrawn before the Qualifying" in window.messages.text()
    window.players_view.selectRow(1)
    window.withdraw_selected()
    window.dialog.reason.setText("again")
    window.dialog.judge.name.setText(JUDGE)
    window.dialog.judge.pin.setText(PIN)
    ok(window.dialog)
    assert "is in no stage still to play" in window.dialog.messages.text()
    assert len(tournaments.load(tid).withdrawals) == 1


def test_every_action_has_a_key(window: TournamentWindow) -> None:
    actions = [a for m in window.menuBar().actions() for a in m.menu().actions()]
    assert len(actions) >= 16 and all(not a.shortcut().isEmpty() for a in actions)
    keys = [a.shortcut().toString() for a in actions]
    assert len(set(keys)) == len(keys)


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                           "This plugin does not support raise")
def test_the_start_page_and_the_head_judges_window_open_it(
        qtbot, window: TournamentWindow, tmp_path: Path) -> None:
    tid = create_and_enter(window, tmp_path)
    main = MainWindow(lambda: START, sounds=Sounds(audio=False), tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    qtbot.mouseClick(main.start.tournament_button, Qt.MouseButton.LeftButton)
    opened = main.tournament_window
    assert isinstance(opened, TournamentWindow) and opened.isVisible()
    qtbot.addWidget(opened)
    assert opened.t.id == tid and main.open_tournaments() is opened  # one, brought forward
    Hub.open(str(tmp_path / "hub.db"), create=True).close()
    head = HeadJudgeWindow(HallReader(str(tmp_path / "hub.db"), tid), threaded=False,
                           poll_ms=None)
    qtbot.addWidget(head)
    shown = head.open_tournament()
    qtbot.addWidget(shown)
    assert isinstance(shown, TournamentWindow) and shown.t.id == tid


def test_the_command_refuses_an_unknown_tournament_before_any_window(
        window: TournamentWindow) -> None:
    result = CliRunner().invoke(entry.commands(), ["tournament-window", "no-such-cup"])
    assert result.exit_code == 3
    assert "no tournament 'no-such-cup'" in result.stderr


def test_a_handed_in_file_is_attached_and_a_table_starts_from_its_card(
        window: TournamentWindow, tmp_path: Path) -> None:
    tid = create_and_enter(window, tmp_path)
    assert window.draw(5) and window.tabs.currentIndex() == 1
    card = tournaments.table_card(tournaments.load(tid), "Qualifying", 2)
    handed_in = games.create_game(card | {"roll_off": tournaments.roll_off_from_throws(
        card["players"], "6+5 4+3 2+2 5+1")}, "Siti", now=lambda: START, folder=tmp_path)
    window.attach_file()  # the sign-up sheet chosen by mistake (table 1 selected by the draw)
    assert "table 1" not in window.messages.text() and "not a ledger" in window.messages.text()
    window.cards_view.clearSelection()
    window.attach_file()
    assert "Select a table" in window.messages.text()
    window.cards_view.selectRow(1)
    window.choose_file = lambda caption, kinds: handed_in
    window.attach_file()
    assert cells(window.cards, 1)[2:] == ["started", handed_in.name]
    assert tournaments.load(tid).games[0].source == str(handed_in)
    window.cards_view.selectRow(1)
    window.start_table()
    assert "Table 2's game is started already" in window.messages.text()
    window.cards_view.selectRow(0)
    window.start_table()
    form = window.dialog
    assert isinstance(form, NewGameForm) and form.drawn is not None
    assert form.drawn["table"] == 1 and form.players() == tournaments.table_card(
        tournaments.load(tid), "Qualifying", 1)["players"]
    form.reject()
