"""Tools for looking at the windows: screenshots of recorded games."""
