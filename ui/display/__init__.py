"""The table display: a read-only window for the players and spectators, on a second screen."""
