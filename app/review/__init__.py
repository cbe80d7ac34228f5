"""The judge's services: entries, time travel, diffs, worth, verify. Imports table, ledger."""
