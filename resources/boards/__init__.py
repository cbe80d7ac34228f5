"""Board files (TOML), one per edition."""
