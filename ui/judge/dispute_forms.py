"""The judge's dispute forms: raise, rule, correct, rewind ("undo to here"), unlock; each only
gathers one command, the service decides (and the outcome line shows what it would record)."""

from __future__ import annotations

import re
from typing import Any, TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QStackedWidget,
    QWidget,
)

from app.review import service as review
from app.table import forms
from app.table.service import TableGame
from models.errors import BankerError
from ui.forms import KeyboardForm
from ui.table.form_dialog import FormDialog

W = TypeVar("W", bound=QWidget)
NO_DISPUTE = "not linked to a dispute"
# The corrections a ruling usually needs; the other adjustments stay in the palette's forms.
CORRECTIONS = (("adjust_cash", "Move cash"), ("fine", "Fine"), ("adjust_deed", "Give a deed"),
               ("adjust_buildings", "Set a street's buildings"))


def players_of(game: TableGame) -> list[str]:
    """The game's players in seating order."""
    return [p.name for p in game.state.players] if game.state is not None else []


def entry_numbers(text: str) -> list[int]:
    """Ledger entry numbers typed as "41, 44" (or "41 44"); raises ValueError in plain words."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    bad = [w for w in words if not w.isdigit()]
    if bad:
        raise ValueError(f"entries are numbers such as 41, 44; not {bad[0]!r}")
    return sorted({int(w) for w in words})


def dispute_choice(disputes: list[review.Dispute], dispute: int | None) -> QComboBox:
    """A choice of the dispute a correction answers (or none), `dispute` chosen."""
    box = QComboBox()
    box.setObjectName("dispute")
    for d in disputes:
        box.addItem(f"{d.number}: {d.about}", d.number)
    box.addItem(NO_DISPUTE, None)
    box.setCurrentIndex(box.findData(dispute) if dispute is not None else box.count() - 1)
    return box


def _name(widget: W, name: str) -> W:
    widget.setObjectName(name)
    return widget


class _Dialog(KeyboardForm):
    """A small form: rows, a line saying what is missing, Record enabled once it is complete."""

    def __init__(self, title: str, parent: QWidget | None) -> None:
        super().__init__(title, parent)
        self.form = QFormLayout(self)
        heading = QLabel(title)
        heading.setObjectName("big")
        heading.setWordWrap(True)
        self.form.addRow(heading)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #8A1C00;")

    def finish(self) -> None:
        """Add the problem line and the buttons below the rows, and check the form once."""
        self.form.addRow(self.problem)
        self.add_buttons(self.form)
        self.check()

    def command(self) -> dict[str, Any]:
        """The command as the form holds it; raises ValueError (plain words) if incomplete."""
        raise NotImplementedError

    def check(self) -> None:
        """Say what is missing, and allow Record only for a complete form."""
        try:
            self.command()
        except ValueError as e:
            self.problem.setText(str(e))
            self._allow(False)
            return
        self.problem.setText("")
        self._allow(True)

    def _allow(self, complete: bool) -> None:
        record = getattr(self, "record", None)  # none yet while the rows are being laid out
        if record is not None:
            record.setEnabled(complete)

    def accept(self) -> None:
        self.check()
        if self.record.isEnabled():
            super().accept()

    def line(self, name: str, label: str, text: str = "") -> QLineEdit:
        edit = QLineEdit(text)
        edit.setObjectName(name)
        edit.textChanged.connect(self.check)
        self.form.addRow(label, edit)
        return edit


def _text(edit: QLineEdit, what: str) -> str:
    text = edit.text().strip()
    if not text:
        raise ValueError(f"{what} is needed")
    return text


class RaiseDialog(_Dialog):
    """Raise a dispute: who raises it, about what, on which entries."""

    def __init__(self, game: TableGame, entries: list[int], parent: QWidget | None = None) -> None:
        super().__init__("Raise a dispute", parent)
        self.raised_by = QComboBox()
        self.raised_by.setObjectName("raised_by")
        self.raised_by.setEditable(True)
        self.raised_by.addItems(players_of(game))
        self.raised_by.setCurrentText("")
        self.raised_by.editTextChanged.connect(self.check)
        self.form.addRow("Raised by", self.raised_by)
        self.about = self.line("about", "About")
        self.entries = self.line("entries", "Entries", ", ".join(map(str, entries)))
        self.finish()

    def command(self) -> dict[str, Any]:
        raised_by = self.raised_by.currentText().strip()
        if not raised_by:
            raise ValueError("who raises the dispute is needed")
        return {"type": "raise_dispute", "raised_by": raised_by,
                "about": _text(self.about, "what it is about"),
                "entries": entry_numbers(self.entries.text())}


class ReasonDialog(_Dialog):
    """One judge's command that needs only words: a ruling, or the reason to unlock."""

    def __init__(self, title: str, base: dict[str, Any], field: str, label: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.base, self.field = base, field
        self.words = self.line(field, label)
        self.finish()

    def command(self) -> dict[str, Any]:
        return {**self.base, self.field: _text(self.words, "the " + self.field)}


class RulingDialog(_Dialog):
    """The ruling on a dispute: which dispute (the selected one, another by Up/Down), the
    ruling's words."""

    def __init__(self, disputes: list[review.Dispute], dispute: int,
                 parent: QWidget | None = None) -> None:
        super().__init__("Record the ruling on a dispute", parent)
        self.dispute = _name(QComboBox(), "dispute")
        for d in disputes:
            ruled = f" (ruled: {d.ruling})" if d.ruling else ""
            self.dispute.addItem(f"{d.number}: {d.about}{ruled}", d.number)
        self.dispute.setCurrentIndex(max(0, self.dispute.findData(dispute)))
        self.dispute.currentIndexChanged.connect(self.check)
        self.form.addRow("Dispute", self.dispute)
        self.words = self.line("ruling", "Ruling")
        self.words.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)  # a sentence
        self.finish()

    def first_field(self) -> QWidget | None:
        """The ruling's words take the keys first (Shift+Tab: the dispute, Up/Down)."""
        return self.words

    def command(self) -> dict[str, Any]:
        return {"type": "rule_dispute", "dispute": self.dispute.currentData(),
                "ruling": _text(self.words, "the ruling")}


class CorrectionDialog(FormDialog):
    """A judge's correction, linked to a dispute: move cash, a fine, a deed or buildings."""

    def __init__(self, game: TableGame, disputes: list[review.Dispute], dispute: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(game, "Record a correction", parent, what="The correction form")
        players = forms.accounts(game) if game.state is not None else []
        self.kind = _name(QComboBox(), "kind")
        for key, words in CORRECTIONS:
            self.kind.addItem(words, key)
        self.dispute = dispute_choice(disputes, dispute)
        self.pages = QStackedWidget()
        self.fields: dict[str, Any] = {}  # the fields by name: combo and spin boxes, checks
        self.pages.addWidget(self._page(
            ("from_account", self._choice(["bank", *players])),
            ("to_account", self._choice([*players, "bank"])),
            ("amount", self._amount())))
        self.pages.addWidget(self._page(("player", self._choice(players)),
                                        ("fine_amount", self._amount())))
        self.pages.addWidget(self._page(("space", self._deeds(game, streets=False)),
                                        ("owner", self._choice(["Bank", *players])),
                                        ("mortgaged", self._check())))
        self.pages.addWidget(self._page(("street", self._deeds(game, streets=True)),
                                        ("houses", self._count(4)), ("hotel", self._check())))
        self.reason = _name(QLineEdit(), "reason")
        self.reason.textChanged.connect(self.update_outcome)
        form = QFormLayout()
        form.addRow("Correction", self.kind)
        form.addRow("Dispute", self.dispute)
        form.addRow(self.pages)
        form.addRow("Reason", self.reason)
        self.body.addLayout(form)
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        self.kind.currentIndexChanged.connect(self.update_outcome)
        self.dispute.currentIndexChanged.connect(self.update_outcome)
        self.update_outcome()

    def _page(self, *rows: tuple[str, QWidget]) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        for name, widget in rows:
            widget.setObjectName(name)
            self.fields[name] = widget
            form.addRow(name.replace("fine_", "").replace("_", " ").capitalize(), widget)
        return page

    def _choice(self, items: list[str]) -> QComboBox:
        box = QComboBox()
        box.addItems(items)
        box.currentIndexChanged.connect(self.update_outcome)
        return box

    def _deeds(self, game: TableGame, *, streets: bool) -> QComboBox:
        box = QComboBox()
        if game.table is not None and game.state is not None:
            for space in sorted(game.state.deeds):
                deed = game.table.board.deed(space)
                if not streets or deed.kind == "street":
                    box.addItem(f"{space} {deed.name}", space)
        box.currentIndexChanged.connect(self.update_outcome)
        return box

    def _amount(self) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, 1_000_000)
        spin.setPrefix("M")
        spin.valueChanged.connect(self.update_outcome)
        return spin

    def _count(self, top: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, top)
        spin.valueChanged.connect(self.update_outcome)
        return spin

    def _check(self) -> QCheckBox:
        box = QCheckBox()
        box.toggled.connect(self.update_outcome)
        return box

    def command(self) -> dict[str, Any] | None:
        """The correction as the form holds it (None until the reason is given)."""
        reason = self.reason.text().strip()
        if not reason or not hasattr(self, "pages"):
            return None
        kind, f, dispute = self.kind.currentData(), self.fields, self.dispute.currentData()
        if kind == "adjust_cash":
            command = {"from_account": f["from_account"].currentText(),
                       "to_account": f["to_account"].currentText(), "amount": f["amount"].value()}
        elif kind == "fine":
            command = {"player": f["player"].currentText(), "amount": f["fine_amount"].value()}
        elif kind == "adjust_deed":
            owner = f["owner"].currentText()
            command = {"space": f["space"].currentData(), "owner": None if owner == "Bank" else owner,
                       "mortgaged": f["mortgaged"].isChecked()}
        else:
            command = {"space": f["street"].currentData(), "houses": f["houses"].value(),
                       "hotel": f["hotel"].isChecked()}
        command = {"type": kind, **command, "reason": reason}
        if dispute is not None:
            command["dispute"] = dispute
        return command


class RewindDialog(_Dialog):
    """Undo to here: the entry to go back to, what the rewind would void, and the reason."""

    def __init__(self, game: TableGame, to_seq: int, disputes: list[review.Dispute],
                 dispute: int | None, parent: QWidget | None = None) -> None:
        super().__init__("Undo to here (rewind)", parent)
        self.game = game
        self.dispute = dispute_choice(disputes, dispute)
        self.to_seq = _name(QSpinBox(), "to_seq")
        self.to_seq.setRange(1, max(game.head_seq, 1))
        self.to_seq.setValue(min(max(to_seq, 1), max(game.head_seq, 1)))
        self.form.addRow("Back to just after entry", self.to_seq)
        self.entries = {e.seq: e for e in review.entries(game)}
        self.kept = _name(QLabel(), "kept")
        self.kept.setWordWrap(True)
        self.form.addRow(self.kept)
        self.plan = _name(QListWidget(), "plan")
        self.plan.setMinimumSize(480, 160)
        self.form.addRow(QLabel("The rewind would void:"))
        self.form.addRow(self.plan)
        self.form.addRow("Dispute", self.dispute)
        self.reason = self.line("reason", "Reason")
        self.refused: str | None = None
        self.to_seq.valueChanged.connect(self._show_plan)
        self._show_plan()
        self.finish()

    def _show_plan(self) -> None:
        seq = self.to_seq.value()
        self.kept.setText(self._kept(seq))
        self.plan.clear()
        try:
            lines = review.rewind_plan(self.game, self.to_seq.value())
            self.refused = None
        except BankerError as e:
            lines, self.refused = [], str(e)
        self.plan.addItems(lines or ([] if self.refused else ["nothing: no entry after it"]))
        self.check()

    def _kept(self, seq: int) -> str:
        """What stays, in words: a rewind keeps whole commands, and brings no void back."""
        entry = self.entries.get(seq)
        if entry is None:
            return f"The last entry that stays: {seq}"
        if entry.voided_by is not None:
            return (f"Entry {seq} ({entry.text}) was voided by entry {entry.voided_by}: a rewind "
                    f"does not bring it back. The game will stand as the entries before it that "
                    f"still count leave it, not as it stood right after entry {seq}.")
        last = max(e.seq for e in self.entries.values() if e.command_no == entry.command_no)
        whole = (f" (entry {seq} is part of one command with the entries to {last})"
                 if last != seq else "")
        return f"The last entry that stays: {last}: {self.entries[last].text}{whole}"

    def command(self) -> dict[str, Any]:
        if getattr(self, "refused", None):
            raise ValueError(f"no rewind to entry {self.to_seq.value()}: {self.refused}")
        command = {"type": "rewind", "to_seq": self.to_seq.value(),
                   "reason": _text(self.reason, "the reason")}
        if self.dispute.currentData() is not None:
            command["dispute"] = self.dispute.currentData()
        return command


__all__ = ["CorrectionDialog", "RaiseDialog", "ReasonDialog", "RewindDialog", "RulingDialog",
           "entry_numbers"]
