"""The windows on a file whose pinned snapshot was forged (hash recomputed): the true game shows,
and the forger's PIN signs no one in at the judge's window or the banker's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.table import positions
from app.table.service import TableGame
from tests.app.table.test_forged_snapshots import FORGER_PIN, forge, pinned_seqs, recorded
from tests.app.table.test_snapshots import JUDGE, PIN
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ADJUST = {"type": "adjust_cash", "from_account": "BANK", "to_account": "P2", "amount": 5000,
          "reason": "forged"}


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(positions, "SNAPSHOT_EVERY", 9)
    yield


def test_the_judges_window_shows_the_true_game_and_refuses_the_forgers_pin(
        tmp_path: Path, qtbot: object) -> None:
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    forge(db, pinned_seqs(db)[-1])
    session = JudgeSession(str(db), poll_ms=None)
    session.sleep = lambda _seconds: None
    try:
        assert session.game.state == truth
        head = session.game.head_seq
        refusals: list[str] = []
        session.refused.connect(refusals.append)
        session.ask_pin = lambda _what: (JUDGE, FORGER_PIN)
        assert session.send_as_judge(ADJUST, "Adjust cash") is False
        assert refusals[-1].startswith("Adjust cash: refused, judge not signed in")
        assert session.game.head_seq == head
    finally:
        session.close()


def test_the_banker_window_signs_in_the_true_judge_only(tmp_path: Path, qtbot: object) -> None:
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    forge(db, pinned_seqs(db)[-1])
    game = TableGame.open(str(db))
    game.sleep = lambda _seconds: None
    session = TableSession(game, tick_ms=None)
    try:
        assert game.state == truth
        assert session.sign_in_judge(JUDGE, FORGER_PIN) is not None
        assert session.sign_in_judge(JUDGE, PIN) is None
    finally:
        session.close()


def test_both_windows_warn_that_the_file_does_not_verify_and_show_the_true_cash(
        tmp_path: Path, qtbot: object) -> None:
    # The forged snapshot gives P1 5,000 more; both windows show the fold of the chain instead,
    # and say in their message line that the file does not verify, naming the snapshot.
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    forge(db, pinned_seqs(db)[-1])
    table = TableSession(TableGame.open(str(db)), tick_ms=None)
    judge = JudgeSession(str(db), poll_ms=None)
    try:
        banker_window = TableWindow(table, settings=QSettings(str(tmp_path / "s.ini"),
                                                              QSettings.Format.IniFormat))
        judge_window = JudgeWindow(judge)
        qtbot.addWidget(banker_window)  # type: ignore[attr-defined]
        qtbot.addWidget(judge_window)  # type: ignore[attr-defined]
        assert table.game.state == truth
        for window in (banker_window, judge_window):
            text = window.messages.text()
            assert text.startswith("WARNING: this ledger does not verify: snapshot at event")
            assert "call a judge" in text
            assert window.messages.level == "warning"
    finally:
        table.close()
        judge.close()
