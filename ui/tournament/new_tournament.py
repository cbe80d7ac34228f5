"""The new-tournament dialog: name, id, profile, game length and the stages with their settings."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QSpinBox, QWidget

from app.editions import rulebook
from app.tournament import service as tournaments
from app.tournament.service import Stage  # type: ignore[attr-defined]  # the service's stage
from models.errors import BadInput
from ui.tournament.form_dialog import FormDialog
from ui.tournament.rows import stage_words

STAGES_HINT = ("One stage a line, in order: NAME:TABLE_SIZE:ADVANCE:score|table, e.g.\n"
               "Qualifying:4:16:score  (the top 16 by score across all tables advance)\n"
               "Semi-final:4:1:table  (each table's winner advances)\n"
               "Final:4:3:table  (the last stage: its top 3 are placed)\n"
               "Left empty: the profile's stages (SG Advancement Criteria, as above).")


def parse_stages(text: str) -> list[Stage]:
    """The stages typed one a line (the CLI's --stage form); BadInput names a bad line."""
    stages = []
    for number, line in enumerate((x.strip() for x in text.splitlines()), start=1):
        if not line:
            continue
        parts = [p.strip() for p in line.split(":")]
        if len(parts) != 4 or parts[3] not in ("score", "table") or not (
                parts[1].isdigit() and parts[2].isdigit()):
            raise BadInput(f"stage line {number} {line!r}: write NAME:TABLE_SIZE:ADVANCE:"
                           "score|table, e.g. Qualifying:4:16:score")
        try:
            stages.append(Stage(name=parts[0], table_size=int(parts[1]), advance=int(parts[2]),
                                advance_by=parts[3]))
        except ValueError as e:
            raise BadInput(f"stage line {number} {line!r}: {e.errors()[0]['msg']}"  # type: ignore[attr-defined]
                           ) from e
    return stages


class NewTournamentDialog(FormDialog):
    """Creates the tournament through the service; `created` holds its id afterwards."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("New tournament", "Name it, choose the profile; the stages' settings "
                         "may change with the number of entrants.", parent)
        self.name, self.tid = QLineEdit(), QLineEdit()
        self.name.setPlaceholderText("e.g. Singapore Championship 2026")
        self.tid.setPlaceholderText("from the name (lower case, digits, hyphens)")
        self.profile = QComboBox()
        for edition in rulebook.editions("profile"):
            if edition.problem is None:
                self.profile.addItem(edition.name, edition.id)
        found = self.profile.findData("sg-championship")
        self.profile.setCurrentIndex(max(found, 0))
        self.board = QComboBox()
        self.board.addItem("the profile's", None)
        for edition in rulebook.editions("board"):
            if edition.problem is None:
                self.board.addItem(f"{edition.name} ({edition.id})", edition.id)
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 600)
        self.minutes.setSpecialValueText("the profile's")
        self.minutes.setSuffix(" minutes")
        self.stages = QPlainTextEdit()
        self.stages.setTabChangesFocus(True)
        self.stages.setPlaceholderText(STAGES_HINT)
        self.stages.setMinimumSize(520, 130)
        for label, widget in (("&Name", self.name), ("&Id", self.tid),
                              ("&Profile", self.profile), ("&Board", self.board),
                              ("Game &length", self.minutes),
                              ("&Stages", self.stages)):
            self.form.addRow(label, widget)
        self.created: str | None = None

    def send(self) -> str:
        t = tournaments.create(self.name.text().strip(), str(self.profile.currentData()),
                               tid=self.tid.text().strip() or None,
                               minutes=self.minutes.value() or None,
                               stages=parse_stages(self.stages.toPlainText()) or None,
                               board=self.board.currentData())
        self.created = t.id
        return f"Tournament {t.name} created (id {t.id}): " + "; ".join(stage_words(t))
