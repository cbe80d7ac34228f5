"""A fence (ui/table/columns.Fence) lays its content's new words out inside and tells the layouts
above only of a new least size: a jump in the judge's window no longer lays the window out."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from ui.table.columns import Fence

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


class LayoutRequests(QObject):
    """Counts the layout requests a widget is sent."""

    def __init__(self, watched: QWidget) -> None:
        super().__init__()
        self.count = 0
        watched.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def fenced(qtbot) -> tuple[QWidget, Fence, QLabel]:
    outer = QWidget()
    qtbot.addWidget(outer)
    fence = Fence()
    words = QLabel("The past, as it stood after entry #57")
    words.setWordWrap(True)
    inside = QVBoxLayout(fence.inner)
    inside.addWidget(words)
    QVBoxLayout(outer).addWidget(fence)
    outer.resize(400, 200)
    outer.show()
    qtbot.waitExposed(outer)
    for _ in range(4):  # the first layouts, done
        QApplication.sendPostedEvents()
    return outer, fence, words


def test_new_words_inside_are_laid_out_there_and_go_no_higher(qtbot) -> None:
    outer, fence, words = fenced(qtbot)
    above = LayoutRequests(outer)
    inside = LayoutRequests(fence.inner)
    words.setText("The past, as it stood after entry #58")  # same least size, new words
    for _ in range(4):  # a level of layouts a time: the words', the fence's, the outer one's
        QApplication.sendPostedEvents()
    assert inside.count == 1  # laid out inside
    assert above.count == 0
    assert fence.inner.geometry() == fence.rect()  # the content still fills the fence


def test_a_larger_least_size_inside_is_passed_up(qtbot) -> None:
    outer, fence, words = fenced(qtbot)
    words.setMinimumHeight(150)
    qtbot.waitUntil(lambda: fence.minimumSizeHint().height() >= 150)
    qtbot.waitUntil(lambda: outer.minimumSizeHint().height() >= 150)
    outer.resize(400, 100)  # smaller than the content's least: the outer layout keeps it
    qtbot.waitUntil(lambda: fence.height() >= 150)
    assert fence.inner.geometry() == fence.rect()
