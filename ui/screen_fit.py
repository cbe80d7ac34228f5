"""Windows that fit the screen they open on: sized within its free area (a 13-inch laptop's
1366×768 less its taskbar), and a remembered place used only where it still fits."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

# A title bar and borders the window manager adds around a window not yet shown (measured on
# the first show; this is what GNOME, KDE and Windows 11 add at most at 100 %).
FRAME = QSize(16, 40)


def fitted(wanted: QSize, available: QRect, frame: QSize = FRAME) -> QSize:
    """`wanted`, made no larger than `available` leaves once the frame is around it."""
    return QSize(max(1, min(wanted.width(), available.width() - frame.width())),
                 max(1, min(wanted.height(), available.height() - frame.height())))


def fits(frame: QRect, available: QRect) -> bool:
    """Whether a window's outer rectangle lies wholly on a screen's free area."""
    return available.contains(frame)


def screen_of(window: QWidget) -> QScreen | None:
    """The screen the window is on, or will open on (its parent's, else the primary)."""
    parent = window.parentWidget()
    screen = (parent.window().screen() if parent is not None else None) or window.screen()
    return screen or QGuiApplication.primaryScreen()


def fit_to_screen(window: QWidget, wanted: QSize) -> None:
    """Resize `window` to `wanted`, or less where its screen is smaller, and keep it on it."""
    screen = screen_of(window)
    if screen is None:
        window.resize(wanted)
        return
    available = screen.availableGeometry()
    size = fitted(wanted, available)
    window.resize(size)
    at = window.pos()
    x = min(max(at.x(), available.left()), available.right() - size.width() - FRAME.width())
    y = min(max(at.y(), available.top()), available.bottom() - size.height() - FRAME.height())
    if window.isWindow() and (x, y) != (at.x(), at.y()):
        window.move(max(x, available.left()), max(y, available.top()))


def _rect(value: object) -> QRect | None:
    try:
        x, y, w, h = (int(n) for n in str(value).split(","))
    except ValueError:
        return None
    return QRect(x, y, w, h) if w > 0 and h > 0 else None


def restore(window: QWidget, settings: QSettings, key: str, wanted: QSize) -> bool:
    """Put `window` where it was last closed if that place fits on a screen now (True), else
    size it to `wanted` within its screen (a window left 1,491 pixels wide by a larger screen,
    or a bad value after a crash, never comes back off this one)."""
    saved = _rect(settings.value(key, ""))
    screens = QGuiApplication.screens()
    if saved is not None and any(fits(saved, s.availableGeometry()) for s in screens):
        margins = window.frameGeometry().size() - window.geometry().size()
        frame = margins if window.isVisible() else FRAME
        window.move(saved.topLeft())
        window.resize(max(1, saved.width() - frame.width()),
                      max(1, saved.height() - frame.height()))
        return True
    fit_to_screen(window, wanted)
    return False


def remember(window: QWidget, settings: QSettings, key: str) -> None:
    """Keep where the window is (its outer rectangle) for `restore`."""
    frame = window.frameGeometry()
    settings.setValue(key, f"{frame.x()},{frame.y()},{frame.width()},{frame.height()}")
