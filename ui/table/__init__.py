"""The banker's table window: board, player panels, clock, ledger feed and the action area."""
