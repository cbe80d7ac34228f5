"""The tournament window's publish (Ctrl+P) records the publication in the tournament after the
three files are written, and the stage's state line says when it was last published and
whether provisional; a record that cannot be written is said, the files staying."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from app.tournament import service as tournaments
from tests.ui.test_tournament_window import START, create_and_enter, window
from ui.tournament.window import TournamentWindow

__all__ = ["window"]  # the fixture, used by name
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def drawn(window: TournamentWindow, tmp_path: Path) -> tuple[str, Path]:
    tid = create_and_enter(window, tmp_path)
    tournaments.draw(tid, "Qualifying", seed=42)  # 8 players: tables 1 and 2
    window.reload()
    out = tmp_path / "out"
    out.mkdir()
    window.choose_folder = lambda caption: out
    return tid, out


def test_publishing_from_the_window_records_it_and_the_state_line_says_so(
        window: TournamentWindow, tmp_path: Path) -> None:
    tid, out = drawn(window, tmp_path)
    assert "Not published yet" in window.state_text.text()
    written = window.publish()
    assert len(written) == 3
    (p,) = tournaments.load(tid).publications
    assert (p.stage, p.at, p.provisional, p.awaiting, p.formats, p.by) == (
        "Qualifying", START, True, (1, 2), ("csv", "html", "pdf"), "the desk")
    assert p.digest == hashlib.sha256(
        (out / "window-cup-2026-qualifying.csv").read_bytes()).hexdigest()
    said = (f"Published 21 Nov 2026, 09:00 UTC by the desk: provisional: tables 1, 2 still to "
            f"report (csv, html, pdf; SHA-256 {p.digest[:12]})")
    assert said in window.state_text.text()
    assert "recorded: published 21 Nov 2026, 09:00 UTC" in window.messages.text()


def test_a_record_that_cannot_be_written_is_said_and_the_files_stay(
        window: TournamentWindow, tmp_path: Path) -> None:
    tid, out = drawn(window, tmp_path)
    # The tournament's lock file taken by a folder: its file cannot be changed just now.
    (tmp_path / "data" / "tournaments" / f".{tid}.lock").unlink(missing_ok=True)
    (tmp_path / "data" / "tournaments" / f".{tid}.lock").mkdir()
    window.publish()
    assert sorted(p.suffix for p in out.iterdir()) == [".csv", ".html", ".pdf"]
    assert "the files are written, but their publishing is not recorded" in \
        window.messages.text()
    assert tournaments.load(tid).publications == ()
    assert "Not published yet" in window.state_text.text()
