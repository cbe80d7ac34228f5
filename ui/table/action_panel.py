"""The shape every action-area panel shares: refreshed from the view and the menu, keys first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QGroupBox, QWidget

from app.table.actions import Action
from app.table.views import TableView


def pick(menu: Iterable[Action], *groups: str) -> list[Action]:
    """The actions of the given groups, in menu order."""
    return [a for a in menu if a.group in groups]


def find(menu: Iterable[Action], action_id: str) -> Action | None:
    """The action with this id, if the menu holds it."""
    return next((a for a in menu if a.id == action_id), None)


def listed(words: list[str], last: str = "or") -> str:
    """Words as one says them: "a", "a or b", "a, b or c" (`last`: "and")."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


class Panel(QGroupBox):
    """A titled box showing one thing; `chosen(action, values)` asks the window to run it.
    Its title never widens the column: one longer than the box ends in "…" (whole in the
    tooltip), so the panels' titles put the name first."""

    chosen = Signal(object, dict)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.menu: list[Action] = []
        self.full_title = title

    def setTitle(self, title: str) -> None:  # noqa: N802 (Qt's name)
        """Show `title`, shortened with "…" to the box's width if it must be."""
        self.full_title = title
        self._elide_title()

    def _elide_title(self) -> None:
        room = self.width() - 24  # the frame's corners and the title's margins
        shown = self.full_title
        if room > 0 and self.fontMetrics().horizontalAdvance(shown) > room:
            shown = self.fontMetrics().elidedText(shown, Qt.TextElideMode.ElideRight, room)
        if shown != self.title():
            super().setTitle(shown)
        self.setToolTip(self.full_title if shown != self.full_title else "")

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # The contents' width, not the title's: a long title is shortened instead.
        layout = self.layout()
        return QSize(layout.minimumSize().width() if layout is not None else 0,
                     super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._elide_title()

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        """Show what the view and the menu say now (and hide when there is nothing)."""
        self.menu = menu

    def key(self, event: QKeyEvent) -> bool:
        """Take a key press; True if it meant something here."""
        return False

    def run(self, action_id: str, values: dict[str, Any] | None = None) -> bool:
        """Ask for the action with this id; True if the menu held it."""
        action = find(self.menu, action_id)
        if action is None:
            return False
        self.chosen.emit(action, values or {})
        return True
