"""The tournament's rules: records, seating, standings, advancement. Imports models only."""
