"""The shape every action-area panel shares: refreshed from the view and the menu, keys first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGroupBox, QWidget

from app.table.actions import Action
from app.table.views import TableView


def pick(menu: Iterable[Action], *groups: str) -> list[Action]:
    """The actions of the given groups, in menu order."""
    return [a for a in menu if a.group in groups]


def find(menu: Iterable[Action], action_id: str) -> Action | None:
    """The action with this id, if the menu holds it."""
    return next((a for a in menu if a.id == action_id), None)


class Panel(QGroupBox):
    """A titled box showing one thing; `chosen(action, values)` asks the window to run it."""

    chosen = Signal(object, dict)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.menu: list[Action] = []

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
