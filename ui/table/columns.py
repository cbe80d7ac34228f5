"""The table window's columns: sizes set by the window, never by what they hold, and panels that
scroll inside themselves (a card, a debt, six players) instead of running off a 13-inch screen."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QSplitter, QWidget


class ColumnScroll(QScrollArea):
    """Holds one widget as wide as the column (it wraps, it never widens the column) and as tall
    as it wants, scrolling up and down when the column is shorter than that. With `fill`, the
    widget is as tall as the column instead (its own panels share the height, each scrolling
    inside itself), and taller only when even their least heights do not fit."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None, *,
                 fill: bool = False) -> None:
        super().__init__(parent)
        self.fill = fill
        self._hint = QSize()  # the size hint as the layouts above last had it
        # Width from the column, never from the words inside: long words wrap.
        widget.setSizePolicy(QSizePolicy.Policy.Ignored, widget.sizePolicy().verticalPolicy())
        self.setWidget(widget)
        # QScrollArea would make wrapping content as tall as it would like to be; `fill`
        # sizes it by hand (_fit).
        self.setWidgetResizable(not fill)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Its height is its content's (the column's stretch goes elsewhere), asked again
        # whenever the content's layout changes.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            # Said to the layouts above only when the height changed: a panel's new cash
            # otherwise had every layout up to the window asked again.
            hint = self.sizeHint()
            if hint != self._hint:
                self._hint = hint
                self.updateGeometry()
            if self.fill:
                self._fit()
            else:
                self._least_height()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.fill:
            self._fit()

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize and not self.fill:
            self._least_height()
        return super().viewportEvent(event)

    def _least_height(self) -> None:
        # The content at least as tall as its wrapped words need at the viewport's width (a
        # scroll bar's arrival narrows it): QScrollArea alone sometimes sized it by its
        # unwrapped hint, squeezing each button's or panel's words to a sliver.
        inner = self.widget()
        layout = inner.layout() if inner is not None else None
        if inner is None or layout is None or not layout.hasHeightForWidth():
            return
        least = layout.totalHeightForWidth(max(1, self.viewport().width()))
        if least > 0 and inner.minimumHeight() != least:
            inner.setMinimumHeight(least)

    def _fit(self) -> None:
        inner = self.widget()
        if inner is None:
            return
        room = self.maximumViewportSize()
        layout = inner.layout()

        def least(width: int) -> int:
            # The least height at this width (wrapped words take more lines when narrower).
            if layout is not None and layout.hasHeightForWidth():
                return layout.totalMinimumHeightForWidth(width)
            return inner.minimumSizeHint().height()

        width = room.width()
        if least(width) > room.height():  # scrolling: the scroll bar takes its width
            width -= self.verticalScrollBar().sizeHint().width()
        size = QSize(width, max(room.height(), least(width)))
        if inner.size() != size:
            inner.resize(size)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # As tall as the content at this width (QScrollArea's own hint stops at 24 lines).
        inner = self.widget()
        if inner is None:
            return super().sizeHint()
        width = max(self.viewport().width(), 1)
        layout = inner.layout()
        height = (layout.totalHeightForWidth(width) if layout is not None
                  and layout.hasHeightForWidth() else inner.sizeHint().height())
        return QSize(super().sizeHint().width(), max(height, 0) + 2 * self.frameWidth())

    def follow(self, widget: QWidget) -> None:
        """Scroll so that `widget` (inside) is in sight, if the column is too short for all."""
        self.ensureWidgetVisible(widget, 0, 0)


class Fence(QWidget):
    """A widget whose content (`inner`, laid out by the subclass) changes often without changing
    its size: a label's new words, a line shown or hidden, are laid out inside and go no higher.
    Qt, at any such change, asks every layout up to the window again, and a tab widget on the
    way repaints whole; here the layouts above hear of a change only when the content's least
    size changed. The content fills the fence."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inner = QWidget(self)
        self._least = QSize()  # the content's least size as the layouts above had it

    def _measured(self) -> QSize:
        inner = self.inner
        return inner.minimumSizeHint().expandedTo(inner.minimumSize())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # Asked when the window is first laid out; a shown window's sizes are the user's, so
        # a new preferred size (each new line of words has one) is not passed up.
        return self.inner.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self._measured()

    def event(self, event: QEvent) -> bool:
        # The content's layout, once done, says its size may have changed: passed on only if so.
        if event.type() == QEvent.Type.LayoutRequest:
            self._passed_on()
        return super().event(event)

    def _passed_on(self) -> None:
        least = self._measured()
        if least != self._least:
            self._least = least
            self.updateGeometry()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._passed_on()  # a change made while hidden was never said

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.inner.setGeometry(self.rect())


class Columns(QSplitter):
    """Two columns side by side in a fixed ratio (half and half until the banker drags the
    handle): what the columns hold never moves the line between them (the clock stays put)."""

    def __init__(self, left: QWidget, right: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        for side in (left, right):
            side.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self.addWidget(side)
        self.setChildrenCollapsible(False)
        self.ratio = 0.5
        self.splitterMoved.connect(self._moved)

    def _moved(self) -> None:
        left, right = self.sizes()
        if left + right:
            self.ratio = left / (left + right)

    def hold(self) -> None:
        """Set the columns' widths from the ratio (after a resize)."""
        total = sum(self.sizes())
        if total > 0:
            left = round(total * self.ratio)
            if self.sizes() != [left, total - left]:
                self.setSizes([left, total - left])

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.hold()
