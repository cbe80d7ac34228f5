"""The app's scroll bars: flat (one colour each, no shading: Fusion's shading was filled across
the GUI's threads at every repaint of a list), as wide as Fusion's, and their handle told from
their groove at WCAG's 3:1 for the parts of a control."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QScrollBar, QStyle

from tests.ui.a11y import contrast


def test_a_scroll_bar_is_flat_and_its_handle_stands_out_from_its_groove(
        qtbot, styled: QApplication) -> None:
    bar = QScrollBar(Qt.Orientation.Vertical)
    qtbot.addWidget(bar)
    bar.setRange(0, 100)
    bar.setPageStep(20)
    bar.setValue(0)  # the handle at the top, the groove below it
    bar.resize(bar.sizeHint().width(), 300)
    bar.show()
    qtbot.waitExposed(bar)
    # As wide as Fusion's (14 pixels): no window's room changes with the style sheet.
    assert bar.width() == 14
    assert styled.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) == 14
    picture = bar.grab().toImage()
    middle = bar.width() // 2
    handle = {picture.pixelColor(middle, y).name() for y in range(5, 40)}
    groove = {picture.pixelColor(middle, y).name() for y in range(120, 290)}
    # One colour each (no shading, no arrows).
    assert handle == {"#767676"} and groove == {"#e6e6e6"}
    # 3.6:1, at least WCAG's 3:1 for a control's parts.
    assert contrast(QColor("#767676"), QColor("#e6e6e6")) >= 3.0
