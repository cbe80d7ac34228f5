"""Before Qt loads: is there a display, and which Debian package holds a missing Qt library."""

from __future__ import annotations

import ctypes.util
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

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
# The plugin's other libraries, by the name `ldd` gives (libxcb-util.so.1: "xcb-util").
OTHER_XCB_LIBRARIES = {
    "xcb-util": "libxcb-util1", "xcb-randr": "libxcb-randr0", "xcb-shm": "libxcb-shm0",
    "xcb-sync": "libxcb-sync1", "xcb-xfixes": "libxcb-xfixes0", "xcb-render": "libxcb-render0",
    "xcb-xkb": "libxcb-xkb1", "xcb": "libxcb1", "X11-xcb": "libx11-xcb1",
}
ALL_PACKAGES = sorted({*QT_LIBRARIES.values(), *XCB_LIBRARIES.values()} - {"libopengl0"})
XVFB = 'xvfb-run -s "-screen 0 1366x768x24" banker'


def install_hint(packages: list[str]) -> str:
    """How to install Debian packages."""
    return (f"On Debian or Ubuntu: sudo apt-get install {' '.join(packages)}  (from a checkout, "
            "./dev run does this)")


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


def sounds_off(error: ImportError) -> str:
    """Plain words for Qt Multimedia that cannot load: the window works, without the clock's
    sounds (Linux: Debian's libpulse0 missing)."""
    found = re.search(r"(lib[\w.+-]+?)\.so[.\d]*", str(error))
    library = found.group(1) if found else None
    package = QT_LIBRARIES.get(library or "")
    if package is None:
        return (f"The clock's sounds are off: Qt Multimedia cannot load ({error}); everything "
                "else works.")
    return (f"The clock's sounds are off: the system library {library} is missing; everything "
            f"else works. {install_hint([package])}")


def package_of(soname: str) -> str | None:
    """The Debian package of a shared library named as `ldd` names it (libxcb-cursor.so.0)."""
    stem = re.sub(r"\.so[.\d]*$", "", soname)
    short = stem.removeprefix("lib")
    return (QT_LIBRARIES.get(stem) or XCB_LIBRARIES.get(short)
            or OTHER_XCB_LIBRARIES.get(short))


def not_found(ldd_output: str) -> list[str]:
    """The libraries `ldd` could not find ("libxcb-cursor.so.0 => not found"), in its order."""
    return re.findall(r"^\s*(\S+) => not found", ldd_output, flags=re.M)


def window_cannot_open(missing: list[str]) -> str:
    """The banker's window cannot open without these shared libraries: name them and the
    command that installs them."""
    packages = sorted({package_of(name) or name for name in missing})
    return (f"The banker's window cannot open: Qt needs the system "
            f"librar{'y' if len(missing) == 1 else 'ies'} {', '.join(missing)}, not installed "
            f"on this machine. {install_hint(packages)}; then start banker again.")


def platform_plugin(name: str = "xcb") -> Path | None:
    """The file of Qt's platform plugin `name` in the installed PySide6 (not imported)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / f"libq{name}.so"
    return path if path.exists() else None


def plugin_missing(name: str = "xcb") -> list[str] | None:
    """The libraries Qt's platform plugin `name` needs and this machine lacks, as `ldd` finds
    them; None where that cannot be asked (no ldd, no plugin file, not Linux)."""
    plugin = platform_plugin(name)
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None or not sys.platform.startswith("linux"):
        return None
    try:
        result = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10,
                                check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return not_found(result.stdout)


def qt_failed_to_start(messages: list[str]) -> str:
    """What to say when Qt gave up creating the application (its own words in `messages`): the
    platform plugin's missing libraries and their packages where they can be found."""
    missing = plugin_missing(os.environ.get("QT_QPA_PLATFORM", "xcb").split(":")[0] or "xcb")
    if missing:
        return window_cannot_open(missing)
    named = [p for lib, p in XCB_LIBRARIES.items()
             if any(lib in text for text in messages)]
    said = "; ".join(text.strip().splitlines()[0] for text in messages[-3:] if text.strip())
    return ("The banker's window cannot open: Qt could not load its platform plugin"
            + (f" ({said[:300]})" if said else "") + ". " + install_hint(named or ALL_PACKAGES))


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
    unresolved = plugin_missing("xcb")
    if unresolved:
        return window_cannot_open(unresolved)
    missing = [p for lib, p in XCB_LIBRARIES.items() if ctypes.util.find_library(lib) is None]
    if unresolved is None and missing:
        return "Qt cannot open a window on this display: libraries are missing. " + \
            install_hint(sorted(set(missing)))
    return None
