"""Alembic owns the ledger's schema; this package holds its environment and revisions."""
