"""The judge's disputes panel on the real judge session: a dispute on a rent, its ruling, a
correction linked to it, a rewind ("undo to here") that asks for the judge's PIN and is refused
without it or with a wrong one, and unlocking a collected scoresheet."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
)

from app.review import service as review
from tests.app.recorded_games import JUDGE, PIN, SetClock, line_of, play, record
from ui.judge.disputes import DisputesPanel
from ui.judge.session import JudgeSession

SG = "sg-final-position.jsonl"
DEV_RENT = 60  # "Dev pays Aisha 12 rent (claim 1)"

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


class Pins:
    """What the judge types into the PIN dialog, one answer per action (None: cancelled)."""

    def __init__(self) -> None:
        self.answers: list[tuple[str, str] | None] = []
        self.asked: list[str] = []

    def __call__(self, what: str) -> tuple[str, str] | None:
        self.asked.append(what)
        return self.answers.pop(0)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The SG example up to the judge's end position: 65 entries, both rents paid, 10:09:20."""
    path = tmp_path / "t.db"
    record(path, SG, line_of(SG, "adjust_deed")).close()
    return path


def open_panel(qtbot, db: Path, at: str = "2026-11-21T10:12:00Z"
               ) -> tuple[DisputesPanel, JudgeSession, Pins]:
    clock = SetClock()
    clock.set(datetime.fromisoformat(at).astimezone(UTC))
    session = JudgeSession(str(db), now=clock, poll_ms=None)
    session.sleep = lambda seconds: None  # the wrong-PIN delay is the service's; not waited here
    pins = Pins()
    session.ask_pin = pins
    panel = DisputesPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    return panel, session, pins


def type_in(qtbot, panel: DisputesPanel, **fields: str) -> None:
    """Type into the open form's fields (by name), then Enter."""
    dialog = panel.dialog
    assert dialog is not None and dialog.isVisible()
    last = None
    for name, text in fields.items():
        widget = dialog.findChild(QComboBox, name) or dialog.findChild(QLineEdit, name)
        edit = widget.lineEdit() if isinstance(widget, QComboBox) else widget
        edit.selectAll()
        qtbot.keyClicks(edit, text)
        last = edit
    qtbot.keyClick(last, Qt.Key.Key_Return)


def cash(session: JudgeSession) -> dict[str, int]:
    return {p.name: p.cash for p in session.game.state.players}


def test_a_dispute_on_a_rent_is_raised_ruled_and_corrected_by_the_judge(qtbot, db) -> None:
    panel, session, pins = open_panel(qtbot, db)
    pins.answers = [(JUDGE, PIN)] * 3
    before = cash(session)

    panel.raise_on([DEV_RENT])  # the window passes the ledger's selection
    assert panel.dialog.findChild(QLineEdit, "entries").text() == "60"
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, raised_by="Dev", about="paid the M12 rent twice in notes")
    (raised,) = review.disputes(session.game)
    assert (raised.number, raised.raised_by, raised.entries) == (1, "Dev", (DEV_RENT,))
    assert panel.model.rowCount() == 1
    assert panel.model.cells(raised)[:4] == ("1", "Dev", "paid the M12 rent twice in notes", "60")

    panel.table.selectRow(0)
    panel.rule()
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, ruling="Dev paid twice; Aisha refunds M12")
    assert panel.model.cells(review.disputes(session.game)[0])[4] == (
        "Dev paid twice; Aisha refunds M12 (Lee)")

    panel.correct()  # linked to the selected dispute
    form = panel.dialog
    assert form.findChild(QComboBox, "dispute").currentData() == 1
    form.findChild(QComboBox, "from_account").setCurrentText("Aisha")
    form.findChild(QComboBox, "to_account").setCurrentText("Dev")
    form.findChild(QSpinBox, "amount").setValue(12)
    assert "Fill in the form" in form.outcome.text()  # no reason yet: nothing to record
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, reason="refund of the rent paid twice (ruling on dispute 1)")
    (ruled,) = review.disputes(session.game)
    assert ruled.ruling == "Dev paid twice; Aisha refunds M12" and ruled.ruled_by == JUDGE
    assert ruled.corrections == (session.head_seq,)
    # Before: Aisha 1500 - 200 - 160 + 12 (Dev's rent) - 18 (rent to Chloe) = 1134, Dev
    # 1500 - 140 - 12 = 1348; the correction moves M12 back (an adjustment: bank and players only).
    assert before == {"Aisha": 1134, "Ben": 870, "Chloe": 1098, "Dev": 1348}
    assert cash(session) == {"Aisha": 1122, "Ben": 870, "Chloe": 1098, "Dev": 1360}
    assert panel.model.cells(ruled)[5] == str(session.head_seq)
    assert pins.asked == ["Raise a dispute", "Record the ruling on dispute 1",
                          "Record a correction"]
    assert review.verdict(session.game).sound
    # Under the list, the selected dispute in full: its entries and correction in words.
    entry = {e.seq: e.text for e in session.entries}
    assert panel.detail.text() == (
        f"Dispute 1, raised at entry #{raised.seq} by Dev: paid the M12 rent twice in notes\n"
        f"Entries disputed:\n   #60  {entry[60]}\n"
        f"Ruling (entry #{ruled.ruling_seq}, Lee): Dev paid twice; Aisha refunds M12\n"
        f"Corrections:\n   #{session.head_seq}  {entry[session.head_seq]}")
    assert entry[60] == "Dev pays Aisha 12 rent (claim 1)"


def test_undo_to_here_shows_what_it_voids_and_needs_the_judges_pin(qtbot, db) -> None:
    panel, session, pins = open_panel(qtbot, db)
    refusals: list[str] = []
    session.refused.connect(refusals.append)
    head = session.head_seq  # 65
    panel.set_entry(55)  # the window shows entry 55: Chloe's turn passed to Dev
    panel.buttons["rewind"].click()
    assert panel.dialog.findChild(QLabel, "kept").text() == (
        "The last entry that stays: 55: Turn 8: Dev to play")
    plan = panel.dialog.findChild(QListWidget, "plan")
    shown = [plan.item(i).text() for i in range(plan.count())]
    assert shown == review.rewind_plan(session.game, 55)
    assert shown[0].startswith("56: Dev rolls 1+2") and shown[-1].startswith("65: Aisha pays")

    pins.answers = [None, (JUDGE, "999999"), (JUDGE, PIN)]
    for _ in range(2):  # cancelled, then a wrong PIN: refused, nothing recorded
        panel.rewind_to(55)
        type_in(qtbot, panel, reason="Dev's throw was misread")
        assert session.head_seq == head
    assert "cancelled, nothing recorded" in refusals[0]
    assert "judge not signed in" in refusals[1]

    panel.rewind_to(55)
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, reason="Dev's throw was misread")
    assert session.head_seq == head + 1
    entries = review.entries(session.game)
    assert [e.seq for e in entries if e.voided] == list(range(56, 66))
    # Back to entry 55, before either rent: Aisha 1500 - 200 - 160, Ben 1500 - 100 - 120 - 110
    # - 150 (houses) - 150, Chloe 1500 - 200 - 220, Dev 1500 - 140.
    assert cash(session) == {"Aisha": 1140, "Ben": 870, "Chloe": 1080, "Dev": 1360}
    assert review.verdict(session.game).sound


def test_undo_to_here_says_what_really_stays_and_goes_back_behind_an_earlier_rewind(
        qtbot, db) -> None:
    panel, session, pins = open_panel(qtbot, db)
    pins.answers = [(JUDGE, PIN), (JUDGE, PIN)]
    # Entry 57 is the move of Dev's throw (command 27: entries 56 to 59): a rewind keeps whole
    # commands, so the last entry that stays is 59, not 57.
    panel.rewind_to(57)
    assert panel.dialog.findChild(QLabel, "kept").text() == (
        "The last entry that stays: 59: Turn 9: Aisha to play (entry 57 is part of one command "
        "with the entries to 59)")
    panel.dialog.reject()
    panel.rewind_to(55)
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, reason="Dev's throw was misread")
    first = session.head_seq  # 66: 56 to 65 voided
    # Entry 60 is void now: "undo to here" on it cannot bring back the game as it stood then,
    # and the dialog says so instead of "the last entry that stays: 60".
    panel.rewind_to(60)
    kept = panel.dialog.findChild(QLabel, "kept").text()
    assert kept.startswith(f"Entry 60 (Dev pays Aisha 12 rent (claim 1)) was voided by entry "
                           f"{first}: a rewind does not bring it back.")
    assert not panel.dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    panel.dialog.reject()
    # Back behind the first rewind, to entry 50: only entries 51 to 55 still count after it.
    panel.rewind_to(50)
    plan = panel.dialog.findChild(QListWidget, "plan")
    assert [plan.item(i).text().split(":")[0] for i in range(plan.count())] == [
        "51", "52", "53", "54", "55"]
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, reason="back to Ben's purchase")
    assert session.head_seq == first + 1
    assert [e.seq for e in review.entries(session.game) if e.voided] == list(range(51, 66))
    # The game stands as right after entry 50 (Chloe 1500 - 200, not yet - 220 for the street).
    at_50 = {p["name"]: p["cash"] for p in review.state_at_json(session.game, 50)["players"]}
    assert cash(session) == at_50 and at_50["Chloe"] == 1300
    assert review.verdict(session.game).sound


def test_a_judge_action_without_a_name_or_pin_is_refused(qtbot, db) -> None:
    panel, session, pins = open_panel(qtbot, db)
    refusals: list[str] = []
    session.refused.connect(refusals.append)
    pins.answers = [(JUDGE, "")]
    panel.raise_on([DEV_RENT])
    type_in(qtbot, panel, raised_by="Dev", about="paid twice")
    assert review.disputes(session.game) == [] and session.head_seq == 65
    assert "needs the judge's name and PIN" in refusals[0]


def test_a_raise_form_with_bad_entries_says_why_and_sends_nothing(qtbot, db) -> None:
    panel, _, pins = open_panel(qtbot, db)
    panel.raise_on([])
    type_in(qtbot, panel, raised_by="Dev", about="paid twice", entries="60, sixty")
    assert panel.dialog.isVisible()
    assert "not 'sixty'" in panel.dialog.findChild(type(panel.dialog.problem), "problem").text()
    assert pins.asked == []


def test_a_collected_scoresheet_is_unlocked_by_the_judge(qtbot, tmp_path) -> None:
    path, clock = tmp_path / "t.db", SetClock()
    game = record(path, SG, clock=clock)  # to the end: time is called at 10:45
    play(game, clock, type="collect_scoresheet", at="2026-11-21T10:50:00Z")
    game.close()
    panel, session, pins = open_panel(qtbot, path, at="2026-11-21T10:52:00Z")
    assert session.game.state.locked and panel.buttons["unlock"].isEnabled()
    pins.answers = [(JUDGE, PIN)]
    panel.buttons["unlock"].click()
    with qtbot.wait_signal(session.changed):
        type_in(qtbot, panel, reason="the sheet was signed with Ben's total wrong")
    assert not session.game.state.locked
    assert not panel.buttons["unlock"].isEnabled()


def test_the_disputes_model_is_a_sound_item_model(qtbot, qtmodeltester, db) -> None:
    panel, _, pins = open_panel(qtbot, db)
    pins.answers = [(JUDGE, PIN)]
    panel.raise_on([DEV_RENT])
    type_in(qtbot, panel, raised_by="Dev", about="paid twice")
    qtmodeltester.check(panel.model)


def test_activating_a_dispute_asks_the_window_for_its_first_entry(qtbot, db) -> None:
    panel, _, pins = open_panel(qtbot, db)
    pins.answers = [(JUDGE, PIN)]
    panel.raise_on([58, DEV_RENT])
    type_in(qtbot, panel, raised_by="Dev", about="the claim and the payment")
    panel.table.setFocus()
    panel.table.selectRow(0)
    with qtbot.wait_signal(panel.entry_picked) as picked:
        qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert picked.args == [58]


def test_a_filled_dispute_form_cancelled_with_esc_says_so_and_records_nothing(qtbot, db) -> None:
    panel, session, _pins = open_panel(qtbot, db)
    head = session.head_seq
    panel.raise_on([DEV_RENT])
    edit = panel.dialog.findChild(QLineEdit, "about")
    qtbot.keyClicks(edit, "paid twice")
    with qtbot.wait_signal(panel.said) as said:
        qtbot.keyClick(edit, Qt.Key.Key_Escape)
    assert said.args == ["Raise a dispute: cancelled, nothing recorded"]
    assert not panel.dialog.isVisible()
    assert session.head_seq == head and review.disputes(session.game) == []
