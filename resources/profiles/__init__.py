"""Profile files (TOML), one per rule set."""
