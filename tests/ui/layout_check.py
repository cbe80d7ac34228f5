"""What a banker would see cut off: widgets outside the window or their parent, words cut short."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QGroupBox,
    QLabel,
    QTabBar,
    QWidget,
)


def _name(widget: QWidget) -> str:
    words = ""
    if isinstance(widget, QLabel | QAbstractButton):
        words = f" {widget.text()[:50]!r}"
    elif isinstance(widget, QGroupBox):
        words = f" {widget.title()!r}"
    return f"{type(widget).__name__}#{widget.objectName()}{words}"


def _scrolled(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area whose content `widget` is (it may extend past the viewport), if any."""
    parent = widget.parentWidget()
    area = parent.parentWidget() if parent is not None else None
    if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
        return area
    return None


def _outside(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    assert parent is not None
    inner = parent.rect()
    area = _scrolled(widget)
    geometry = widget.geometry()
    if area is not None:  # content scrolls up and down, never sideways
        return geometry.left() < 0 or geometry.right() > inner.right()
    return not inner.contains(geometry)


def _cut_words(widget: QWidget) -> str | None:
    """Why the widget's words are not all shown, if they are not."""
    if isinstance(widget, QLabel) and widget.text().strip() and not hasattr(widget, "full"):
        # (an ElidedLabel, with its `full` text, ends in "…" by design)
        if widget.wordWrap():
            if widget.heightForWidth(widget.width()) > widget.height() + 1:
                return f"wrapped words need {widget.heightForWidth(widget.width())} px of " \
                       f"{widget.height()}"
            wide = _widest_word(widget)
            if wide is not None:
                return wide
        elif widget.sizeHint().width() > widget.width() + 1:
            return f"needs {widget.sizeHint().width()} px of {widget.width()}"
    if isinstance(widget, QGroupBox) and getattr(widget, "full_title", widget.title()) \
            != widget.title():
        return f"title shortened from {getattr(widget, 'full_title', '')!r}"
    if isinstance(widget, QTabBar):
        for i in range(widget.count()):
            if not widget.rect().contains(widget.tabRect(i)) or (
                    widget.tabText(i) and widget.fontMetrics().horizontalAdvance(
                        widget.tabText(i)) > widget.tabRect(i).width()):
                return f"tab {widget.tabText(i)!r} cut"
    return None


def _widest_word(label: QLabel) -> str | None:
    """A word of a wrapped label wider than the label (Qt wraps between words only: such a
    word, a long name in a narrow column, runs past the edge), measured as drawn."""
    text = label.text()
    if label.textFormat() == Qt.TextFormat.RichText or "<" in text:
        text = html.unescape(re.sub(r"<br\s*/?>", " ", re.sub(r"<(?!br)[^>]*>", "", text)))
    metrics = label.fontMetrics()
    room = label.contentsRect().width() - 2 * label.margin() - label.indent() * (label.indent() > 0)
    for word in re.split(r"[ \t\n]+", text.strip()):  # a non-breaking space joins two words
        if metrics.horizontalAdvance(word) > room + 1:
            return f"the word {word!r} needs {metrics.horizontalAdvance(word)} px of {room}"
    return None


def problems(window: QWidget) -> list[str]:
    """Every visible widget of `window` (not of its own windows) lying outside its parent or
    the window, and every text shown cut short; empty when nothing is."""
    found = []
    whole = window.rect()
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window:
            continue
        if _outside(widget):
            found.append(f"{_name(widget)} at {widget.geometry()} outside its parent "
                         f"{_name(widget.parentWidget())} {widget.parentWidget().rect()}")
        if _inside_scroll(widget) is None:
            at = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
            if not whole.contains(at):
                found.append(f"{_name(widget)} at {at} outside the window {whole}")
        why = _cut_words(widget) if _in_sight(widget) else None
        if why is not None:
            found.append(f"{_name(widget)}: {why}")
    return found


def _inside_scroll(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area whose content holds `widget`, however deep (where it shows is the area's
    to say)."""
    at: QWidget | None = widget
    while at is not None:
        area = _scrolled(at)
        if area is not None:
            return area
        at = at.parentWidget()
    return None


def _in_sight(widget: QWidget) -> bool:
    """Whether the widget is scrolled into sight (words scrolled away are not cut)."""
    area = _inside_scroll(widget)
    if area is None:
        return True
    viewport = area.viewport()
    at = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().intersects(at)
