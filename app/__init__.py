"""The application: the ledger, the services the UI and CLI call, the clock, tournaments, wiring."""
