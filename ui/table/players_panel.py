"""The players' panels, one per player in turn order: stacked in a column, or side by side."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from app.table.views import TableView
from ui import scale
from ui.table.player_panel import PlayerPanel


class PlayersPanel(QWidget):
    """A panel per player, `columns` to a row (one: stacked, as the table window has them);
    `show(view)` updates them (and makes them on a new game). With `hold_heights` (the judge's
    time travel), each panel keeps the most height it has needed at the column's width, its
    lines at its top: a jump to a position with fewer lines (no status, fewer deeds) moves no
    panel, so the column is not laid out and painted anew at every jump."""

    def __init__(self, columns: int = 1, parent: QWidget | None = None, *,
                 hold_heights: bool = False) -> None:
        super().__init__(parent)
        self.columns = columns
        self.hold_heights = hold_heights
        self._held_widths: list[int] = []  # the panels' widths their heights are held at
        self.base_pt = scale.BASE_PT
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(3)
        self.panels: list[PlayerPanel] = []

    def show(self, view: TableView | None = None) -> None:  # type: ignore[override]
        """Show every player as `view` has them (without a view: QWidget.show)."""
        if view is None:
            super().show()
            return
        names = [p.name for p in view.players]
        if names != [panel.name for panel in self.panels]:
            for panel in self.panels:
                self.grid.removeWidget(panel)
                panel.deleteLater()
            self.panels = [PlayerPanel(name, self) for name in names]
            for place, panel in enumerate(self.panels):
                panel.set_base_pt(self.base_pt)
                self.grid.addWidget(panel, *divmod(place, self.columns))
                if self.hold_heights:
                    panel.lines_at_top()
            if self.hold_heights:  # the column's spare height below the panels, not shared
                rows = -(-len(self.panels) // self.columns)
                for row in range(max(self.grid.rowCount(), rows + 1)):
                    self.grid.setRowStretch(row, int(row == rows))
            self._held_widths = []
        # The panels' layouts are off while their lines change: a line shown (a status, a card,
        # a debt) otherwise lays its panel and every panel beside it out at once, each time;
        # on again, they are laid out once, before the next paint.
        layouts = [self.grid, *(panel.layout() for panel in self.panels)]
        for layout in layouts:
            layout.setEnabled(False)
        try:
            for panel in self.panels:
                panel.show(view)
        finally:
            for layout in layouts:
                layout.setEnabled(True)
        if self.hold_heights:
            self._hold()

    def _hold(self) -> None:
        """Each panel at least as tall as the most its lines have needed at its width (a new
        width, or a base text size, starts again from what they need now)."""
        widths = [panel.width() for panel in self.panels]
        if widths != self._held_widths:
            self._held_widths = widths
            for panel in self.panels:
                panel.setMinimumHeight(0)
        for panel in self.panels:
            needed = panel.heightForWidth(panel.width())
            if needed > panel.minimumHeight():
                panel.setMinimumHeight(needed)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        # The panels were laid out at the new width (their layout runs before this): what
        # they need there, not at the width they were first shown at (before the window was).
        if self.hold_heights and event.size().width() != event.oldSize().width():
            self._hold()

    def lay_out_words(self) -> None:
        """Each panel's rich words laid out now, before the paint (PlayerPanel.lay_out_words)."""
        for panel in self.panels:
            panel.lay_out_words()

    def set_base_pt(self, base: int) -> None:
        """The window's base text size, for the panels made later too."""
        self.base_pt = base
        self._held_widths = []  # the lines' heights change with their size
        for panel in self.panels:
            panel.set_base_pt(base)

    def panel(self, name: str) -> PlayerPanel:
        """The panel of the player called `name`."""
        return next(p for p in self.panels if p.name == name)
