"""Reads a window as assistive technology does: Qt's accessibility tree, its roles and names."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QColor
from PySide6.QtWidgets import QApplication, QWidget

Role = QAccessible.Role
# The roles a person acts on: each must say what it is.
INTERACTIVE = {
    Role.Button, Role.CheckBox, Role.RadioButton, Role.ComboBox, Role.EditableText, Role.SpinBox,
    Role.Slider, Role.Dial, Role.List, Role.Table, Role.Tree, Role.PageTab, Role.ButtonMenu,
    Role.ButtonDropDown, Role.ProgressBar,
}


@dataclass(frozen=True)
class Node:
    """One interface of the tree: its role, name, description, and where it sits."""

    role: QAccessible.Role
    name: str
    description: str
    path: str
    visible: bool
    labelled: bool  # a label stands for it (Qt's Label relation: a form's row label, a buddy)
    own_name: bool  # the widget was given a name (setAccessibleName)

    @property
    def named(self) -> bool:
        """Whether a screen reader can say what it is. A combo box's name on Linux is its
        value ("the Bank"), which says nothing of what it chooses: it needs a label or a name."""
        if self.labelled or self.own_name:
            return True
        return bool(self.name) and self.role != Role.ComboBox


def nodes(root: QWidget) -> list[Node]:
    """Every interface under `root`'s window, depth first (the window's own first), once the
    widgets just added are shown (a layout shows them on the next turn of the event loop)."""
    QApplication.processEvents()
    was = QAccessible.isActive()
    QAccessible.setActive(True)  # as when a screen reader is connected
    try:
        top = QAccessible.queryAccessibleInterface(root)
        assert top is not None, f"{root!r} has no accessible interface"
        found: list[Node] = []
        _walk(top, "", found, 0)
        return found
    finally:
        QAccessible.setActive(was)  # the tests after this one run as without a screen reader


def _walk(face: QAccessibleInterface, path: str, found: list[Node], depth: int) -> None:
    if depth > 40 or not face.isValid():
        return
    role = face.role()
    name = face.text(QAccessible.Text.Name) or ""
    here = f"{path}/{role.name}" + (f"[{name[:30]}]" if name else "")
    state = face.state()
    widget = face.object()
    found.append(Node(role, name.strip(), (face.text(QAccessible.Text.Description) or "").strip(),
                      here, not state.invisible,
                      bool(face.relations(QAccessible.RelationFlag.Label)),
                      isinstance(widget, QWidget) and bool(widget.accessibleName())))
    # The cells of a table or list are read from the model's text; their headers and rows
    # are not controls of their own.
    if role in (Role.Table, Role.List, Role.Tree):
        return
    for index in range(face.childCount()):
        child = face.child(index)
        if child is not None:
            _walk(child, here, found, depth + 1)


def unnamed(root: QWidget) -> list[str]:
    """The visible controls under `root` one could act on that have no accessible name."""
    return [n.path for n in nodes(root) if n.visible and n.role in INTERACTIVE and not n.named]


def focusable(window: QWidget) -> list[QWidget]:
    """The controls of `window` Tab may stop on now: shown, enabled, taking focus by Tab
    (once the widgets just added are shown)."""
    QApplication.processEvents()
    return [w for w in window.findChildren(QWidget)
            if w.window() is window and w.isVisible() and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None]


def tab_round(qtbot, window: QWidget, limit: int = 300) -> list[QWidget]:
    """Press Tab from the control that has the focus until the focus comes back to it: the
    controls visited, in order. Fails when it never comes back (a list that keeps Tab, a
    control Tab cannot leave)."""
    if not focusable(window):  # a display: nothing to act on, nothing for Tab
        return []
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    start = QApplication.focusWidget()
    if start is None or start.window() is not window:
        window.focusNextChild()
        start = QApplication.focusWidget()
    assert start is not None, "nothing in the window takes the focus"
    visited = [start]
    for _ in range(limit):
        widget = QApplication.focusWidget()
        assert widget is not None, f"the focus left the window after {_names(visited)}"
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is start:
            return visited
        assert now not in visited, (f"Tab is stuck: came back to {_name(now)} after "
                                    f"{_names(visited)}")
        assert now is not None and now.window() is window, "Tab left the window"
        visited.append(now)
    raise AssertionError(f"Tab never came back to {_name(start)}: {_names(visited)}")


def _name(widget: QWidget | None) -> str:
    if widget is None:
        return "nothing"
    return widget.accessibleName() or widget.objectName() or type(widget).__name__


def _names(widgets: list[QWidget]) -> str:
    return ", ".join(_name(w) for w in widgets)


def luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of a colour."""
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
