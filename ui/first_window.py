"""A smoke test's look at the first window: with BANKER_FIRST_WINDOW set, `banker` says how long
its window took to first paint and what it shows, saves a picture of it if asked, and quits."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from ui.sounds import Sounds

# "1" (or any value) quits after the first window; a value ending in .png saves it there first.
ENV = "BANKER_FIRST_WINDOW"
# The look waits this long after the first paint: the games are listed and the sounds loaded
# (ui/app.py loads Qt Multimedia 1.5 s after the first paint), so both are part of the check.
SETTLE_MS = 2000
LOADED = time.time()  # the fallback start where the process's own start cannot be read


def process_started() -> float:
    """The wall time this process started (Linux: from /proc, the bundle's loader included),
    else the time this module was imported."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # field 22 of proc(5), counted after the command's name
        since_boot = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
        return time.time() - since_boot
    except (OSError, IndexError, ValueError, AttributeError):
        return LOADED


class FirstWindow(QObject):
    """Waits for the window's first paint, then reports, saves the picture and leaves."""

    def __init__(self, window: QWidget, target: str, listed: Callable[[], int], sounds: Sounds,
                 say: Callable[[str], None], leave: Callable[[], None]) -> None:
        super().__init__(window)
        self.window, self.target, self.listed, self.sounds = window, target, listed, sounds
        self.say, self.leave = say, leave
        self.painted_at: float | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.window and event.type() == QEvent.Type.Paint and \
                self.painted_at is None:
            self.painted_at = time.time()
            self.window.removeEventFilter(self)
            QTimer.singleShot(SETTLE_MS, self, self.look)
        return False

    def look(self) -> None:
        try:
            self._report()
        finally:  # a smoke test's window never stays open, whatever the report met
            self.window.close()
            self.leave()

    def _report(self) -> None:
        assert self.painted_at is not None
        started = process_started()
        sounds = self.sounds.problem or "Qt Multimedia loaded, " + (
            f"{len(self.sounds.prepare())} sounds" if self.sounds.prepare() else "no audio output")
        self.say(f"first window after {self.painted_at - started:.3f} s "
                 f"(painted at {self.painted_at:.3f}, platform {QApplication.platformName()})")
        self.say(f"title: {self.window.windowTitle()}; games listed: {self.listed()}; "
                 f"sounds: {sounds}")
        if self.target.lower().endswith(".png"):
            saved = self.window.grab().save(self.target)
            self.say(f"picture: {self.target}" if saved else f"picture NOT saved: {self.target}")


def _say(text: str) -> None:
    print(text, flush=True)


def watch(window: QWidget, listed: Callable[[], int], sounds: Sounds, *,
          environ: Mapping[str, str] = os.environ, say: Callable[[str], None] = _say,
          leave: Callable[[], None] = QApplication.quit) -> FirstWindow | None:
    """With BANKER_FIRST_WINDOW set, look at `window` once it has painted and leave (the app's
    exit code stays 0); without it, nothing."""
    target = environ.get(ENV)
    if not target:
        return None
    return FirstWindow(window, target, listed, sounds, say, leave)


__all__ = ["ENV", "watch"]
