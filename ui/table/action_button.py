"""A button for one action: its words, its shortcut in the tooltip, and the rule when refused."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.table.actions import Action
from ui.fonts import isolated
from ui.table.window_keys import reachable
from ui.wrapped_button import WrappedButton


def tip(action: Action, key: str | None) -> str:
    """The tooltip: the shortcut, what it records, or the rule that refuses it now."""
    lines = [action.label]
    if key:
        lines.append(f"Shortcut: {key}")
    if action.refused:
        lines.append(f"Refused now: {action.refused}")
    elif action.preview:
        lines.append("Records: " + "; ".join(action.preview))
    if action.judge:
        lines.append("A judge's action: asks for the judge's name and PIN")
    return "\n".join(lines)


class ActionButton(WrappedButton):
    """Pressing it asks for the action to be run (the window does the asking and the sending)."""

    chosen = Signal(object)

    def __init__(self, action: Action, key: str | None = None,
                 parent: QWidget | None = None) -> None:
        # The words wrap inside the button, so a long claim or build keeps its end (the
        # deadline, the total) in a narrow column; the button grows to their height.
        super().__init__("actionWords", (6, 3, 6, 3), parent)
        self.action = action
        self.words.setText(isolated(action.label) + (f"   [{key}]" if key else "")
                           + ("  …" if action.params else ""))
        # Tab reaches it and Space presses it; every other key stays the window's.
        reachable(self, own=(Qt.Key.Key_Space,))
        self.setEnabled(action.enabled)
        self.setToolTip(tip(action, key))
        # Its words are drawn by a label inside: a screen reader is given them as the name,
        # the key, what it records or the rule that refuses it as the description.
        self.setAccessibleName(action.label)
        self.setAccessibleDescription(tip(action, key).partition("\n")[2].replace("\n", ". "))
        self.clicked.connect(lambda: self.chosen.emit(self.action))


class ActionList(QWidget):
    """A column of action buttons, each refused one followed by its reason in small words."""

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(2)
        self.buttons: list[ActionButton] = []
        self.shown: list[tuple[object, ...]] = []

    def set_actions(self, actions: Iterable[Action], keys: dict[str, str] | None = None) -> None:
        """Replace the buttons with one per action (kept as they are when the words, keys and
        refusals are the same: rebuilding a long list on every entry is what costs)."""
        actions = list(actions)
        shown = [(a.id, a.label, a.refused, a.params, a.preview, (keys or {}).get(a.id))
                 for a in actions]
        if shown == self.shown:
            for button, action in zip(self.buttons, actions, strict=True):
                button.action = action
            return
        self.shown = shown
        while self.box.count():
            item = self.box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.buttons = []
        for action in actions:
            button = ActionButton(action, (keys or {}).get(action.id))
            button.chosen.connect(self.chosen.emit)
            self.box.addWidget(button)
            self.buttons.append(button)
            if action.refused:
                reason = QLabel(f"↳ {action.refused}")
                reason.setWordWrap(True)
                reason.setObjectName("reason")
                reason.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
                self.box.addWidget(reason)
        self.box.addStretch()
