"""The start page: the games in the data folder, a new game, the sample game, a ledger file."""
