"""Before Qt loads: is there a display, and which Debian package holds a missing Qt library."""

from __future__ import annotations

import ctypes.util
import os
import re
import sys

# The shared libraries PySide6 (Qt 6) loads on Linux, with the Debian package of each.
QT_LIBRARIES = {
    "libEGL": "libegl1", "libGL": "libgl1", "libOpenGL": "libopengl0",
    "libxkbcommon": "libxkbcommon0", "libfontconfig": "libfontconfig1",
    "libdbus-1": "libdbus-1-3", "libglib-2.0": "libglib2.0-0", "libgthread-2.0": "libglib2.0-0",
    "libpulse": "libpulse0", "libfreetype": "libfreetype6", "libX11": "libx11-6",
    "libxkbcommon-x11": "libxkbcommon-x11-0",
}
# What Qt's xcb platform plugin (a window on an X display) needs besides.
XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0", "xcb-icccm": "libxcb-icccm4", "xcb-keysyms": "libxcb-keysyms1",
    "xcb-image": "libxcb-image0", "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0", "xkbcommon-x11": "libxkbcommon-x11-0",
}
ALL_PACKAGES = sorted({*QT_LIBRARIES.values(), *XCB_LIBRARIES.values()} - {"libopengl0"})
XVFB = 'xvfb-run -s "-screen 0 1366x768x24" banker'


def install_hint(packages: list[str]) -> str:
    """How to install Debian packages."""
    return f"On Debian or Ubuntu: sudo apt-get install {' '.join(packages)}  (./dev run does this)"


def qt_missing(error: ImportError) -> str:
    """Plain words for a Qt that cannot be imported: the library and its Debian package."""
    text = str(error)
    if getattr(error, "name", None) and str(error.name).startswith("PySide6") and \
            "cannot open shared object" not in text:
        return (f"Qt for Python (PySide6) is not installed ({text}). "
                "Install the app with pip (pip install -e .), or run ./dev run.")
    found = re.search(r"(lib[\w.+-]+?)\.so[.\d]*", text)
    library = found.group(1) if found else None
    package = QT_LIBRARIES.get(library or "")
    packages = [package] if package else ALL_PACKAGES
    what = f"{library} is missing" if library else text
    return (f"Qt cannot start: a system library it needs is missing ({what}). "
            + install_hint(packages))


def display_problem() -> str | None:
    """Why no window can be shown here, or None."""
    if not sys.platform.startswith("linux"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None
    if not platform and os.environ.get("WAYLAND_DISPLAY"):
        return None
    if not os.environ.get("DISPLAY"):
        return ("The banker's window needs a display, and there is none here (DISPLAY is not "
                f"set). On a machine without a screen: {XVFB} (Debian package xvfb) runs it "
                "on a virtual one; the command line works everywhere: banker --help.")
    missing = [p for lib, p in XCB_LIBRARIES.items() if ctypes.util.find_library(lib) is None]
    if missing:
        return "Qt cannot open a window on this display: libraries are missing. " + \
            install_hint(sorted(set(missing)))
    return None
