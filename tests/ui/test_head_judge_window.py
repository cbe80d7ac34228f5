"""The head judge's window reads the hub: eight replicated tables with their entries and ages, a
stalled table flagged, a diverged one red with its reason, and a double-click opening the game
in the judge's window, read-only. On a SQLite hub always; on PostgreSQL when its server starts
(else that half is skipped, saying why)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import text

from app.hub import Hub, push_file
from tests.app.hub_tables import HUBS, fresh_hub
from tests.ui.head_judge_hall import last_recorded, rewrite_after_push, table_at
from ui.head_judge.reader import STALLED_AMBER_S, STALLED_RED_S, HallReader
from ui.head_judge.tables_model import (
    AMBER,
    COLUMNS,
    GAME_ROLE,
    RED,
    STALLED_RED,
    TablesModel,
    age_text,
)
from ui.head_judge.window import HeadJudgeWindow
from ui.judge.window import JudgeWindow

# Offscreen, Qt cannot raise a window (Enter on a table already open brings it forward).
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

START = datetime.fromisoformat("2026-11-21T09:00:00+00:00")
# Tables 1-6 play on to about START + 10 min; table 7 stopped 13 minutes earlier (red: over
# STALLED_RED_S, 10 min) and table 8 about 5 minutes earlier (amber: over 3 min, under 10).
EARLIER = {7: timedelta(minutes=13), 8: timedelta(minutes=5)}


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """Eight tables' files: 40 random commands each, at 5 s a clock reading."""
    folder = tmp_path_factory.mktemp("hall")
    return {n: table_at(folder, n, 40, START - EARLIER.get(n, timedelta()),
                        timedelta(seconds=5)) for n in range(1, 9)}


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path, hall: dict[int, Path]) -> str:
    """A fresh hub holding copies of the eight tables' files (copied so a test may tamper)."""
    url = fresh_hub(request.param, tmp_path)
    with Hub.open(url) as hub:
        for path in hall.values():
            copy = tmp_path / path.name
            shutil.copy(path, copy)
            push_file(hub, copy)
    return url


@pytest.fixture
def now(hall: dict[int, Path]) -> datetime:
    """The head judge's clock: 20 s after the last entry of tables 1 to 6."""
    return max(last_recorded(hall[n]) for n in range(1, 7)) + timedelta(seconds=20)


@pytest.fixture
def open_window(qtbot) -> Iterator[Callable[..., HeadJudgeWindow]]:
    made: list[HeadJudgeWindow] = []

    def make(url: str, now: datetime, **kwargs: object) -> HeadJudgeWindow:
        window = HeadJudgeWindow(HallReader(url, now=lambda: now, **kwargs),  # type: ignore[arg-type]
                                 threaded=False, poll_ms=None)
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        window.refresh()
        return window

    yield make
    for window in made:
        window.close()


def column(window: HeadJudgeWindow, name: str) -> list[str]:
    model = window.model
    return [model.index(r, COLUMNS.index(name)).data() for r in range(model.rowCount())]


def test_the_window_lists_the_eight_tables_with_their_entries_and_ages(
        open_window, hub_url: str, hall: dict[int, Path], now: datetime) -> None:
    window = open_window(hub_url, now)
    assert column(window, "Table") == [f"table {n}" for n in range(1, 9)]
    with Hub.open(hub_url) as hub:
        held = {t.label: t.entries for t in hub.tables()}
    assert column(window, "Entries") == [f"{held[f'table {n}']:,}" for n in range(1, 9)]
    # Each age is the judge's clock less the table's own last entry, as its file has it.
    ages = [age_text((now - last_recorded(hall[n])).total_seconds()) for n in range(1, 9)]
    assert [cell.split(" · ")[0] for cell in column(window, "Last entry")] == ages
    assert ages[0] == "20 s ago"  # table 1's last entry may be the latest: 20 s before now
    # Every table set 60 minutes and started its clock at its first entries: time is running.
    assert all(cell.count(":") == 1 for cell in column(window, "Time left"))
    assert set(column(window, "State")) == {"in play"}
    assert all(int(turn) >= 1 for turn in column(window, "Turn"))
    assert "8 tables · 8 in play · 0 finished · 2 stalled" in window.summary.text()


def test_a_stalled_table_stands_out_amber_then_red(
        open_window, hub_url: str, now: datetime) -> None:
    window = open_window(hub_url, now)
    last = COLUMNS.index("Last entry")
    model = window.model
    colours = [model.index(r, last).data(Qt.ItemDataRole.BackgroundRole) for r in range(8)]
    assert colours[:6] == [None] * 6
    assert colours[6] == STALLED_RED  # table 7: 13 min and more (over 10 min)
    assert colours[7] == AMBER  # table 8: 5 min and more (over 3, under 10)
    ages = [row.age_s or 0 for row in model.rows]
    assert ages[6] > STALLED_RED_S and STALLED_AMBER_S < ages[7] < STALLED_RED_S
    # The colours say it in words too (never colour alone): red and amber read differently.
    said = [model.index(r, last).data() for r in range(8)]
    assert said[6].endswith("· STALLED over 10 min — go and see")
    assert said[7].endswith("· stalled over 3 min")
    assert all("stalled" not in cell.lower() for cell in said[:6])
    assert "No entry for" in model.index(6, 0).data(Qt.ItemDataRole.ToolTipRole)
    # Sorted by the last entry's age, longest first: the stalled tables come to the top.
    window.tables.sortByColumn(last, Qt.SortOrder.DescendingOrder)
    assert [window.sorted.index(r, 0).data() for r in range(2)] == ["table 7", "table 8"]


def test_a_diverged_table_shows_red_with_its_reason(
        open_window, hub_url: str, tmp_path: Path, now: datetime) -> None:
    with Hub.open(hub_url) as hub:
        reason = rewrite_after_push(hub, tmp_path / "table-3.db")
    assert "rewritten" in reason
    window = open_window(hub_url, now)
    model = window.model
    flag = model.index(2, COLUMNS.index("Flag")).data()
    assert flag.startswith("DIVERGED: ") and "rewritten" in flag
    assert all(model.index(2, c).data(Qt.ItemDataRole.BackgroundRole) == RED
               for c in range(len(COLUMNS)))
    assert [model.index(r, COLUMNS.index("Flag")).data() for r in (0, 1, 3)] == ["", "", ""]
    assert "1 FLAGGED" in window.summary.text()


def test_a_diverged_table_ruled_on_is_no_longer_red_nor_counted_as_flagged(
        open_window, hub_url: str, tmp_path: Path, now: datetime) -> None:
    with Hub.open(hub_url) as hub:
        reason = rewrite_after_push(hub, tmp_path / "table-3.db")
        game_id = next(t.game_id for t in hub.tables() if t.label == "table 3")
        hub.register_judge("Lee", "246802")
        hub.rule(game_id, "Lee", "246802", "the hub's copy stands", sleep=lambda _s: None)
    window = open_window(hub_url, now)
    model = window.model
    flag = model.index(2, COLUMNS.index("Flag")).data()
    # The flag stays on the hub, ruled: the row says so, in the row's ordinary colours.
    assert flag.startswith("DIVERGED, ruled by Lee: the hub's copy stands") and reason in flag
    assert all(model.index(2, c).data(Qt.ItemDataRole.BackgroundRole) != RED
               for c in range(len(COLUMNS)))
    assert model.rows[2].flagged is None
    assert "FLAGGED" not in window.summary.text()
    assert "8 tables · 8 in play · 0 finished" in window.summary.text()


def test_a_table_whose_copy_the_hub_finds_broken_shows_red_with_the_entry(
        open_window, hub_url: str, now: datetime) -> None:
    # A row typed in SQL that links to the last (the database lets it in) with a forged hash.
    with Hub.open(hub_url) as hub:
        game_id = next(t.game_id for t in hub.tables() if t.label == "table 4")
        with hub.database.write() as connection:
            row = connection.execute(text(
                "SELECT * FROM events WHERE game_id = :g ORDER BY seq DESC LIMIT 1"),
                {"g": game_id}).mappings().one()
            forged = {**row, "seq": row["seq"] + 1, "prev_hash": row["hash"], "hash": "f" * 64}
            connection.execute(text(f"INSERT INTO events ({', '.join(forged)}) VALUES "
                                    f"({', '.join(':' + name for name in forged)})"), forged)
    window = open_window(hub_url, now)
    flag = window.model.index(3, COLUMNS.index("Flag")).data()
    assert flag.startswith(f"the hub's copy is broken at entry {row['seq'] + 1}: ")
    assert window.model.index(3, 0).data(Qt.ItemDataRole.BackgroundRole) == RED


def test_double_click_opens_the_tables_game_in_the_judges_window_read_only(
        open_window, qtbot, hub_url: str, now: datetime) -> None:
    window = open_window(hub_url, now)
    with Hub.open(hub_url) as hub:
        held = {t.label: (t.game_id, t.entries) for t in hub.tables()}
    view = window.tables
    rect = view.visualRect(window.sorted.index(4, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    game_id, entries = held["table 5"]
    judge = window.judges[game_id]
    qtbot.addWidget(judge)
    assert isinstance(judge, JudgeWindow) and judge.isVisible()
    assert (judge.session.game.game_id, judge.session.head_seq) == (game_id, entries)
    assert "table 5 (the hub's copy)" in judge.windowTitle()
    assert "read-only" in judge.windowTitle() and "READ-ONLY" in judge.mode.text()
    # A judge's action is refused on the hub's copy without a PIN being asked.
    judge.session.ask_pin = lambda what: pytest.fail(f"a PIN was asked for {what}")
    with qtbot.wait_signal(judge.session.refused) as refused:
        assert not judge.session.send_as_judge({"type": "pause_clock"}, "Pause the clock")
    assert "hub's copy, read-only" in refused.args[0]
    # Enter on the same row brings the open window forward rather than opening another.
    assert window.open_selected() is judge


def test_keyboard_alone_picks_a_table_and_opens_it(
        open_window, qtbot, hub_url: str, now: datetime) -> None:
    window = open_window(hub_url, now)
    opened: list[tuple[str, str]] = []

    def opener(game_id: str, label: str) -> JudgeWindow:
        opened.append((game_id, label))
        raise_ = window.judges  # nothing opened: the fake only records the request
        assert raise_ is not None
        from models.errors import BadInput  # noqa: PLC0415

        raise BadInput("the test's opener opens nothing")

    window.opener = opener
    window.tables.setFocus()
    assert window.selected_game() == window.model.rows[0].game_id  # the first row is chosen
    qtbot.keyClick(window.tables, Qt.Key.Key_Down)
    qtbot.keyClick(window.tables, Qt.Key.Key_Down)
    qtbot.keyClick(window.tables, Qt.Key.Key_Return)
    assert opened == [(window.model.rows[2].game_id, "table 3")]
    assert "table 3 cannot be opened from the hub" in window.messages.text()


def test_the_tables_model_passes_qtmodeltester(
        qtmodeltester, hub_url: str, now: datetime) -> None:
    reader = HallReader(hub_url, now=lambda: now)
    model = TablesModel()
    model.show_rows(reader.read().rows)
    reader.close()
    assert model.rowCount() == 8
    qtmodeltester.check(model)
    assert model.index(0, 0).data(GAME_ROLE) == model.rows[0].game_id


def test_a_reading_on_the_pollers_thread_reaches_the_window(
        qtbot, hub_url: str, now: datetime) -> None:
    window = HeadJudgeWindow(HallReader(hub_url, now=lambda: now), poll_ms=None)
    qtbot.addWidget(window)
    with qtbot.wait_signal(window.refreshed, timeout=10_000):
        window.refresh()
    assert window.model.rowCount() == 8
    assert window.polling.thread is not None and window.polling.thread.isRunning()
    window.close()
    assert not window.polling.thread.isRunning()


@pytest.mark.parametrize(("size", "stacked"), [((1366, 768), True), ((2560, 1080), False)])
def test_every_column_of_the_tables_is_in_sight(
        hall: dict[int, Path], tmp_path: Path, now: datetime, open_window,
        qtbot, size: tuple[int, int], stacked: bool) -> None:
    # The eight tables, one diverged (its Flag's words) on a laptop's 1366x768: the standings
    # go below the tables so that every column of the tables (Disputes, Version and the Flag
    # too) is in sight, no scrolling sideways; on a wide screen they stand side by side.
    url = fresh_hub("sqlite", tmp_path)
    with Hub.open(url) as hub:
        for path in hall.values():
            copy = tmp_path / path.name
            shutil.copy(path, copy)
            push_file(hub, copy)
        rewrite_after_push(hub, tmp_path / hall[3].name)
    window = open_window(url, now)
    window.resize(*size)
    qtbot.wait_until(lambda: window.tables.viewport().width() > 0)
    window.refresh()
    assert (window.split.orientation() == Qt.Orientation.Vertical) == stacked
    header, viewport = window.tables.horizontalHeader(), window.tables.viewport()
    room = window.fontMetrics().averageCharWidth()
    # Laid out (the orientation's new sizes posted): no scroll bar sideways.
    qtbot.wait_until(lambda: not window.tables.horizontalScrollBar().isVisible(), timeout=3000)
    assert header.length() <= viewport.width()
    for name in COLUMNS:
        index = COLUMNS.index(name)
        left = header.sectionViewportPosition(index)
        assert left >= 0 and left + header.sectionSize(index) <= viewport.width(), name
    assert header.sectionSize(COLUMNS.index("Flag")) >= 20 * room
    assert any("DIVERGED" in flag for flag in column(window, "Flag"))
