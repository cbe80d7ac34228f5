"""The head judge's window: every table on the hub, live; the standings; a table opened read-only."""
