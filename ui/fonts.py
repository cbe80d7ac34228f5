"""The printed sheets' fonts (DejaVu Sans and Sans Mono), shipped in `resources/fonts/` and
added to Qt's font database once, so a laptop without them (Windows, macOS) prints the same PDF."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontDatabase

import resources

FOLDER = Path(resources.__file__).resolve().parent / "fonts"
FAMILIES = ("DejaVu Sans", "DejaVu Sans Mono")

_loaded: list[str] = []


def load_fonts() -> list[str]:
    """Add the shipped fonts to Qt's font database (once; needs a QGuiApplication) and return
    the families they gave; a file Qt cannot read is left out (the system's fonts stand in)."""
    if not _loaded:
        for path in sorted(FOLDER.glob("*.ttf")):
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id >= 0:
                _loaded.extend(QFontDatabase.applicationFontFamilies(font_id))
    return sorted(set(_loaded))
