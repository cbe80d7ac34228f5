"""The table service: commands in, ledger and state out. Imports editions, ledger, datafolder."""
