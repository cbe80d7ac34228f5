"""Drives the app's windows from the keyboard for the full-game tests: the new-game form, the table
window's keys, the palette and the forms; reads the ledger back in the words of `banker ledger`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from click.testing import CliRunner
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QListWidget, QWidget

from app.cli.main import main as banker
from app.table.view_build import feed_entries
from ui.app import MainWindow
from ui.sounds import Sounds
from ui.start.new_game import NewGameForm
from ui.table.window import TableWindow


class Clock:
    """The table's clock in a test: a millisecond per reading (so entries stay in order), and
    minutes only when the test says so."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 10, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(milliseconds=1)
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


def app_window(qtbot, tmp_path: Path, clock: Clock) -> MainWindow:
    """The application's main window on the injected clock, silent, ticking only when told."""
    sounds = Sounds(audio=False)
    main = MainWindow(clock, sounds=sounds, tick_ms=None,
                      settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    return main


def type_into(qtbot, widget: QWidget, text: str) -> None:
    """Type `text` into a widget, "\\n" as Enter, "^" as Ctrl+Enter (ends a phase)."""
    for char in text:
        if char == "\n":
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        elif char == "^":
            qtbot.keyClick(widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            qtbot.keyClicks(widget, char)


def new_game(qtbot, main: MainWindow, profile_key: str, players: list[str],
             roll_off: list[str], *, length_key: str = "", judge: tuple[str, str] | None = None,
             banker_name: str = "Bea") -> tuple[TableWindow, Path]:
    """Fill the new-game form by keys (the profile and length lists by their first letters),
    start the game with Ctrl+Enter, and open its table window as the app does."""
    form = NewGameForm(main._create, main)
    qtbot.addWidget(form)
    form.show()
    form.activateWindow()  # Ctrl+Enter is the form's shortcut: it needs the active window
    qtbot.waitUntil(form.isActiveWindow)
    qtbot.keyClicks(form.profile, profile_key)
    for seat, name in zip(form.seats, players, strict=False):
        qtbot.keyClicks(seat, name)
    for edit, dice in zip(form.roll_off.editors(), roll_off, strict=True):
        qtbot.keyClicks(edit, dice)
    if length_key:
        qtbot.keyClicks(form.length, length_key)
    qtbot.keyClicks(form.banker, banker_name)
    if judge is not None:
        qtbot.keyClicks(form.judge, judge[0])
        qtbot.keyClicks(form.pin, judge[1])
    qtbot.keyClick(form.banker, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert form.path is not None, form.messages.text()
    table = main.open_game(form.path)
    assert table is not None
    table.confirm = lambda title, text: True  # the banker agrees to what Undo shows
    return table, form.path


def keys(qtbot, window: TableWindow, text: str) -> None:
    """Keys pressed in the table window ("\\n" is Enter, "^" Ctrl+Enter)."""
    type_into(qtbot, window, text)


def palette(qtbot, window: TableWindow, words: str, *, down: int = 0) -> None:
    """Ctrl+K, the words, Enter: the one action left runs (or, with `down`, the one chosen
    with that many Down presses among several)."""
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    pick_in_palette(qtbot, window, words, down=down)


def pick_in_palette(qtbot, window: TableWindow, words: str, *, down: int = 0) -> None:
    """In the open palette: type the words, Down `down` times, Enter; the palette has closed
    (Enter runs only the one line left or the one chosen)."""
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    filter_line = dialog.findChild(QLineEdit)
    qtbot.keyClicks(filter_line, words)
    listed = dialog.findChild(QListWidget)
    lines = [listed.item(r).text() for r in range(listed.count())]
    assert lines, f"nothing in the palette matches {words!r}"
    assert down or len(lines) == 1, f"{words!r} leaves several lines: {lines}"
    for _ in range(down):
        qtbot.keyClick(filter_line, Qt.Key.Key_Down)
    qtbot.keyClick(filter_line, Qt.Key.Key_Return)
    assert not dialog.isVisible()


def answer(qtbot, window: TableWindow, **fields: str) -> None:
    """Type into the fields of the dialog the window opened (by the command's path) and Enter."""
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    last: QWidget | None = None
    for path, text in fields.items():
        widget = dialog.findChild(QWidget, path)
        assert widget is not None, path
        edit = widget.lineEdit() if isinstance(widget, QComboBox) else widget
        assert isinstance(edit, QLineEdit)
        edit.selectAll()
        qtbot.keyClicks(edit, text)
        last = edit
    qtbot.keyClick(last or dialog, Qt.Key.Key_Return)


def judge_signs(qtbot, window: TableWindow, name: str, pin: str) -> None:
    """The judge types their name and PIN into the judge's dialog and presses Enter."""
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.findChild(QLineEdit, "judge_name"), name)
    pin_field = dialog.findChild(QLineEdit, "judge_pin")
    qtbot.keyClicks(pin_field, pin)
    qtbot.keyClick(pin_field, Qt.Key.Key_Return)


def tick(qtbot, list_widget: QListWidget, *rows: int) -> None:
    """Tick rows of a checklist with the keyboard: Home, Down to each row, Space."""
    qtbot.keyClick(list_widget, Qt.Key.Key_Home)
    at = 0
    for row in sorted(rows):
        for _ in range(row - at):
            qtbot.keyClick(list_widget, Qt.Key.Key_Down)
        at = row
        qtbot.keyClick(list_widget, Qt.Key.Key_Space)


def ledger_lines(window: TableWindow, since: int = 0) -> list[str]:
    """Every entry after `since` as `banker ledger` words, voided ones marked VOID."""
    game = window.session.game
    return [("VOID " if e.voided else "") + e.text
            for e in feed_entries(game, last=100_000) if e.seq > since]


def verify_passes(path: Path) -> str:
    """`banker verify` on the game's file: exits 0; returns what it printed."""
    result = CliRunner().invoke(banker, ["verify", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return result.output
