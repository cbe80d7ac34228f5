"""Over the table window: what the hall's round says (the head judge's announcement, the hall's
pause, this table's flag) and, quietly, the hub's outage; hidden while there is nothing."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from ui.table.hall_follow import HallNotice

# (background, text, border): red while the hall is paused or the table flagged, the display's
# announcement blue otherwise, a quiet grey for the hub's outage alone (the hub's, not the table's).
STYLES = {"alarm": ("#B00020", "#FFFFFF", "#600010"), "said": ("#0072B2", "#FFFFFF", "#003E63"),
          "quiet": ("#F2F2F2", "#555555", "#CCCCCC")}


class HallBanner(QLabel):
    """One notice at a time, each line replacing the one before it; `said(str)` carries a new
    announcement once, for the window's message line."""

    said = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hallBanner")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.level = ""
        self.announced: int | None = None  # the announcement's entry last said
        self.hide()

    def show_notice(self, notice: HallNotice) -> None:
        """Show what the hall's round says now."""
        lines = []
        if notice.paused:
            lines.append(f"<b>{html.escape(notice.paused, quote=False)}</b>")
        if notice.flag:
            lines.append(f"<b>FLAGGED: {html.escape(notice.flag, quote=False)}</b>")
        if notice.announcement:
            lines.append(f"<b>ANNOUNCEMENT {html.escape(notice.announcement, quote=False)}</b>")
        level = "alarm" if notice.paused or notice.flag else "said" if lines else "quiet"
        if notice.hub_words:
            colour = "#555555" if level == "quiet" else "#FFFFFF"
            lines.append(f"<span style='color:{colour}; font-size:small'>"
                         f"{html.escape(notice.hub_words, quote=False)}</span>")
        text = "<br>".join(lines)
        if text != self.text():
            self.setText(text)
        self._style(level)
        self.setVisible(bool(lines))
        number = notice.announcement_no
        if number is not None and number != self.announced and notice.announcement:
            self.announced = number
            self.said.emit(f"ANNOUNCEMENT {notice.announcement}")

    def _style(self, level: str) -> None:
        if level == self.level:
            return
        self.level = level
        background, text, border = STYLES[level]
        self.setStyleSheet(f"QLabel#hallBanner {{ background:{background}; color:{text}; "
                           f"border:2px solid {border}; padding:6px; }}")
