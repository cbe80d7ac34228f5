"""The judge's window on a live table: the banker's new entries, undos, disputes and a judge's
rewind arrive by the window's poll (only the rows after its head read: TableGame.follow), and
the list, the counts, the disputes and the time travel then show what the window would show on
the file opened afresh; a void marks the earlier rows in place (the list is not rebuilt)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from app.review import service as review
from app.table.service import TableGame
from benchmarks.games import next_command
from models.commands import RaiseDispute, Rewind, Undo
from tests.app.recorded_games import JUDGE, PIN, SetClock
from ui.judge.entries_model import ENTRY_COLUMN
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(judge_db: Path, qtbot) -> Iterator[JudgeWindow]:
    session = JudgeSession(str(judge_db), poll_ms=None)
    shown = JudgeWindow(session)
    qtbot.addWidget(shown)
    shown.resize(1366, 768)
    shown.show()
    yield shown
    session.close()


@pytest.fixture
def banker(judge_db: Path, window: JudgeWindow) -> Iterator[TableGame]:
    """The banker's window's game on the same file, its clock after the last entry."""
    last = window.session.entries[-1].recorded_at
    game = TableGame.open(str(judge_db), now=SetClock(last), create=False)
    yield game
    game.close()


def followed(window: JudgeWindow, qtbot) -> TableGame:
    """Poll as the window's timer does; the file opened afresh, to compare with."""
    with qtbot.wait_signal(window.session.changed):
        assert window.session.poll() is True
    return TableGame.open(window.session.db, readonly=True)


def shown_as_fresh(window: JudgeWindow, fresh: TableGame) -> None:
    """What the judge's window shows equals what it shows on the file opened afresh."""
    session, model = window.session, window.entries.model
    entries = review.entries(fresh)
    assert session.entries == entries
    assert session.disputes == review.disputes(fresh)
    assert session.game.state_json() == fresh.state_json()
    assert model.rowCount() == len(entries) == fresh.head_seq
    for row in (0, len(entries) // 2, *range(len(entries) - 12, len(entries))):
        words = model.index(row, ENTRY_COLUMN).data(Qt.ItemDataRole.DisplayRole)
        assert entries[row].text in words
        assert ("  — voided" in words) == entries[row].voided
    voided = sum(e.voided for e in entries)
    assert window.entries.count.text() == f"Every entry: {len(entries):,} entries ({voided:,} voided)"
    assert window.travel.seq == fresh.head_seq and window.travel.at_now


def test_the_judges_window_follows_the_banker_entry_by_entry(
        window: JudgeWindow, banker: TableGame, qtbot, qtmodeltester) -> None:
    # The classic sample (91 entries), then: random play by the banker, an undo (the last
    # command voided: its rows struck out in place), a dispute raised, more play, and a
    # judge's rewind to 6 entries back (several commands voided, its dispute named). After
    # each, the window polls and must show what a freshly opened file shows.
    model = window.entries.model
    qtmodeltester.check(model)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    rng = Random(4)
    for _ in range(5):
        banker.submit(next_command(banker, rng))
    shown_as_fresh(window, followed(window, qtbot))
    undone = banker.timeline.marks[-1]
    banker.submit(Undo(type="undo"))
    fresh = followed(window, qtbot)
    shown_as_fresh(window, fresh)
    assert all(window.session.entries[seq - 1].voided
               for seq in range(undone.first, undone.last + 1))
    banker.submit(RaiseDispute(type="raise_dispute", raised_by="Ann", about="the rent",
                               entries=[banker.head_seq]))
    shown_as_fresh(window, followed(window, qtbot))
    assert [d.about for d in window.session.disputes] == ["the rent"]
    assert window.disputes.model.rowCount() == 1
    for _ in range(6):
        banker.submit(next_command(banker, rng))
    banker.sign_in_judge(JUDGE, PIN)
    banker.submit(Rewind(type="rewind", to_seq=banker.head_seq - 6, reason="wrong rent",
                         dispute=1))
    fresh = followed(window, qtbot)
    shown_as_fresh(window, fresh)
    (dispute,) = window.session.disputes
    assert dispute.corrections == (fresh.head_seq,)  # the rewind names the dispute
    assert not resets  # each void changed its rows in place; the list was never rebuilt
    qtmodeltester.check(model)
    assert window.session.poll() is False  # nothing new: nothing read


def test_a_filtered_list_takes_the_new_entries_that_match(
        window: JudgeWindow, banker: TableGame, qtbot) -> None:
    # The list narrowed to Cy's entries while the banker records: the rows shown are Cy's
    # entries of the whole game as it now stands (review.matching on a fresh read).
    window.entries.player.setCurrentText("Cy")
    rng = Random(8)
    for _ in range(10):
        banker.submit(next_command(banker, rng))
    banker.submit(Undo(type="undo"))
    fresh = followed(window, qtbot)
    wanted = review.matching(review.entries(fresh), players=["Cy"])
    proxy = window.entries.proxy
    assert proxy.rowCount() == len(wanted)
    assert [proxy.index(row, 0).data() for row in range(proxy.rowCount())] == [
        str(e.seq) for e in wanted]
    assert window.entries.count.text().startswith(f"Showing {len(wanted):,} of ")


def test_a_judges_entry_after_the_bankers_is_shown_with_them(
        window: JudgeWindow, banker: TableGame, qtbot) -> None:
    # The banker records three commands; the judge then records a cash adjustment from the
    # window (name and PIN asked): the window first follows the banker's entries, records
    # the judge's, and shows all of them as the file opened afresh shows them.
    session = window.session
    session.ask_pin = lambda _what: (JUDGE, PIN)
    rng = Random(2)
    for _ in range(3):
        banker.submit(next_command(banker, rng))
    with qtbot.wait_signal(session.recorded):
        assert session.send_as_judge(
            {"type": "adjust_cash", "from_account": "Cy", "to_account": "Ann", "amount": 25,
             "reason": "rent for Short Line was not collected"}, "Adjust cash")
    fresh = TableGame.open(session.db, readonly=True)
    shown_as_fresh(window, fresh)
    assert session.entries[-1].actor == f"judge: {JUDGE}"
    assert session.entries[-1].text == "Adjustment: Cy → Ann 25: rent for Short Line was not collected"


def grabbed_active(window: JudgeWindow, qtbot) -> QImage:
    """The window's entries (the list, the chosen entry's words and the counts) grabbed with
    the window active, the list holding the keys (its cursor framed). The time travel's
    players' panels are left out: they keep the most height a position has needed (their
    `hold_heights`), so a window that showed more deeds before the undo holds a taller panel
    by design."""
    window.activateWindow()
    qtbot.wait_until(window.isActiveWindow)
    window.entries.table.setFocus()
    return window.entries.grab().toImage()


def test_the_window_that_followed_looks_as_one_opened_afresh(
        window: JudgeWindow, banker: TableGame, qtbot) -> None:
    # Four commands followed by the open window and painted, then an undo followed (two of
    # their rows struck out in place, the list at its end), the window at 1366x768 and its
    # entries grabbed; then a second judge's window opened on the file as it now stands,
    # grabbed the same: the same picture, pixel for pixel.
    rng = Random(4)
    for _ in range(4):
        banker.submit(next_command(banker, rng))
    followed(window, qtbot).close()
    grabbed_active(window, qtbot)  # the new rows laid out and painted, before they are voided
    banker.submit(Undo(type="undo"))
    followed(window, qtbot).close()
    qtbot.wait_until(lambda: not window.entries.rows_fit.timer.isActive())
    other = JudgeWindow(JudgeSession(window.session.db, poll_ms=None))
    qtbot.addWidget(other)
    other.resize(1366, 768)
    other.show()
    qtbot.wait_until(lambda: not other.entries.rows_fit.timer.isActive())
    try:
        assert any(e.voided for e in window.session.entries)
        assert grabbed_active(window, qtbot) == grabbed_active(other, qtbot)
    finally:
        other.session.close()
