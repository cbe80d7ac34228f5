"""The wrong-PIN delay in a window: the window keeps painting and says why it waits, instead of
freezing with no word (the delay itself is the service's, app/table/judges.py)."""

from __future__ import annotations

import time

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

STEP_S = 0.05


def sleep_painting(seconds: float, parent: QWidget | None = None) -> None:
    """Wait `seconds` with a small box that counts them down; the windows repaint meanwhile but
    take no input (nothing can be sent while a PIN check waits)."""
    if seconds <= 0:
        return
    box = QProgressDialog(parent)
    box.setWindowTitle("PIN check")
    box.setCancelButton(None)
    box.setRange(0, max(1, round(seconds / STEP_S)))
    box.setMinimumDuration(0)
    box.setWindowModality(Qt.WindowModality.ApplicationModal)
    box.show()
    end = time.monotonic() + seconds
    try:
        while (left := end - time.monotonic()) > 0:
            box.setLabelText(f"A wrong PIN was given for this judge just before.\n"
                             f"The next check waits {left:.0f} s …")
            box.setValue(box.maximum() - round(left / STEP_S))
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
            time.sleep(min(STEP_S, left))
    finally:
        box.close()
        box.deleteLater()
