"""The game itself: board, profile, commands, events, state and the rules that decide (no Qt, no SQL)."""
