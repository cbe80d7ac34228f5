"""What the table service raises and records by, for its callers (the windows): the ledger's words."""

from app.ledger import Actor, ConcurrentWrite, LedgerError, StaleSequence, StoredEvent

__all__ = ["Actor", "ConcurrentWrite", "LedgerError", "StaleSequence", "StoredEvent"]
