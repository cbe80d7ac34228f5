"""The scoresheet window says in plain words when a PDF cannot be written, and stays open."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.table.command_text import parse_command
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.scoresheet import dialog as dialog_module
from ui.scoresheet.dialog import ScoresheetDialog

CLASSIC_START = {"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
                 "roll_off": [{"Ann": [3, 4], "Bob": [5, 6]}]}


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


@pytest.fixture
def dialog(qtbot, tmp_path: Path) -> ScoresheetDialog:
    game = TableGame.open(str(tmp_path / "table.db"), now=Clock())
    game.submit(parse_command(CLASSIC_START))
    shown = ScoresheetDialog(scoresheet(game))
    qtbot.addWidget(shown)
    game.close()
    return shown


def test_a_pdf_into_a_missing_folder_is_said_in_the_message_area(dialog, tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "sheet.pdf"
    assert dialog.save_pdf(target) is False
    assert not target.exists()
    text = dialog.messages.text()
    assert text.startswith("The PDF was not saved: the folder ")
    assert "does not exist" in text and "Traceback" not in text


def test_a_pdf_the_disk_refuses_is_said_in_plain_words(dialog, tmp_path: Path,
                                                      monkeypatch) -> None:
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(dialog_module, "write_pdf", full)
    assert dialog.save_pdf(tmp_path / "sheet.pdf") is False
    assert dialog.messages.text() == ("The PDF was not saved: the disk is full. Choose another "
                                      "place and save again.")


def test_a_saved_pdf_is_said_too(dialog, tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    assert dialog.save_pdf(target) is True
    assert target.read_bytes().startswith(b"%PDF-")
    assert dialog.messages.text() == f"Saved {target}"
