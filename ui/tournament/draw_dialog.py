"""Drawing a stage with its options: random or a seeded snake, rematches avoided, groups kept
apart, the seed (empty: a fresh one); the options are recorded with the draw."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

from app.tournament import service as tournaments
from app.tournament.service import DrawOptions  # type: ignore[attr-defined]  # the service's
from models.errors import BadInput
from models.plural import counted
from ui.tournament.form_dialog import FormDialog

METHODS = (("random", "At random from the seed"),
           ("snake", "Seeded snake by the previous stage's ranking"))


class DrawDialog(FormDialog):
    """The stage's draw with options, filled with the current draw's (if any) to repeat it."""

    def __init__(self, tid: str, stage: str, current: DrawOptions | None, seed: int | None,
                 now: Callable[[], datetime], parent: QWidget | None = None) -> None:
        super().__init__("Draw with options", "A snake deals the previous stage's ranks over "
                         "the tables and back (1, 8, 9, 16 at table 1 of 4). Rematches and "
                         "groups are parted where any draw can; what cannot be is said. The "
                         "draw shown now is set aside.", parent)
        self.tid, self.stage, self.now = tid, stage, now
        chosen = current or DrawOptions()
        self.method = QComboBox()
        for key, words in METHODS:
            self.method.addItem(words, key)
        self.method.setCurrentIndex(self.method.findData(chosen.method))
        self.avoid = QCheckBox("Avoid &rematches (pairs who met at a table in an earlier stage)")
        self.avoid.setChecked(chosen.avoid_rematches)
        self.apart = QPlainTextEdit("\n".join(", ".join(g) for g in chosen.apart))
        self.apart.setPlaceholderText("One group a line: player ids, separated by commas\n"
                                      "e.g. SG01, SG07, SG12")
        self.apart.setTabChangesFocus(True)
        self.seed = QLineEdit("" if seed is None else str(seed))
        self.seed.setPlaceholderText("empty: a fresh random seed")
        for label, widget in (("&Method", self.method), ("", self.avoid),
                              ("&Keep apart", self.apart), ("S&eed", self.seed)):
            self.form.addRow(label, widget)

    def options(self) -> DrawOptions:
        """The options as typed (ValueError names a group that is not one)."""
        groups = tuple(tuple(p.strip() for p in line.split(",") if p.strip())
                       for line in self.apart.toPlainText().splitlines() if line.strip())
        return DrawOptions(method=self.method.currentData(),
                           avoid_rematches=self.avoid.isChecked(), apart=groups)

    def typed_seed(self) -> int | None:
        text = self.seed.text().strip().replace(",", "").replace(" ", "")
        if text and not (text.isdigit() and int(text) < 2**63):
            raise BadInput(f"{text!r} is not a seed: a whole number from 0 to 2^63-1")
        return int(text) if text else None

    def send(self) -> str:
        made = tournaments.draw(self.tid, self.stage, self.typed_seed(), self.now,
                                self.options()).draw(self.stage)
        assert made is not None  # just drawn
        return f"{made.stage} drawn: {counted(len(made.tables), 'table')}; {made.words}"
