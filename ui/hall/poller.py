"""Reads the hall off the window's thread: one reading at a time, the result sent back by signal."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot

from models.errors import BankerError
from ui.hall.board import HallSource


class HallPoller(QObject):
    """Owns the source and its connections; lives on a thread of its own (or the window's, when
    `threaded` is off in tests and the screenshot). `board(HallBoard)` carries each reading;
    `failed(str)` says why there was none (the next poll tries again)."""

    board = Signal(object)
    failed = Signal(str)

    def __init__(self, source: HallSource) -> None:
        super().__init__()
        self.source = source

    @Slot()
    def poll(self) -> None:
        """Read the hall once."""
        try:
            found = self.source.read()
        except BankerError as e:  # HubError, an unreadable tournament file
            self.failed.emit(str(e))
            return
        self.board.emit(found)

    @Slot()
    def close(self) -> None:
        """Release the hub's connections (on the thread that made them)."""
        self.source.close()
