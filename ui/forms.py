"""One base for every form: focus on the first field, Enter records from any field, Esc cancels
(a form with something typed says so), Tab follows the reading order."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QWidget,
)

ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
INPUTS = (QLineEdit, QComboBox, QAbstractSpinBox, QAbstractItemView, QAbstractButton)


def reading_order(root: QWidget) -> list[QWidget]:
    """The input fields under `root` in the order its layouts place them: row by row, a box's
    fields before the next box's (the order a person reads and fills a form in)."""
    found: list[QWidget] = []
    _visit(root, found, top=True)
    return found


def _visit(widget: QWidget, found: list[QWidget], top: bool = False) -> None:
    if not top and isinstance(widget, INPUTS):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and not isinstance(widget, QPushButton):
            found.append(widget)
        return
    if isinstance(widget, QStackedWidget):
        for page in (widget.widget(i) for i in range(widget.count())):
            if page is not None:
                _visit(page, found)
        return
    inside = widget.widget() if isinstance(widget, QScrollArea) else None
    if inside is not None:
        _visit(inside, found)
        return
    layout = widget.layout()
    if layout is not None:
        _walk(layout, found)


def each_placed(layout: QLayout, visit: Callable[[QWidget], None]) -> None:
    """Call `visit` on each widget `layout` places, in its order, nested layouts' in theirs
    (the reading order the forms' Tab and the table window's Tab chain follow)."""
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        child, inner = item.widget(), item.layout()
        if child is not None:
            visit(child)
        elif inner is not None:
            each_placed(inner, visit)


def _walk(layout: QLayout, found: list[QWidget]) -> None:
    each_placed(layout, lambda child: _visit(child, found))


def value(widget: QWidget) -> object:
    """What a field holds now, to tell a form with something typed from an untouched one."""
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QLineEdit | QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QAbstractButton):
        return widget.isChecked()
    if isinstance(widget, QListWidget):
        return tuple(widget.item(r).checkState() for r in range(widget.count()))
    if isinstance(widget, QTableWidget):
        return tuple(item.text() if (item := widget.item(r, c)) is not None else ""
                     for r in range(widget.rowCount()) for c in range(widget.columnCount()))
    return None


class KeyboardForm(QDialog):
    """A form driven by the keyboard. Subclasses lay out their fields, then call `add_buttons`
    (or lay out their own, which take no focus); `submit` records (Enter from any field, the
    Record button), Esc cancels. A form cancelled with something typed emits `cancelled` with
    the words for the window's message line."""

    cancelled = Signal(str)

    def __init__(self, title: str, parent: QWidget | None = None, *,
                 what: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.what = what or title  # the form's name in "... cancelled: nothing recorded"
        self.initial: dict[int, object] = {}
        self.arranged = False

    # What subclasses give -----------------------------------------------------------------

    def submit(self) -> None:
        """Record what the form holds (Enter, the Record button); the default accepts."""
        self.accept()

    def reading_fields(self) -> list[QWidget]:
        """The input fields in reading order (by default: as the layouts place them)."""
        return reading_order(self)

    def cancel_words(self) -> str:
        """What the window says when the form is cancelled with something typed in it."""
        return f"{self.what}: cancelled, nothing recorded"

    def add_buttons(self, layout: QLayout, record: str = "Record  [Enter]") -> QDialogButtonBox:
        """Record and Cancel below the fields; they take no focus, so Tab stays among the fields
        and Enter never lands on Cancel."""
        self.buttons = QDialogButtonBox()
        self.record = self.buttons.addButton(QDialogButtonBox.StandardButton.Ok)
        self.record.setText(record)
        cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setText("Cancel  [Esc]")
        for button in (self.record, cancel):
            button.setAutoDefault(False)
            button.setDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        if isinstance(layout, QFormLayout):
            layout.addRow(self.buttons)
        else:
            layout.addWidget(self.buttons)
        return self.buttons

    # The keyboard -------------------------------------------------------------------------

    def arrange(self) -> None:
        """Set the Tab order to the reading order and listen for Enter on every field; again
        whenever fields are added (a roll-off's next round)."""
        fields = self.reading_fields()
        for first, second in pairwise(fields):
            QWidget.setTabOrder(first, second)
        for field in fields:
            _name_typed_part(field)
        for field in fields:
            self.initial.setdefault(id(field), value(field) if not self.arranged else _empty(field))
            for widget in (field, *field.findChildren(QWidget)):
                widget.installEventFilter(self)
        self.arranged = True

    def first_field(self) -> QWidget | None:
        """The first field one can type in now."""
        return next((f for f in self.reading_fields() if f.isVisible() and f.isEnabled()
                     and not (isinstance(f, QLineEdit) and f.isReadOnly())), None)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self.arranged:
            self.arrange()
            first = self.first_field()
            if first is not None:
                first.setFocus(Qt.FocusReason.TabFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and isinstance(watched, QWidget) and watched.window() is self
                and self._is_enter(event)):
            self.submit()
            return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if self._is_enter(event):
            self.submit()
            return
        super().keyPressEvent(event)

    @staticmethod
    def _is_enter(event: QKeyEvent) -> bool:
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        return event.key() in ENTER and plain == Qt.KeyboardModifier.NoModifier

    def filled(self) -> bool:
        """Whether anything was typed or picked since the form opened."""
        return any(value(f) != self.initial.get(id(f), _empty(f)) for f in self.reading_fields())

    def reject(self) -> None:
        if self.isVisible() and self.filled():
            self.cancelled.emit(self.cancel_words())
        super().reject()


def _name_typed_part(field: QWidget) -> None:
    """A list one may also type in (an editable combo box) has a line inside it that a screen
    reader reaches on its own: it takes the list's name, or its label's words."""
    inside = field.lineEdit() if isinstance(field, QComboBox) and field.isEditable() else None
    if inside is None or inside.accessibleName():
        return
    label = next((lab for lab in field.window().findChildren(QLabel) if lab.buddy() is field),
                 None)
    name = field.accessibleName() or (label.text().replace("&", "").rstrip(": ") if label else "")
    if name:
        inside.setAccessibleName(name)


def _empty(widget: QWidget) -> object:
    """The value of a field nothing was typed in (for fields added after the form opened)."""
    if isinstance(widget, QLineEdit):
        return ""
    return value(widget)


class WordSearchCombo(QComboBox):
    """A list one picks from by typing: the first item with a word starting with what was typed
    ("S" picks "Monopoly Singapore Championship"); the letters typed in quick succession add
    up, as in any list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.typed = ""
        self.since = QElapsedTimer()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        text = event.text()
        if self.isEditable() or not text.isprintable() or not text.strip() \
                or event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                         | Qt.KeyboardModifier.KeypadModifier):
            super().keyPressEvent(event)
            return
        if not self.since.isValid() \
                or self.since.elapsed() > QApplication.keyboardInputInterval():
            self.typed = ""
        self.since.start()
        self.typed += text.lower()
        index = self.find_words(self.typed)
        if index < 0 and len(self.typed) > 1:  # a new first letter starts a new search
            self.typed = text.lower()
            index = self.find_words(self.typed)
        if index >= 0:
            self.setCurrentIndex(index)

    def find_words(self, typed: str) -> int:
        """The first enabled item whose words start with `typed` (its whole text first)."""
        texts = [self.itemText(i).lower() for i in range(self.count())]
        for test in (lambda t: t.startswith(typed),
                     lambda t: any(w.startswith(typed) for w in t.split())):
            for index, text in enumerate(texts):
                if test(text) and self.model().flags(self.model().index(index, 0)) \
                        & Qt.ItemFlag.ItemIsEnabled:
                    return index
        return -1
