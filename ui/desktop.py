"""The app's place on a desktop: the window's icon and the desktop entry it belongs to."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication, QIcon

import resources

# Inside the `resources` package: in a checkout, a wheel and the bundle alike.
ICONS = Path(resources.__file__).resolve().parent / "icons"
NAME = "championship-banker"  # the icon's and the desktop entry's name (packaging/)
SIZES = (64, 128, 256)


def icon() -> QIcon:
    """The app's icon from its PNG sizes (no SVG plugin needed); empty if none is shipped."""
    found = QIcon()
    for size in SIZES:
        path = ICONS / f"{NAME}-{size}.png"
        if path.exists():
            found.addFile(str(path))
    return found


def identify(app: QGuiApplication) -> None:
    """Give the app its icon and the desktop entry's name (the dock and the task bar show the
    entry's icon and name for the window)."""
    app.setDesktopFileName(NAME)
    app.setWindowIcon(icon())
