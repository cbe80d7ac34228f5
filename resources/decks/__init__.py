"""Deck files (TOML): the Chance and Community Chest cards of an edition."""
