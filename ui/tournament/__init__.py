"""The tournament's printed standings and the `banker tournament publish` command."""
