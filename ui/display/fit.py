"""Text sized to the space it has: the largest pixel size at which a text fits a box."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

MIN_PX = 10


def fit_px(font: QFont, text: str, width: int, height: int, *, most: int = 2000) -> int:
    """The largest pixel size (at least MIN_PX, at most `most`) at which `text`, one line in
    `font`, fits `width` x `height` pixels."""
    low, high = MIN_PX, max(MIN_PX, most)
    probe = QFont(font)
    while low < high:
        size = (low + high + 1) // 2
        probe.setPixelSize(size)
        metrics = QFontMetrics(probe)
        if metrics.horizontalAdvance(text) <= width and metrics.height() <= height:
            low = size
        else:
            high = size - 1
    return low


def px(unit: float, size: float) -> int:
    """`size` pixels of a 1920x1080 screen at the scale `unit` (never below MIN_PX)."""
    return max(MIN_PX, round(unit * size))
