"""The roll-off as thrown: two digits per player ("35" = 3 and 5), a new round for a tie."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.games.folder import roll_off_contenders

DICE = QRegularExpression("[1-6]{0,2}")
ROWS = 3  # per round: its title, the players' names, their dice


class RollOff(QWidget):
    """One row of dice per round: every player in the first, only those tied for the highest
    total in each later round (the app says who throws next; the engine checks the whole)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.players: list[str] = []
        self.rounds: list[dict[str, QLineEdit]] = []
        self.grid = QGridLayout()
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addWidget(self.note)

    def set_players(self, players: Sequence[str]) -> None:
        """Start the roll-off again for these players (in seating order)."""
        if list(players) == self.players:
            return
        self.players = list(players)
        self._truncate(0)
        if self.players:
            self._add_round(self.players)
        self._update()

    def thrown(self) -> list[dict[str, list[int]]]:
        """The rounds as thrown so far (only fully entered dice)."""
        rounds = []
        for editors in self.rounds:
            throws = {name: [int(c) for c in e.text()] for name, e in editors.items()
                      if len(e.text()) == 2}
            if throws:
                rounds.append(throws)
        return rounds

    def editors(self) -> list[QLineEdit]:
        """Every dice field, in the order they are filled."""
        return [e for editors in self.rounds for e in editors.values()]

    def _add_round(self, names: Sequence[str]) -> None:
        row = ROWS * len(self.rounds)
        number = len(self.rounds) + 1
        title = "Round 1" if number == 1 else f"Round {number}: tied, thrown again"
        self.grid.addWidget(QLabel(title), row, 0, 1, max(1, len(names)))
        editors: dict[str, QLineEdit] = {}
        for column, name in enumerate(names):
            edit = QLineEdit()
            edit.setObjectName(f"dice-{number}-{name}")
            edit.setValidator(QRegularExpressionValidator(DICE, edit))
            edit.setPlaceholderText(f"{name}: two dice, e.g. 35")
            edit.setToolTip(f"{name}'s throw in round {number}: type both dice, e.g. 35")
            edit.textChanged.connect(self._typed)
            self.grid.addWidget(QLabel(name), row + 1, column)
            self.grid.addWidget(edit, row + 2, column)
            editors[name] = edit
        self.rounds.append(editors)

    def _truncate(self, keep: int) -> None:
        while len(self.rounds) > keep:
            self.rounds.pop()
            for row in range(ROWS * len(self.rounds), ROWS * len(self.rounds) + ROWS):
                for column in range(self.grid.columnCount()):
                    item = self.grid.itemAtPosition(row, column)
                    if item is not None and item.widget() is not None:
                        widget = item.widget()
                        self.grid.removeWidget(widget)
                        widget.setParent(None)
                        widget.deleteLater()

    def _typed(self, text: str) -> None:
        self._update()
        editors = self.editors()
        sender = self.sender()
        if len(text) == 2 and sender in editors:
            following = editors[editors.index(sender) + 1:]
            if following:
                following[0].setFocus()
        self.changed.emit()

    def _update(self) -> None:
        # Keep the rounds that are thrown; after a complete round with a tie, ask for another.
        for number, editors in enumerate(self.rounds):
            complete = all(len(e.text()) == 2 for e in editors.values())
            if not complete:
                self._truncate(number + 1)
                break
            rounds = [{n: [int(c) for c in e.text()] for n, e in r.items()}
                      for r in self.rounds[:number + 1]]
            tied = roll_off_contenders(self.players, rounds)
            if not tied:
                self._truncate(number + 1)
                break
            if number + 1 == len(self.rounds):
                self._add_round(tied)
            elif list(self.rounds[number + 1]) != tied:
                self._truncate(number + 1)
                self._add_round(tied)
        self.note.setText(self._status())

    def _status(self) -> str:
        if not self.players:
            return "Enter the players first."
        complete = [{n: [int(c) for c in e.text()] for n, e in r.items()} for r in self.rounds
                    if all(len(e.text()) == 2 for e in r.values())]
        tied = roll_off_contenders(self.players, complete)
        if complete and not tied:
            return "The roll-off is decided: the highest throw starts, play goes clockwise."
        if complete:
            return f"Tied for the highest: {', '.join(tied)} throw again."
        return "Type each player's two dice (35 = 3 and 5)."
