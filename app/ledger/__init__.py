"""The ledger: append-only, hash-chained storage of games and their entries. Imports nothing of app."""

from app.ledger.errors import (
    ConcurrentWrite,
    GameNotFound,
    LedgerBusy,
    LedgerCorrupt,
    LedgerError,
    LedgerRejected,
    LedgerWriteError,
    SchemaTooNew,
    StaleSequence,
)
from app.ledger.hashing import GENESIS
from app.ledger.records import (
    Actor,
    GameInfo,
    NewEvent,
    StoredCommand,
    StoredEvent,
    Transfer,
)
from app.ledger.store import Ledger, open_ledger

__all__ = [
    "GENESIS",
    "Actor",
    "ConcurrentWrite",
    "GameInfo",
    "GameNotFound",
    "Ledger",
    "LedgerBusy",
    "LedgerCorrupt",
    "LedgerError",
    "LedgerRejected",
    "LedgerWriteError",
    "NewEvent",
    "SchemaTooNew",
    "StaleSequence",
    "StoredCommand",
    "StoredEvent",
    "Transfer",
    "open_ledger",
]
