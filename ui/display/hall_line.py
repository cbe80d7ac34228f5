"""The hall's round on the table display: the hall's pause (red) while it holds, else the head
judge's latest announcement (blue); a new one is called out on the display's banner too."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ui.display.banner import Banner
from ui.table.hall_follow import HallNotice


class HallLine(QLabel):
    """Hidden while the hall has said nothing; `level` ("paused", "said") styles it."""

    def __init__(self, banner: Banner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("displayHall")
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.banner = banner
        self.called: tuple[int | None, str | None] = (None, None)  # last called out
        self.setProperty("level", "said")
        self.hide()

    def show_notice(self, notice: HallNotice) -> None:
        """The pause while it holds, else the announcement; a new one on the banner."""
        said = f"ANNOUNCEMENT {notice.announcement}" if notice.announcement else ""
        text = notice.paused or said
        level = "paused" if notice.paused else "said"
        if text != self.text():
            self.setText(text)
        if self.property("level") != level:
            self.setProperty("level", level)
            self.style().unpolish(self)
            self.style().polish(self)
        self.setVisible(bool(text))
        called = (notice.announcement_no, notice.paused)
        if called != self.called:
            if notice.paused and notice.paused != self.called[1]:
                self.banner.hall("HALL PAUSED", notice.paused, paused=True)
            elif notice.announcement and notice.announcement_no != self.called[0]:
                self.banner.hall("ANNOUNCEMENT", notice.announcement, paused=False)
            self.called = called
