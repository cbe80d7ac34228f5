"""The tournament window's small building blocks: buttons, read-only tables, pages, labels."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.tournament.rows_model import RowsModel


def button(text: str, slot: Callable[[], object]) -> QPushButton:
    button = QPushButton(text)
    button.clicked.connect(lambda _=False: slot())
    return button


def view(model: RowsModel, stretch: str, name: str) -> QTableView:
    """A table of `model`'s rows, `stretch` the column that takes the room left, `name` what
    a screen reader calls it."""
    view = QTableView()
    view.setAccessibleName(name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)  # Tab leaves the table for the buttons
    view.verticalHeader().hide()
    view.setStyleSheet("QTableView { selection-background-color: rgba(21, 101, 192, 70); "
                       "selection-color: black; }")
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(model.columns.index(stretch), QHeaderView.ResizeMode.Stretch)
    return view


def page(*parts: QWidget | QHBoxLayout) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    for part in parts:
        if isinstance(part, QHBoxLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part, stretch=1 if isinstance(part, QTableView) else 0)
    return page


def row(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    row.addStretch()
    return row


def scrolled(label: QLabel, lines: int) -> QScrollArea:
    """`label` in a box at most `lines` lines of text high, scrolling past that: long notes
    (a tie of 18 and its close calls) never take a table's room."""
    area = QScrollArea()
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    area.setWidget(label)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    margins = label.contentsMargins()
    area.setMaximumHeight(label.fontMetrics().lineSpacing() * lines + margins.top()
                          + margins.bottom() + 2 * area.frameWidth())
    return area


def label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
