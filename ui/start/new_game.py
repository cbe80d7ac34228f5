"""The new-game form: it only collects; the rules' refusal comes back from the service as is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.editions import rulebook
from app.editions.rulebook import Edition
from app.games.folder import default_label
from app.table.actions import refusal_text
from app.table.errors import LedgerError
from app.tournament import service as tournaments
from models.errors import BankerError
from models.names import plain_name, refused_characters
from ui.fonts import undrawable_message
from ui.forms import KeyboardForm, WordSearchCombo
from ui.messages import MessageArea
from ui.start.from_draw import DrawPicker
from ui.start.roll_off import RollOff

SEATS = 6
LOCKED = "QLineEdit { background: #E4E4E4; color: #222; }"
# What the form remembers from one game to the next (never the judge's PIN).
REMEMBERED = ("tournament", "banker", "judge")
# create_game(new_game, banker, judge, minutes) -> the new game's file
Create = Callable[[dict[str, Any], str, "tuple[str, str] | None", "int | None"], Path]
# start_table(tournament, stage, table, roll_off, banker, judge) -> the table's game file
StartTable = Callable[[str, str, int, list[dict[str, list[int]]], str,
                       "tuple[str, str] | None"], Path]


def _refused_message(names: list[str]) -> str:
    """The first name typed holding a character names refuse (a control or text-direction
    one, models/names.py), said as typed: the game would be refused when started."""
    for name in names:
        try:
            plain_name(name)
        except ValueError as e:
            return f"{_shown(name)}: {e}."
    return ""


def _shown(name: str) -> str:
    """A name with its refused characters shown as their code points, never acting."""
    return "“" + "".join(f"<U+{ord(c):04X}>" if c in refused_characters(name) else c
                         for c in name) + "”"


def start_table(tid: str, stage: str, table: int, roll_off: list[dict[str, list[int]]],
                banker: str, judge: tuple[str, str] | None) -> Path:
    """The tournament service's start_table on the wall clock."""
    return tournaments.start_table(tid, stage, table, roll_off, banker, judge)


def board_text(edition: Edition) -> str:
    """A board's name, saying plainly when its names are not confirmed."""
    if edition.problem:
        return f"{edition.name}: cannot be used ({edition.problem})"
    if edition.unconfirmed_names:
        return f"{edition.name} — {edition.unconfirmed_names} names UNCONFIRMED"
    return edition.name


class NewGameForm(KeyboardForm):
    """Tournament, round, table, profile, board, players, roll-off, length, banker, judge.
    Enter starts the game from any field (so does Ctrl+Enter); the rules' refusal keeps it open.
    With `settings`, the tournament, banker and judge typed last time are filled in again."""

    def __init__(self, create: Create, parent: QWidget | None = None,
                 from_draw: StartTable = start_table, settings: QSettings | None = None) -> None:
        super().__init__("New game", parent, what="The new-game form")
        self.create, self.from_draw, self.settings = create, from_draw, settings
        self.path: Path | None = None
        self.draw = DrawPicker()
        self.drawn: dict[str, Any] | None = None
        self._box_warned = False  # a name with a character no font draws is being warned of
        self.tournament, self.round, self.table = QLineEdit(), QLineEdit(), QLineEdit()
        self.profile, self.board, self.length = (WordSearchCombo(), WordSearchCombo(),
                                                 WordSearchCombo())
        self.limits = QLabel()
        self.limits.setWordWrap(True)
        self.board_note = QLabel()
        self.board_note.setWordWrap(True)
        self.board_note.setStyleSheet("color: #8A1C00;")
        for combo in (self.profile, self.board, self.length):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(30)
        self.seats = [QLineEdit() for _ in range(SEATS)]
        self.roll_off = RollOff()
        self.banker, self.judge, self.pin = QLineEdit(), QLineEdit(), QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.messages = MessageArea()
        self.start_button = QPushButton("Start the game  [Enter]")
        self._fill_choices()
        self._compose()
        self.profile.currentIndexChanged.connect(self._profile_chosen)
        self.draw.picked.connect(self._draw_picked)
        self.board.currentIndexChanged.connect(self._board_chosen)
        for seat in self.seats:
            seat.textChanged.connect(self._players_changed)
        for field in (self.tournament, self.banker, self.judge):
            field.textChanged.connect(self._names_checked)
        self.start_button.clicked.connect(self.submit)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self, activated=self.submit)
        self._profile_chosen()
        self._recall()
        self.roll_off.changed.connect(self.arrange)  # a tie's next round joins the Tab order
        self.messages.say("Fill in the table; the rules check everything when you start.")
        self.resize(1200, 720)

    # Layout ------------------------------------------------------------------------------

    def _fill_choices(self) -> None:
        for edition in rulebook.editions("profile"):
            self.profile.addItem(edition.name + (f" (cannot be used: {edition.problem})"
                                                 if edition.problem else ""), edition.id)
        self.boards = rulebook.editions("board")

    def board_listed(self, board_id: str) -> str | None:
        """The board `board_id` as the form lists it (None: not among the boards read)."""
        return next((b.name for b in self.boards if b.id == board_id), None)

    def _refill_choices(self) -> None:
        self.profile.blockSignals(True)
        self.profile.clear()
        self._fill_choices()
        self.profile.setCurrentIndex(-1)  # the profile set next is a change: boards listed anew
        self.profile.blockSignals(False)

    def _compose(self) -> None:
        event = QFormLayout()
        event.addRow("From the tournament draw…", self.draw)
        event.setRowVisible(0, self.draw.offered())  # only where a tournament is drawn
        self.tournament.setPlaceholderText("e.g. Singapore Championship 2026")
        self.round.setPlaceholderText("e.g. Qualifying 2")
        self.table.setPlaceholderText("e.g. 7")
        event.addRow("Tournament", self.tournament)
        event.addRow("Round", self.round)
        event.addRow("Table", self.table)
        event.addRow("Profile (rules)", self.profile)
        event.addRow("Board", self.board)
        event.addRow("Game length", self.length)
        officials = QFormLayout()
        self.banker.setPlaceholderText("your name, as it goes on the scoresheet")
        self.judge.setPlaceholderText("the table's judge (may be left empty)")
        self.pin.setPlaceholderText("the judge types 6 or more digits")
        officials.addRow("Banker", self.banker)
        officials.addRow("First judge", self.judge)
        officials.addRow("Judge's PIN", self.pin)
        seats = QGridLayout()
        for number, seat in enumerate(self.seats):
            seat.setObjectName(f"seat-{number + 1}")
            seats.addWidget(QLabel(f"Seat {number + 1}"), number // 3 * 2, number % 3)
            seats.addWidget(seat, number // 3 * 2 + 1, number % 3)
        players = QGroupBox("Players in seating order, clockwise")
        column = QVBoxLayout(players)
        column.addWidget(self.limits)
        column.addLayout(seats)
        roll = QGroupBox("Roll-off as thrown (the highest total starts)")
        QVBoxLayout(roll).addWidget(self.roll_off)
        top = QHBoxLayout()
        left = QGroupBox("The game")
        left.setLayout(event)
        right = QGroupBox("Officials")
        right.setLayout(officials)
        top.addWidget(left, 1)
        top.addWidget(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.board_note)
        layout.addWidget(players)
        layout.addWidget(roll)
        layout.addStretch()
        layout.addLayout(self._buttons())

    def _buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        cancel = QPushButton("Cancel  [Esc]")
        cancel.clicked.connect(self.reject)
        for button in (cancel, self.start_button):  # Tab stays among the fields
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setAutoDefault(False)
        buttons.addWidget(self.messages, 1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.start_button)
        return buttons

    # The choices -------------------------------------------------------------------------

    def _profile_chosen(self) -> None:
        profile_id = self.profile.currentData()
        try:
            profile = rulebook.profile(profile_id)
        except BankerError as e:
            self.limits.setText(str(e))
            return
        self.limits.setText(f"{profile.name}: {profile.players_min} to {profile.players_max} "
                            "players. Type the names in seat order, clockwise from seat 1.")
        for number, seat in enumerate(self.seats):
            seat.setEnabled(number < profile.players_max)
        own = next((b for b in self.boards if b.id == profile.board), None)
        self.board.clear()
        self.board.addItem(f"{board_text(own) if own else profile.board} (the profile's)", None)
        for edition in self.boards:
            if edition.id != profile.board:
                self.board.addItem(board_text(edition), edition.id)
        self.length.clear()
        default = (f"{profile.game_minutes} minutes" if profile.game_minutes else "untimed")
        self.length.addItem(f"The profile's length ({default})", None)
        for minutes in (60, 90):
            if minutes != profile.game_minutes:
                self.length.addItem(f"{minutes} minutes (the judge sets it: name and PIN)",
                                    minutes)

    def _board_chosen(self) -> None:
        try:
            board_id = (self.board.currentData()
                        or rulebook.profile(self.profile.currentData()).board)
        except BankerError:
            return
        edition = next((b for b in self.boards if b.id == board_id), None)
        unconfirmed = edition.unconfirmed_names if edition else 0
        self.board_note.setVisible(bool(unconfirmed))
        self.board_note.setText(
            f"Board: {unconfirmed} space names are UNCONFIRMED (not yet checked against the "
            "printed board): what the window and the sheet call a space may differ from the "
            "board on the table." if unconfirmed else "")

    def _draw_picked(self, entry: dict[str, Any] | None) -> None:
        # A drawn table fills the form from its card and locks it: the banker types only the
        # roll-off and the officials; back to "by hand", the fields are free again.
        self.drawn = entry
        if entry is not None:
            card = entry["card"]
            if self.profile.findData(card["profile"]) < 0 or (
                    card.get("board") and self.board_listed(card["board"]) is None):
                self._refill_choices()  # the tournament's own edition, just taken from the hub
            self.profile.setCurrentIndex(self.profile.findData(card["profile"]))
            for widget, text in ((self.tournament, card["tournament"]),
                                 (self.round, card["round"]), (self.table, card["table"])):
                widget.setText(text)
            for number, seat in enumerate(self.seats):
                seat.setText(card["players"][number] if number < len(card["players"]) else "")
            # The tournament's board (when it has one), else the profile's (the first item).
            self.board.setCurrentIndex(max(self.board.findData(card.get("board")), 0)
                                       if card.get("board") else 0)
            self._show_length(entry["minutes"])
            self.messages.say(f"{card['label']} from the draw: check the players are in their "
                              "seats, type the roll-off as thrown, and start.")
            editors = self.roll_off.editors()
            if editors:  # the roll-off is what the banker types next
                editors[0].setFocus()
        for widget in (self.tournament, self.round, self.table, *self.seats):
            widget.setReadOnly(entry is not None)
            widget.setStyleSheet(LOCKED if entry is not None else "")  # and looks locked
        for combo in (self.profile, self.board, self.length):
            combo.setEnabled(entry is None)

    def _show_length(self, minutes: int | None) -> None:
        profile_minutes = rulebook.profile(self.profile.currentData()).game_minutes
        index = 0 if minutes in (None, profile_minutes) else self.length.findData(minutes)
        if index < 0:
            self.length.addItem(f"{minutes} minutes (the tournament's)", minutes)
            index = self.length.count() - 1
        self.length.setCurrentIndex(index)

    def players(self) -> list[str]:
        """The names typed, in seat order."""
        return [s.text().strip() for s in self.seats if s.isEnabled() and s.text().strip()]

    def _players_changed(self) -> None:
        self.roll_off.set_players(self.players())
        self.arrange()
        self._names_checked()

    def _names_checked(self) -> None:
        """Say, as it is typed, which character of a name no font here can draw (it would show
        and print as a box); the warning goes when the name is put right."""
        typed = [*self.players(), *(w.text().strip() for w in (self.tournament, self.banker,
                                                                 self.judge))]
        warning = undrawable_message([t for t in typed if t]) or _refused_message(typed)
        if warning:
            self.messages.say(warning, "warning")
        elif self._box_warned:
            self.messages.say("Every name can be drawn.")
        self._box_warned = bool(warning)

    def _recall(self) -> None:
        """The tournament, banker and judge of the last game started here."""
        if self.settings is None:
            return
        for key in REMEMBERED:
            text = self.settings.value(f"new_game/{key}", "")
            if isinstance(text, str) and text:
                getattr(self, key).setText(text)

    def _remember(self) -> None:
        if self.settings is None:
            return
        for key in REMEMBERED:
            self.settings.setValue(f"new_game/{key}", getattr(self, key).text().strip())
        self.settings.sync()

    # Submitting --------------------------------------------------------------------------

    def command(self) -> dict[str, Any]:
        """The new_game command as collected."""
        texts = {k: w.text().strip() or None for k, w in (
            ("tournament", self.tournament), ("round", self.round), ("table", self.table))}
        command: dict[str, Any] = {
            "type": "new_game", "profile": self.profile.currentData(),
            "players": self.players(), "roll_off": self.roll_off.thrown(),
            "label": default_label(texts["tournament"], texts["round"], texts["table"]),
        } | {k: v for k, v in texts.items() if v}
        if self.board.currentData():
            command["board"] = self.board.currentData()
        return command

    def submit(self) -> None:
        """Record the new game; on a refusal say why and stay open."""
        judge_name = self.judge.text().strip()
        judge = (judge_name, self.pin.text()) if judge_name or self.pin.text() else None
        banker = self.banker.text().strip() or "banker"
        try:
            if self.drawn is not None:
                self.path = self.from_draw(self.drawn["tournament"], self.drawn["stage"],
                                           self.drawn["table"], self.roll_off.thrown(), banker,
                                           judge)
            else:
                self.path = self.create(self.command(), banker, judge,
                                        self.length.currentData())
        except LedgerError as e:
            self.messages.say(f"The game file cannot be written: {e}", "error")
            return
        except BankerError as e:
            self.messages.say(refusal_text(e), "refused")
            return
        self.pin.clear()  # never kept by the window
        self._remember()
        self.accept()
