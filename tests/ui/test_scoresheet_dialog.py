"""The scoresheet window shows the ledger's figures, saves a PDF and records the collection."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QMessageBox

from app.table.command_text import parse_command, read_script
from app.table.judges import judges_field
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.scoresheet.dialog import ScoresheetDialog

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "classic-sample.jsonl"


class Clock:
    """The table's clock in a test: a second on per reading, and on further when told."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


@pytest.fixture
def game(tmp_path: Path) -> TableGame:
    """The classic sample game, whose new game registers judge Lee (not signed in)."""
    session = TableGame.open(str(tmp_path / "table.db"), now=Clock())
    for _, line in read_script(SAMPLE.read_text(encoding="utf-8")):
        command = parse_command(line)
        if command.type == "new_game":
            command = parse_command(command.model_dump(mode="json", exclude_none=True)
                                    | {"judges": judges_field([("Lee", "246813")])})
        session.submit(command)
    return session


def test_the_window_shows_each_players_total_and_position(qtbot, game: TableGame) -> None:
    # The sample game ends with Bob 810 cash + Reading and Pennsylvania Railroads (200 each) +
    # Atlantic Avenue (260) = 1,470; Cy 1,145 + St. Charles 140 + St. James 180 = 1,465;
    # Ann 515 + 100 + 150 + 200 + 280 + 200 = 1,445. Bob 1st, Cy 2nd, Ann 3rd.
    dialog = ScoresheetDialog(scoresheet(game))
    qtbot.addWidget(dialog)
    text = dialog.view.toPlainText()
    assert text.index("1st") < text.index("Bob") < text.index("M1,470")
    assert text.index("2nd") < text.index("Cy") < text.index("M1,465")
    assert text.index("3rd") < text.index("Ann") < text.index("M1,445")
    assert not dialog.collect_button.isEnabled()  # no collect action given


def test_save_pdf_writes_the_same_figures_on_letter_paper(qtbot, game: TableGame,
                                                          tmp_path: Path) -> None:
    dialog = ScoresheetDialog(scoresheet(game))
    qtbot.addWidget(dialog)
    dialog.paper.setCurrentText("Letter")
    out = tmp_path / "sheet.pdf"
    dialog.save_pdf(out)
    page = PdfReader(out).pages[0]
    # Letter is 8.5 x 11 inches = 612 x 792 points.
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    text = page.extract_text()
    for figure in ("M1,470", "M1,465", "M1,445", "1st", "2nd", "3rd"):
        assert figure in text


def test_collecting_after_confirmation_locks_the_game(qtbot, game: TableGame,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # The game must be over to collect: the judge ends it by time (a length of 1 minute, the
    # clock started and a tick past it).
    def collect() -> dict:
        game.submit(parse_command({"type": "collect_scoresheet"}))
        return scoresheet(game)

    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args: QMessageBox.StandardButton.Yes)
    _end_by_time(game)
    dialog = ScoresheetDialog(scoresheet(game), collect=collect)
    qtbot.addWidget(dialog)
    assert dialog.collect_button.isEnabled()
    dialog.collect_button.click()
    assert game.state is not None and game.state.locked
    assert not dialog.collect_button.isEnabled()
    assert "collected: the game is locked" in dialog.status.text()


def test_declining_the_confirmation_collects_nothing(qtbot, game: TableGame,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.No)
    _end_by_time(game)
    called = []
    dialog = ScoresheetDialog(scoresheet(game), collect=lambda: called.append(1) or {})
    qtbot.addWidget(dialog)
    dialog.collect_button.click()
    assert called == []
    assert game.state is not None and not game.state.locked


def _end_by_time(game: TableGame) -> None:
    game.sign_in_judge("Lee", "246813")
    # A one-minute game whose clock is read two minutes after it started: time is called.
    game.submit(parse_command({"type": "set_game_length", "minutes": 1, "reason": "test"}))
    game.submit(parse_command({"type": "start_clock"}))
    game.now.at += timedelta(minutes=2)  # type: ignore[attr-defined]
    game.tick()
    assert game.state is not None and game.state.phase == "over"
