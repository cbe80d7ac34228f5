"""A source read off the window's thread (the hub, a tournament's file): one reading at a time,
each result sent back by signal; the source's connections made and released on that thread."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from models.errors import BankerError


class Source(Protocol):
    """What is polled: `read()` a reading (raises BankerError), `close()` its connections."""

    def read(self) -> Any: ...

    def close(self) -> None: ...


class Poller(QObject):
    """Owns the source; lives on the polling thread (or the window's, when `threaded` is off in
    tests and screenshots). `found(object)` carries each reading; `failed(str)` says why there
    was none (the next poll tries again)."""

    found = Signal(object)
    failed = Signal(str)

    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source

    @Slot()
    def poll(self) -> None:
        """Read the source once."""
        try:
            found = self.source.read()
        except BankerError as e:  # HubError, the ledger's errors, an unreadable file
            self.failed.emit(str(e))
            return
        self.found.emit(found)

    @Slot()
    def close(self) -> None:
        """Release the source's connections (on the thread that made them)."""
        self.source.close()


class Polling(QObject):
    """A Poller on a thread of its own (`thread`), asked with `ask()` and let go once with
    `release()`, which waits for the source to close."""

    _ask = Signal()
    _let_go = Signal()
    _release = Signal()

    def __init__(self, source: Source, parent: QObject, *, threaded: bool = True) -> None:
        super().__init__(parent)
        self.poller = Poller(source)
        self.thread: QThread | None = None
        self._released = False
        if threaded:
            self.thread = QThread(self)
            self.poller.moveToThread(self.thread)
            self._ask.connect(self.poller.poll)
            self._let_go.connect(self.poller.close)
            self._release.connect(self.poller.close, Qt.ConnectionType.BlockingQueuedConnection)
            self.thread.start()
        else:
            self._ask.connect(self.poller.poll, Qt.ConnectionType.DirectConnection)
            self._let_go.connect(self.poller.close, Qt.ConnectionType.DirectConnection)
            self._release.connect(self.poller.close, Qt.ConnectionType.DirectConnection)

    def ask(self) -> None:
        """Read the source once, on the polling thread."""
        self._ask.emit()

    def let_go(self) -> None:
        """Close the source's connections for now, on the polling thread, after any reading
        under way; the next `ask()` makes them again."""
        if not self._released:
            self._let_go.emit()

    def release(self) -> None:
        """Close the source and stop the thread; once (a second close must not wait on a
        stopped thread)."""
        if self._released:
            return
        self._released = True
        self._release.emit()
        if self.thread is not None:
            self.thread.quit()
            self.thread.wait()
