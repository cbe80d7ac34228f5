"""Reads the hub off the window's thread: one reading at a time, the result sent back by signal."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot

from models.errors import BankerError
from ui.head_judge.reader import HallReader


class HubPoller(QObject):
    """Owns the HallReader and its connections; lives on a thread of its own (or the window's,
    when `threaded` is off in tests and the screenshot). `hall(Hall)` carries each reading;
    `failed(str)` says why there was none (the hub unreachable: the next poll tries again)."""

    hall = Signal(object)
    failed = Signal(str)

    def __init__(self, reader: HallReader) -> None:
        super().__init__()
        self.reader = reader

    @Slot()
    def poll(self) -> None:
        """Read the hub once."""
        try:
            found = self.reader.read()
        except BankerError as e:  # HubError, and the ledger's errors from a game's copy
            self.failed.emit(str(e))
            return
        self.hall.emit(found)

    @Slot()
    def close(self) -> None:
        """Release the hub's connections (on the thread that made them)."""
        self.reader.close()
