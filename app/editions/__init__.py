"""Boards, profiles and decks by id; the board editor's service. Imports datafolder."""
