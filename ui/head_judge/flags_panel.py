"""Under the tables, in full: each flagged table's reason (diverged, refused, its clock not
started with the hall's round), each stall, and each judge's decision not followed (a note,
ruling, round entry or tournament decision no judge signed, or whose signature fails)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from ui.head_judge.reader import TableRow
from ui.head_judge.tables_model import age_text, short_labels

STYLE = "QLabel#flags { background:#FFF0F0; color:#600010; border:2px solid #B00020; padding:6px; }"


class FlagsPanel(QLabel):
    """Hidden while every table is sound and moving; else one line a table, red ones first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("flags")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setStyleSheet(STYLE)
        self.hide()

    def show_rows(self, rows: Sequence[TableRow], unlisted: Sequence[str] = (),
                  not_followed: Sequence[str] = ()) -> None:
        """The flagged rows, the drawn tables flagged with no row (`unlisted`), the stalls,
        the judges' decisions not followed."""
        labels = short_labels([r.label for r in rows])
        lines = [f"<b>{html.escape(label)} — {html.escape(row.flagged)}</b>"
                 for label, row in zip(labels, rows, strict=True) if row.flagged]
        lines += [f"<b>{html.escape(line)}</b>" for line in unlisted]
        lines += [f"{html.escape(label)} — {html.escape(row.other_version)}"
                  for label, row in zip(labels, rows, strict=True) if row.other_version]
        lines += [f"{html.escape(label)}: no entry for "
                  f"{age_text(row.age_s).removesuffix(' ago')} — go and see the table"
                  for label, row in zip(labels, rows, strict=True)
                  if row.stall == "red" and not row.flagged]
        lines += [f"<b>NOT FOLLOWED — {html.escape(words.removesuffix('; not followed'))}</b>"
                  for words in not_followed]
        self.setText("<br>".join(lines))
        self.setVisible(bool(lines))
