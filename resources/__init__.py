"""Shipped data files: boards, profiles and decks, read by models.loading."""
