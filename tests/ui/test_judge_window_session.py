"""The judge's session: a judge's action asks name and PIN each time (refused without them or with
a wrong PIN), the file is written only then, and the banker's new entries appear by polling; the
judge's window opens from the CLI, the start page and the banker's window."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from PySide6.QtCore import QSettings, Qt

from app.cli.main import main as banker
from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.app.recorded_games import JUDGE, PIN, SetClock
from ui import entry
from ui.judge.session import JudgeSession
from ui.judge.window import JudgeWindow
from ui.table.session import TableSession
from ui.table.window import TableWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LATER = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # after the recorded game's last entry
ADJUST = {"type": "adjust_cash", "from_account": "Cy", "to_account": "Ann", "amount": 25,
          "reason": "rent for Short Line was not collected"}


@pytest.fixture
def db(judge_db: Path) -> Path:
    return judge_db


@pytest.fixture
def session(db: Path) -> Iterator[JudgeSession]:
    judge = JudgeSession(str(db), now=SetClock(LATER), poll_ms=None)
    judge.sleep = lambda _seconds: None  # the wrong-PIN delay is tested with the service
    yield judge
    judge.close()


def answering(session: JudgeSession, name: str, pin: str | None) -> list[str]:
    """The PIN dialog answered with `name` and `pin` (None: cancelled); the refusals said."""
    session.ask_pin = lambda _what: None if pin is None else (name, pin)
    refusals: list[str] = []
    session.refused.connect(refusals.append)
    return refusals


def test_a_judges_action_without_a_pin_is_refused_and_nothing_is_written(
        session: JudgeSession, db: Path) -> None:
    before, head = db.read_bytes(), session.head_seq
    refusals = answering(session, JUDGE, "")
    assert session.send_as_judge(ADJUST, "Adjust cash") is False
    assert "needs the judge's name and PIN" in refusals[-1]
    answering(session, JUDGE, None)
    assert session.send_as_judge(ADJUST, "Adjust cash") is False
    assert "cancelled" in refusals[-1]
    assert session.head_seq == head and not session.writable
    assert db.read_bytes() == before


def test_a_wrong_pin_is_refused_in_the_services_words(session: JudgeSession) -> None:
    head = session.head_seq
    refusals = answering(session, JUDGE, "999999")
    assert session.send_as_judge(ADJUST, "Adjust cash") is False
    assert refusals[-1].startswith("Adjust cash: refused, judge not signed in")
    assert session.head_seq == head
    assert session.game.judge is None


def test_the_right_pin_records_the_command_as_the_judge_and_signs_out(
        session: JudgeSession, qtbot) -> None:
    head = session.head_seq
    answering(session, JUDGE, PIN)
    with qtbot.wait_signal(session.changed), qtbot.wait_signal(session.recorded) as said:
        assert session.send_as_judge(ADJUST, "Adjust cash") is True
    assert said.args == [f"Recorded (judge {JUDGE}): Adjust cash"]
    assert session.writable and session.head_seq > head
    last = session.game.events()[-1]
    assert (last.actor_role, last.actor_name) == ("judge", JUDGE)
    assert session.game.judge is None  # the next action asks again
    assert session.entries[-1].seq == session.head_seq


def test_a_refused_judges_command_says_the_engines_words(session: JudgeSession) -> None:
    refusals = answering(session, JUDGE, PIN)
    bad = dict(ADJUST, from_account="Zed")
    assert session.send_as_judge(bad, "Adjust cash") is False
    assert refusals[-1].startswith("Adjust cash: refused, nothing recorded — ")
    assert "Zed" in refusals[-1]


def test_the_banker_s_new_entries_appear_when_the_file_is_polled(
        session: JudgeSession, db: Path, qtbot) -> None:
    window = JudgeWindow(session)
    qtbot.addWidget(window)
    head = session.head_seq
    banker_game = TableGame.open(str(db), now=SetClock(session.game.events()[-1].recorded_at),
                                 create=False)
    banker_game.submit(parse_command({"type": "roll", "player": "Cy", "dice": [1, 2]}))
    banker_game.close()
    with qtbot.wait_signal(session.changed):
        assert session.poll() is True
    assert session.head_seq > head
    assert window.entries.model.rowCount() == session.head_seq
    assert window.travel.seq == session.head_seq and window.travel.at_now
    assert session.poll() is False  # nothing new: nothing read again


def test_an_action_the_banker_overtook_is_refused_once_said_and_recorded_once_when_resent(
        session: JudgeSession, db: Path, qtbot) -> None:
    window = JudgeWindow(session)
    qtbot.addWidget(window)
    refusals = answering(session, JUDGE, "999999")
    assert session.send_as_judge(ADJUST, "Adjust cash") is False  # the file is now writable
    banker_game = TableGame.open(str(db), now=SetClock(session.game.events()[-1].recorded_at),
                                 create=False)
    seen = session.head_seq
    sign_in = session.game.sign_in_judge

    def banker_writes_while_the_pin_is_checked(name: str, pin: str) -> None:
        # After the session's last read, before the judge's entry: as a slow PIN check allows.
        if banker_game.head_seq == seen:
            banker_game.submit(parse_command({"type": "roll", "player": "Cy", "dice": [1, 2]}))
        sign_in(name, pin)

    session.game.sign_in_judge = banker_writes_while_the_pin_is_checked  # type: ignore[method-assign]
    answering(session, JUDGE, PIN)
    assert session.send_as_judge(ADJUST, "Adjust cash") is False
    banker_head = banker_game.head_seq
    banker_game.close()
    assert refusals[-1] == (f"Adjust cash: not recorded — the banker recorded entries {seen + 1} "
                            f"to {banker_head} meanwhile; the window now shows them: look, then "
                            "send it again if it still stands")
    assert session.head_seq == banker_head  # the list follows the banker's entries
    assert window.entries.model.rowCount() == banker_head
    assert session.send_as_judge(ADJUST, "Adjust cash") is True  # sent again: recorded once
    adjusted = [e for e in session.game.events() if e.type == "cash_adjusted"]
    assert [e.seq for e in adjusted] == [session.head_seq] == [banker_head + 1]


def test_banker_judge_is_listed_and_refuses_a_missing_file(tmp_path: Path) -> None:
    assert "judge" in entry.SHORT_HELP
    missing = tmp_path / "none.db"
    result = CliRunner().invoke(entry.commands(), ["judge", "--db", str(missing)])
    assert result.exit_code != 0
    assert not missing.exists()  # nothing created
    assert result.output.strip()
    assert banker.get_command(None, "judge") is not None  # type: ignore[arg-type]


def test_ctrl_j_in_the_banker_s_window_opens_the_judge_s_window_on_the_same_game(
        db: Path, qtbot, tmp_path: Path) -> None:
    game = TableGame.open(str(db), now=SetClock(LATER), create=False)
    table = TableWindow(TableSession(game, tick_ms=None),
                        QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(table)
    table.show()
    qtbot.keyClick(table, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    judge = table.judge_window
    assert isinstance(judge, JudgeWindow)
    qtbot.addWidget(judge)
    assert judge.session.head_seq == game.head_seq
    assert judge.session.game.game_id == game.game_id
    # What the judge records there is shown in the banker's window at once.
    judge.session.sleep = lambda _seconds: None
    judge.session.ask_pin = lambda _what: (JUDGE, PIN)
    assert judge.session.send_as_judge(ADJUST, "Adjust cash")
    assert game.head_seq == judge.session.head_seq
    assert "Recorded (judge Lee)" in table.messages.text()
    judge.close()
    table.session.close()


def test_the_start_page_opens_the_selected_game_as_judge(db: Path, qtbot, tmp_path: Path,
                                                         monkeypatch) -> None:
    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.games import folder as games  # noqa: PLC0415
    from ui.app import MainWindow  # noqa: PLC0415
    from ui.sounds import Sounds  # noqa: PLC0415

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))  # this game alone in the list
    shutil.copy(db, games.games_dir() / "judged.db")
    main = MainWindow(SetClock(), sounds=Sounds(audio=False), tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    assert main.start.judge_button.isEnabled()
    menu = main.menuBar().actions()[0].menu()
    assert "Ctrl+J" in [a.shortcut().toString() for a in menu.actions()]
    with qtbot.wait_signal(main.start.open_judge):
        main.start.judge_button.click()
    opened = main.judges[-1]
    qtbot.addWidget(opened)
    assert isinstance(opened, JudgeWindow) and opened.isVisible()
    assert "judged.db" in opened.windowTitle()
    main.close()
    assert not opened.isVisible()
