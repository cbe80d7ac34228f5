"""The open rent claims, each with how long it stays open; R collects the one open, or R and the
claim's row number when several are (ui/table/keymap): never the first of a list by accident.

While R waits for the row it says so on the message line ("R: which claim? 1 … or 2 …"), and a
digit that is no claim's row is refused whole, R still waiting: a roll typed then is never half
taken as a claim and half as a roll, so no claim lapses unseen (docs/decisions.md, "R with
several claims open")."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, listed, pick
from ui.table.keymap import RENT

ROWS = 9  # claims reachable by R and one digit
MODIFIERS = (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta)


class RentPanel(Panel):
    said = Signal(str)  # what R waits for, or that it was forgotten
    refused = Signal(str)  # a key refused while R waits (a digit that is no claim's row)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rent claims", parent)
        self.waiting = False  # R was pressed with several claims open: a row digit follows
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.list = ActionList()
        self.list.chosen.connect(lambda a: self.chosen.emit(a, {}))
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.list)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        claims = pick(menu, "rent")
        self.setVisible(bool(claims))
        if len(claims) == 1:
            keys = {claims[0].id: RENT}
        else:
            keys = {c.id: f"{RENT} {row}" for row, c in enumerate(claims[:ROWS], start=1)}
        self.list.set_actions(claims, keys)
        self.waiting = self.waiting and len(claims) > 1
        self._show()

    def question(self) -> str:
        """What R waits for, each claim by its row: "R: which claim? 1 … or 2 …"."""
        claims = pick(self.menu, "rent")[:ROWS]
        # Each claim in its own words, without how long it stays open (the panel says that):
        # the question stays on the message line's one or two lines.
        rows = [f"{row} {c.label.split(' — ')[0]}" for row, c in enumerate(claims, start=1)]
        return f"{RENT}: which claim? {listed(rows)} (Esc forgets {RENT})"

    def _show(self) -> None:
        count = min(ROWS, len(pick(self.menu, "rent")))
        self.prompt.setText(f"{RENT}: which claim? Type its row number, 1–{count}; Esc forgets"
                            if self.waiting else "")
        self.prompt.setVisible(self.waiting)

    def key(self, event: QKeyEvent) -> bool:
        claims = pick(self.menu, "rent")
        if not claims:
            return False
        text = event.text()
        if self.waiting:
            return self._row(event, claims)
        if text.upper() != RENT or event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                                        | Qt.KeyboardModifier.AltModifier):
            return False
        if len(claims) == 1:
            self.chosen.emit(claims[0], {})
        else:
            self.waiting = True
            self._show()
            self.said.emit(self.question())
        return True

    def _row(self, event: QKeyEvent, claims: list[Action]) -> bool:
        """The key after R: a claim's row collects it; Esc forgets R; a digit that is no row
        is refused whole (R still waits, nothing lapses); any other key forgets R, said."""
        text = event.text()
        rows = min(ROWS, len(claims))
        if event.key() == Qt.Key.Key_Escape:
            self.waiting = False
            self._show()
            self.said.emit(f"{RENT} forgotten: no claim collected")
            return True
        if text.isdigit() and 1 <= int(text) <= rows:
            self.waiting = False
            self._show()
            self.chosen.emit(claims[int(text) - 1], {})
            return True
        if text.isdigit():
            numbers = listed([str(n) for n in range(1, rows + 1)], "and")
            either = listed([str(n) for n in range(1, rows + 1)])
            self.refused.emit(f"{text} is not a claim: the claims open are {numbers}. {RENT} "
                              f"still waits: {either} collects that claim; Esc forgets {RENT}, "
                              "then type the roll (a roll may lapse a claim)")
            return True
        if event.key() in MODIFIERS:
            return False  # Shift on its own: R still waits
        self.waiting = False  # another key: R is forgotten, said, the key means what it means
        self._show()
        self.said.emit(f"{RENT} forgotten: no claim collected")
        return False
