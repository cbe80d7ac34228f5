"""The board editor's window: the spaces and colour sets in tables, the board as the table window
draws it, a message line, and Save as new edition."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPainter, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.editions import rulebook
from app.editions.board_editor import BoardDraft, open_board, save_edition
from app.table.actions import refusal_text
from app.table.view_build import board_preview
from models.errors import BankerError
from ui.board_editor.models import GroupsModel, SpacesModel
from ui.board_editor.save_dialog import SaveEditionDialog
from ui.messages import MessageArea
from ui.table.board_view import BoardView

TITLE = "Board editor"
Index = QModelIndex | QPersistentModelIndex


class MarkedDelegate(QStyledItemDelegate):
    """Draws a refused cell red even while it is the selected one (the selection would hide it)."""

    def __init__(self, model: SpacesModel | GroupsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.model.refusal(index.row(), index.column()) is None:
            super().paint(painter, option, index)
            return
        unselected = QStyleOptionViewItem(option)
        unselected.state = option.state & ~QStyle.StateFlag.State_Selected
        super().paint(painter, unselected, index)


class GroupDelegate(MarkedDelegate):
    """The colour set of a street is chosen from the board's colour sets."""

    model: SpacesModel

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: Index) -> QWidget:
        combo = QComboBox(parent)
        for group in self.model.draft.board.groups:
            combo.addItem(group.name, group.id)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802 (Qt's name)
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findText(str(index.data()))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class BoardEditorWindow(QMainWindow):
    """Edits one board at a time; every edit is checked by the board's rules as it is typed."""

    def __init__(self, draft: BoardDraft | None = None, parent: QWidget | None = None, *,
                 give_up: Callable[[str], bool] | None = None) -> None:
        super().__init__(parent)
        self.draft = draft or open_board("singapore")
        # Asked before unsaved edits are given up (a question box unless told otherwise).
        self.give_up = give_up or self._ask_give_up
        self.spaces = SpacesModel(self.draft)
        self.groups = GroupsModel(self.draft)
        self.table = self._table(self.spaces)
        self.table.setAccessibleName("Spaces")
        self.table.setObjectName("spaces")
        self.table.setItemDelegateForColumn(self.spaces.column("group"),
                                            GroupDelegate(self.spaces, self.table))
        self.group_table = self._table(self.groups)
        self.group_table.setAccessibleName("Colour sets and groups")
        self.group_table.setObjectName("colour_sets")
        self.board = BoardView()
        self.board.setObjectName("preview")
        self.board.setToolTip("The board as the table window draws it (names marked * are not "
                              "confirmed)")
        self.messages = MessageArea()
        self.status = QLabel()
        self.status.setObjectName("board_status")
        self.chooser = QComboBox()
        self.chooser.setObjectName("board_chooser")
        self.open_button = QPushButton("Open a board file…")
        self.save_button = QPushButton("Save as new edition…  [Ctrl+S]")
        self.save_button.setObjectName("save")
        self._compose()
        self._actions()
        for model in (self.spaces, self.groups):
            model.refused.connect(lambda text: self.messages.say(text, "warning"))
            model.accepted.connect(lambda text: self.messages.say(f"Changed: {text}."))
            model.board_changed.connect(self._board_changed)
        # An edit in one table can change what the other shows (a colour set's name).
        self.spaces.board_changed.connect(self.groups.refresh)
        self.groups.board_changed.connect(self.spaces.refresh)
        self.chooser.activated.connect(self._chosen)
        self.open_button.clicked.connect(self.ask_file)
        self.save_button.clicked.connect(self.save_as)
        self.resize(1366, 768)
        self.show_draft(self.draft)

    def _table(self, model: SpacesModel | GroupsModel) -> QTableView:
        table = QTableView()
        table.setModel(model)
        table.setStyleSheet("QTableView, QHeaderView { font-size: 11pt; }")  # 11 columns at 1366
        table.setItemDelegate(MarkedDelegate(model, table))
        table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                              | QAbstractItemView.EditTrigger.EditKeyPressed
                              | QAbstractItemView.EditTrigger.AnyKeyPressed)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Tab leaves the table (the arrows move from cell to cell, F2 or typing edits one).
        table.setTabKeyNavigation(False)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        return table

    def _compose(self) -> None:
        top = QHBoxLayout()
        board = QLabel("Board:")
        board.setBuddy(self.chooser)  # the label a screen reader gives the list
        top.addWidget(board)
        top.addWidget(self.chooser, 1)
        top.addWidget(self.open_button)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.table, "&Spaces")
        self.tabs.addTab(self.group_table, "Colour s&ets")
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel("Double-click or type into a cell; tick a name once it is "
                                "checked against the physical board."))
        column.addWidget(self.tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.board)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.save_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.messages)
        layout.addLayout(bottom)
        self.setCentralWidget(body)

    def _actions(self) -> None:
        menu = self.menuBar().addMenu("&Board")
        for text, keys, slot in (("&Open a board file…", "Ctrl+O", self.ask_file),
                                 ("&Save as new edition…", "Ctrl+S", self.save_as),
                                 ("&Close", "Ctrl+W", self.close)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, s=slot: s())
            menu.addAction(action)

    # Which board -------------------------------------------------------------------------

    def show_draft(self, draft: BoardDraft) -> None:
        """Edit `draft` from now on (the tables, the preview and the chooser follow)."""
        self.draft = draft
        self.spaces.set_draft(draft)
        self.groups.set_draft(draft)
        self.table.resizeColumnsToContents()
        self.group_table.resizeColumnsToContents()
        self._fit()
        self._fill_chooser()
        self._board_changed()
        self.messages.say(f"Editing {draft.board.name} (from {draft.source}). Every value is "
                          "checked as you type it; nothing invalid is kept or saved.")

    def _fit(self) -> None:
        """Give the spaces table the width its columns need; the preview has the rest."""
        table = self.table
        needed = (table.horizontalHeader().length() + table.verticalScrollBar().sizeHint().width()
                  + 2 * table.frameWidth() + 12)
        total = max(self.splitter.width(), self.width() - 24)
        self.splitter.setSizes([needed, max(320, total - needed)])

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._fit()

    def _fill_chooser(self) -> None:
        self.chooser.clear()
        for edition in rulebook.editions("board"):
            if edition.problem is not None:
                continue
            where = "shipped" if edition.shipped else "your own"
            self.chooser.addItem(f"{edition.name} ({edition.id}, {where})", edition.id)
        found = self.chooser.findData(self.draft.source)
        if found < 0:
            self.chooser.addItem(f"{self.draft.board.name} (file {self.draft.source})", None)
            found = self.chooser.count() - 1
        self.chooser.setCurrentIndex(found)

    def _chosen(self, row: int) -> None:
        board_id = self.chooser.itemData(row)
        if board_id is None or board_id == self.draft.source:
            return
        self.open_reference(str(board_id))

    def open_reference(self, reference: str) -> bool:
        """Open a board by id or path; unsaved edits are given up only when the organiser agrees."""
        if not self._may_leave():
            self._fill_chooser()
            return False
        try:
            draft = open_board(reference)
        except BankerError as e:
            self._fill_chooser()
            self.messages.say(f"{reference} cannot be opened: {refusal_text(e)}", "warning")
            return False
        self.show_draft(draft)
        return True

    def ask_file(self) -> None:
        """Choose a board file (TOML) to open."""
        name, _ = QFileDialog.getOpenFileName(self, "Open a board file", str(Path.home()),
                                              "Board files (*.toml);;All files (*)")
        if name:
            self.open_reference(name)

    def _may_leave(self) -> bool:
        return not self.draft.changed or self.give_up(
            f"Your changes to {self.draft.board.name} are not saved. Give them up?")

    def _ask_give_up(self, question: str) -> bool:
        answer = QMessageBox.question(
            self, TITLE, question, QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Discard

    # Edits and saving --------------------------------------------------------------------

    def _board_changed(self) -> None:
        self.board.show(board_preview(self.draft.board))
        unconfirmed = self.draft.unconfirmed()
        names = (f"{unconfirmed} space names NOT confirmed" if unconfirmed
                 else "every space name confirmed")
        changed = "changed, not saved" if self.draft.changed else "no changes"
        self.status.setText(f"{self.draft.board.name}: {names}; {changed}.")
        self.setWindowTitle(f"{TITLE} — {self.draft.board.name}{' *' if self.draft.changed else ''}")

    def save_as(self) -> Path | None:
        """Ask for an id and title and save the board as the user's own edition."""
        dialog = SaveEditionDialog(self.draft, self)
        if not dialog.exec():
            return None
        edition_id, title = dialog.chosen()
        return self.save(edition_id, title, replace=dialog.replaces)

    def save(self, edition_id: str, title: str, *, replace: bool = False) -> Path | None:
        """Save as edition `edition_id`; on success the editor goes on with the saved edition."""
        try:
            path = save_edition(self.draft, edition_id, title, replace=replace)
        except BankerError as e:
            self.messages.say(f"Not saved: {refusal_text(e)}", "warning")
            return None
        self.show_draft(open_board(edition_id))
        self.messages.say(f"Saved as your own board '{edition_id}' ({path}); the new-game form "
                          "offers it.")
        return path

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self._may_leave():
            event.accept()
        else:
            event.ignore()
