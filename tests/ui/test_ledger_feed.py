"""The ledger feed lists entries in plain words, strikes through voided ones, and is a sound model."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.table.view_build import feed_entries
from tests.app.recorded_games import SetClock, line_of, play, record
from ui.table.ledger_feed import SEQ_ROLE, VOIDED_ROLE, LedgerFeed

SG = "sg-final-position.jsonl"


def test_the_feed_model_passes_the_model_tester(qtbot, qtmodeltester, tmp_path: Path) -> None:
    game = record(tmp_path / "t.db", SG)
    feed = LedgerFeed()
    qtbot.addWidget(feed)
    feed.show_entries(feed_entries(game, last=30))
    qtmodeltester.check(feed.feed)
    model = feed.feed
    assert model.rowCount() == 30
    last = model.index(29)
    assert model.data(last, SEQ_ROLE) == game.head_seq
    assert model.data(last).endswith("10:45:05  Game over: time called")


def test_an_undone_command_is_struck_through_and_new_entries_are_added_as_rows(
        qtbot, qtmodeltester, tmp_path: Path) -> None:
    # Aisha's purchase of MRT Station 1 is undone: its 2 entries stay, struck through, and the
    # undo itself is one more entry.
    clock = SetClock()
    game = record(tmp_path / "t.db", SG, clock=clock,
                  before_line=line_of(SG, '"roll", "player": "Ben"'))
    feed = LedgerFeed()
    qtbot.addWidget(feed)
    feed.show_entries(feed_entries(game, last=50))
    model = feed.feed
    rows = model.rowCount()
    qtmodeltester.check(model)
    with qtbot.waitSignal(model.rowsInserted):
        play(game, clock, type="undo", at="2026-11-21T10:00:50Z")
        feed.show_entries(feed_entries(game, last=50))
    assert model.rowCount() == rows + 1
    struck = [model.data(model.index(r), Qt.ItemDataRole.FontRole).strikeOut() for r in range(rows + 1)]
    assert struck == [False] * (rows - 2) + [True, True, False]
    assert [model.data(model.index(r), VOIDED_ROLE) for r in (rows - 2, rows - 1)] == [True, True]
    assert "Aisha buys MRT Station 1 for 200" in model.data(model.index(rows - 2))


def test_a_feed_window_that_slides_drops_its_oldest_rows(qtbot, tmp_path: Path) -> None:
    game = record(tmp_path / "t.db", SG)
    feed = LedgerFeed()
    qtbot.addWidget(feed)
    entries = feed_entries(game, last=12)
    feed.show_entries(entries[:10])
    feed.show_entries(entries[2:])
    assert [feed.feed.data(feed.feed.index(r), SEQ_ROLE) for r in range(10)] == [
        e.seq for e in entries[2:]]
