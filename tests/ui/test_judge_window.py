"""The judge's window reads a recorded game without writing to it: every entry, filters, time
travel to an earlier entry, the difference a rent makes, and the verification in words."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtWidgets import QApplication, QStyle, QWidget

from app.cli.main import main as banker
from app.review import service as review
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from tests.app.recorded_games import EXAMPLES, SetClock, line_of, record
from ui.judge import entries_cells
from ui.judge.entries_model import ENTRY_COLUMN, SEQ_ROLE, EntriesModel
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SAMPLE = "classic-sample.jsonl"
RENT_TEXT = "Cy pays Ann 25 rent (claim 1)"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The classic sample game, its last command (Bob buys Atlantic Avenue) undone."""
    db = tmp_path_factory.mktemp("judge") / "sample.db"
    game = record(db, SAMPLE)
    game.submit(parse_command({"type": "undo"}))
    game.close()
    return db


@pytest.fixture
def db(recorded: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "game.db"
    shutil.copy(recorded, copy)
    return copy


@pytest.fixture
def open_judge(qtbot) -> Iterator[Callable[[Path], JudgeWindow]]:
    windows: list[JudgeWindow] = []

    def make(path: Path) -> JudgeWindow:
        session = JudgeSession(str(path), now=SetClock(), poll_ms=None)
        session.sleep = lambda _seconds: None  # the wrong-PIN delay is the service's own test
        window = JudgeWindow(session)
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.close()


class PaintCount(QObject):
    """How many times each of `widgets` was painted (`counts`, by id), since made or cleared."""

    def __init__(self, widgets: list[QWidget]) -> None:
        super().__init__()
        self.counts: dict[int, int] = {}
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.counts[id(watched)] = self.counts.get(id(watched), 0) + 1
        return False


def shown_seqs(window: JudgeWindow) -> list[int]:
    proxy = window.entries.proxy
    return [int(proxy.index(row, 0).data(SEQ_ROLE)) for row in range(proxy.rowCount())]


def rent_seq(window: JudgeWindow) -> int:
    return next(e.seq for e in window.session.entries if e.text == RENT_TEXT)


def test_the_list_holds_every_entry_and_the_file_is_not_written(
        open_judge, db: Path, qtmodeltester) -> None:
    before = db.read_bytes()
    window = open_judge(db)
    model = window.entries.model
    assert model.rowCount() == window.session.head_seq == len(review.entries(window.session.game))
    assert [e.seq for e in model.entries] == list(range(1, window.session.head_seq + 1))
    qtmodeltester.check(model)
    qtmodeltester.check(window.entries.proxy)
    assert window.session.writable is False
    assert "read-only" in window.windowTitle()
    window.close()
    assert db.read_bytes() == before  # opened read-only: not a byte changed


def test_a_rows_kept_words_are_made_again_when_a_void_replaces_the_list(open_judge, db: Path) -> None:
    # The model keeps a row's words once drawn; a list replaced after a void says the void.
    window = open_judge(db)
    entries = window.entries.model.entries
    voided = next(e for e in entries if e.voided)
    before = [replace(e, voided=False, voided_by=None) if e is voided else e for e in entries]
    model = EntriesModel(before)
    row = model.row_of(voided.seq)
    assert row is not None
    assert model.index(row, ENTRY_COLUMN).data() == voided.text  # drawn, so kept
    model.show_entries(entries)
    assert model.index(row, ENTRY_COLUMN).data().endswith(f"voided by #{voided.voided_by}")
    assert model.index(row, 0).data() == str(voided.seq)


def test_voided_entries_are_grey_struck_out_and_say_what_voided_them(open_judge, db: Path) -> None:
    window = open_judge(db)
    model = window.entries.model
    voided = [e for e in model.entries if e.voided]
    # The undo took back Bob's purchase of Atlantic Avenue: the buy and the turn it passed.
    assert [e.text for e in voided] == ["Bob buys Atlantic Avenue for 260", "Turn 14: Cy to play"]
    row = model.row_of(voided[0].seq)
    assert row is not None
    text = model.index(row, ENTRY_COLUMN).data()
    assert text.endswith(f"voided by #{window.session.head_seq}")
    assert model.index(row, ENTRY_COLUMN).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole).name() == "#8a8a8a"


def test_the_list_draws_each_cell_from_its_entry_laid_out_once(open_judge, db: Path,
                                                              styled: QApplication) -> None:
    # Each cell of the list is drawn from its words laid out once (EntryCells): the words of
    # the entry the row shows, whatever the filter; whole in the row (the row as tall as its
    # lines); a voided entry's words grey; the selected row on the style sheet's blue.
    window = open_judge(db)
    window.resize(1366, 768)
    panel = window.entries
    table, cells = panel.table, panel.cells
    assert table.itemDelegate() is cells
    voided_seq = next(e.seq for e in panel.model.entries if e.voided)
    for shown in ("", "Atlantic"):
        panel.search.setText(shown)
        proxy = table.model()
        row = proxy.mapFromSource(panel.model.index(panel.model.row_of(voided_seq), 0)).row()
        table.scrollTo(proxy.index(row, 0))
        panel.rows_fit.fit()
        QApplication.processEvents()
        top, bottom = table.rowAt(0), table.rowAt(table.viewport().height() - 1)
        bottom = proxy.rowCount() - 1 if bottom < 0 else bottom
        for at in range(top, bottom + 1):
            source = proxy.mapToSource(proxy.index(at, 0)).row()
            for column in range(ENTRY_COLUMN + 1):
                if table.isColumnHidden(column):
                    continue
                layout, height, voided = cells.laid(source, column)
                assert layout.text() == proxy.index(at, column).data()
                assert voided == panel.model.entries[source].voided
                assert table.rowHeight(at) >= height  # every line drawn whole
        picture = table.viewport().grab().toImage()
        words = table.visualRect(proxy.index(row, ENTRY_COLUMN))
        colours = {picture.pixelColor(x, y).name()
                   for x in range(words.left(), words.right())
                   for y in range(words.top(), words.bottom())}
        assert "#8a8a8a" in colours and "#000000" not in colours  # grey, not black
    panel.search.setText("")
    panel.select(panel.model.entries[0].seq)
    QApplication.processEvents()
    first = table.visualRect(table.model().index(0, ENTRY_COLUMN))
    picture = table.viewport().grab().toImage()
    assert picture.pixelColor(first.right() - 6, first.center().y()).name() == "#cfe2f3"
    window.close()


def test_a_row_is_its_entrys_row_only_while_the_list_is_unfiltered_and_unsorted(
        open_judge, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # EntryCells and EntryRows take a list row for its entry's row in the model only while
    # the list shows every entry in order; filtered or sorted, they ask the proxy. The list
    # draws each row in sight from its own entry, whichever.
    window = open_judge(db)
    panel = window.entries
    proxy, cells, table = panel.proxy, panel.cells, panel.table
    asked: list[int] = []
    laid = cells.laid
    monkeypatch.setattr(cells, "laid", lambda source, column, **keep: (
        asked.append(source), laid(source, column, **keep))[1])

    def drawn_from_their_entries() -> None:
        table.scrollToTop()
        QApplication.processEvents()
        asked.clear()
        table.viewport().grab()
        rows = range(table.rowAt(0), table.rowAt(table.viewport().height() - 1) + 1)
        assert len(rows) > 3
        assert set(asked) == {proxy.mapToSource(proxy.index(row, 0)).row() for row in rows}
        for row in rows:
            source = proxy.mapToSource(proxy.index(row, 0)).row()
            assert panel.rows.height(row) == panel.rows._measured(
                row, source, panel.rows._columns_in_sight())

    assert proxy.in_order
    drawn_from_their_entries()
    panel.search.setText("Cy")
    assert not proxy.in_order
    drawn_from_their_entries()
    panel.search.setText("")
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert not proxy.in_order and proxy.mapToSource(proxy.index(0, 0)).row() > 0
    drawn_from_their_entries()
    proxy.sort(-1)
    assert proxy.in_order
    window.close()


def test_cells_drawn_without_the_style_look_as_the_style_draws_them(
        open_judge, db: Path, styled: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    # EntryCells asks the style (and its sheet) to draw only the selected row and the cursor's
    # cell: for a plain cell it would draw nothing over the view's own ground (the base or
    # the alternate row). The list drawn so equals the list with the style asked for every
    # cell, pixel for pixel: plain, alternate, voided, selected and current rows.
    window = open_judge(db)
    window.resize(1366, 768)
    panel = window.entries
    table = panel.table
    voided_seq = next(e.seq for e in panel.model.entries if e.voided)
    panel.select(voided_seq - 1)
    table.setFocus()
    QApplication.processEvents()
    assert table.alternatingRowColors() and table.selectionModel().selectedRows()
    drawn = table.viewport().grab().toImage()
    monkeypatch.setattr(entries_cells, "_MARKED", QStyle.StateFlag.State_Enabled.value)  # all
    table.viewport().update()
    QApplication.processEvents()
    assert table.viewport().grab().toImage() == drawn
    window.close()


def test_choosing_entries_repaints_no_heading(open_judge, db: Path, qtbot) -> None:
    # The list's headings show no selection: choosing entries (a jump, a step) leaves them
    # unpainted (the header has a selection of its own, which nothing selects in).
    window = open_judge(db)
    panel = window.entries
    headings = panel.table.horizontalHeader().viewport()
    watch = PaintCount([headings])  # kept: the filter lives as long as its object
    painted = watch.counts
    QApplication.processEvents()
    painted.clear()
    for entry in panel.model.entries[3:40:6]:
        panel.select(entry.seq)
        QApplication.processEvents()
        assert panel.table.selectionModel().selectedRows()
    assert painted == {}
    headings.update()  # a heading that needs its paint still gets it
    QApplication.processEvents()
    assert painted == {id(headings): 1}
    window.close()


def test_the_list_keeps_its_height_stepping_from_a_long_entry_to_a_short_one(
        open_judge, db: Path) -> None:
    # The chosen entry's words below the list keep the most lines they have taken at their
    # width: a short entry after a long one leaves the list as tall as it was (it does not
    # grow, fit its rows again and repaint under the judge's eyes at every step). A new width
    # starts again from the words shown.
    window = open_judge(db)
    window.resize(900, 700)
    panel = window.entries
    words, table = panel.words, panel.table
    QApplication.processEvents()

    def shown(seq: int) -> tuple[int, int]:
        panel.select(seq)
        QApplication.processEvents()
        return words.height(), table.height()

    def tall(seq: int) -> int:  # the height of an entry's words alone at the label's width
        shown(seq)
        return words.fontMetrics().boundingRect(
            QRect(0, 0, words.contentsRect().width(), 10_000),
            Qt.TextFlag.TextWordWrap, words.text()).height()

    heights = {entry.seq: tall(entry.seq) for entry in panel.model.entries[::5]}
    long_seq = max(heights, key=lambda seq: heights[seq])
    short_seq = min(heights, key=lambda seq: heights[seq])
    assert heights[long_seq] > heights[short_seq]  # lines more
    long_room, list_height = shown(long_seq)
    assert long_room >= heights[long_seq]  # the long entry's words whole
    assert shown(short_seq) == (long_room, list_height)
    window.resize(1400, 700)  # wider: the words' room is worked out again at this width
    QApplication.processEvents()
    wide_room, _ = shown(long_seq)
    room, height = shown(short_seq)
    assert room == wide_room < long_room  # the long entry takes fewer lines, wider
    assert height > list_height
    window.close()


def test_a_status_shown_at_a_jump_is_painted_in_the_jumps_one_paint(open_judge, db: Path) -> None:
    # A jump moves "to act" from one player's panel to another's, so a status line is often
    # shown where there was none. Qt posts a shown widget's repaint for after the window's
    # next paint; handed over at once (player_panel._shown_if), it is part of the jump's one
    # paint: the line is painted once a jump, not twice.
    window = open_judge(db)
    travel = window.travel
    panels = travel.players.panels
    watch = PaintCount([panel.status for panel in panels])
    painted = watch.counts
    QApplication.processEvents()
    appeared = 0
    # Far jumps, as a judge's: the list scrolls and the board changes before a status shows.
    far = zip(range(3, 45, 3), range(88, 46, -3), strict=True)
    for seq in [seq for pair in far for seq in pair]:
        hidden = {id(panel.status) for panel in panels if panel.status.isHidden()}
        painted.clear()
        travel.slider.setValue(seq)
        for _ in range(3):
            QApplication.processEvents()
        shown = [key for key in hidden
                 if any(id(p.status) == key and p.status.isVisible() for p in panels)]
        appeared += len(shown)
        assert all(painted.get(key) == 1 for key in shown), (seq, painted)
    assert appeared >= 5  # the turns moved the status between panels
    window.close()


def test_the_idle_window_folds_the_game_ahead_and_stops(open_judge, db: Path, qtbot) -> None:
    # Idle, the judge's session folds the game ahead (TableGame.mark_ahead) and keeps its
    # positions every MARK_EVERY (50) entries, then stops: the sample's 90 entries (after
    # the undo) folded in one stretch, the position after entry 50 kept; a jump there and
    # beyond folds from it. Closing stops it.
    window = open_judge(db)
    session = window.session
    qtbot.waitUntil(lambda: not session.marking.isActive())
    game = session.game
    assert game.head_seq == 92 and game.marks.ahead == 91 and game.marks.seqs == [50]
    window.travel.show_entry(60)
    assert window.travel.seq == 60
    session.close()
    assert not session.marking.isActive() and not session.timer.isActive()


def test_the_players_panels_keep_their_heights_through_the_jumps(open_judge, db: Path) -> None:
    # The judge's time travel holds each player's panel at the most height it has needed at
    # the column's width (PlayersPanel(hold_heights=True)), its lines at its top: once every
    # position has been shown, jumping among them moves and resizes no panel (the column is
    # not laid out and painted anew at each jump). A new width starts again.
    window = open_judge(db)
    window.resize(1366, 768)
    travel = window.travel
    players = travel.players
    QApplication.processEvents()
    # Opened: each panel held at what it needs at the width the window gave it (not at the
    # width it was first shown at, before the window was laid out).
    assert all(panel.minimumHeight() == panel.heightForWidth(panel.width())
               for panel in players.panels)
    seqs = list(range(2, travel.slider.maximum() + 1, 3))
    for seq in seqs:  # every position once: the heights it needs held
        travel.show_entry(seq)
        QApplication.processEvents()
    held = [panel.geometry() for panel in players.panels]
    for seq in [*seqs[::-2], *seqs[1::2]]:
        travel.show_entry(seq)
        QApplication.processEvents()
        assert [panel.geometry() for panel in players.panels] == held, seq
        for panel in players.panels:  # each line whole, from the panel's top
            assert panel.heading.y() <= panel.contentsRect().top() + 8
            assert panel.height() >= panel.heightForWidth(panel.width())
    assert any(panel.minimumHeight() > 0 for panel in players.panels)
    window.resize(1900, 1000)  # another width: the heights needed there, held from now
    QApplication.processEvents()
    assert [panel.geometry().width() for panel in players.panels] != [r.width() for r in held]
    assert all(panel.minimumHeight() == panel.heightForWidth(panel.width())
               for panel in players.panels)
    wide = [panel.minimumHeight() for panel in players.panels]
    travel.show_entry(seqs[0])
    QApplication.processEvents()
    assert all(panel.minimumHeight() == max(least, panel.heightForWidth(panel.width()))
               for panel, least in zip(players.panels, wide, strict=True))
    window.close()


def test_the_filters_show_exactly_what_review_matching_finds(open_judge, db: Path) -> None:
    window = open_judge(db)
    panel, entries = window.entries, window.session.entries
    panel.player.setCurrentText("Cy")
    assert shown_seqs(window) == [e.seq for e in review.matching(entries, players=("Cy",))]
    assert all("Cy" in e.players for e in entries if e.seq in shown_seqs(window))
    panel.kind.setCurrentText("money")
    expected = review.matching(entries, players=("Cy",), categories=("money",))
    assert shown_seqs(window) == [e.seq for e in expected]
    assert RENT_TEXT in [e.text for e in expected]
    panel.search.setText("RENT")
    assert shown_seqs(window) == [e.seq for e in review.matching(
        entries, players=("Cy",), categories=("money",), text="rent")]
    assert RENT_TEXT in [model_text(window, s) for s in shown_seqs(window)]
    assert panel.count.text().startswith(f"Showing {len(shown_seqs(window))} of")
    panel.player.setCurrentIndex(0)
    panel.kind.setCurrentIndex(0)
    panel.search.clear()
    assert shown_seqs(window) == list(range(1, window.session.head_seq + 1))


def test_the_time_filter_keeps_the_entries_recorded_between_two_times(open_judge, db: Path) -> None:
    window = open_judge(db)
    panel, entries = window.entries, window.session.entries
    rent = next(e for e in entries if e.text == RENT_TEXT)
    panel.timed.setChecked(True)
    panel.since.setDateTime(panel.since.dateTime().fromMSecsSinceEpoch(
        int(rent.recorded_at.timestamp() * 1000)))
    shown = shown_seqs(window)
    assert shown[0] == rent.seq  # the sample's entries are 5 s apart: the rent's is the first
    assert shown == [e.seq for e in review.matching(entries, since=rent.recorded_at)]


def model_text(window: JudgeWindow, seq: int) -> str:
    return window.session.entries[seq - 1].text


def test_the_slider_shows_the_cash_banker_state_at_gives(open_judge, db: Path, qtbot) -> None:
    window = open_judge(db)
    seq = rent_seq(window) - 1  # the claim is open, the rent not yet paid
    window.travel.slider.setFocus()
    window.travel.slider.setValue(seq)
    assert window.travel.seq == seq and not window.travel.at_now
    state = window.session.game.state_at(seq)
    assert state is not None
    printed = CliRunner().invoke(banker, ["state", "--db", str(db), "--at", str(seq), "--json"])
    assert printed.exit_code == 0, printed.output
    at = json.loads(printed.output)
    assert at["head_seq"] == seq
    for player in at["players"]:
        panel = window.travel.players.panel(player["name"])
        assert panel.cash.text() == f"M{player['cash']:,}"
        assert player["cash"] == next(p.cash for p in state.players if p.name == player["name"])
    # One entry on, the rent is paid: Cy 25 less, Ann 25 more (RULES: one railway, rent 25).
    qtbot.keyClick(window.travel.slider, Qt.Key.Key_Right)
    assert window.travel.seq == seq + 1
    cash = {p["name"]: p["cash"] for p in at["players"]}
    assert window.travel.players.panel("Cy").cash.text() == f"M{cash['Cy'] - 25:,}"
    assert window.travel.players.panel("Ann").cash.text() == f"M{cash['Ann'] + 25:,}"
    assert "THE PAST" in window.travel.where.text()
    qtbot.keyClick(window.travel.slider, Qt.Key.Key_End)
    assert window.travel.at_now and "NOW" in window.travel.where.text()


def test_picking_an_entry_moves_time_travel_and_left_right_step(open_judge, db: Path,
                                                                 qtbot) -> None:
    window = open_judge(db)
    rent = rent_seq(window)
    window.entries.select(rent)
    assert window.travel.seq == rent
    table = window.entries.table
    qtbot.keyClick(table, Qt.Key.Key_Left)
    assert window.travel.seq == rent - 1 and window.entries.current_seq() == rent - 1
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert window.travel.seq == rent - 2
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert window.travel.seq == rent - 1
    qtbot.keyClick(table, Qt.Key.Key_End)
    assert window.travel.seq == window.session.head_seq and window.travel.at_now


def test_the_entry_under_the_cursor_is_said_in_full_below_the_list(open_judge, db: Path,
                                                                     qtbot) -> None:
    window = open_judge(db)
    rent = rent_seq(window)
    window.entries.select(rent)
    words = window.entries.words.text()
    assert words.startswith(f"#{rent} · ") and words.endswith(f"banker: {RENT_TEXT}")
    qtbot.keyClick(window.entries.table, Qt.Key.Key_Left)  # time travel moves the cursor too
    assert window.entries.words.text().startswith(f"#{rent - 1} · ")
    # The game clock's column says what it counts: minutes played, not a time of day.
    header = window.entries.model.headerData(2, Qt.Orientation.Horizontal)
    assert header == "Played"


def test_the_difference_of_two_entries_shows_the_rent(open_judge, db: Path) -> None:
    window = open_judge(db)
    rent = rent_seq(window)
    lines = window.diff.compare_pair(rent - 1, rent)
    assert lines == review.diff(window.session.game, rent - 1, rent).lines()
    found = review.diff(window.session.game, rent - 1, rent)
    before_cy, after_cy = found.cash["Cy"]
    before_ann, after_ann = found.cash["Ann"]
    assert (before_cy - after_cy, after_ann - before_ann) == (25, 25)  # one railway: rent 25
    assert set(found.cash) == {"Cy", "Ann"}
    assert window.diff.lines.count() == len(lines) > 0
    assert f"{len(lines)} change" in window.diff.heading.text()
    # Ctrl+D compares the selected entry with the one before it.
    window.entries.select(rent)
    window.compare_selected()
    assert (window.diff.first.value(), window.diff.second.value()) == (rent - 1, rent)


def test_a_backwards_difference_says_it_goes_back(open_judge, db: Path) -> None:
    # Compared the later entry first, every change reads as undone (Ann's cash falls by the
    # rent); without a word the judge would take it for the rent going the other way.
    window = open_judge(db)
    rent = rent_seq(window)
    lines = window.diff.compare_pair(rent, rent - 1)
    assert "Ann's cash: 615 → 590 (-25)" in lines
    assert window.diff.heading.text().startswith(
        f"From right after entry {rent} to right after entry {rent - 1} (backwards: entry "
        f"{rent - 1} is the earlier): ")
    window.diff.compare_pair(rent - 1, rent)
    assert "backwards" not in window.diff.heading.text()


def test_verify_says_sound_in_words(open_judge, db: Path) -> None:
    window = open_judge(db)
    verdict = window.verify.verify()
    assert verdict.sound
    assert window.verify.result.text().startswith(f"sound: {window.session.head_seq} entries")
    assert verdict.head in window.verify.result.text()


def test_a_typed_head_of_a_shortened_file_says_the_tail_is_missing(open_judge,
                                                                     tmp_path: Path) -> None:
    full, early = tmp_path / "full.db", tmp_path / "early.db"
    cut_at = line_of(SAMPLE, "collect_rent")
    clock = SetClock()
    record(full, SAMPLE, before_line=cut_at, clock=clock).close()
    shutil.copy(full, early)  # the file as it stood before the rent: its tail is missing
    game = TableGame.open(str(full), now=clock, create=False)
    for number, line in read_script((EXAMPLES / SAMPLE).read_text(encoding="utf-8")):
        if number >= cut_at:
            game.submit(parse_command(line))
    signed = review.verdict(game).head  # as printed on the scoresheet the players signed
    game.close()
    window = open_judge(early)
    window.verify.head.setText(signed)
    same, words = window.verify.check_head()
    assert not same
    assert words == review.head_check(window.session.game, signed)[1]
    assert "tail" in words
    assert window.verify.head_result.text() == words
    window.verify.head.setText("not a head")
    assert window.verify.check_head()[0] is False
    whole = open_judge(full)
    whole.verify.head.setText(signed)
    assert whole.verify.check_head()[0] is True  # the signed file itself is the game
