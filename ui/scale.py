"""Text sizes relative to the one base size the window sets (Ctrl+plus, Ctrl+minus, remembered)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

FONT_KEY = "table/font_pt"
BASE_PT, MIN_PT, MAX_PT = 12, 8, 24


def pt(base: int, factor: float) -> int:
    """A size `factor` times the base size, in whole points (never below 7)."""
    return max(7, round(base * factor))


def remembered(settings: QSettings) -> int:
    """The base size the banker chose last time (the default on first use or a bad value)."""
    value = settings.value(FONT_KEY, BASE_PT)
    try:
        return clamp(int(str(value)))
    except ValueError:
        return BASE_PT


def clamp(points: int) -> int:
    """A base size within what the window can lay out."""
    return max(MIN_PT, min(MAX_PT, points))


def rescale(root: QWidget, base: int) -> None:
    """Tell `root` and every widget inside it that sets its own sizes the new base size."""
    for widget in [root, *root.findChildren(QWidget)]:
        set_base = getattr(widget, "set_base_pt", None)
        if callable(set_base) and widget is not root:
            set_base(base)
