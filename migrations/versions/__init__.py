"""The ledger schema's revisions, oldest first."""
