"""The judge's window: the whole ledger, time travel, differences, disputes, verification."""
