"""Qt's own words while the application is created, turned into ours: when no platform plugin
can load (a missing system library), say which library and how to install it, and exit 1
instead of Qt's abort."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

from ui.system_check import qt_failed_to_start

GAVE_UP = "no Qt platform plugin could be initialized"


def _say(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


@contextmanager
def platform_watched(say: Callable[[str], None] = _say,
                     leave: Callable[[int], Any] = os._exit) -> Iterator[None]:
    """Within: Qt's messages pass as before, but Qt giving up on every platform plugin is
    said in plain words (`say`) and ends the program with exit code 1 (`leave`)."""
    heard: list[str] = []
    previous = qInstallMessageHandler(None)

    def handler(mode: QtMsgType, context: Any, message: str) -> None:
        if mode == QtMsgType.QtFatalMsg and GAVE_UP in message:
            # Qt aborts once this returns; the words are ours, the exit a plain one.
            say(qt_failed_to_start(heard))
            leave(1)
            return
        if (context.category or "").startswith("qt.qpa"):
            heard.append(message)  # the plugin's own complaint: what it could not load
        if previous is not None:
            previous(mode, context, message)
        else:
            _say(message)

    qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
