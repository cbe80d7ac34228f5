"""The tournament: players, draws, tables, results, standings, publishing. Imports games, hub, table."""
