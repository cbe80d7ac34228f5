"""Panels that list the actions of some groups: between rolls, debts, officials, the judge."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from app.table.actions import Action
from app.table.views import TableView
from ui.table.action_button import ActionList
from ui.table.action_panel import Panel, pick
from ui.table.columns import ColumnScroll
from ui.table.window_keys import reachable


class GroupPanel(Panel):
    """The actions of `groups`, scrolling when long; hidden when there are none."""

    more_asked = Signal()  # the extra button below the list was pressed

    def __init__(self, title: str, groups: tuple[str, ...], parent: QWidget | None = None, *,
                 keep_visible: bool = False, select: Callable[[Action], bool] | None = None,
                 more: tuple[str, str] | None = None) -> None:
        """`more` is (words, tooltip) of an extra button below the list (`more_asked`)."""
        super().__init__(title, parent)
        self.groups = groups
        self.keep_visible = keep_visible
        self.select = select
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("note")
        self.list = ActionList()
        self.list.chosen.connect(lambda a: self.chosen.emit(a, {}))
        # As tall as its list when there is room; scrolling inside itself when there is not.
        self.scroller = ColumnScroll(self.list)
        self.scroller.setFrameShape(QFrame.Shape.StyledPanel)  # a list, framed as before
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.scroller)
        self.note.hide()
        if more is not None:
            label, tooltip = more
            button = QPushButton(label)
            reachable(button, own=(Qt.Key.Key_Space,))
            button.setToolTip(tooltip)
            button.clicked.connect(self.more_asked.emit)
            layout.addWidget(button)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        super().refresh(view, menu)
        actions = [a for a in pick(menu, *self.groups) if self.select is None or self.select(a)]
        if not self.keep_visible:  # a tab's page is shown by its tab, never here
            self.setVisible(bool(actions))
        self.list.set_actions(actions)

    def set_note(self, lines: list[str]) -> None:
        """Words above the buttons (the debt's figures)."""
        self.note.setText("\n".join(lines))
        self.note.setVisible(bool(lines))


class DebtPanel(GroupPanel):
    """The debts: what is owed (the note), paying, bankruptcy, and what each debtor could sell
    or mortgage to raise it, so the banker need not look for those among everyone's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Debt", ("debt", "sell", "mortgage"), parent)
        self.scroller.setMinimumHeight(150)

    def refresh(self, view: TableView, menu: list[Action]) -> None:
        debtors = {d.debtor for d in view.debts}
        self.select = lambda a: a.group == "debt" or (a.command.get("player") in debtors
                                                        and a.id.startswith(("sell:",
                                                                             "mortgage:")))
        super().refresh(view, menu)
